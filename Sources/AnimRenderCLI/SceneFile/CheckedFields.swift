/// The checks every scene-file object makes while it decodes, written once:
/// unknown keys are refused before anything is read, numbers out of range
/// and words that name no case are errors at their key saying what was
/// expected and what was found.
///
/// ```swift
/// let c = try decoder.strictContainer(keyedBy: Keys.self)
/// let velocity = try c.decodeIfPresent(Double.self, forKey: .velocity)
/// try c.check(velocity, in: -1000...1000, forKey: .velocity, expected: "a velocity in −1000…1000")
/// let release = try c.decode(Release.self, forKey: .release, expected: #""finish" or "cancel""#)
/// ```
extension Decoder {
  /// This object's keyed container, once every key in it is one of `Keys`
  /// (see ``rejectUnknownKeys(_:)``).
  func strictContainer<Keys: CodingKey & CaseIterable>(
    keyedBy keys: Keys.Type
  ) throws -> KeyedDecodingContainer<Keys> {
    try rejectUnknownKeys(Keys.allCases.map(\.stringValue))
    return try container(keyedBy: keys)
  }
}

extension KeyedDecodingContainer {
  /// Throws a data error at `key`, "expected `expected`, got `value`",
  /// unless `value` is absent or in `range`. NaN is in no range, and a
  /// range with finite bounds holds no infinity, so this also refuses
  /// numbers that are not finite.
  func check<Value: Comparable>(
    _ value: Value?, in range: ClosedRange<Value>, forKey key: Key, expected: String
  ) throws {
    if let value, !range.contains(value) {
      throw DecodingError.dataCorruptedError(
        forKey: key, in: self, debugDescription: "expected \(expected), got \(value)")
    }
  }

  /// Decodes a string naming one of `Value`'s cases; another string is a
  /// data error at `key`, "expected `expected`, got "…"".
  func decode<Value: RawRepresentable<String>>(
    _ type: Value.Type, forKey key: Key, expected: String
  ) throws -> Value {
    try value(named: try decode(String.self, forKey: key), forKey: key, expected: expected)
  }

  /// ``decode(_:forKey:expected:)`` for a key that may be absent (or null).
  func decodeIfPresent<Value: RawRepresentable<String>>(
    _ type: Value.Type, forKey key: Key, expected: String
  ) throws -> Value? {
    try decodeIfPresent(String.self, forKey: key).map {
      try value(named: $0, forKey: key, expected: expected)
    }
  }

  private func value<Value: RawRepresentable<String>>(
    named text: String, forKey key: Key, expected: String
  ) throws -> Value {
    guard let value = Value(rawValue: text) else {
      throw DecodingError.dataCorruptedError(
        forKey: key, in: self, debugDescription: "expected \(expected), got \"\(text)\"")
    }
    return value
  }
}
