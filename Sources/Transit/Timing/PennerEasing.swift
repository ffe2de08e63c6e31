import RealModule

extension TimingCurve {
  /// The shape of one of Robert Penner's easing equations.
  ///
  /// The curves are Robert Penner's easing equations exactly as
  /// [easings.net](https://easings.net) writes them, checked against a table
  /// computed from those formulas outside Transit to 1e-12. Each family is
  /// defined by its ease-in function `in(t)`; ease-out and ease-in-out are
  /// derived from it (see ``EasingMode``), except that back and elastic
  /// ease-in-out, as in Penner's originals, use their own constants. The
  /// ease-in functions, on 0…1:
  ///
  /// | family | ease-in | range | monotonic |
  /// |---|---|---|---|
  /// | sine | 1 − cos(πt/2) | 0…1 | yes |
  /// | quad, cubic, quart, quint | t², t³, t⁴, t⁵ | 0…1 | yes |
  /// | expo | 2^(10t − 10) | 0…1 | yes |
  /// | circ | 1 − √(1 − t²) | 0…1 | yes |
  /// | back | 2.70158t³ − 1.70158t² | ≈ −0.1…1 | no: pulls back first |
  /// | elastic | −2^(10t − 10)·sin((10t − 10.75)·2π/3) | ≈ −0.37…1 | no: oscillates |
  /// | bounce | 1 − bounceOut(1 − t) | 0…1 | no: bounces |
  ///
  /// The ease-in-out of back and elastic is built from its own kernel `k(t)`
  /// in place of `in(t)` (see ``EasingMode/easeInOut``):
  ///
  /// | family | ease-in-out kernel k(t) |
  /// |---|---|
  /// | back | (c + 1)t³ − ct², c = 1.70158 × 1.525 = 2.5949095 |
  /// | elastic | −2^(10t − 10)·sin((10t − 11.125)·2π/4.5) |
  ///
  /// so that, for example, `ease-in-out-back` is −0.0997 at t = 0.25 and
  /// `ease-in-out-elastic` 0.9566 at t = 0.55.
  ///
  /// Back and elastic overshoot: progress leaves 0…1, so the animated values
  /// go past their endpoints. Expo and elastic are, as in Penner's original,
  /// about 2⁻¹⁰ away from 0 just after t = 0; Transit pins `value(at: 0)` to
  /// exactly 0, which leaves a jump of under 0.001 there.
  public enum EasingFamily: String, CaseIterable, Hashable, Sendable {
    /// A quarter of a cosine wave: the gentlest of the set.
    case sine
    /// t², a parabola.
    case quad
    /// t³.
    case cubic
    /// t⁴.
    case quart
    /// t⁵, the steepest of the powers.
    case quint
    /// An exponential, 2^(10t − 10): almost still, then very fast.
    case expo
    /// A quarter of a circle: vertical tangent at the fast end.
    case circ
    /// A cubic that first moves backwards by about 10 % (overshoot 1.70158).
    case back
    /// An exponentially growing sine: it wobbles around the start like a
    /// plucked spring (period 0.3).
    case elastic
    /// Parabolic bounces, like a dropped ball (Penner's constants 7.5625 and
    /// 2.75).
    case bounce
  }

  /// Which end of a Penner curve is slow.
  public enum EasingMode: String, CaseIterable, Hashable, Sendable {
    /// `in(t)`: slow at the start.
    case easeIn = "ease-in"
    /// `out(t) = 1 − in(1 − t)`: slow at the end; the mirror of ease-in.
    case easeOut = "ease-out"
    /// `k(2t) / 2` on the first half (t < ½) and `1 − k(2 − 2t) / 2` on the
    /// second: slow at both ends, point-symmetric about (0.5, 0.5), hence its
    /// own mirror.
    ///
    /// The kernel `k` is the family's `in` for every family but two: as in
    /// Penner's equations (and easings.net), back in-out overshoots by
    /// 1.70158 × 1.525 and elastic in-out oscillates with its own period,
    /// 2π/4.5 in place of 2π/3, so that each half looks like the in-curve
    /// squeezed into half the time. See ``EasingFamily`` for the kernels.
    case easeInOut = "ease-in-out"
  }

