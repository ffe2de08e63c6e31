import PropertyBased
import Testing
import TransitTestSupport

@testable import Transit

@Suite("Steps")
struct StepsTests {
  typealias Position = TimingCurve.StepPosition

  /// position, t, value with the before flag unset, value with it set (4 steps).
  static let table: [(Position, Double, Double, Double)] = [
    (Position.jumpEnd, 0.0, 0.0, 0.0),
    (.jumpEnd, 0.1, 0.0, 0.0),
    (.jumpEnd, 0.25, 0.25, 0.0),
    (.jumpEnd, 0.3, 0.25, 0.25),
    (.jumpEnd, 0.75, 0.75, 0.5),
    (.jumpEnd, 0.99, 0.75, 0.75),
    (.jumpEnd, 1.0, 1.0, 0.75),
    (.jumpStart, 0.0, 0.25, 0.0),
    (.jumpStart, 0.1, 0.25, 0.25),
    (.jumpStart, 0.25, 0.5, 0.25),
    (.jumpStart, 0.8, 1.0, 1.0),
    (.jumpStart, 1.0, 1.0, 1.0),
    (.jumpNone, 0.0, 0.0, 0.0),
    (.jumpNone, 0.2, 0.0, 0.0),
    (.jumpNone, 0.25, 1.0 / 3, 0.0),
    (.jumpNone, 0.5, 2.0 / 3, 1.0 / 3),
    (.jumpNone, 0.75, 1.0, 2.0 / 3),
    (.jumpNone, 1.0, 1.0, 1.0),
    (.jumpBoth, 0.0, 0.2, 0.0),
    (.jumpBoth, 0.1, 0.2, 0.2),
    (.jumpBoth, 0.25, 0.4, 0.2),
    (.jumpBoth, 0.9, 0.8, 0.8),
    (.jumpBoth, 1.0, 1.0, 0.8),
  ]

  @Test("values at and around the jumps, with and without the before flag", arguments: table)
  func values(position: Position, t: Double, after: Double, before: Double) throws {
    let curve = try TimingCurve.steps(4, position)
    #expect(abs(curve.value(at: t) - after) < 1e-15)
    #expect(abs(curve.value(at: t, before: false) - after) < 1e-15)
    #expect(abs(curve.value(at: t, before: true) - before) < 1e-15)
  }

  @Test("mirror positions: start ↔ end, none and both to themselves")
  func mirrorPositions() throws {
    #expect(try TimingCurve.steps(3, .jumpStart).mirrored == TimingCurve.steps(3, .jumpEnd))
    #expect(try TimingCurve.steps(3, .jumpEnd).mirrored == TimingCurve.steps(3, .jumpStart))
    #expect(try TimingCurve.steps(3, .jumpNone).mirrored == TimingCurve.steps(3, .jumpNone))
    #expect(try TimingCurve.steps(3, .jumpBoth).mirrored == TimingCurve.steps(3, .jumpBoth))
  }

  /// Whether the number of jumps of `curve` is a power of two, which makes
  /// every value k / jumps exact.
  static func exactValues(_ curve: TimingCurve) -> Bool {
    guard case .steps(let steps) = curve.storage else { return false }
    let jumps: Int
    switch steps.position {
    case .jumpStart, .jumpEnd: jumps = steps.count
    case .jumpNone: jumps = steps.count - 1
    case .jumpBoth: jumps = steps.count + 1
    }
    return jumps & (jumps - 1) == 0
  }

  @Test("the mirror is 1 − c(1 − t) at every jump, both sides, on exact times")
  func mirrorAtJumps() throws {
    // Dyadic jumps and times: t · count exact, values k / jumps exact.
    for count in [1, 2, 4, 8, 16, 3, 5, 6, 7] {
      for position in Position.allCases where !(position == .jumpNone && count < 2) {
        let curve = try TimingCurve.steps(count, position)
        let mirror = curve.mirrored
        var times: [Double] = []
        for i in 0...256 {
          let t = Double(i) / 256
          times += [t, t + 0x1p-40, t - 0x1p-40]
        }
        for t in times where (0...1).contains(t) {
          for before in [false, true] {
            let left = mirror.value(at: t, before: before)
            let right = 1 - curve.value(at: 1 - t, before: !before)
            if Self.exactValues(curve) {
              #expect(left == right, "\(curve) at \(t), before \(before)")
            } else {
              #expect(abs(left - right) < 0x1p-52, "\(curve) at \(t), before \(before)")
            }
          }
        }
      }
    }
  }

  @Test("the mirror is 1 − c(1 − t) at random exact times (multiples of 2⁻²⁰)")
  func mirrorRandom() async {
    await propertyCheck(
      count: 2000, input: RandomCurves.steps, Gen.int(in: 0...(1 << 20)), Gen.bool
    ) { curve, i, before in
      let t = Double(i) * 0x1p-20
      let left = curve.mirrored.value(at: t, before: before)
      let right = 1 - curve.value(at: 1 - t, before: !before)
      if Self.exactValues(curve) {
        #expect(left == right, "\(curve) at \(t)")
      } else {
        #expect(abs(left - right) < 0x1p-52, "\(curve) at \(t)")
      }
    }
  }

  @Test("bad counts are rejected")
  func invalid() {
    let zero = #expect(throws: TransitError.self) { try TimingCurve.steps(0) }
    #expect(zero?.kind == .invalidCurve)
    #expect(zero?.message == "steps count = 0 must be at least 1 with jump-end")
    let one = #expect(throws: TransitError.self) { try TimingCurve.steps(1, .jumpNone) }
    guard case .invalidCurveParameter("steps", "count", "1", _)? = one else {
      Issue.record("\(String(describing: one)) is not about steps' count")
      return
    }
    #expect(throws: TransitError.self) { try TimingCurve.steps(-3, .jumpStart) }
  }
}
