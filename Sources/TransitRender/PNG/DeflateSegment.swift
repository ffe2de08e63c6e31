import CTransitDeflate

/// A band of an image's rows, filtered and deflated on its own: a piece of
/// the zlib stream inside a PNG's `IDAT` (or an APNG's `fdAT`).
///
/// The pieces are what let one picture compress on every core. A segment
/// that is not the last ends on a byte boundary without the final-block bit
/// and refers to nothing before it, so segments compressed independently, in
/// any order and on any thread, written one after the other make one valid
/// deflate stream — the way pigz splits a file. The stream's Adler-32 comes
/// from the segments' own checksums, combined without rereading the data.
///
/// ```swift
/// var stream = ZlibStream(compression: .fast)
/// for band in bands { stream.append(try DeflateSegment(rows: band, ...)) }
/// let idat = stream.finish()
/// ```
package struct DeflateSegment: Sendable {
  /// The compressed bytes.
  var bytes: [UInt8]
  /// The Adler-32 of the filtered scanlines it holds.
  var adler: UInt32
  /// How many filtered bytes it holds.
  var rawCount: Int

  /// Filters and deflates `rowCount` rows of `width` premultiplied ARGB32
  /// pixels starting at `pixels`, rows `stride` pixels apart.
  ///
  /// - Parameters:
  ///   - pixels: the first pixel of the first row.
  ///   - width: pixels per row.
  ///   - stride: pixels from one row to the next (at least `width`).
  ///   - rowCount: how many rows.
  ///   - hasAlpha: RGBA scanlines (straight alpha) rather than RGB.
  ///   - compression: the engine and level; every segment of a stream
  ///     should use the same one.
  ///   - isLast: whether this segment ends the stream.
  /// - Throws: ``RenderError`` when RGB is asked for but a pixel is not
  ///   opaque, or the engine fails or memory runs out.
  package init(
    rows pixels: UnsafePointer<UInt32>, width: Int, stride: Int, rowCount: Int, hasAlpha: Bool,
    compression: PNGCompression, isLast: Bool
  ) throws(RenderError) {
    guard
      let segment = try DeflateSegment.compress(
        pixels, width: width, stride: stride, rowCount: rowCount, hasAlpha: hasAlpha,
        compression: compression, isLast: isLast)
    else { throw RenderError("a translucent pixel cannot be written as RGB") }
    self = segment
  }

  /// Deflates `count` bytes of scanlines that are already filtered, such as
  /// a piece of a ``SheetScanlines`` band.
  ///
  /// - Throws: ``RenderError`` when the engine fails or memory runs out.
  package init(
    scanlines: UnsafePointer<UInt8>, count: Int, compression: PNGCompression, isLast: Bool
  ) throws(RenderError) {
    var segment = transit_segment()
    defer { transit_segment_free(&segment) }
    let status = transit_deflate_bytes(
      scanlines, count, compression.engineLevel, isLast ? 1 : 0, &segment)
    try self.init(segment, status: status, compression: compression)
  }

  /// The engine's `segment`, or its failure when `status` is not 0.
  private init(_ segment: transit_segment, status: Int32, compression: PNGCompression)
    throws(RenderError)
  {
    guard status == 0 else {
      throw RenderError("compressing image data failed (\(compression.rawValue), status \(status))")
    }
    bytes = Array(UnsafeBufferPointer(start: segment.bytes, count: segment.count))
    adler = segment.adler
    rawCount = segment.raw_count
  }

  /// The segment, or `nil` when `hasAlpha` is false and a pixel turns out
  /// not to be opaque: the filter checks as it goes, so choosing RGB costs
  /// no pass of its own.
  ///
  /// - Throws: ``RenderError`` when the engine fails or memory runs out.
  package static func compress(
    _ pixels: UnsafePointer<UInt32>, width: Int, stride: Int, rowCount: Int, hasAlpha: Bool,
    compression: PNGCompression, isLast: Bool
  ) throws(RenderError) -> DeflateSegment? {
    var segment = transit_segment()
    defer { transit_segment_free(&segment) }
    let status = transit_deflate_rows(
      pixels, stride, width, rowCount, hasAlpha ? 1 : 0, compression.engineLevel, isLast ? 1 : 0,
      &segment)
    if status == TRANSIT_DEFLATE_TRANSLUCENT { return nil }
    return try DeflateSegment(segment, status: status, compression: compression)
  }

  /// A whole image as one segment that ends the stream: RGB when `hasAlpha`
  /// is false and every pixel is opaque (else `nil`), RGBA when it is true.
  static func whole(_ image: Image, hasAlpha: Bool, compression: PNGCompression)
    throws(RenderError) -> DeflateSegment?
  {
    var result: Result<DeflateSegment?, RenderError>?
    image.pixels.withUnsafeBufferPointer { pixels in
      result = Result { () throws(RenderError) in
        try DeflateSegment.compress(
          pixels.baseAddress!, width: image.width, stride: image.width, rowCount: image.height,
          hasAlpha: hasAlpha, compression: compression, isLast: true)
      }
    }
    return try result!.get()
  }

  /// A whole image as one segment: RGB when every pixel is opaque, else
  /// RGBA (found out while filtering); returns the segment and which it is.
  static func whole(_ image: Image, compression: PNGCompression) throws(RenderError)
    -> (segment: DeflateSegment, hasAlpha: Bool)
  {
    if let rgb = try whole(image, hasAlpha: false, compression: compression) {
      return (rgb, false)
    }
    return (try whole(image, hasAlpha: true, compression: compression)!, true)
  }
}

/// A zlib stream (RFC 1950) put together from ``DeflateSegment``s: the
/// two-byte header, the segments in order, and the Adler-32 of everything
/// they hold.
package struct ZlibStream: Sendable {
  /// The stream so far.
  private(set) var bytes: [UInt8]

  /// The bytes of the stream so far, for whoever accounts for memory.
  package var byteCount: Int { bytes.count }
  private var adler: UInt32 = 1

  /// Starts a stream with the header for `compression`.
  package init(compression: PNGCompression) {
    bytes = [0x78, compression.zlibFlags]
  }

  /// Appends the next segment.
  package mutating func append(_ segment: DeflateSegment) {
    bytes.append(contentsOf: segment.bytes)
    adler = transit_adler32_combine(adler, segment.adler, segment.rawCount)
  }

  /// The whole stream: what has been appended, then the checksum.
  package consuming func finish() -> [UInt8] {
    PNGChunkWriter.append32(adler, to: &bytes)
    return bytes
  }
}
