import Transit

/// Colours as users type them: `#rgb`, `#rrggbb`, `#rrggbbaa`, `rgb(r,g,b)`
/// or `rgba(r,g,b,a)` with components in 0…1, a few names, or `transparent`.
enum ColorText {
  static let names: [String: Color] = [
    "transparent": .clear, "clear": .clear, "black": .black, "white": .white,
    "red": Color(red: 0.9, green: 0.2, blue: 0.2), "blue": Color(red: 0.2, green: 0.3, blue: 0.9),
    "green": Color(red: 0.2, green: 0.7, blue: 0.3), "gray": Color(red: 0.5, green: 0.5, blue: 0.5),
    "grey": Color(red: 0.5, green: 0.5, blue: 0.5),
  ]

  /// Parses `text`, or returns `nil` when it is not a colour.
  static func parse(_ text: String) -> Color? {
    let trimmed = text.trimmingWhitespace().lowercased()
    if let named = names[trimmed] { return named }
    if trimmed.hasPrefix("#") {
      let hex = Array(trimmed.dropFirst())
      // Only hex digits: `UInt8("+f", radix: 16)` would accept a sign.
      guard hex.allSatisfy(\.isHexDigit) else { return nil }
      func byte(_ s: ArraySlice<Character>) -> Double? {
        UInt8(String(s), radix: 16).map { Double($0) / 255 }
      }
      switch hex.count {
      case 3, 4:
        let values = hex.compactMap { UInt8(String($0), radix: 16).map { Double($0 * 17) / 255 } }
        guard values.count == hex.count else { return nil }
        return Color(
          red: values[0], green: values[1], blue: values[2],
          alpha: values.count == 4 ? values[3] : 1)
      case 6, 8:
        var values: [Double] = []
        for i in stride(from: 0, to: hex.count, by: 2) {
          guard let value = byte(hex[i..<(i + 2)]) else { return nil }
          values.append(value)
        }
        return Color(
          red: values[0], green: values[1], blue: values[2],
          alpha: values.count == 4 ? values[3] : 1)
      default: return nil
      }
    }
    for prefix in ["rgba(", "rgb("] where trimmed.hasPrefix(prefix) && trimmed.hasSuffix(")") {
      let inner = trimmed.dropFirst(prefix.count).dropLast()
      let numbers = inner.split(separator: ",").map { Double(String($0.trimmingWhitespace())) }
      guard numbers.allSatisfy({ $0 != nil }), numbers.count == (prefix == "rgb(" ? 3 : 4) else {
        return nil
      }
      let v = numbers.map { $0! }
      let color = Color(red: v[0], green: v[1], blue: v[2], alpha: v.count == 4 ? v[3] : 1)
      return color.isValid ? color : nil
    }
    return nil
  }

  static let expected =
    "#rrggbb, #rrggbbaa, #rgb, rgb(r,g,b) with 0…1 components, a name (white, black, red, blue, …) or transparent"
}
