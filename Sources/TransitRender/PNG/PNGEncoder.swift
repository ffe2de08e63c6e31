/// Writes an ``Image`` as a PNG file: Transit's own encoder, tuned for
/// rendered frames.
///
/// The choices: 8 bits per channel; colour type RGB when every pixel is
/// opaque (a quarter fewer bytes to deflate) and RGBA otherwise, with the
/// premultiplied pixels divided back to straight alpha as PNG requires; the
/// SUB filter on every row; one IDAT chunk; no ancillary chunks, so the same
/// pixels always give the same bytes.
///
/// Encoding is a pure function of its arguments and shares no state, so
/// frames can be encoded on as many threads as there are cores.
///
/// ```swift
/// let bytes = try PNGEncoder.encode(frame)             // zlib level 1
/// let small = try PNGEncoder.encode(frame, compression: .best)
/// try BinaryFile.write(bytes, to: "frame-000.png")
/// ```
///
/// - Complexity: O(*n*) in the number of pixels.
public enum PNGEncoder {
  /// Encodes `image` as PNG bytes.
  ///
  /// - Throws: ``RenderError`` when the compression level is outside 0…9 or
  ///   zlib fails.
  public static func encode(
    _ image: Image, compression: PNGCompression = .fast
  ) throws(RenderError) -> [UInt8] {
    let level = compression.zlibLevel
    guard (0...9).contains(level) else { throw RenderError("zlib level \(level) is outside 0…9") }
    let hasAlpha = !image.isOpaque
    var writer = PNGChunkWriter(capacity: 1 << 16)
    writer.append(
      "IHDR", PNGChunkWriter.header(width: image.width, height: image.height, hasAlpha: hasAlpha))
    try writer.append("IDAT") { output throws(RenderError) in
      try ScanlineFilter.appendCompressedImageData(
        image, hasAlpha: hasAlpha, level: level, to: &output)
    }
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
