import CTransitCairo

/// Reads PNG files of every kind into premultiplied ARGB32 ``Image``s.
///
/// libpng's simplified API does the work: greyscale, grey + alpha, RGB, RGBA
/// and palette images (with or without `tRNS` transparency), 1 to 16 bits
/// per sample, interlaced or not, all come out as 8-bit BGRA, which is
/// Cairo's ARGB32 in memory on little-endian machines; the decoder then
/// premultiplies. A file without transparency reads as fully opaque. 16-bit
/// files are read as sRGB, like 8-bit ones, so 0x8080 becomes 0x80.
///
/// The simplified API reports failures through the `png_image` instead of a
/// `longjmp`, so a broken or truncated file is a thrown ``RenderError``
/// carrying libpng's explanation, never a crash.
///
/// ```swift
/// let image = try PNGDecoder.decode(contentsOf: "Goldens/render/alpha-group.png")
/// ```
public enum PNGDecoder {
  /// Decodes PNG bytes.
  ///
  /// - Throws: ``RenderError`` when the bytes are not a complete PNG, or the
  ///   image has a side of more than 32,767 pixels.
  public static func decode(_ bytes: [UInt8], source: String = "PNG data") throws(RenderError)
    -> Image
  {
    var png = png_image()
    png.version = transit_png_image_version()
    let begun = bytes.withUnsafeBytes { buffer in
      png_image_begin_read_from_memory(&png, buffer.baseAddress, buffer.count)
    }
    guard begun != 0 else {
      throw RenderError("cannot read \(source): \(String(cString: transit_png_message(&png)))")
    }
    let width = Int(png.width)
    let height = Int(png.height)
    do {
      try Image.validate(width: width, height: height, what: "\(source):")
    } catch {
      png_image_free(&png)
      throw error
    }
    png.format = transit_png_format_bgra()
    transit_png_assume_16bit_srgb(&png)
    var image = Image(
      uncheckedWidth: width, height: height,
      pixels: [UInt32](repeating: 0, count: width * height))
    try image.withUnsafeMutablePixels { pixels throws(RenderError) in
      let finished = png_image_finish_read(&png, nil, pixels.baseAddress, 0, nil)
      guard finished != 0 else {
        throw RenderError(
          "cannot decode \(source): \(String(cString: transit_png_message(&png)))")
      }
      for i in pixels.indices {
        // BGRA bytes in memory are 0xAARRGGBB as a little-endian UInt32.
        pixels[i] = PixelMath.premultiply(UInt32(littleEndian: pixels[i]))
      }
    }
    return image
  }

  /// Reads and decodes the PNG file at `path`.
  ///
  /// - Throws: ``RenderError`` naming the path when it cannot be read or is
  ///   not a valid PNG.
  public static func decode(contentsOf path: String) throws(RenderError) -> Image {
    try decode(BinaryFile.read(path), source: "'\(path)'")
  }
}

extension Image {
  /// Decodes PNG bytes; see ``PNGDecoder``.
  public init(pngData: [UInt8]) throws(RenderError) {
    self = try PNGDecoder.decode(pngData)
  }

  /// Reads the PNG file at `path`; see ``PNGDecoder``.
  public init(contentsOfPNGFile path: String) throws(RenderError) {
    self = try PNGDecoder.decode(contentsOf: path)
  }
}
