import Foundation

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
/// // "frames": 1e400 → frames: expected a number a 64-bit float holds (at most ±1.7976931348623157e+308, …), got 1e400
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

extension FieldValue {
  /// Decodes JSON text as this value, giving its readers the numbers as
  /// written (`numbers`, read from the same text), from which
  /// ``Int/read(from:)`` decides whether a number is whole.
  static func read(json data: Data, numbers: NumberTexts) throws -> Self {
    let decoder = JSONDecoder()
    decoder.userInfo[NumberTexts.userInfoKey] = numbers
    return try decoder.decode(FieldReader<Self>.self, from: data).value
  }
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
      throw dataError(unconvertible())
    }
  }

  fileprivate func dataError(_ description: String) -> DecodingError {
    .dataCorrupted(DecodingError.Context(codingPath: codingPath, debugDescription: description))
  }
}

extension Decoder {
  /// The number here as the file writes it (see ``NumberTexts``), or nil
  /// for a plain integer of at most 18 digits.
  fileprivate var numberText: String? {
    guard let texts = userInfo[NumberTexts.userInfoKey] as? NumberTexts else {
      preconditionFailure("scene-file numbers are read through FieldValue.read(json:numbers:)")
    }
    return texts.text(at: codingPath)
  }
}

extension Double: FieldValue {
  /// Any JSON number a `Double` holds; one beyond ±`Double.greatestFiniteMagnitude`,
  /// or so close to 0 that it would round to 0, is refused (echoing at
  /// most 40 characters of its digits, which may be millions). −0 reads
  /// as 0.
  static func read(from decoder: any Decoder) throws -> Double {
    let number = try decoder.primitive(
      Double.self,
      unconvertible:
        "expected \(Self.expected), got \(decoder.numberText.map(NumberTexts.shown) ?? "another")"
    )
    return number == 0 ? 0 : number
  }

  /// What a real-number field takes, as messages say it: true of `1e400`
  /// and of `1e-400` alike.
  static let expected =
    "a number a 64-bit float holds (at most ±\(Double.greatestFiniteMagnitude), and not so close to 0 that it rounds to 0)"
}

extension Int: FieldValue {
  /// A whole number: `2`, `2.0` and `2e0` are 2; `2.5` and
  /// `4503599627370496.5` are refused, and so is a whole number outside
  /// `Int.min`…`Int.max`, so no count or index is ever rounded or wrapped.
  ///
  /// Wholeness is decided from the digits written (``WholeNumber``), never
  /// from a `Double`: beyond 2^52 doubles hold no fractions at all, so the
  /// conversion would already have made `4503599627370496.5` whole.
  static func read(from decoder: any Decoder) throws -> Int {
    do {
      // Refuses what is not a number and null (saying a whole number was
      // expected), and a number beyond a double as a real field does.
      _ = try Double.read(from: decoder)
    } catch DecodingError.typeMismatch(_, let context) {
      throw DecodingError.typeMismatch(Int.self, context)
    } catch DecodingError.valueNotFound(_, let context) {
      throw DecodingError.valueNotFound(Int.self, context)
    }
    guard let text = decoder.numberText else {
      // A plain integer of at most 18 digits, which `Int` reads exactly.
      return try decoder.singleValueContainer().decode(Int.self)
    }
    switch WholeNumber(json: text) {
    case .exact(let number): return number
    case .fraction:
      throw decoder.dataError("expected a whole number, got \(NumberTexts.shown(text))")
    case .beyondInt:
      throw decoder.dataError(
        "expected a whole number in \(Int.min)…\(Int.max), got \(NumberTexts.shown(text))")
    }
  }
}

extension String: FieldValue {
  /// Any JSON string whose `\u` escapes make Unicode text (a lone half of
  /// a surrogate pair does not; the scan before decoding, ``NumberTexts``,
  /// already refuses one with its line and column, so this place-keeping
  /// refusal is a second guard).
  static func read(from decoder: any Decoder) throws -> String {
    try decoder.primitive(
      String.self, unconvertible: #"expected a string, got one whose \u escapes are not Unicode"#)
  }
}

extension Bool: FieldValue {}

extension Array: FieldValue where Element: FieldValue {
  /// Each element read as a field of its own, at `[index]`.
  static func read(from decoder: any Decoder) throws -> [Element] {
    var list = try decoder.unkeyedContainer()
    var elements: [Element] = []
    while !list.isAtEnd { elements.append(try list.decode(FieldReader<Element>.self).value) }
    return elements
  }
}
