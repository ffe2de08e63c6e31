/// The checks every scene-file object makes while it decodes, written once:
/// unknown keys are refused before anything is read, numbers out of range
/// and words that name no case are errors at their key saying what was
/// expected and what was found. Objects that are only fields read them
/// from a ``FieldTable``; objects with rules between their keys (a script
/// operation's one verb) use these directly:
///
/// ```swift
/// let c = try decoder.strictContainer(keyedBy: Keys.self)
/// let velocity = try c.readIfPresent(Double.self, forKey: .velocity)
/// try c.check(velocity, in: -1000...1000, forKey: .velocity, expected: "a velocity in −1000…1000")
/// let release = try c.read(Release.self, forKey: .release, expected: #""finish" or "cancel""#)
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

  /// Reads a string naming one of `Value`'s cases; another string is a
  /// data error at `key`, "expected `expected`, got "…"".
  func read<Value: RawRepresentable<String>>(
    _ type: Value.Type, forKey key: Key, expected: String
  ) throws -> Value {
    try value(named: try read(String.self, forKey: key), forKey: key, expected: expected)
  }

  /// ``read(_:forKey:expected:)`` for a key that may be absent (or null).
  func readIfPresent<Value: RawRepresentable<String>>(
    _ type: Value.Type, forKey key: Key, expected: String
  ) throws -> Value? {
    try readIfPresent(String.self, forKey: key).map {
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

/// A scene-file object read from a table of its fields: the table is the
/// one place that names the object's keys, so the keys it accepts, the
/// keys its "unknown key" message lists (in the table's order), and the
/// properties decoded can never disagree.
///
/// ```swift
/// struct Border: FieldTable {
///   var width = 0.0
///   var color = ""
///
///   static let fields: [Field<Self>] = [.required("width", \.width), .required("color", \.color)]
/// }
/// ```
///
/// Decoding refuses unknown keys first (``Decoder/rejectUnknownKeys(_:)``),
/// then reads the fields in the table's order, so the first error is the
/// first field's, as with a hand-written `init(from:)`. The object starts
/// from `init()`: a required field's default is never seen (it is missing
/// or replaced), an optional field keeps its default when its key is
/// absent or null.
protocol FieldTable: FieldValue {
  /// The object before any field is read.
  init()
  /// The object's fields, in the order they are read and listed.
  static var fields: [Field<Self>] { get }
}

extension FieldTable {
  init(from decoder: any Decoder) throws {
    let container = try decoder.rejectUnknownKeys(Self.fields.map(\.key))
    self.init()
    for field in Self.fields { try field.read(container, &self) }
  }
}

/// One row of a ``FieldTable``: a key, whether the file must give it, and
/// the property its value goes to.
struct Field<Object>: Sendable {
  /// The key in the JSON object.
  let key: String
  /// Reads the key's value from the object's container into the property.
  let read: @Sendable (KeyedDecodingContainer<AnyKey>, inout Object) throws -> Void

  /// A key the file must give: missing is "missing (required)", null is
  /// "expected …, found null".
  static func required<Value: FieldValue & SendableMetatype>(
    _ key: String, _ property: WritableKeyPath<Object, Value> & Sendable
  ) -> Self {
    Field(key: key) { container, object in
      object[keyPath: property] = try container.read(Value.self, forKey: AnyKey(stringValue: key))
    }
  }

  /// A key the file may leave out or set to null, either of which leaves
  /// the property `nil`.
  static func optional<Value: FieldValue & SendableMetatype>(
    _ key: String, _ property: WritableKeyPath<Object, Value?> & Sendable
  ) -> Self {
    Field(key: key) { container, object in
      object[keyPath: property] = try container.readIfPresent(
        Value.self, forKey: AnyKey(stringValue: key))
    }
  }

  /// A key the file may leave out (or set to null), keeping the property's
  /// default, or set to a word naming one of `Value`'s cases; another word
  /// is "expected `expected`, got "…"".
  static func optional<Value: RawRepresentable<String> & SendableMetatype>(
    _ key: String, _ property: WritableKeyPath<Object, Value> & Sendable, expected: String
  ) -> Self {
    Field(key: key) { container, object in
      if let value = try container.readIfPresent(
        Value.self, forKey: AnyKey(stringValue: key), expected: expected)
      {
        object[keyPath: property] = value
      }
    }
  }
}
