import Testing
import TransitTestSupport

@testable import AnimRenderCLI

/// ``WholeNumber`` against `Int128` arithmetic: numbers around and beyond
/// `Int`'s ends written in many notations, whole or with one more digit
/// that makes a fraction, however far down it is.
@Suite("Scene files: whole numbers from their digits")
struct WholeNumberTests {
  /// `value` written with its point `shift` digits from the right, `zeros`
  /// zeros after its last digit, and an exponent that puts the point back;
  /// `tail` (a digit and the zeros before it) is added after the point.
  static func literal(_ value: Int128, shift: Int, zeros: Int, tail: String, capital: Bool)
    -> String
  {
    var digits = String(value.magnitude)
    if digits.count <= shift {
      digits = String(repeating: "0", count: shift - digits.count + 1) + digits
    }
    let point = digits.index(digits.endIndex, offsetBy: -shift)
    let fraction = "\(digits[point...])\(String(repeating: "0", count: zeros))\(tail)"
    let mantissa = fraction.isEmpty ? "\(digits[..<point])" : "\(digits[..<point]).\(fraction)"
    let exponent = shift == 0 && !capital ? "" : "\(capital ? "E+" : "e")\(shift)"
    return (value < 0 ? "-" : "") + mantissa + exponent
  }

  @Test func wholeNumbersAndFractionsInEveryNotation() async {
    await seededPropertyCheck(count: 16, base: 0x5748_4F4C) { seed in
      var random = SplitMix64(seed: seed)
      let ends: [Int128] = [Int128(Int.max), Int128(Int.min), 1 << 52, 1 << 53, 0]
      for _ in 0..<500 {
        let near = ends[Int.random(in: 0..<ends.count, using: &random)]
        let value =
          Bool.random(using: &random)
          ? near + Int128(Int.random(in: -3...3, using: &random))
          : Int128(Int.random(in: Int.min...Int.max, using: &random))
            * Int128(Int.random(in: 1...30, using: &random))
        let shift = Int.random(in: 0...24, using: &random)
        let zeros = Int.random(in: 0...3, using: &random)
        let capital = Bool.random(using: &random)
        let whole = Self.literal(value, shift: shift, zeros: zeros, tail: "", capital: capital)
        let expected: WholeNumber =
          value >= Int128(Int.min) && value <= Int128(Int.max) ? .exact(Int(value)) : .beyondInt
        #expect(WholeNumber(json: whole) == expected, "seed \(seed): \(whole)")
        let tail =
          String(repeating: "0", count: Int.random(in: 0...45, using: &random))
          + "\(Int.random(in: 1...9, using: &random))"
        let fraction = Self.literal(value, shift: shift, zeros: zeros, tail: tail, capital: capital)
        #expect(WholeNumber(json: fraction) == .fraction, "seed \(seed): \(fraction)")
      }
    }
  }

  @Test func zeroAndExtremeExponents() {
    for text in ["0", "-0", "0.000", "0e99999999999999999999", "-0.0E-400"] {
      #expect(WholeNumber(json: text) == .exact(0), "\(text)")
    }
    #expect(WholeNumber(json: "1e99999999999999999999") == .beyondInt)
    #expect(WholeNumber(json: "1e-99999999999999999999") == .fraction)
    #expect(WholeNumber(json: "12e-1") == .fraction)
    #expect(WholeNumber(json: "120e-1") == .exact(12))
  }
}
