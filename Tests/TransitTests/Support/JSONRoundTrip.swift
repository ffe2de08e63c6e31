import Foundation

/// Encodes and decodes through JSON, for Codable round-trip tests. Tests may
/// use Foundation; the library may not.
enum JSONRoundTrip {
  static func encode<T: Encodable>(_ value: T) throws -> Data { try JSONEncoder().encode(value) }
  static func decode<T: Decodable>(_ type: T.Type, _ data: Data) throws -> T {
    try JSONDecoder().decode(type, from: data)
  }
}
