import CTransitZlib

/// Appends PNG chunks (length, type, data, CRC-32 of type and data) to a byte
/// array.
struct PNGChunkWriter {
  /// The eight bytes every PNG file starts with.
  static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

  /// The file so far.
  var bytes: [UInt8]

  /// Starts a file with the PNG signature (or, with `signature: false`, a
  /// piece of one that continues it), reserving `capacity` bytes.
  init(capacity: Int, signature: Bool = true) {
    bytes = []
    bytes.reserveCapacity(capacity)
    if signature { bytes.append(contentsOf: PNGChunkWriter.signature) }
  }

  /// Appends a big-endian 32-bit number.
  static func append32(_ value: UInt32, to bytes: inout [UInt8]) {
    bytes.append(UInt8(truncatingIfNeeded: value >> 24))
    bytes.append(UInt8(truncatingIfNeeded: value >> 16))
    bytes.append(UInt8(truncatingIfNeeded: value >> 8))
    bytes.append(UInt8(truncatingIfNeeded: value))
  }

  /// Appends a whole chunk whose data is already at hand.
  mutating func append(_ type: String, _ data: [UInt8]) {
    PNGChunkWriter.append32(UInt32(data.count), to: &bytes)
    let start = bytes.count
    bytes.append(contentsOf: Array(type.utf8))
    bytes.append(contentsOf: data)
    appendCRC(from: start)
  }

  /// Appends the CRC-32 (zlib's, which is PNG's) of everything from `start`.
  private mutating func appendCRC(from start: Int) {
    let crc = bytes.withUnsafeBytes { buffer in
      let region = UnsafeRawBufferPointer(rebasing: buffer[start...])
      return crc32(0, region.baseAddress?.assumingMemoryBound(to: Bytef.self), uInt(region.count))
    }
    PNGChunkWriter.append32(UInt32(crc), to: &bytes)
  }

  /// The 13 bytes of an IHDR chunk for 8-bit RGB (colour type 2) or RGBA (6).
  static func header(width: Int, height: Int, hasAlpha: Bool) -> [UInt8] {
    var data: [UInt8] = []
    append32(UInt32(width), to: &data)
    append32(UInt32(height), to: &data)
    data.append(contentsOf: [8, hasAlpha ? 6 : 2, 0, 0, 0])
    return data
  }
}