  /// One of Robert Penner's easing equations, such as `ease-out-bounce`.
  ///
  /// See ``EasingFamily`` for each family's range and monotonicity and
  /// ``EasingMode`` for how out and in-out derive from in. Every Penner curve
  /// is exactly 0 at 0 and exactly 1 at 1; ease-in mirrors to ease-out and
  /// back, ease-in-out mirrors to itself.
  ///
  /// ```swift
  /// let drop = TimingCurve.penner(.bounce, .easeOut)
  /// drop.description  // "ease-out-bounce"
  /// ```
  public static func penner(_ family: EasingFamily, _ mode: EasingMode) -> TimingCurve {
    TimingCurve(storage: .penner(PennerEasing(family: family, mode: mode)))
  }
}

/// A Penner curve: a family and a mode.
struct PennerEasing: Hashable, Sendable {
  var family: TimingCurve.EasingFamily
  var mode: TimingCurve.EasingMode

  /// The text form, `ease-in-quad` and so on.
  var name: String { "\(mode.rawValue)-\(family.rawValue)" }

  /// In ↔ out; in-out is point-symmetric, so it is its own mirror, which also
  /// makes mirroring an involution.
  var mirrored: PennerEasing {
    switch mode {
    case .easeIn: return PennerEasing(family: family, mode: .easeOut)
    case .easeOut: return PennerEasing(family: family, mode: .easeIn)
    case .easeInOut: return self
    }
  }

  /// Progress at a time inside 0…1.
  func value(at t: Double) -> Double {
    switch mode {
    case .easeIn: return easeIn(t)
    case .easeOut: return 1 - easeIn(1 - t)
    case .easeInOut: return t < 0.5 ? inOutKernel(2 * t) / 2 : 1 - inOutKernel(2 - 2 * t) / 2
    }
  }

  /// The function each half of ease-in-out squeezes: `in`, except for back
  /// and elastic, whose in-out Penner gave constants of its own.
  private func inOutKernel(_ t: Double) -> Double {
    switch family {
    case .back:
      let overshoot = 1.70158 * 1.525
      return (overshoot + 1) * t * t * t - overshoot * t * t
    case .elastic:
      return -Double.exp2(10 * t - 10) * Double.sin((10 * t - 11.125) * (2 * .pi / 4.5))
    default: return easeIn(t)
    }
  }

  /// The family's defining ease-in function.
  private func easeIn(_ t: Double) -> Double {
    switch family {
    case .sine: return 1 - Double.cos(t * .pi / 2)
    case .quad: return t * t
    case .cubic: return t * t * t
    case .quart: return (t * t) * (t * t)
    case .quint: return (t * t) * (t * t) * t
    case .expo: return Double.exp2(10 * t - 10)
    case .circ: return 1 - (1 - t * t).squareRoot()
    case .back:
      let overshoot = 1.70158
      return (overshoot + 1) * t * t * t - overshoot * t * t
    case .elastic:
      return -Double.exp2(10 * t - 10) * Double.sin((10 * t - 10.75) * (2 * .pi / 3))
    case .bounce: return 1 - Self.bounceOut(1 - t)
    }
  }

  /// Penner's bounce: four parabolic arcs, each a quarter as high as the one
  /// before.
  private static func bounceOut(_ t: Double) -> Double {
    let n = 7.5625
    let d = 2.75
    if t < 1 / d { return n * t * t }
    if t < 2 / d {
      let u = t - 1.5 / d
      return n * u * u + 0.75
    }
    if t < 2.5 / d {
      let u = t - 2.25 / d
      return n * u * u + 0.9375
    }
    let u = t - 2.625 / d
    return n * u * u + 0.984375
  }
}
