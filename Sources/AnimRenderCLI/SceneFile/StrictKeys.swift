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
