/// A value a scene-file field holds, and the one way it is read, so that
/// every way the value can be wrong is an error at its own place in the
/// file.
///
/// Foundation's `JSONDecoder` checks a file's syntax first and turns its
/// numbers and strings into Swift values only when they are asked for. A
/// value that is valid JSON but fits no Swift value — `2.5` where an `Int`
/// is read, `1e400`, a string with half a surrogate pair — then fails with
/// an error that has lost its place: the decoder reports it as "The given
/// data was not valid JSON." at the top level. A field read through
/// ``KeyedDecodingContainer/read(_:forKey:)`` is handed its own `Decoder`
/// (see ``FieldReader``), whose coding path is the field's, so ``read(from:)``
/// can say where the value is and what was expected:
///
/// ```swift
/// let frames = try container.readIfPresent(Int.self, forKey: .frames)
/// // "frames": 2.5   → frames: expected a whole number, got 2.5
/// // "frames": 1e400 → frames: expected a number within ±1.7976931348623157e308, …
/// ```
///
/// Objects and lists read their own fields and elements the same way, so a
/// wrong number deep in a list is named down to its index
/// (`views[0].children[2].frame[3]`).
protocol FieldValue: Decodable {
  /// Reads the value `decoder` stands at; errors carry `decoder.codingPath`.
  static func read(from decoder: any Decoder) throws -> Self
}

extension FieldValue {
  /// An object reads itself: its own fields go through ``FieldValue`` too.
  static func read(from decoder: any Decoder) throws -> Self { try Self(from: decoder) }
}

/// Decodes a ``FieldValue`` with ``FieldValue/read(from:)``: containers
/// decode a value of their own type through `init(from:)` with a decoder
/// placed at the value, where the primitive `decode(Double.self, …)` would
/// lose the place of a conversion that fails.
struct FieldReader<Value: FieldValue>: Decodable {
  let value: Value

  init(from decoder: any Decoder) throws { value = try Value.read(from: decoder) }
}

extension KeyedDecodingContainer {
  /// The field at `key`; missing is "missing (required)", null is
  /// "expected …, found null".
  func read<Value: FieldValue>(_ type: Value.Type, forKey key: Key) throws -> Value {
    try decode(FieldReader<Value>.self, forKey: key).value
  }

  /// The field at `key`, or nil when it is absent or null.
  func readIfPresent<Value: FieldValue>(_ type: Value.Type, forKey key: Key) throws -> Value? {
    try decodeIfPresent(FieldReader<Value>.self, forKey: key)?.value
  }
}

extension Decoder {
  /// Decodes the primitive value here, turning a failed conversion (an
  /// error that is not a `DecodingError`, which Foundation would report
  /// without a place) into a data error here saying what was expected.
  fileprivate func primitive<Value: Decodable>(
    _ type: Value.Type, unconvertible: @autoclosure () -> String
  ) throws -> Value {
    let container = try singleValueContainer()
    do {
      return try container.decode(type)
    } catch let error as DecodingError {
      throw error
    } catch {
      throw DecodingError.dataCorrupted(
        DecodingError.Context(codingPath: codingPath, debugDescription: unconvertible()))
    }
  }

  fileprivate func dataError(_ description: String) -> DecodingError {
    .dataCorrupted(DecodingError.Context(codingPath: codingPath, debugDescription: description))
  }
}

extension Double: FieldValue {
  /// Any JSON number a `Double` holds; one beyond ±`Double.greatestFiniteMagnitude`,
  /// or so close to 0 that it would round to 0, is refused (without
  /// echoing its digits, which may be millions). −0 reads as 0.
  static func read(from decoder: any Decoder) throws -> Double {
    let number = try decoder.primitive(
      Double.self,
      unconvertible:
        "expected a number within ±\(Double.greatestFiniteMagnitude), got one too large or too close to 0 for a 64-bit float"
    )
    return number == 0 ? 0 : number
  }
}

extension Int: FieldValue {
  /// A whole number: `2`, `2.0` and `2e0` are 2, `2.5` is refused, and so
  /// is a whole number beyond ±`Int.max`, so no count or index is ever
  /// rounded or wrapped.
  static func read(from decoder: any Decoder) throws -> Int {
    let number = try Double.read(from: decoder)
    guard number.rounded(.towardZero) == number else {
      throw decoder.dataError("expected a whole number, got \(number)")
    }
    // Below 2^52 a double holds every whole number exactly; beyond, doubles
    // skip whole numbers, so the digits written decide.
    if number.magnitude < 0x1p52 { return Int(number) }
    return try decoder.primitive(
      Int.self, unconvertible: "expected a whole number within ±\(Int.max), got \(number)")
  }
}

extension String: FieldValue {
  /// Any JSON string whose `\u` escapes make Unicode text (a lone half of
  /// a surrogate pair does not).
  static func read(from decoder: any Decoder) throws -> String {
    try decoder.primitive(
      String.self, unconvertible: #"expected a string, got one whose \u escapes are not Unicode"#)
  }
}

extension Bool: FieldValue {
  static func read(from decoder: any Decoder) throws -> Bool {
    try decoder.singleValueContainer().decode(Bool.self)
  }
}

extension Array: FieldValue where Element: FieldValue {
  /// Each element read as a field of its own, at `[index]`.
  static func read(from decoder: any Decoder) throws -> [Element] {
    var list = try decoder.unkeyedContainer()
    var elements: [Element] = []
    while !list.isAtEnd { elements.append(try list.decode(FieldReader<Element>.self).value) }
    return elements
  }
}
