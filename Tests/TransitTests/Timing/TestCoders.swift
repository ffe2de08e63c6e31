@testable import Transit

/// A minimal single-value encoder, enough to check that a curve codes as one
/// string without pulling Foundation's JSON coders into the tests.
final class StringEncoder: Encoder, SingleValueEncodingContainer {
  final class Box { var value: String? }
  let storage = Box()
  var codingPath: [any CodingKey] { [] }
  var userInfo: [CodingUserInfoKey: Any] { [:] }

  func singleValueContainer() -> any SingleValueEncodingContainer { self }
  func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
    fatalError("a curve codes as a single value")
  }
  func unkeyedContainer() -> any UnkeyedEncodingContainer {
    fatalError("a curve codes as a single value")
  }

  func encode(_ value: String) throws { storage.value = value }
  func encodeNil() throws { fatalError("unexpected nil") }
  func encode<T: Encodable>(_ value: T) throws { fatalError("unexpected \(T.self)") }
}

/// A decoder holding one string.
struct StringDecoder: Decoder, SingleValueDecodingContainer {
  var text: String
  var codingPath: [any CodingKey] { [] }
  var userInfo: [CodingUserInfoKey: Any] { [:] }

  func singleValueContainer() -> any SingleValueDecodingContainer { self }
  func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
    fatalError("a curve codes as a single value")
  }
  func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
    fatalError("a curve codes as a single value")
  }

  func decodeNil() -> Bool { false }
  func decode(_ type: String.Type) throws -> String { text }
  func decode<T: Decodable>(_ type: T.Type) throws -> T { fatalError("unexpected \(T.self)") }
}
