/// What a JSON number is as an `Int`, decided from its digits alone, so no
/// count or index is ever rounded: `2.0`, `2e0` and `20E-1` are 2,
/// `4503599627370496.5` is a fraction (a `Double` holds no such number and
/// would make it …496), and `9223372036854775808` is one past `Int.max`.
///
/// ```swift
/// WholeNumber(json: "9007199254740993")      // .exact(9007199254740993)
/// WholeNumber(json: "4503599627370495.9999999")  // .fraction
/// WholeNumber(json: "-92233720368547758080e-1")  // .exact(Int.min)
/// ```
enum WholeNumber: Equatable {
  case exact(Int)
  /// Not a whole number: some digit after the point is not 0.
  case fraction
  /// Whole, but below `Int.min` or above `Int.max`.
  case beyondInt

  /// Reads `text`, a JSON number (`-?int(.frac)?([eE][+-]?exp)?`).
  ///
  /// The number is its digits `d` times 10^`scale`; leading zeros are
  /// dropped and each trailing zero moves into the scale. Then it is whole
  /// exactly when the scale is not negative (its last digit is not 0), and
  /// fits an `Int` only with at most 19 digits in all.
  init(json text: String) {
    let bytes = Array(text.utf8)
    var i = 0
    let negative = bytes.first == UInt8(ascii: "-")
    if negative { i += 1 }
    var digits: [UInt8] = []
    var scale = 0
    func isDigit(_ at: Int) -> Bool {
      at < bytes.count && (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[at])
    }
    while isDigit(i) {
      digits.append(bytes[i] - UInt8(ascii: "0"))
      i += 1
    }
    if i < bytes.count, bytes[i] == UInt8(ascii: ".") {
      i += 1
      while isDigit(i) {
        digits.append(bytes[i] - UInt8(ascii: "0"))
        scale -= 1
        i += 1
      }
    }
    if i < bytes.count, bytes[i] | 0x20 == UInt8(ascii: "e") {
      i += 1
      let negativeExponent = i < bytes.count && bytes[i] == UInt8(ascii: "-")
      if i < bytes.count, bytes[i] == UInt8(ascii: "-") || bytes[i] == UInt8(ascii: "+") { i += 1 }
      // Saturates far beyond any file's length of digits, where the
      // answer no longer changes.
      var exponent = 0
      while isDigit(i) {
        exponent = min(exponent * 10 + Int(bytes[i] - UInt8(ascii: "0")), 1 << 40)
        i += 1
      }
      scale += negativeExponent ? -exponent : exponent
    }
    guard let first = digits.firstIndex(where: { $0 != 0 }) else {
      self = .exact(0)
      return
    }
    let last = digits.lastIndex { $0 != 0 }!
    scale += digits.count - 1 - last
    let significant = digits[first...last]
    guard scale >= 0 else {
      self = .fraction
      return
    }
    guard significant.count + scale <= 19 else {
      self = .beyondInt
      return
    }
    // At most 19 digits: below 10^19 < 2^64, no overflow.
    var magnitude: UInt64 = 0
    for digit in significant { magnitude = magnitude * 10 + UInt64(digit) }
    for _ in 0..<scale { magnitude *= 10 }
    if negative {
      self =
        magnitude <= Int.min.magnitude
        ? .exact(Int(truncatingIfNeeded: 0 &- magnitude)) : .beyondInt
    } else {
      self = magnitude <= UInt64(Int.max) ? .exact(Int(magnitude)) : .beyondInt
    }
  }
}
