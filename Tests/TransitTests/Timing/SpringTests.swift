import PropertyBased
import Testing
import TransitTestSupport

@testable import Transit

@Suite("Springs")
struct SpringTests {
  @Test("exactly 0 at 0 and 1 at 1, and settled near the end")
  func endpoints() async {
    await propertyCheck(count: 500, input: RandomCurves.spring) { curve in
      #expect(curve.value(at: 0) == 0)
      #expect(curve.value(at: 1) == 1)
      #expect(abs(curve.value(at: 0.999_999) - 1) <= 0.001 + 1e-6)
      #expect(curve.mirrored.value(at: 0) == 0)
      #expect(curve.mirrored.value(at: 1) == 1)
    }
  }

  @Test("t = 1 is the settling time: just before it, the spring is about 0.001 away")
  func normalisation() throws {
    let curve = try TimingCurve.spring(mass: 1, stiffness: 100, damping: 4)
    guard case .spring(let spring) = curve.storage else {
      Issue.record("not a spring")
      return
    }
    let samples = (0...10_000).map { Double($0) / 10_000 }
    // The last sample more than the tolerance (plus the linear correction) away.
    let last = samples.last { abs(curve.value(at: $0) - 1) > 0.002 }!
    #expect(last > 0.9)
    #expect(spring.settlingTime > 0)
    // Underdamped: overshoots.
    #expect(samples.contains { curve.value(at: $0) > 1.01 })
  }

  @Test("duration and bounce: bounce 0 does not overshoot, bounce 0.5 does")
  func durationBounce() throws {
    let samples = (0...1000).map { Double($0) / 1000 }
    let critical = try TimingCurve.spring(duration: 0.5, bounce: 0)
    #expect(samples.allSatisfy { critical.value(at: $0) <= 1 + 1e-9 })
    let bouncy = try TimingCurve.spring(duration: 0.5, bounce: 0.5)
    #expect(samples.contains { bouncy.value(at: $0) > 1.05 })
    let overdamped = try TimingCurve.spring(duration: 0.5, bounce: -0.5)
    #expect(samples.allSatisfy { overdamped.value(at: $0) <= 1 + 1e-9 })
    // Duration changes the parameters but not the normalised shape.
    let slow = try TimingCurve.spring(duration: 2, bounce: 0.5)
    #expect(abs(slow.value(at: 0.3) - bouncy.value(at: 0.3)) < 1e-6)
  }

  @Test("the mirror is a flag: a spring played backwards")
  func mirror() throws {
    let curve = try TimingCurve.spring(mass: 2, stiffness: 300, damping: 12, initialVelocity: 3)
    #expect(curve.mirrored != curve)
    #expect(curve.mirrored.mirrored == curve)
    #expect(curve.mirrored.value(at: 0.3) == 1 - curve.value(at: 0.7))
    #expect(try TimingCurve(parsing: curve.mirrored.description) == curve.mirrored)
  }

  @Test("invalid parameters are rejected, naming the parameter")
  func invalid() {
    let cases: [(() throws(TransitError) -> TimingCurve, String, String)] = [
      (
        { () throws(TransitError) in try .spring(mass: 0, stiffness: 1, damping: 1) }, "mass", "0.0"
      ),
      ({ () throws(TransitError) in try .spring(stiffness: -1, damping: 1) }, "stiffness", "-1.0"),
      ({ () throws(TransitError) in try .spring(stiffness: 1, damping: -1) }, "damping", "-1.0"),
      ({ () throws(TransitError) in try .spring(stiffness: 1, damping: 0) }, "damping", "0.0"),
      ({ () throws(TransitError) in try .spring(stiffness: .nan, damping: 1) }, "stiffness", "nan"),
      (
        { () throws(TransitError) in
          try .spring(stiffness: 1, damping: 1, initialVelocity: .infinity)
        },
        "initialVelocity", "inf"
      ),
      ({ () throws(TransitError) in try .spring(duration: 0) }, "duration", "0.0"),
      ({ () throws(TransitError) in try .spring(duration: 1, bounce: 1) }, "bounce", "1.0"),
      ({ () throws(TransitError) in try .spring(duration: 1, bounce: -1) }, "bounce", "-1.0"),
    ]
    for (make, name, value) in cases {
      do {
        _ = try make()
        Issue.record("expected an error about \(name) = \(value)")
      } catch {
        guard case .invalidCurveParameter("spring", name, value, _) = error else {
          Issue.record("\(name) = \(value): \(error)")
          continue
        }
      }
    }
    // An undamped spring is told why it is refused.
    #expect(
      throws: TransitError.invalidCurveParameter(
        curve: "spring", name: "damping", value: "0.0",
        problem: "must be positive (an undamped spring never settles)")
    ) { try TimingCurve.spring(stiffness: 1, damping: 0) }
  }
}
