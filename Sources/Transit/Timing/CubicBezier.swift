/// A CSS / Core Animation cubic Bézier timing function from (0, 0) to (1, 1)
/// with control points (x1, y1) and (x2, y2).
///
/// `x(s)` and `y(s)` are the polynomial coordinates of the curve at parameter
/// `s`; progress at time `t` is `y(s)` for the `s` with `x(s) == t`. Because
/// x1 and x2 lie in 0…1, `x` is non-decreasing on 0…1 and that `s` exists.
struct CubicBezier: Sendable {
  let x1: Double
  let y1: Double
  let x2: Double
  let y2: Double

  /// The exact parameters this curve was mirrored from, if it was.
  ///
  /// `1 − (1 − x)` is not always `x` in floating point (`1 − 0.1` rounds), so
  /// mirroring twice by formula would drift in the last bit. Remembering the
  /// source makes ``mirrored`` an exact involution.
  private let source: (x1: Double, y1: Double, x2: Double, y2: Double)?

  // Polynomial coefficients, as in WebKit's UnitBezier:
  // x(s) = ((ax·s + bx)·s + cx)·s, and the same for y.
  private let ax, bx, cx: Double
  private let ay, by, cy: Double

  /// Creates a curve from control points that are already validated.
  init(
    _ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double,
    source: (x1: Double, y1: Double, x2: Double, y2: Double)? = nil
  ) {
    (self.x1, self.y1, self.x2, self.y2) = (x1, y1, x2, y2)
    self.source = source
    cx = 3 * x1
    bx = 3 * (x2 - x1) - cx
    ax = 1 - cx - bx
    cy = 3 * y1
    by = 3 * (y2 - y1) - cy
    ay = 1 - cy - by
  }

  /// Checks the control points and throws an error naming the first bad one.
  static func validated(
    _ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double
  ) throws(TransitError) -> CubicBezier {
    for (name, value) in [("x1", x1), ("y1", y1), ("x2", x2), ("y2", y2)]
    where !value.isFinite {
      throw TransitError.invalidCurveParameter(
        curve: "cubic-bezier", name: name, value: "\(value)", problem: "is not a finite number")
    }
    for (name, value) in [("x1", x1), ("x2", x2)] where !(0...1).contains(value) {
      throw TransitError.invalidCurveParameter(
        curve: "cubic-bezier", name: name, value: "\(value)", problem: "is outside 0…1")
    }
    return CubicBezier(x1, y1, x2, y2)
  }

  /// The time mirror (1 − x2, 1 − y2, 1 − x1, 1 − y1), remembering `self` so
  /// that mirroring it again returns exactly `self`.
  var mirrored: CubicBezier {
    let me = (x1: x1, y1: y1, x2: x2, y2: y2)
    let (x1, y1, x2, y2) = mirrorPoints
    return CubicBezier(x1, y1, x2, y2, source: me)
  }

  /// The control points of ``mirrored``: the remembered source, or else the
  /// formula (1 − x2, 1 − y2, 1 − x1, 1 − y1).
  var mirrorPoints: (x1: Double, y1: Double, x2: Double, y2: Double) {
    source ?? (1 - x2, 1 - y2, 1 - x1, 1 - y1)
  }

  /// Whether ``mirrored`` differs from the formula's mirror, which happens
  /// when this curve is itself a mirror and `1 − (1 − x)` rounds away from
  /// `x`: then its text form must say what it mirrors (`mirrored(…)`), or
  /// reading it back would lose the difference.
  var mirrorsByMemory: Bool {
    guard let source else { return false }
    return source != (1 - x2, 1 - y2, 1 - x1, 1 - y1)
  }

  func sampleX(_ s: Double) -> Double { ((ax * s + bx) * s + cx) * s }
  func sampleY(_ s: Double) -> Double { ((ay * s + by) * s + cy) * s }
  private func slopeX(_ s: Double) -> Double { (3 * ax * s + 2 * bx) * s + cx }

  /// The tolerance in x of ``solve(x:)``.
  ///
  /// WebKit's UnitBezier stops at 1e-7, enough for drawing; Transit goes on to
  /// 1e-14 because a curve and its mirror are solved separately and must agree
  /// to about 1e-9 for exact reversal. Newton's method converges
  /// quadratically, so the extra digits cost one or two iterations.
  static let tolerance = 1e-14

  /// The parameter `s` in 0…1 with `x(s) == x` to within ``tolerance``:
  /// Newton's method from `s = x`, then bisection where Newton stalls (a flat
  /// spot of `x(s)`) or leaves 0…1, as in WebKit's UnitBezier.
  func solve(x: Double) -> Double {
    var s = x
    for _ in 0..<8 {
      let error = sampleX(s) - x
      if abs(error) < Self.tolerance { return s }
      let slope = slopeX(s)
      if abs(slope) < 1e-6 { break }
      s -= error / slope
      if !(0...1).contains(s) { break }
    }
    var low = 0.0
    var high = 1.0
    s = x
    // 64 halvings take the bracket below one ulp of any s in 0…1.
    for _ in 0..<64 {
      let sampled = sampleX(s)
      if abs(sampled - x) < Self.tolerance { return s }
      if x > sampled { low = s } else { high = s }
      s = low + (high - low) / 2
    }
    return s
  }

