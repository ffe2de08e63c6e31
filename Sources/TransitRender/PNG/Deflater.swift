import CTransitCairo

/// One-shot zlib compression into a caller's buffer.
enum Deflater {
  /// The most bytes a zlib stream of `count` input bytes can take at any level.
  static func bound(_ count: Int) -> Int {
    // zlib's deflateBound for the default window and memory level, plus room
    // for the header and trailer, without needing an initialised stream.
    count + (count >> 12) + (count >> 14) + (count >> 25) + 13 + 6 + 64
  }

  /// Compresses `input` as one zlib stream into `output`, which must hold at
  /// least ``bound(_:)`` bytes, and returns the number of bytes written.
  static func compress(
    _ input: UnsafeRawBufferPointer, into output: UnsafeMutableRawBufferPointer, level: Int
  ) throws(RenderError) -> Int {
    guard (0...9).contains(level) else {
      throw RenderError("zlib level \(level) is outside 0…9")
    }
    var stream = z_stream()
    let status = transit_deflate_init(&stream, Int32(level))
    guard status == Z_OK else { throw RenderError("deflateInit2 failed with status \(status)") }
    defer { deflateEnd(&stream) }
    stream.next_in = UnsafeMutablePointer(
      mutating: input.baseAddress?.assumingMemoryBound(to: Bytef.self))
    stream.avail_in = uInt(input.count)
    stream.next_out = output.baseAddress?.assumingMemoryBound(to: Bytef.self)
    stream.avail_out = uInt(output.count)
    let result = deflate(&stream, Z_FINISH)
    guard result == Z_STREAM_END else {
      throw RenderError("deflate did not finish (status \(result), \(stream.avail_out) bytes left)")
    }
    return output.count - Int(stream.avail_out)
  }
}
