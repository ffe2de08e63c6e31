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
      let closest = Suggestion.closest(to: key.stringValue, among: known)
      throw DecodingError.dataCorrupted(
        DecodingError.Context(
          codingPath: codingPath + [key],
          debugDescription:
            "unknown key \"\(key.stringValue)\"; did you mean \"\(closest)\"? (known: \(known.joined(separator: ", ")))"
        ))
    }
  }
}

/// The closest word by edit distance, for "did you mean" messages.
enum Suggestion {
  /// The entry of `names` nearest `word` (the first on ties); `word` is cut
  /// to 64 characters first, so a huge key costs no more than a short one.
  static func closest(to word: String, among names: [String]) -> String {
    let cut = Array(word.prefix(64))
    return names.min { editDistance(cut, Array($0)) < editDistance(cut, Array($1)) } ?? ""
  }

  /// Levenshtein distance, one row at a time.
  static func editDistance(_ a: [Character], _ b: [Character]) -> Int {
    var previous = Array(0...b.count)
    for (i, ca) in a.enumerated() {
      var current = [i + 1]
      for (j, cb) in b.enumerated() {
        current.append(min(previous[j + 1] + 1, current[j] + 1, previous[j] + (ca == cb ? 0 : 1)))
      }
      previous = current
    }
    return previous[b.count]
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
