import Testing
import TransitTestSupport

@testable import Transit

/// How closely `mirrored.value(at: t)` follows `1 − value(at: 1 − t)`,
/// measured over many random curves and times, against the bounds
/// ``TimingCurve/mirrored`` documents.
@Suite("The mirror identity's documented bounds")
struct MirrorIdentityBoundTests {
  static func error(_ curve: TimingCurve, at t: Double) -> Double {
    abs(curve.mirrored.value(at: t) - (1 - curve.value(at: 1 - t)))
  }

  /// The curve's steepness about time `t`: its largest slope over the
  /// neighbouring 1e-6 on either side, at least 1.
  static func steepness(_ curve: TimingCurve, at t: Double) -> Double {
    let h = 1e-6
    let below = max(0, t - h)
    let above = min(1, t + h)
    let value = curve.value(at: t)
    var slope = 1.0
    if t > below { slope = max(slope, abs(value - curve.value(at: below)) / (t - below)) }
    if above > t { slope = max(slope, abs(curve.value(at: above) - value) / (above - t)) }
    return slope
  }

  @Test("cubic Béziers: within about 2e-14 times the steepness (3e-14 allowed), y1, y2 in −1…2")
  func bezierBound() async {
    await seededPropertyCheck(count: 400, base: 0x5EED_00B1) { seed in
      var random = RandomCases(seed: seed)
      let curve = try TimingCurve.cubicBezier(
        random.double(0...1), random.double(-1...2), random.double(0...1), random.double(-1...2))
      for _ in 0..<100 {
        let t = random.double(0...1)
        let error = Self.error(curve, at: t)
        #expect(
          error <= 3e-14 * Self.steepness(curve, at: 1 - t),
          "\(curve) at \(t): \(error), seed \(seed)")
      }
    }
  }

  /// 3.4e-14 at worst on a grid of 400,001 times, for ease-in and ease-out,
  /// whose slopes reach 3 (the identity the old documentation promised,
  /// about 1e-15, fails here by a factor of 30).
  @Test("the CSS presets: within 5e-14")
  func presetBound() {
    var random = RandomCases(seed: 0x5EED_00B2)
    for curve in [TimingCurve.ease, .easeIn, .easeOut, .easeInOut] {
      for t in (0...1_000).map({ Double($0) / 1_000 })
        + (0..<20_000).map({ _ in random.double(0...1) })
      {
        #expect(Self.error(curve, at: t) <= 5e-14, "\(curve) at \(t)")
      }
    }
  }

  @Test("Penner's curves and springs: within rounding, about 1e-16 (4.5e-16 allowed)")
  func roundingBound() async {
    var curves = TimingCurve.namedCurves.map(\.curve).filter { $0.bezierControlPoints == nil }
    var random = RandomCases(seed: 0x5EED_00B3)
    for _ in 0..<20 {
      curves.append(
        try! .spring(
          mass: random.double(0.1...5), stiffness: random.double(10...500),
          damping: random.double(0.5...60), initialVelocity: random.double(-20...20)))
      curves.append(
        try! .spring(duration: random.double(0.1...2), bounce: random.double(-0.9...0.9)))
    }
    for curve in curves {
      for _ in 0..<200 {
        let t = random.double(0...1)
        #expect(Self.error(curve, at: t) <= 4.5e-16, "\(curve) at \(t)")
      }
    }
  }
}
