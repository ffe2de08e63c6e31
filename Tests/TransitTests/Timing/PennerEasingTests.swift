import PropertyBased
import Testing

@testable import Transit

@Suite("Penner easing curves")
struct PennerEasingTests {
  static let families = Gen<TimingCurve.EasingFamily>.case

  @Test("out(t) = 1 − in(1 − t) and in-out is point-symmetric")
  func outIsMirroredIn() async {
    await propertyCheck(count: 1000, input: Self.families, Gen.double(in: 0...1)) { family, t in
      let easeIn = TimingCurve.penner(family, .easeIn)
      let easeOut = TimingCurve.penner(family, .easeOut)
      let inOut = TimingCurve.penner(family, .easeInOut)
      #expect(abs(easeOut.value(at: t) - (1 - easeIn.value(at: 1 - t))) <= 1e-12)
      #expect(abs(inOut.value(at: t) - (1 - inOut.value(at: 1 - t))) <= 1e-12)
    }
  }

  @Test("in ↔ out under mirroring, in-out to itself")
  func mirrorMapping() {
    for family in TimingCurve.EasingFamily.allCases {
      #expect(TimingCurve.penner(family, .easeIn).mirrored == .penner(family, .easeOut))
      #expect(TimingCurve.penner(family, .easeOut).mirrored == .penner(family, .easeIn))
      #expect(TimingCurve.penner(family, .easeInOut).mirrored == .penner(family, .easeInOut))
    }
  }

  @Test("names and known values")
  func knownValues() throws {
    #expect(TimingCurve.penner(.quad, .easeIn).description == "ease-in-quad")
    #expect(TimingCurve.penner(.bounce, .easeInOut).description == "ease-in-out-bounce")
    #expect(try TimingCurve(parsing: "ease-in-sine") == .penner(.sine, .easeIn))
    #expect(TimingCurve.penner(.quad, .easeIn).value(at: 0.5) == 0.25)
    #expect(TimingCurve.penner(.cubic, .easeOut).value(at: 0.5) == 0.875)
    #expect(
      TimingCurve.penner(.quint, .easeInOut).value(at: 0.25) == 0.5 * 0.5 * 0.5 * 0.5 * 0.5 * 0.5)
    #expect(abs(TimingCurve.penner(.sine, .easeIn).value(at: 0.5) - 0.29289321881) < 1e-10)
    #expect(abs(TimingCurve.penner(.bounce, .easeOut).value(at: 0.5) - 0.765625) < 1e-12)
    #expect(TimingCurve.namedCurves.count == 5 + 30)
  }

  @Test("back and elastic overshoot; the others stay in 0…1 and bounce does too")
  func ranges() {
    let samples = (0...1000).map { Double($0) / 1000 }
    for family in TimingCurve.EasingFamily.allCases {
      let curve = TimingCurve.penner(family, .easeOut)
      let values = samples.map(curve.value(at:))
      let overshoots = values.contains { $0 > 1 + 1e-12 }
      #expect(overshoots == (family == .back || family == .elastic), "\(family)")
      #expect(values.allSatisfy { $0 >= -1e-12 }, "\(family)")
    }
  }
}