  /// Progress at a time strictly inside 0…1.
  func value(at t: Double) -> Double { sampleY(solve(x: t)) }
}

/// Two Béziers are equal when they have the same control points *and*
/// mirror to the same control points, so that `a == b` implies
/// `a.mirrored == b.mirrored` (which exact reversal, R4, relies on). Only a
/// mirrored curve whose source does not survive `1 − (1 − x)` differs from
/// the curve with the same control points written by hand.
extension CubicBezier: Hashable {
  static func == (a: CubicBezier, b: CubicBezier) -> Bool {
    (a.x1, a.y1, a.x2, a.y2) == (b.x1, b.y1, b.x2, b.y2) && a.mirrorPoints == b.mirrorPoints
  }

  func hash(into hasher: inout Hasher) {
    hasher.combine(x1)
    hasher.combine(y1)
    hasher.combine(x2)
    hasher.combine(y2)
  }
}

extension TimingCurve {
  /// A cubic Bézier curve from (0, 0) through control points (x1, y1) and
  /// (x2, y2) to (1, 1), as CSS `cubic-bezier()` and Core Animation's
  /// `CAMediaTimingFunction` define it.
  ///
  /// Time is the curve's x coordinate and progress its y coordinate. x1 and
  /// x2 must lie in 0…1 so that time never runs backwards and progress is a
  /// function of time; y1 and y2 may be any finite number.
  ///
  /// - Range: 0…1 when y1 and y2 lie in 0…1; otherwise the curve overshoots
  ///   below 0 or above 1 (a y outside 0…1 pulls it there).
  /// - Monotonic: non-decreasing when y1 and y2 lie in 0…1.
  /// - Endpoints: exactly 0 at 0 and exactly 1 at 1.
  /// - Mirror: (1 − x2, 1 − y2, 1 − x1, 1 − y1), again a Bézier.
  ///
  /// Progress is found by solving x(s) = t with Newton's method, falling back
  /// to bisection, as WebKit's UnitBezier does, to better than 1e-7 in x.
  ///
  /// ```swift
  /// let snappy = try TimingCurve.cubicBezier(0.2, 0.9, 0.1, 1)
  /// ```
  ///
  /// - Throws: ``TransitError`` of kind `.invalidCurve`
  ///   naming the parameter, when a parameter is NaN or infinite or when x1
  ///   or x2 lies outside 0…1.
  public static func cubicBezier(
    _ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double
  ) throws(TransitError) -> TimingCurve {
    TimingCurve(storage: .cubicBezier(try CubicBezier.validated(x1, y1, x2, y2)))
  }

  /// CSS `ease`, cubic-bezier(0.25, 0.1, 0.25, 1): a quick start and a long,
  /// gentle end. Range 0…1, increasing, exact endpoints.
  public static let ease = TimingCurve(storage: .cubicBezier(CubicBezier(0.25, 0.1, 0.25, 1)))

  /// CSS `ease-in`, cubic-bezier(0.42, 0, 1, 1): starts slowly, ends at full
  /// speed. Range 0…1, increasing, exact endpoints.
  ///
  /// Its ``mirrored`` curve is ease-out's shape, computed exactly as
  /// (1 − x2, 1 − y2, 1 − x1, 1 − y1): cubic-bezier(0, 0, 0.5800000000000001, 1),
  /// since `1 − 0.42` rounds to one unit in the last place above 0.58. It is
  /// therefore not `==` to ``easeOut``; mirroring it again gives back exactly
  /// `easeIn`.
  public static let easeIn = TimingCurve(storage: .cubicBezier(CubicBezier(0.42, 0, 1, 1)))

  /// CSS `ease-out`, cubic-bezier(0, 0, 0.58, 1): starts at full speed, ends
  /// slowly. Range 0…1, increasing, exact endpoints; its mirror is ease-in's
  /// shape, with x1 = 1 − 0.58 = 0.42000000000000004 (see ``easeIn``).
  public static let easeOut = TimingCurve(storage: .cubicBezier(CubicBezier(0, 0, 0.58, 1)))

  /// CSS `ease-in-out`, cubic-bezier(0.42, 0, 0.58, 1), Transit's default:
  /// slow at both ends. Range 0…1, increasing, exact endpoints, and
  /// point-symmetric about (0.5, 0.5), so its mirror has the same shape: its
  /// control points are (1 − 0.58, 0, 1 − 0.42, 1), each within one unit in
  /// the last place of the original's (see ``easeIn``).
  public static let easeInOut = TimingCurve(
    storage: .cubicBezier(CubicBezier(0.42, 0, 0.58, 1)))

  /// The control points (x1, y1, x2, y2) when this is a cubic Bézier curve,
  /// the presets included; `nil` for other families.
  public var bezierControlPoints: (x1: Double, y1: Double, x2: Double, y2: Double)? {
    guard case .cubicBezier(let bezier) = storage else { return nil }
    return (bezier.x1, bezier.y1, bezier.x2, bezier.y2)
  }
}
