/// Turns premultiplied ARGB32 pixels into PNG scanlines: each row starts with
/// its filter type byte and holds straight (un-premultiplied) RGB or RGBA
/// samples, filtered with SUB (each byte minus the same channel of the pixel
/// to its left).
///
/// SUB is what rendered frames want: it costs one subtraction per byte, turns
/// flat areas into runs of zeros that level-1 deflate finds at once, and
/// needs no look at the previous row.
enum ScanlineFilter {
  /// The PNG filter type byte for SUB.
  static let sub: UInt8 = 1

  /// Writes row `y` of `image`, filtered, into `output` (``rowByteCount``
  /// bytes, plus one writable spare byte after them).
  static func filterRow(
    _ y: Int, of pixels: UnsafeBufferPointer<UInt32>, width: Int, hasAlpha: Bool,
    into out: UnsafeMutablePointer<UInt8>
  ) {
    let row = pixels.baseAddress! + y * width
    out[0] = sub
    var o = 1
    var (pr, pg, pb, pa): (UInt32, UInt32, UInt32, UInt32) = (0, 0, 0, 0)
    if hasAlpha {
      for x in 0..<width {
        let pixel = row[x]
        let a = pixel >> 24
        var r = (pixel >> 16) & 0xFF
        var g = (pixel >> 8) & 0xFF
        var b = pixel & 0xFF
        if a == 0 {
          (r, g, b) = (0, 0, 0)
        } else if a != 255 {
          r = PixelMath.unpremultiply(r, a)
          g = PixelMath.unpremultiply(g, a)
          b = PixelMath.unpremultiply(b, a)
        }
        out[o] = UInt8(truncatingIfNeeded: r &- pr)
        out[o + 1] = UInt8(truncatingIfNeeded: g &- pg)
        out[o + 2] = UInt8(truncatingIfNeeded: b &- pb)
        out[o + 3] = UInt8(truncatingIfNeeded: a &- pa)
        o += 4
        (pr, pg, pb, pa) = (r, g, b, a)
      }
    } else {
      // Bytewise pixel[x] − pixel[x − 1] for all four channels at once
      // (SWAR: the high bit of each byte is handled apart so no borrow
      // crosses into the next byte), then one unaligned 4-byte store of R, G,
      // B and a spare byte that the next pixel overwrites. The caller leaves
      // one byte of slack after the last row.
      var previous: UInt32 = 0
      let base = UnsafeMutableRawPointer(out + 1)
      for x in 0..<width {
        let pixel = row[x]
        let difference =
          ((pixel | 0x8080_8080) &- (previous & 0x7F7F_7F7F)) ^ ((pixel ^ ~previous) & 0x8080_8080)
        previous = pixel
        // 0xAARRGGBB → 0x00BBGGRR, which little-endian memory holds as R, G, B, 0.
        let rgb = difference.byteSwapped >> 8
        base.storeBytes(of: rgb.littleEndian, toByteOffset: x * 3, as: UInt32.self)
      }
    }
  }

  /// The bytes of one filtered row: the filter byte and the samples.
  static func rowByteCount(width: Int, hasAlpha: Bool) -> Int {
    width * (hasAlpha ? 4 : 3) + 1
  }

  /// Filters `image` a few rows at a time and deflates them, appending the
  /// zlib stream to `output`.
  static func appendCompressedImageData(
    _ image: Image, hasAlpha: Bool, level: Int, to output: inout [UInt8]
  ) throws(RenderError) {
    let stream = try DeflateStream(level: level)
    let rowBytes = rowByteCount(width: image.width, hasAlpha: hasAlpha)
    // About 64 kB of scanlines per deflate call: few calls, still in cache.
    let rowsPerBatch = max(1, (1 << 16) / rowBytes)
    // One spare byte: the RGB filter stores four bytes for the last pixel.
    let buffer = UnsafeMutablePointer<UInt8>.allocate(capacity: rowBytes * rowsPerBatch + 1)
    defer { buffer.deallocate() }
    try image.pixels.withUnsafeBufferPointer { pixels throws(RenderError) in
      var y = 0
      while y < image.height {
        let rows = min(rowsPerBatch, image.height - y)
        for k in 0..<rows {
          filterRow(
            y + k, of: pixels, width: image.width, hasAlpha: hasAlpha,
            into: buffer + k * rowBytes)
        }
        try stream.write(UnsafeRawBufferPointer(start: buffer, count: rows * rowBytes), to: &output)
        y += rows
      }
    }
    try stream.finish(to: &output)
  }
}
