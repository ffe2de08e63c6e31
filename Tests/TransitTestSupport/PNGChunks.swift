/// Reads and writes the chunks of PNG files byte by byte, independently of
/// the library's encoder and decoder, so that tests can look inside what the
/// encoders write and hand-make files the decoder must refuse.
///
/// A PNG file is an 8-byte signature and then chunks: a 4-byte big-endian
/// length, a 4-byte type, the data, and a CRC-32 of type and data
/// (ISO/IEC 15948, section 5.3).
public enum PNGChunks {
  /// The eight bytes every PNG file starts with.
  public static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

  /// One chunk: its four-letter type and its data.
  public struct Chunk: Equatable, Sendable {
    public var type: String
    public var data: [UInt8]

    public init(type: String, data: [UInt8]) {
      self.type = type
      self.data = data
    }
  }

  /// Why bytes are not a well-formed sequence of chunks.
  public struct Malformed: Error, CustomStringConvertible {
    public var description: String
  }

  /// The chunks of `png`, in order, each checked against its CRC.
  ///
  /// - Throws: `Malformed` when the signature is wrong, a chunk runs past
  ///   the end, a CRC does not match, or bytes follow `IEND`.
  public static func parse(_ png: [UInt8]) throws -> [Chunk] {
    guard png.starts(with: signature) else { throw Malformed(description: "not a PNG signature") }
    var chunks: [Chunk] = []
    var offset = signature.count
    while offset < png.count {
      guard offset + 12 <= png.count else {
        throw Malformed(description: "a chunk header cut short at byte \(offset)")
      }
      let length = Int(bigEndian32(png, offset))
      let end = offset + 8 + length
      guard end + 4 <= png.count else {
        throw Malformed(description: "a chunk of \(length) bytes runs past the end at \(offset)")
      }
      let typeAndData = Array(png[(offset + 4)..<end])
      let chunk = Chunk(
        type: String(decoding: typeAndData.prefix(4), as: UTF8.self),
        data: Array(typeAndData.dropFirst(4)))
      guard crc32(typeAndData) == bigEndian32(png, end) else {
        throw Malformed(description: "\(chunk.type) at byte \(offset): CRC does not match")
      }
      chunks.append(chunk)
      offset = end + 4
      if chunk.type == "IEND" && offset != png.count {
        throw Malformed(description: "\(png.count - offset) bytes after IEND")
      }
    }
    return chunks
  }

  /// The bytes of one chunk: length, type, `data` and CRC.
  public static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
    let typeAndData = Array(type.utf8) + data
    return bigEndian(UInt32(data.count)) + typeAndData + bigEndian(crc32(typeAndData))
  }

  /// A PNG whose header claims `width` × `height` RGBA pixels over an empty
  /// image-data stream: a few bytes on disk, huge if decoded naively.
  public static func claiming(width: UInt32, height: UInt32) -> [UInt8] {
    let header = bigEndian(width) + bigEndian(height) + [8, 6, 0, 0, 0]
    // A zlib stream of nothing: header, an empty stored block, Adler-32 of 1.
    let empty: [UInt8] = [0x78, 0x01, 0x01, 0x00, 0x00, 0xFF, 0xFF, 0, 0, 0, 1]
    return signature + chunk("IHDR", header) + chunk("IDAT", empty) + chunk("IEND", [])
  }

  /// The CRC-32 PNG uses (polynomial 0xEDB88320, reflected), bit by bit:
  /// slow, and plainly the definition.
  public static func crc32(_ bytes: [UInt8]) -> UInt32 {
    var c: UInt32 = 0xFFFF_FFFF
    for byte in bytes {
      c ^= UInt32(byte)
      for _ in 0..<8 { c = c & 1 != 0 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
    }
    return ~c
  }

  /// The big-endian 32-bit number at `offset`.
  public static func bigEndian32(_ bytes: [UInt8], _ offset: Int) -> UInt32 {
    bytes[offset..<(offset + 4)].reduce(0) { $0 << 8 | UInt32($1) }
  }

  /// `value` as four big-endian bytes.
  public static func bigEndian(_ value: UInt32) -> [UInt8] {
    [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: value >> $0) }
  }
}
