/// How a step's progress follows its time: a function from time 0…1 onto
/// progress.
///
/// A timing curve is a value: it is `Hashable`, `Sendable`, and codes as its
/// textual form (``description``), the same text that ``init(parsing:)`` reads
/// and that the `animrender` command line accepts.
///
/// Transit offers five families of curves:
///
/// - ``linear``: progress equals time.
/// - Cubic Bézier curves, ``cubicBezier(_:_:_:_:)``, with the CSS and Core
///   Animation presets ``ease``, ``easeIn``, ``easeOut`` and ``easeInOut``.
/// - Robert Penner's easing equations, ``penner(_:_:)``.
/// - Staircases, ``steps(_:_:)``, with CSS semantics.
/// - Damped springs, ``spring(mass:stiffness:damping:initialVelocity:)`` and
///   ``spring(duration:bounce:)``.
///
/// Properties shared by every curve:
///
/// - Time outside 0…1 is clamped into 0…1 (NaN counts as 0), because a step
///   never samples its curve outside its own duration; clamping makes the
///   curve total instead of trapping.
/// - `value(at: 1) == 1` exactly, so that a step always lands bit for bit on
///   its target.
/// - `value(at: 0) == 0` exactly, except for steps with a jump at the start
///   (``StepPosition/jumpStart`` and ``StepPosition/jumpBoth``), which by
///   definition have already taken their first jump at time 0.
/// - ``mirrored`` is the time mirror, `1 − value(at: 1 − t)`, in the same
///   family, and mirroring twice gives back an `==` curve, which is what
///   exact reversal of an animation relies on.
///
/// ```swift
/// let curve = try TimingCurve(parsing: "ease-out-back")
/// curve.value(at: 0.5)                  // 1.0877…, past the target
/// curve.mirrored.description            // "ease-in-back"
/// ```
public struct TimingCurve: Hashable, Sendable {
  /// The curve's family and parameters. Each case's payload owns its maths.
  enum Storage: Hashable, Sendable {
    case linear
    case cubicBezier(CubicBezier)
    case penner(PennerEasing)
    case steps(Steps)
    case spring(Spring)
  }

  var storage: Storage

  init(storage: Storage) { self.storage = storage }

  /// Progress equal to time: `value(at: t) == t` on 0…1.
  ///
  /// Range 0…1, strictly increasing, exact endpoints; its own mirror.
  public static let linear = TimingCurve(storage: .linear)

  /// Progress at time `t`.
  ///
  /// `t` is clamped into 0…1 (NaN counts as 0). The result is exactly 1 at
  /// `t ≥ 1` for every curve and exactly 0 at `t ≤ 0` for every curve except
  /// steps that jump at the start. For steps this is the value with the CSS
  /// "before flag" unset, the value just after a jump; see
  /// ``value(at:before:)``.
  public func value(at t: Double) -> Double {
    value(at: t, before: false)
  }

  /// Progress at time `t`, choosing the side of a discontinuity.
  ///
  /// Only steps have discontinuities. At a jump, `before == false` gives the
  /// value after the jump (the limit from the right) and `before == true` the
  /// value before it (the limit from the left), as the CSS easing
  /// specification's "before flag" does. Every other curve is continuous
  /// inside 0…1 and ignores `before`.
  ///
  /// The flag is what makes steps mirror: the mirror of a staircase swaps
  /// left and right limits, so
  /// `mirrored.value(at: t, before: b) == 1 − value(at: 1 − t, before: !b)`,
  /// bit for bit at the times ``steps(_:_:)`` names.
  public func value(at t: Double, before: Bool) -> Double {
    let time = t >= 1 ? 1 : (t > 0 ? t : 0)
    if case .steps(let steps) = storage {
      return steps.value(at: time, before: before)
    }
    // Pin both endpoints: the formulas below are only accurate to rounding,
    // and an animation must start and end bit for bit on its values.
    if time == 0 { return 0 }
    if time == 1 { return 1 }
    switch storage {
    case .linear: return time
    case .cubicBezier(let bezier): return bezier.value(at: time)
    case .penner(let easing): return easing.value(at: time)
    case .spring(let spring): return spring.value(at: time)
    case .steps(let steps): return steps.value(at: time, before: before)  // handled above
    }
  }

  /// The time mirror of this curve: the curve that plays this one backwards.
  ///
  /// `mirrored.value(at: t) == 1 − value(at: 1 − t)`: a step that goes from A
  /// to B along `c` and a step that goes from B back to A along `c.mirrored`
  /// pass through the same states in opposite order. The mirror stays in the
  /// same family (a Bézier mirrors to a Bézier, ease-in to ease-out, jump-start
  /// to jump-end, a spring to a mirrored spring), and mirroring is an
  /// involution: `c.mirrored.mirrored == c`, with the same stored parameters,
  /// bit for bit.
  ///
  /// How closely the identity holds depends on the family. Penner's
  /// curves and springs hold it to rounding, about 1e-16: their mirrors
  /// are computed by that very formula (ease-out is `1 − in(1 − t)`).
  /// A cubic Bézier and its mirror are each solved for their curve
  /// parameter to within 1e-14 in time, and an error in time comes out
  /// multiplied by the curve's slope: the two agree to within about 2e-14
  /// times the curve's steepness there (dy/dx, counted as at least 1). For
  /// the CSS presets that is below 5e-14 (3.4e-14 at worst, for ease-in and
  /// ease-out); it grows where a curve is nearly vertical.
  ///
  /// For steps it is exact at the times ``steps(_:_:)`` names (using the
  /// flipped before flag at jumps, see ``value(at:before:)``); elsewhere a
  /// step computed as browsers compute it may round to the other side of a
  /// jump. Exact reversal of a bound animation never relies on the
  /// identity: ``Timeline/reversed()`` reads the forward's own curves at
  /// mirrored times.
  public var mirrored: TimingCurve {
    switch storage {
    case .linear: return self
    case .cubicBezier(let bezier): return TimingCurve(storage: .cubicBezier(bezier.mirrored))
    case .penner(let easing): return TimingCurve(storage: .penner(easing.mirrored))
    case .steps(let steps): return TimingCurve(storage: .steps(steps.mirrored))
    case .spring(let spring): return TimingCurve(storage: .spring(spring.mirrored))
    }
  }
}
