import PropertyBased
import Testing
import TransitTestSupport

@testable import Transit

@Suite("Timing curves: shared properties")
struct TimingCurveTests {
  @Test("every named curve is exactly 0 at 0 and exactly 1 at 1")
  func namedEndpoints() {
    for (name, curve) in TimingCurve.namedCurves {
      #expect(curve.value(at: 0) == 0, "\(name)")
      #expect(curve.value(at: 1) == 1, "\(name)")
      #expect(curve.mirrored.value(at: 0) == 0, "\(name)")
      #expect(curve.mirrored.value(at: 1) == 1, "\(name)")
    }
  }

  @Test("random curves end exactly at 1; all but jump-start/both start at 0")
  func randomEndpoints() async {
    await propertyCheck(count: 1000, input: RandomCurves.any) { curve in
      #expect(curve.value(at: 1) == 1)
      #expect(curve.value(at: 7) == 1)
      let jumpsAtStart = ["jump-start", "jump-both"].contains { curve.description.contains($0) }
      if !jumpsAtStart {
        #expect(curve.value(at: 0) == 0)
        #expect(curve.value(at: -3) == 0)
      }
    }
  }

  @Test("time outside 0…1 is clamped, NaN counts as 0")
  func clamping() throws {
    let curve = TimingCurve.penner(.back, .easeOut)
    #expect(curve.value(at: -0.5) == curve.value(at: 0))
    #expect(curve.value(at: 1.5) == curve.value(at: 1))
    #expect(curve.value(at: .nan) == 0)
    #expect(try TimingCurve.steps(4, .jumpStart).value(at: -1) == 0.25)
  }

  @Test("the mirror is 1 − c(1 − t) for every kind of curve")
  func mirrorIdentity() async {
    await propertyCheck(count: 2000, input: RandomCurves.any, Gen.double(in: 0...1)) { curve, t in
      let mirror = curve.mirrored
      let expected = 1 - curve.value(at: 1 - t)
      #expect(abs(mirror.value(at: t) - expected) <= 1e-9, "\(curve) at \(t)")
    }
  }

  @Test("mirroring twice gives back the same stored curve, exactly")
  func mirrorInvolution() async {
    await propertyCheck(count: 1000, input: RandomCurves.any) { curve in
      #expect(curve.mirrored.mirrored == curve)
      #expect(curve.mirrored.mirrored.description == curve.description)
      #expect(curve.mirrored.mirrored.mirrored == curve.mirrored)
    }
    for (name, curve) in TimingCurve.namedCurves {
      #expect(curve.mirrored.mirrored == curve, "\(name)")
    }
  }

  @Test("parsing the description gives back an equal curve")
  func descriptionRoundTrip() async throws {
    await propertyCheck(count: 1000, input: RandomCurves.any) { curve in
      let parsed = try TimingCurve(parsing: curve.description)
      #expect(parsed == curve, "\(curve)")
    }
    for (name, curve) in TimingCurve.namedCurves {
      #expect(curve.description == name)
      #expect(try TimingCurve(parsing: name) == curve)
    }
  }

  @Test("Codable writes the textual form as one string and reads it back")
  func codableRoundTrip() async throws {
    await propertyCheck(count: 300, input: RandomCurves.any) { curve in
      let text = try JSONRoundTrip.encode(curve.description)
      #expect(try JSONRoundTrip.encode(curve) == text)
      let decoded = try JSONRoundTrip.decode(TimingCurve.self, text)
      #expect(decoded == curve)
    }
    #expect(throws: DecodingError.self) {
      try JSONRoundTrip.decode(TimingCurve.self, JSONRoundTrip.encode("ease-sideways"))
    }
  }

  @Test("the text form accepts spaces, aliases and mirrored(…)")
  func parsingVariants() throws {
    #expect(try TimingCurve(parsing: " cubic-bezier( 0.42 , 0, 0.58 ,1 ) ") == .easeInOut)
    #expect(try TimingCurve(parsing: "steps(4)") == TimingCurve.steps(4, .jumpEnd))
    #expect(try TimingCurve(parsing: "steps(4, start)") == TimingCurve.steps(4, .jumpStart))
    #expect(try TimingCurve(parsing: "steps(4,end)") == TimingCurve.steps(4, .jumpEnd))
    #expect(try TimingCurve(parsing: "steps(3,jump-none)") == TimingCurve.steps(3, .jumpNone))
    #expect(try TimingCurve(parsing: "mirrored(ease-in-quad)") == .penner(.quad, .easeOut))
    #expect(try TimingCurve(parsing: "mirrored(ease-in)") == TimingCurve.easeIn.mirrored)
    let spring = try TimingCurve.spring(mass: 1, stiffness: 100, damping: 10, initialVelocity: 0)
    #expect(spring.description == "spring(1,100,10,0)")
    #expect(spring.mirrored.description == "mirrored(spring(1,100,10,0))")
    #expect(try TimingCurve(parsing: "spring(1, 100, 10, 0)") == spring)
  }

  @Test("bad text is rejected with a message that quotes it and suggests names")
  func parsingErrors() {
    func error(_ text: String) -> TransitError? {
      #expect(throws: TransitError.self) { try TimingCurve(parsing: text) }
    }
    func message(_ text: String) -> String {
      let error = error(text)
      #expect(error?.kind == .invalidCurve)
      return error?.message ?? ""
    }
    /// The curve, parameter and value a refusal of a parameter names.
    func parameter(_ text: String) -> [String]? {
      guard case .invalidCurveParameter(let curve, let name, let value, _)? = error(text) else {
        return nil
      }
      return [curve, name, value]
    }
    let unknown = message("ease-in-quadd")
    #expect(unknown.contains("'ease-in-quadd'"))
    #expect(unknown.contains("'ease-in-quad'"))
    #expect(message("easein").contains("'ease-in'"))
    #expect(
      error("cubic-bezier(1,2,3)")
        == .invalidCurveText("cubic-bezier(1,2,3)", problem: "cubic-bezier takes 4 numbers, got 3"))
    #expect(
      message("cubic-bezier(0.1,x,0.3,1)") == "'cubic-bezier(0.1,x,0.3,1)': 'x' is not a number")
    #expect(parameter("cubic-bezier(1.5,0,0.5,1)") == ["cubic-bezier", "x1", "1.5"])
    #expect(parameter("steps(0)") == ["steps", "count", "0"])
    #expect(message("steps(2,sideways)").contains("unknown step position 'sideways'"))
    #expect(message("stepz(2)").contains("did you mean 'steps'"))
    #expect(parameter("spring(1,100,-1,0)") == ["spring", "damping", "-1.0"])
    #expect(message("").contains("unknown curve"))
  }
}
