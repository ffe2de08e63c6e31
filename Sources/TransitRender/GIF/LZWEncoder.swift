/// GIF's variable-length-code LZW compression (GIF89a, appendix F).
///
/// Codes start one bit wider than the pixel size, grow to at most 12 bits,
/// and the table is cleared (a clear code is sent) when it would pass 4,096
/// entries. The dictionary is a flat table indexed by `prefix × 256 + byte`;
/// only the slots filled since the last clear are reset, so a clear costs at
/// most 4,096 writes rather than a megabyte.
struct LZWEncoder {
  private static let maximumCodes = 4_096
  private var table: [UInt16]
  private var filled: [Int] = []

  init() {
    table = [UInt16](repeating: 0, count: LZWEncoder.maximumCodes * 256)
  }

  /// The LZW data of `indices` (each below 2^`minimumCodeSize`), packed into
  /// GIF's sub-blocks of at most 255 bytes and ended by an empty block.
  mutating func encode(_ indices: [UInt8], minimumCodeSize: Int) -> [UInt8] {
    let clearCode = 1 << minimumCodeSize
    let endCode = clearCode + 1
    var bits = BitPacker()
    var codeSize = minimumCodeSize + 1
    var nextCode = endCode + 1
    bits.append(clearCode, width: codeSize)
    guard var prefix = indices.first.map(Int.init) else {
      bits.append(endCode, width: codeSize)
      return bits.subBlocks()
    }
    for byte in indices.dropFirst() {
      let slot = prefix << 8 | Int(byte)
      let known = table[slot]
      if known != 0 {
        prefix = Int(known)
        continue
      }
      bits.append(prefix, width: codeSize)
      if nextCode < LZWEncoder.maximumCodes {
        table[slot] = UInt16(nextCode)
        filled.append(slot)
        // The decoder widens its codes one code later than the encoder adds
        // the entry, so the width grows once the new code no longer fits.
        if nextCode == 1 << codeSize, codeSize < 12 { codeSize += 1 }
        nextCode += 1
      } else {
        bits.append(clearCode, width: codeSize)
        reset()
        codeSize = minimumCodeSize + 1
        nextCode = endCode + 1
      }
      prefix = Int(byte)
    }
    bits.append(prefix, width: codeSize)
    bits.append(endCode, width: codeSize)
    reset()
    return bits.subBlocks()
  }

  private mutating func reset() {
    for slot in filled { table[slot] = 0 }
    filled.removeAll(keepingCapacity: true)
  }
}

/// Packs codes least significant bit first, as GIF reads them.
private struct BitPacker {
  var bytes: [UInt8] = []
  var buffer = 0
  var count = 0

  mutating func append(_ code: Int, width: Int) {
    buffer |= code << count
    count += width
    while count >= 8 {
      bytes.append(UInt8(truncatingIfNeeded: buffer))
      buffer >>= 8
      count -= 8
    }
  }

  mutating func subBlocks() -> [UInt8] {
    if count > 0 { bytes.append(UInt8(truncatingIfNeeded: buffer)) }
    var out: [UInt8] = []
    out.reserveCapacity(bytes.count + bytes.count / 255 + 2)
    var start = 0
    while start < bytes.count {
      let end = min(start + 255, bytes.count)
      out.append(UInt8(end - start))
      out.append(contentsOf: bytes[start..<end])
      start = end
    }
    out.append(0)
    return out
  }
}
