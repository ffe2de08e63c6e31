/// Writes an ``Image`` as a PNG file: Transit's own encoder, tuned for
/// rendered frames.
///
/// The choices: 8 bits per channel; colour type RGB when every pixel is
/// opaque (a quarter fewer bytes to deflate) and RGBA otherwise, with the
/// premultiplied pixels divided back to straight alpha as PNG requires; the
/// SUB filter on every row (vectorised C); one IDAT chunk; no
/// ancillary chunks, so the same pixels always give the same bytes. The
/// deflate engine is ISA-L's igzip by default; see ``PNGCompression``.
///
/// Encoding is a pure function of its arguments and shares no state, so
/// frames can be encoded on as many threads as there are cores.
///
/// ```swift
/// let bytes = try PNGEncoder.encode(frame)             // ISA-L, fast
/// let small = try PNGEncoder.encode(frame, compression: .smallest)
/// try BinaryFile.write(bytes, to: "frame-000.png")
/// ```
///
/// - Complexity: O(*n*) in the number of pixels.
public enum PNGEncoder {
  /// Encodes `image` as PNG bytes.
  ///
  /// - Throws: ``RenderError`` when the deflate engine fails.
  public static func encode(
    _ image: Image, compression: PNGCompression = .fast
  ) throws(RenderError) -> [UInt8] {
    let (segment, hasAlpha) = try DeflateSegment.whole(image, compression: compression)
    var stream = ZlibStream(compression: compression)
    stream.append(segment)
    return assemble(
      width: image.width, height: image.height, hasAlpha: hasAlpha, imageData: stream.finish())
  }

  /// A PNG file around a zlib stream of filtered scanlines that was
  /// compressed elsewhere, for pictures compressed in bands on several
  /// threads (see `ZlibStream`, `StreamedPNG`).
  ///
  /// - Parameters:
  ///   - width: the image's width in pixels.
  ///   - height: the image's height in pixels.
  ///   - hasAlpha: whether the scanlines are RGBA (colour type 6) or RGB (2).
  ///   - imageData: the whole zlib stream, header to checksum.
  package static func assemble(width: Int, height: Int, hasAlpha: Bool, imageData: [UInt8])
    -> [UInt8]
  {
    var writer = PNGChunkWriter(capacity: imageData.count + 64)
    writer.append(
      "IHDR", PNGChunkWriter.header(width: width, height: height, hasAlpha: hasAlpha))
    writer.append("IDAT", imageData)
    writer.append("IEND", [])
    return writer.bytes
  }
}

extension Image {
  /// The image as PNG bytes; see ``PNGEncoder``.
  public func pngData(compression: PNGCompression = .fast) throws(RenderError) -> [UInt8] {
    try PNGEncoder.encode(self, compression: compression)
  }

  /// Writes the image as a PNG file at `path`, replacing it.
  public func writePNG(to path: String, compression: PNGCompression = .fast) throws(RenderError) {
    try BinaryFile.write(PNGEncoder.encode(self, compression: compression), to: path)
  }
}
