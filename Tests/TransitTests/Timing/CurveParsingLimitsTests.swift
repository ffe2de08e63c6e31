import Testing
import Transit

/// The parser peels `mirrored(…)` in a loop with a bounded depth and a
/// bounded length, so no text can exhaust the stack or take long.
@Suite struct CurveParsingLimitsTests {
  static func nested(_ depth: Int, _ inner: String = "cubic-bezier(0.1,0.2,0.3,0.4)") -> String {
    String(repeating: "mirrored(", count: depth) + inner + String(repeating: ")", count: depth)
  }

  @Test func nestingUpToTheBoundReadsAsRepeatedMirrors() throws {
    var expected = try TimingCurve(parsing: "cubic-bezier(0.1,0.2,0.3,0.4)")
    for depth in 1...TimingCurve.maximumNesting {
      expected = expected.mirrored
      #expect(try TimingCurve(parsing: Self.nested(depth)) == expected, "depth \(depth)")
    }
  }

  @Test func deeperNestingAndLongTextAreErrors() {
    #expect(throws: TransitError.self) {
      try TimingCurve(parsing: Self.nested(TimingCurve.maximumNesting + 1, "ease"))
    }
    // 5,476 levels once overflowed the stack; now it is a length error.
    #expect(throws: TransitError.self) { try TimingCurve(parsing: Self.nested(5_476, "ease")) }
    let long = "cubic-bezier(" + String(repeating: " ", count: 1_000) + "0,0,1,1)"
    #expect(throws: TransitError.self) { try TimingCurve(parsing: long) }
    #expect(throws: TransitError.self) { try TimingCurve(parsing: "mirrored(ease) junk)") }
  }
}
