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
  /// naming the closest known key; else returns the container it read the
  /// keys from, for the fields to be read from too.
  @discardableResult
  func rejectUnknownKeys(_ known: [String]) throws -> KeyedDecodingContainer<AnyKey> {
    let container = try self.container(keyedBy: AnyKey.self)
    for key in container.allKeys where !known.contains(key.stringValue) {
      let closest = Suggestions.closest(to: key.stringValue, among: known, limit: 1)
      throw DecodingError.dataCorrupted(
        DecodingError.Context(
          codingPath: codingPath + [key],
          debugDescription:
            "unknown key \"\(CLIError.echoed(key.stringValue))\"; \(Suggestions.didYouMean(closest, quote: "\""))"
            + " (known: \(known.joined(separator: ", ")))"
        ))
    }
    return container
  }
}
