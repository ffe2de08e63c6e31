import CTransitDeflate

/// Turns premultiplied ARGB32 pixels into PNG scanlines: each row starts with
/// its filter type byte and holds straight (un-premultiplied) RGB or RGBA
/// samples, filtered with SUB (each byte minus the same channel of the pixel
/// to its left).
///
/// SUB is what rendered frames want: it costs one subtraction per byte, turns
/// flat areas into runs of zeros that a fast deflate finds at once, and
/// needs no look at the previous row, so any band of rows filters (and
/// compresses) on its own. The work happens in C (`CTransitDeflate`), four
/// opaque pixels at a time with SSSE3 where the processor has it: one byte
/// subtraction of the row against itself shifted by a pixel and one shuffle
/// that drops alpha and puts red first.
enum ScanlineFilter {
  /// The PNG filter type byte for SUB.
  static let sub: UInt8 = 1

  /// The bytes of one filtered row: the filter byte and the samples.
  static func rowByteCount(width: Int, hasAlpha: Bool) -> Int {
    width * (hasAlpha ? 4 : 3) + 1
  }

  /// One filtered row of `pixels` (exactly one row of them).
  static func filter(_ pixels: [UInt32], hasAlpha: Bool) -> [UInt8] {
    let count = rowByteCount(width: pixels.count, hasAlpha: hasAlpha)
    var out = [UInt8](repeating: 0, count: count + 16)
    pixels.withUnsafeBufferPointer { row in
      out.withUnsafeMutableBufferPointer { buffer in
        transit_filter_row(row.baseAddress, row.count, hasAlpha ? 1 : 0, buffer.baseAddress)
      }
    }
    return Array(out[..<count])
  }
}
