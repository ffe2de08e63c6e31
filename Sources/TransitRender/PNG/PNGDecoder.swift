import CTransitSpng

/// Reads PNG files of every kind into premultiplied ARGB32 ``Image``s.
///
/// libspng does the work: greyscale, grey + alpha, RGB, RGBA and palette
/// images (with or without `tRNS` transparency), 1 to 16 bits per sample,
/// interlaced or not. Samples below 8 bits are scaled to 0…255 exactly (a
/// 2-bit 1 becomes 85); 16-bit samples are rounded to the nearest 8-bit value
/// (`v × 255 / 65535`, so 0x8080 becomes 0x80), as the PNG specification
/// recommends and ImageMagick's 8-bit conversion does (Pillow truncates to
/// the high byte instead); the decoder then premultiplies those 8-bit
/// values. A file without transparency reads as fully opaque. No gamma
/// is applied: samples are taken as sRGB, as browsers do without colour
/// management.
///
/// The decoder is libspng, not libpng: libpng 1.6.39's simplified reading
/// API (Debian 12's) decodes 16-bit *interlaced* files wrongly. The test
/// suite checks every bit depth, colour type and interlace against a
/// reference decoder.
///
/// Limits come first: the header is read and the sides (1…32,767) and the
/// pixel count (`maximumPixels`) are checked before any pixel memory is
/// allocated, so a 69-byte file that claims 32,767 × 32,767 pixels costs
/// nothing. Decoding needs the image's own 4 bytes a pixel, plus 8 more a
/// pixel while a 16-bit file is converted, and a copy of the file without
/// the chunks drawing never uses (text, colour profiles), which are cut
/// out unread (`PNGAncillaryChunks`).
///
/// Every failure is a thrown ``RenderError`` carrying libspng's
/// explanation, never a crash.
///
/// ```swift
/// let image = try PNGDecoder.decode(contentsOf: "Goldens/render/alpha-group.png")
/// ```
public enum PNGDecoder {
  /// The most pixels an image may have unless the caller says otherwise:
  /// 2²⁸ (1 GiB of decoded pixels), e.g. 16,384 × 16,384.
  public static let defaultMaximumPixels = 1 << 28

  /// The most a deflate stream can expand (its theoretical limit is about
  /// 1032:1), used to refuse before allocating a file whose bytes cannot
  /// possibly hold the pixels its header claims.
  static let maximumDeflateRatio = 1_040

  /// The width and height a PNG's header claims, read without decoding.
  ///
  /// - Parameters:
  ///   - bytes: a PNG file, or at least its first 33 bytes.
  ///   - source: what the bytes are, for messages.
  /// - Throws: ``RenderError`` when the bytes do not start with a valid
  ///   PNG signature and header.
  public static func dimensions(
    of bytes: [UInt8], source: String = "PNG data"
  ) throws(RenderError) -> (width: Int, height: Int) {
    try withDecoder(bytes, source: source) { context throws(RenderError) in
      let header = try readHeader(context, source: source)
      return (Int(header.width), Int(header.height))
    }
  }

  /// What decoding a PNG will cost, read from its header without decoding.
  package struct Cost: Sendable, Equatable {
    package var width: Int
    package var height: Int
    /// The decoded image's bytes, 4 a pixel.
    package var imageBytes: Int
    /// The most memory decoding needs besides the file and the image: the
    /// file without its skipped chunks (`PNGAncillaryChunks`) and, for a
    /// 16-bit file, 8 bytes a pixel while it is converted.
    package var workingBytes: Int
  }

  /// What decoding `bytes` will cost, from the header alone.
  ///
  /// - Throws: ``RenderError`` when the bytes do not start with a valid
  ///   PNG signature and header.
  package static func cost(of bytes: [UInt8], source: String = "PNG data") throws(RenderError)
    -> Cost
  {
    // The signature and the header chunk are all it reads.
    try withDecoder(Array(bytes.prefix(33)), source: source) { context throws(RenderError) in
      let header = try readHeader(context, source: source)
      let pixels = Int(header.width) * Int(header.height)
      return Cost(
        width: Int(header.width), height: Int(header.height), imageBytes: 4 * pixels,
        workingBytes: bytes.count + (header.bit_depth == 16 ? 8 * pixels : 0))
    }
  }

