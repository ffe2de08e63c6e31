import PropertyBased
import Testing
import TransitTestSupport

@testable import Transit

@Suite("Cubic Bézier curves")
struct CubicBezierTests {
  /// x(s) = t by plain bisection, 200 halvings: slow but obviously right.
  static func bruteForceParameter(_ bezier: CubicBezier, x: Double) -> Double {
    var low = 0.0
    var high = 1.0
    for _ in 0..<200 {
      let middle = (low + high) / 2
      if bezier.sampleX(middle) < x { low = middle } else { high = middle }
    }
    return (low + high) / 2
  }

  @Test("the solver finds x to within 1e-7, agreeing with brute-force bisection")
  func solverAccuracy() async {
    let input = zip(
      Gen.double(in: 0...1), Gen.double(in: -1...2), Gen.double(in: 0...1),
      Gen.double(in: -1...2), Gen.double(in: 0...1))
    await propertyCheck(count: 2000, input: input) { x1, y1, x2, y2, x in
      let bezier = CubicBezier(x1, y1, x2, y2)
      let s = bezier.solve(x: x)
      #expect(abs(bezier.sampleX(s) - x) <= 1e-7)
      let reference = Self.bruteForceParameter(bezier, x: x)
      #expect(abs(bezier.sampleX(reference) - bezier.sampleX(s)) <= 1e-7)
    }
  }

  @Test("CSS presets at known points")
  func presets() throws {
    #expect(TimingCurve.easeInOut.value(at: 0.5) == 0.5)
    #expect(abs(TimingCurve.ease.value(at: 0.25) - 0.40851059) < 1e-6)
    #expect(abs(TimingCurve.ease.value(at: 0.5) - 0.80240339) < 1e-6)
    #expect(abs(TimingCurve.easeIn.value(at: 0.5) - 0.31535681) < 1e-6)
    #expect(abs(TimingCurve.easeOut.value(at: 0.5) - 0.68464319) < 1e-6)
    #expect(TimingCurve.linear.value(at: 0.3) == 0.3)
    #expect(TimingCurve.easeIn.bezierControlPoints! == (0.42, 0, 1, 1))
    #expect(try TimingCurve.cubicBezier(0.25, 0.1, 0.25, 1) == .ease)
  }

  @Test("the mirror's control points are (1 − x2, 1 − y2, 1 − x1, 1 − y1), exactly")
  func mirrorParameters() async {
    await propertyCheck(count: 1000, input: RandomCurves.bezier) { curve in
      let (x1, y1, x2, y2) = curve.bezierControlPoints!
      let mirror = curve.mirrored.bezierControlPoints!
      #expect(mirror == (1 - x2, 1 - y2, 1 - x1, 1 - y1))
    }
    #expect(TimingCurve.easeIn.mirrored.bezierControlPoints! == (0, 0, 1 - 0.42, 1))
  }

  @Test("a mirror that does not round-trip by formula still mirrors back exactly")
  func mirrorInvolutionWhereFormulaDrifts() throws {
    let curve = try TimingCurve.cubicBezier(0.1, 0.2, 0.3, 0.4)
    #expect(1 - (1 - 0.3) != 0.3)  // why the stored source is needed
    #expect(curve.mirrored.mirrored.bezierControlPoints! == (0.1, 0.2, 0.3, 0.4))
    // Parsing the mirror's text loses the memory but not equality.
    let reparsed = try TimingCurve(parsing: curve.mirrored.description)
    #expect(reparsed == curve.mirrored)
    #expect(reparsed.mirrored.mirrored == reparsed)
  }

  @Test("invalid control points are rejected, naming the parameter and value")
  func invalid() {
    let cases: [((Double, Double, Double, Double), String, String)] = [
      ((1.5, 0, 0.5, 1), "x1", "1.5"),
      ((0.5, 0, -0.25, 1), "x2", "-0.25"),
      ((0.5, .nan, 0.5, 1), "y1", "nan"),
      ((0.5, 0, 0.5, .infinity), "y2", "inf"),
      ((.nan, 0, 0.5, 1), "x1", "nan"),
    ]
    for ((x1, y1, x2, y2), name, value) in cases {
      let error = #expect(throws: TransitError.self) {
        try TimingCurve.cubicBezier(x1, y1, x2, y2)
      }
      guard case .invalidCurveParameter("cubic-bezier", name, value, _)? = error else {
        Issue.record("\(name) = \(value): \(String(describing: error))")
        continue
      }
    }
    #expect(
      "\(TransitError.invalidCurveParameter(curve: "cubic-bezier", name: "x1", value: "1.5", problem: "is outside 0…1"))"
        == "invalid curve: cubic-bezier x1 = 1.5 is outside 0…1")
  }

  @Test("y outside 0…1 overshoots")
  func overshoot() throws {
    let curve = try TimingCurve.cubicBezier(0.3, 1.6, 0.6, 1)
    #expect((0..<100).contains { curve.value(at: Double($0) / 100) > 1 })
  }

  @Test("equal curves mirror to equal curves, and the text keeps what they mirror to")
  func equalityAgreesWithMirroring() async {
    // Decimal control points, as people write them: uniform random doubles
    // are multiples of 2⁻⁵³, on which 1 − (1 − x) never rounds.
    await propertyCheck(
      count: 2000, input: Gen.int(in: 0...1000), Gen.int(in: -2000...2000), Gen.int(in: 0...1000),
      Gen.int(in: -2000...2000)
    ) { x1, y1, x2, y2 in
      let original = try! TimingCurve.cubicBezier(
        Double(x1) / 1000, Double(y1) / 1000, Double(x2) / 1000, Double(y2) / 1000)
      let mirror = original.mirrored
      let points = mirror.bezierControlPoints!
      let byHand = try! TimingCurve.cubicBezier(points.x1, points.y1, points.x2, points.y2)
      if mirror == byHand {
        #expect(mirror.mirrored == byHand.mirrored)
        #expect(mirror.hashValue == byHand.hashValue)
      }
      #expect(mirror.mirrored == original)
      #expect(try! TimingCurve(parsing: mirror.description) == mirror, "\(mirror)")
      #expect(try! TimingCurve(parsing: mirror.description).mirrored == original)
    }
  }

  @Test("the issue's pair: same control points, different mirrors, so not equal")
  func sameControlPointsDifferentMirrors() throws {
    // 1 − (1 − 0.1) rounds to 0.09999999999999998.
    let original = try TimingCurve.cubicBezier(0.2, -0.5, 0.7, 0.1)
    let mirror = original.mirrored
    let points = try #require(mirror.bezierControlPoints)
    let byHand = try TimingCurve.cubicBezier(points.x1, points.y1, points.x2, points.y2)
    #expect(mirror.mirrored.bezierControlPoints!.y2 == 0.1)
    #expect(byHand.mirrored.bezierControlPoints!.y2 == 0.09999999999999998)
    #expect(mirror != byHand)
    #expect(mirror.description == "mirrored(cubic-bezier(0.2,-0.5,0.7,0.1))")
    #expect(TimingCurve.easeIn.mirrored.description == "mirrored(ease-in)")
  }
}
