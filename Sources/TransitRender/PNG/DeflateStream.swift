import CTransitCairo

/// A zlib deflate stream that compresses what it is fed, a row at a time,
/// and appends the compressed bytes to an array.
///
/// Streaming keeps memory flat: a 1280×720 frame is 2.7 MB of scanlines but
/// typically 20 kB compressed, so filtering each row into a small buffer and
/// deflating it at once avoids allocating (and page-faulting) megabytes per
/// frame. A reference type because zlib's state points back at its
/// `z_stream`, which therefore must not move, and must be ended exactly once.
final class DeflateStream {
  private let stream: UnsafeMutablePointer<z_stream>
  private let scratch: UnsafeMutablePointer<UInt8>
  private static let scratchSize = 1 << 16

  /// Starts a zlib stream (window 32 kB, memory level 8) at `level`.
  ///
  /// - Throws: ``RenderError`` for a level outside 0…9 or when zlib cannot
  ///   start.
  init(level: Int) throws(RenderError) {
    guard (0...9).contains(level) else { throw RenderError("zlib level \(level) is outside 0…9") }
    stream = .allocate(capacity: 1)
    stream.initialize(to: z_stream())
    let status = transit_deflate_init(stream, Int32(level))
    guard status == Z_OK else {
      stream.deallocate()
      throw RenderError("deflateInit2 failed with status \(status)")
    }
    scratch = .allocate(capacity: DeflateStream.scratchSize)
  }

  deinit {
    deflateEnd(stream)
    stream.deallocate()
    scratch.deallocate()
  }

  /// Compresses `input`, appending whatever zlib emits to `output`.
  func write(_ input: UnsafeRawBufferPointer, to output: inout [UInt8]) throws(RenderError) {
    stream.pointee.next_in = UnsafeMutablePointer(
      mutating: input.baseAddress?.assumingMemoryBound(to: Bytef.self))
    stream.pointee.avail_in = uInt(input.count)
    while stream.pointee.avail_in > 0 {
      try run(Z_NO_FLUSH, to: &output)
    }
  }

  /// Ends the stream, appending the last compressed bytes and the checksum.
  func finish(to output: inout [UInt8]) throws(RenderError) {
    stream.pointee.next_in = nil
    stream.pointee.avail_in = 0
    while try run(Z_FINISH, to: &output) != Z_STREAM_END {}
  }

  @discardableResult
  private func run(_ flush: Int32, to output: inout [UInt8]) throws(RenderError) -> Int32 {
    stream.pointee.next_out = scratch
    stream.pointee.avail_out = uInt(DeflateStream.scratchSize)
    let status = deflate(stream, flush)
    guard status == Z_OK || status == Z_STREAM_END || status == Z_BUF_ERROR else {
      throw RenderError("deflate failed with status \(status)")
    }
    let produced = DeflateStream.scratchSize - Int(stream.pointee.avail_out)
    output.append(contentsOf: UnsafeBufferPointer(start: scratch, count: produced))
    return status
  }
}
