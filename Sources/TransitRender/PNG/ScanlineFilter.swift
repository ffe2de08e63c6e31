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

  /// The number of bytes the filtered image takes.
  static func byteCount(width: Int, height: Int, hasAlpha: Bool) -> Int {
    (width * (hasAlpha ? 4 : 3) + 1) * height
  }

  /// Writes the filtered scanlines of `image` into `output`, which holds
  /// exactly ``byteCount(width:height:hasAlpha:)`` bytes.
  static func filter(
    _ image: Image, hasAlpha: Bool, into output: UnsafeMutableRawBufferPointer
  ) {
    let width = image.width
    let out = output.baseAddress!.assumingMemoryBound(to: UInt8.self)
    image.pixels.withUnsafeBufferPointer { pixels in
      let source = pixels.baseAddress!
      var o = 0
      for y in 0..<image.height {
        let row = source + y * width
        out[o] = sub
        o += 1
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
          for x in 0..<width {
            let pixel = row[x]
            let r = (pixel >> 16) & 0xFF
            let g = (pixel >> 8) & 0xFF
            let b = pixel & 0xFF
            out[o] = UInt8(truncatingIfNeeded: r &- pr)
            out[o + 1] = UInt8(truncatingIfNeeded: g &- pg)
            out[o + 2] = UInt8(truncatingIfNeeded: b &- pb)
            o += 3
            (pr, pg, pb) = (r, g, b)
          }
        }
      }
    }
  }

  /// Filters and deflates `image` straight into `output` (at least
  /// `Deflater.bound` of the filtered size), returning the bytes written.
  static func compressedImageData(
    _ image: Image, hasAlpha: Bool, level: Int, into output: UnsafeMutableRawBufferPointer
  ) throws(RenderError) -> Int {
    let count = byteCount(width: image.width, height: image.height, hasAlpha: hasAlpha)
    let scanlines = UnsafeMutableRawBufferPointer.allocate(byteCount: count, alignment: 16)
    defer { scanlines.deallocate() }
    filter(image, hasAlpha: hasAlpha, into: scanlines)
    return try Deflater.compress(UnsafeRawBufferPointer(scanlines), into: output, level: level)
  }
}
