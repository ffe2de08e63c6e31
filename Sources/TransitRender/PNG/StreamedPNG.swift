import Dispatch
import Synchronization
import Transit

/// A PNG sheet or an APNG animation encoded while its frames are drawn, on
/// every core, holding no more than one frame's pixels per drawing thread.
///
/// The caller draws; the encoder says which frames it wants and compresses
/// each as soon as it arrives, while it is still in the cache:
///
/// - An **animation** filters and deflates every frame on the thread that
///   drew it and keeps only the compressed data (kilobytes a frame); the
///   file is made of them, in order, one piece at a time as it is written.
/// - A **sheet** (a strip or a grid) is made one band, a row of cells, at a
///   time: each frame is filtered into the band's scanlines as it arrives,
///   then the band is cut into pieces that deflate on every core as
///   independent segments of the PNG's one stream.
///
/// The file is RGB when every pixel is opaque and RGBA otherwise, and
/// whether a frame is opaque is known only once it is drawn. The encoder
/// assumes opaque frames and, should one turn out translucent, asks again
/// for what it wrote as RGB: the bytes are the same as if it had known from
/// the start, and the same on every machine (where a band is cut depends on
/// the band alone, never on the number of cores).
///
/// ```swift
/// let png = StreamedPNG(.animation(delays: times.fractions, loopCount: 0))
/// let pieces = try png.encode { indices, _, frame in
///   for index in indices { try frame(index, try renderer.render(scenes[index])) }
/// }
/// try BinaryFile.write(Array(pieces.joined()), to: "push.png")
/// ```
package struct StreamedPNG: Sendable {
  /// What the file holds.
  package enum Content: Sendable {
    /// An APNG of `delays.count` frames, frame `i` showing for `delays[i]`,
    /// played `loopCount` times (0: forever).
    case animation(delays: [FrameDelay], loopCount: Int)
    /// A strip or grid of `layout.count` frames: the padding in
    /// `background`, the cells after the last frame in `empty`.
    case sheet(FrameSheet.Layout, background: Color, empty: Color)
  }

  /// Compressed data the encoder is about to keep until the file is made,
  /// reported first so that whoever accounts for memory can refuse it.
  package enum Kept: Sendable {
    /// Frame `index` of an animation, compressed into `bytes`.
    case frame(index: Int, bytes: Int)
    /// Band `index` of a sheet, adding `bytes` to what is kept of the
    /// sheet (its compressed stream, and the file made of it at the end).
    case band(index: Int, bytes: Int)
  }

  /// Draws frames for the encoder: the frames at `indices` (the second
  /// argument is `true` when they are asked for again, as RGBA), each handed
  /// to `frame` with its index as soon as it is drawn, in any order and on
  /// any threads (distinct frames at once). An error `frame` throws should
  /// stop the drawing and be rethrown.
  package typealias Draw = (
    _ indices: [Int], _ again: Bool, _ frame: @Sendable (Int, Image) throws -> Void
  ) throws -> Void

  /// What the file holds.
  package let content: Content
  /// The deflate engine and level; see ``PNGCompression``.
  package let compression: PNGCompression

  /// An encoder for `content`.
  package init(_ content: Content, compression: PNGCompression = .fast) {
    self.content = content
    self.compression = compression
  }

  /// The number of frames the file holds: `0..<frameCount` are the
  /// indices ``encode(draw:keep:)`` asks for.
  package var frameCount: Int {
    switch content {
    case .animation(let delays, _): delays.count
    case .sheet(let layout, _, _): layout.count
    }
  }

  /// Draws every frame with `draw` and returns the file as consecutive
  /// pieces to write in order; an animation's are made one at a time as
  /// they are read, so the file is never whole in memory.
  ///
  /// - Parameters:
  ///   - draw: draws the frames asked for; see ``Draw``.
  ///   - keep: told of compressed data before it is kept, from any thread;
  ///     throwing stops the run.
  /// - Throws: what `draw` or `keep` throws; ``RenderError`` when frames
  ///   differ in size, the loop count is outside `0…UInt32.max`, a delay's
  ///   denominator is 0, or the deflate engine fails.
  package func encode(draw: Draw, keep: @Sendable (Kept) throws -> Void = { _ in })
    throws -> AnySequence<[UInt8]>
  {
    switch content {
    case .animation(let delays, let loopCount):
      let frames = try compressFrames(delays, draw: draw, keep: keep)
      return AnySequence(try APNGEncoder.pieces(frames, loopCount: loopCount))
    case .sheet(let layout, let background, let empty):
      let hasAlpha =
        (layout.padding > 0 && background.alpha < 1) || (layout.hasEmptyCells && empty.alpha < 1)
      let sheet =
        try self.sheet(layout, background, empty, hasAlpha: hasAlpha, again: false, draw, keep)
        ?? self.sheet(layout, background, empty, hasAlpha: true, again: true, draw, keep)!
      return AnySequence(CollectionOfOne(sheet))
    }
  }

  /// Every frame of the animation compressed, all RGB or, once any frame
  /// turns out translucent, all RGBA.
  private func compressFrames(
    _ delays: [FrameDelay], draw: Draw, keep: @Sendable (Kept) throws -> Void
  ) throws -> [APNGEncoder.CompressedFrame] {
    let compression = self.compression
    let translucent = Atomic(false)
    let compressed = Mutex<[APNGEncoder.CompressedFrame?]>(
      Array(repeating: nil, count: delays.count))
    try withoutActuallyEscaping(keep) { keep in
      let frame: @Sendable (Int, Image) throws -> Void = { index, image in
        // RGB while every frame so far was opaque; the filter finds out.
        let frame = try APNGEncoder.compress(
          .init(image: image, delay: delays[index]),
          hasAlpha: translucent.load(ordering: .relaxed) ? true : nil, compression: compression)
        if frame.hasAlpha { translucent.store(true, ordering: .relaxed) }
        try keep(.frame(index: index, bytes: frame.byteCount))
        compressed.withLock { $0[index] = frame }
      }
      try draw(Array(delays.indices), false, frame)
      if translucent.load(ordering: .relaxed) {
        // Frames written as RGB before a translucent one showed up, again as RGBA.
        let redo = compressed.withLock { all in all.indices.filter { !all[$0]!.hasAlpha } }
        try draw(redo, true, frame)
      }
    }
    return compressed.withLock { $0.map { $0! } }
  }

  /// The sheet's PNG, or `nil` when a frame turned out translucent while
  /// `hasAlpha` is false.
  private func sheet(
    _ layout: FrameSheet.Layout, _ background: Color, _ empty: Color, hasAlpha: Bool,
    again: Bool, _ draw: Draw, _ keep: @Sendable (Kept) throws -> Void
  ) throws -> [UInt8]? {
    let scanlines = SheetScanlines(layout: layout, hasAlpha: hasAlpha)
    let translucent = Atomic(false)
    var stream = ZlibStream(compression: compression)
    var kept = 0
    for band in 0..<layout.rows {
      guard scanlines.begin(band: band, background: background, empty: empty) else { return nil }
      // Each frame is filtered into its cell as soon as it is drawn, while
      // it is in the cache (see SheetScanlines).
      try draw(Array(layout.cells(inBand: band)), again) { index, image in
        if !scanlines.place(image, inCell: index) { translucent.store(true, ordering: .relaxed) }
      }
      if translucent.load(ordering: .relaxed) { return nil }
      scanlines.join()
      for segment in try compress(scanlines, endsStream: band == layout.rows - 1) {
        stream.append(segment)
      }
      // Held twice at the end: the stream, then the file made of it.
      try keep(.band(index: band, bytes: 2 * (stream.byteCount - kept)))
      kept = stream.byteCount
    }
    return PNGEncoder.assemble(
      width: layout.width, height: layout.height, hasAlpha: hasAlpha, imageData: stream.finish())
  }

  /// A band's scanlines cut into pieces (see ``pieceCuts(rows:rowBytes:)``)
  /// deflated on every core.
  private func compress(_ scanlines: SheetScanlines, endsStream: Bool) throws(RenderError)
    -> [DeflateSegment]
  {
    let cuts = StreamedPNG.pieceCuts(rows: scanlines.rowCount, rowBytes: scanlines.rowBytes)
    let count = cuts.count - 1
    let compression = self.compression
    let results = Mutex<[Result<DeflateSegment, RenderError>?]>(
      Array(repeating: nil, count: count))
    DispatchQueue.concurrentPerform(iterations: count) { piece in
      let result = Result { () throws(RenderError) in
        try DeflateSegment(
          scanlines: scanlines.bytes + cuts[piece] * scanlines.rowBytes,
          count: (cuts[piece + 1] - cuts[piece]) * scanlines.rowBytes,
          compression: compression, isLast: endsStream && piece == count - 1)
      }
      results.withLock { $0[piece] = result }
    }
    return try results.withLock { $0 }.map { result throws(RenderError) in try result!.get() }
  }

  /// Where a band of `rows` scanlines of `rowBytes` bytes is cut into
  /// pieces: `0`, …, `rows`. Whole rows, about 4 MiB of scanlines a piece:
  /// large enough that a piece's restart costs little compression, small
  /// enough to share out among cores; never depending on the cores, so that
  /// the bytes are the same on every machine.
  package static func pieceCuts(rows: Int, rowBytes: Int) -> [Int] {
    let perPiece = max(1, (4 << 20) / rowBytes)
    let count = max(1, (rows + perPiece / 2) / perPiece)
    return (0...count).map { $0 * rows / count }
  }
}