  /// Decodes PNG bytes.
  ///
  /// - Parameters:
  ///   - bytes: a whole PNG file.
  ///   - source: what the bytes are, for messages (a quoted path, say).
  ///   - maximumPixels: the most pixels (width × height) accepted,
  ///     checked from the header before anything is allocated.
  /// - Throws: ``RenderError`` when the bytes are not a complete PNG, or the
  ///   image has a side of more than 32,767 pixels (kind
  ///   ``RenderError/Kind/failure``), or more than `maximumPixels` pixels
  ///   (kind ``RenderError/Kind/overLimit``).
  public static func decode(
    _ bytes: [UInt8], source: String = "PNG data", maximumPixels: Int = defaultMaximumPixels
  ) throws(RenderError) -> Image {
    try withDecoder(bytes, source: source) { context throws(RenderError) in
      let header = try readHeader(context, source: source)
      let width = Int(header.width)
      let height = Int(header.height)
      try Image.validate(width: width, height: height, what: "\(source):")
      guard width * height <= maximumPixels else {
        throw RenderError.tooManyPixels(
          source: source, width: width, height: height, maximumPixels: maximumPixels)
      }
      // The filtered rows alone, before interlacing adds more: a file too
      // short to hold them is broken, whatever its header says.
      let channels = [0: 1, 2: 3, 3: 1, 4: 2, 6: 4][Int(header.color_type)] ?? 4
      let rowBytes = (width * channels * Int(header.bit_depth) + 7) / 8 + 1
      guard height * rowBytes <= bytes.count * maximumDeflateRatio else {
        throw RenderError(
          "cannot decode \(source): \(bytes.count) bytes cannot hold \(width)×\(height) pixels")
      }
      var image = Image(
        uncheckedWidth: width, height: height,
        pixels: [UInt32](repeating: 0, count: width * height))
      if header.bit_depth == 16 {
        var wide = [UInt16](repeating: 0, count: width * height * 4)
        let status = wide.withUnsafeMutableBytes { buffer in
          spng_decode_image(
            context, buffer.baseAddress, buffer.count, Int32(SPNG_FMT_RGBA16.rawValue),
            Int32(SPNG_DECODE_TRNS.rawValue))
        }
        try check(status, "cannot decode \(source)")
        try image.withUnsafeMutablePixels { pixels in
          wide.withUnsafeBufferPointer { samples in
            for i in pixels.indices {
              func narrow(_ value: UInt16) -> UInt32 { (UInt32(value) * 255 + 32_767) / 65_535 }
              let r = narrow(samples[4 * i])
              let g = narrow(samples[4 * i + 1])
              let b = narrow(samples[4 * i + 2])
              let a = narrow(samples[4 * i + 3])
              pixels[i] = PixelMath.premultiply(a << 24 | r << 16 | g << 8 | b)
            }
          }
        }
      } else {
        try image.withUnsafeMutablePixels { pixels throws(RenderError) in
          try check(
            spng_decode_image(
              context, UnsafeMutableRawPointer(pixels.baseAddress), pixels.count * 4,
              Int32(SPNG_FMT_RGBA8.rawValue), Int32(SPNG_DECODE_TRNS.rawValue)),
            "cannot decode \(source)")
          for i in pixels.indices {
            // R, G, B, A bytes in memory read as 0xAABBGGRR little-endian.
            let v = UInt32(littleEndian: pixels[i])
            let argb = (v & 0xFF00_FF00) | (v & 0xFF) << 16 | (v >> 16) & 0xFF
            pixels[i] = PixelMath.premultiply(argb)
          }
        }
      }
      // The chunks after the pixels, up to IEND, must be complete too: a
      // file cut inside the last image-data chunk's checksum is broken.
      try check(spng_decode_chunks(context), "cannot read \(source)")
      return image
    }
  }

  /// Reads and decodes the PNG file at `path`.
  ///
  /// - Parameters:
  ///   - path: the file to read.
  ///   - maximumBytes: the largest file read; see ``BinaryFile/read(_:maximumBytes:)``.
  ///   - maximumPixels: the most pixels accepted, checked from the header.
  /// - Throws: ``RenderError`` naming the path when it cannot be read, is
  ///   not a regular file, is over a limit or is not a valid PNG.
  public static func decode(
    contentsOf path: String, maximumBytes: Int = BinaryFile.defaultMaximumBytes,
    maximumPixels: Int = defaultMaximumPixels
  ) throws(RenderError) -> Image {
    try decode(
      BinaryFile.read(path, maximumBytes: maximumBytes), source: "'\(path)'",
      maximumPixels: maximumPixels)
  }

  /// Runs `body` with a libspng decoder reading `bytes`, freed afterwards.
  private static func withDecoder<R>(
    _ bytes: [UInt8], source: String,
    _ body: (OpaquePointer) throws(RenderError) -> R
  ) throws(RenderError) -> R {
    guard let context = spng_ctx_new(0) else {
      throw RenderError("cannot read \(source): out of memory")
    }
    defer { spng_ctx_free(context) }
    // A chunk's size is bounded too; the ancillary chunks libspng would
    // inflate whatever this says never reach it (PNGAncillaryChunks).
    spng_set_chunk_limits(context, 1 << 26, 1 << 24)
    spng_set_image_limits(context, UInt32(Image.maximumSide), UInt32(Image.maximumSide))
    guard !bytes.isEmpty else { throw RenderError("cannot read \(source): empty data, not a PNG") }
    // Chunks the renderer never uses are cut out first, never inflated.
    let read = PNGAncillaryChunks.stripped(bytes) ?? bytes
    // libspng reads the buffer in place, so everything happens inside.
    let result = read.withUnsafeBytes { buffer in
      Result { () throws(RenderError) -> R in
        try check(
          spng_set_png_buffer(context, buffer.baseAddress, buffer.count), "cannot read \(source)")
        return try body(context)
      }
    }
    return try result.get()
  }

  private static func readHeader(
    _ context: OpaquePointer, source: String
  ) throws(RenderError) -> spng_ihdr {
    var header = spng_ihdr()
    try check(spng_get_ihdr(context, &header), "cannot read \(source)")
    return header
  }

  private static func check(_ status: Int32, _ what: String) throws(RenderError) {
    guard status != 0 else { return }
    let reason = String(cString: spng_strerror(status))
    if status == Int32(SPNG_EUSER_WIDTH.rawValue) || status == Int32(SPNG_EUSER_HEIGHT.rawValue) {
      throw RenderError("\(what): a side is larger than \(Image.maximumSide) pixels (\(reason))")
    }
    throw RenderError("\(what): \(reason)")
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
