import Foundation

/// Encodes and decodes through Foundation's JSON coders: the one way the
/// tests check `Codable` conformances. Tests may use Foundation; the
/// library may not.
public enum JSONRoundTrip {
  /// The JSON for `value`.
  public static func encode<T: Encodable>(_ value: T) throws -> Data {
    try JSONEncoder().encode(value)
  }

  /// A `T` read back from `data`.
  public static func decode<T: Decodable>(_ type: T.Type, _ data: Data) throws -> T {
    try JSONDecoder().decode(type, from: data)
  }
}
