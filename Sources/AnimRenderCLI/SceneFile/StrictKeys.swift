import Transit

/// Scene files reject keys they do not know, so that a misspelling such as
/// `"colour"` or `"duraton"` is an error naming the key and the closest
/// known one instead of being silently ignored.
struct AnyKey: CodingKey {
  var stringValue: String
  var intValue: Int? { nil }
  init(stringValue: String) { self.stringValue = stringValue }
  init?(intValue: Int) { nil }
}

extension Decoder {
  /// Throws a data error at the first key of this object not in `known`,
  /// naming the closest known key.
  func rejectUnknownKeys(_ known: [String]) throws {
    let container = try self.container(keyedBy: AnyKey.self)
    for key in container.allKeys where !known.contains(key.stringValue) {
      let closest = Suggestions.closest(to: key.stringValue, among: known, limit: 1)
      throw DecodingError.dataCorrupted(
        DecodingError.Context(
          codingPath: codingPath + [key],
          debugDescription:
            "unknown key \"\(key.stringValue)\"; \(Suggestions.didYouMean(closest, quote: "\""))"
            + " (known: \(known.joined(separator: ", ")))"
        ))
    }
  }
}

/// How deeply arrays and objects nest in JSON text, found in one pass
/// without recursion, so that a file nested too deeply is refused before
/// any recursive decoding starts.
enum JSONNesting {
  /// The deepest nesting of `[` and `{` outside strings; stops counting
  /// once `limit` is passed and returns `limit + 1`.
  static func depth(of bytes: [UInt8], limit: Int) -> Int {
    var depth = 0
    var deepest = 0
    var inString = false
    var escaped = false
    for byte in bytes {
      if inString {
        if escaped {
          escaped = false
        } else if byte == UInt8(ascii: "\\") {
          escaped = true
        } else if byte == UInt8(ascii: "\"") {
          inString = false
        }
        continue
      }
      switch byte {
      case UInt8(ascii: "\""): inString = true
      case UInt8(ascii: "["), UInt8(ascii: "{"):
        depth += 1
        deepest = max(deepest, depth)
        if deepest > limit { return deepest }
      case UInt8(ascii: "]"), UInt8(ascii: "}"): depth = max(0, depth - 1)
      default: break
      }
    }
    return deepest
  }
}
