import Dispatch
import Synchronization
import Transit
import TransitRender

/// Draws frames on every core and hands them to the chosen layout, keeping
/// memory flat however many frames there are.
///
/// Each worker owns its Renderer (a Cairo context is never used by two
/// threads at once) and draws every frame into the memory of its frame
/// before (a ``FrameWorker``, kept for every band and pass of the run in
/// ``FrameWorkers``); it takes the next frame index from a shared counter, so
/// a slow frame never holds the others up. For PNG, nothing but that one
/// frame's memory per worker is kept longer than it takes to compress it:
///
/// - `frames`: a worker encodes and stages each PNG as soon as it is drawn.
/// - `apng`: a worker filters and deflates each frame as soon as it is drawn
///   and keeps only the compressed data (kilobytes), which is put together
///   in order at the end.
/// - `strip`, `grid`: the sheet is made one band (a row of cells) at a time:
///   a worker filters each of the band's frames into the band's scanlines
///   (`SheetScanlines`) as soon as it is drawn, then the scanlines are cut
///   into pieces that deflate on every core as independent segments of the
///   PNG's one stream (see `DeflateSegment`).
///
/// GIF, WebP, video and sheets with row titles keep every frame until all
/// are drawn, then encode them; vector formats draw the scenes straight
/// into the file.
///
/// PNG writes RGB when every pixel is opaque; whether a frame is opaque is
/// known only once it is drawn. The pipeline assumes opaque frames and,
/// should one turn out translucent, draws again what it wrote as RGB: the
/// output is the same as if it had known from the start.
struct FramePipeline {
  /// What to draw and how to write it, with its output already planned
  /// (format and layout set).
  var job: Job
  var pixelWidth: Int
  var pixelHeight: Int
  /// When each frame shows, for an animation; `nil` for sheets and frame sets.
  var times: FrameTimes?
  /// The workers' renderers and frame memory, for every call to `draw`.
  let workers = FrameWorkers(count: FramePipeline.workerCount)

  static var workerCount: Int { max(1, Platform.coreCount) }

  var renderOptions: RenderOptions { RenderOptions(scale: job.output.scale, images: job.images) }

  /// Checks the limits before any work; see ``OutputBudget``. Returns the
  /// run's budget with the output charged.
  @discardableResult
  func checkLimits() throws(CLIError) -> MemoryBudget {
    let memory = try budget.check()
    if format == .webp, max(pixelWidth, budget.cellHeight) > WebPEncoder.maximumSide {
      throw CLIError.usage(
        "a WebP frame is at most \(WebPEncoder.maximumSide) pixels a side, got \(pixelWidth)×\(budget.cellHeight); lower --size or --scale"
      )
    }
    if format == .gif || format == .webp, job.output.loops > 65_535 {
      throw CLIError.usage(
        "--loops \(job.output.loops): a \(format.rawValue) loops at most 65535 times (0 loops forever)"
      )
    }
    return memory
  }

  var budget: OutputBudget {
    OutputBudget(
      frames: job.frames, layout: layout, columns: job.output.columns, padding: job.output.padding,
      labels: job.output.labels, pixelWidth: pixelWidth, pixelHeight: pixelHeight,
      rowTitles: job.rowTitles.isEmpty ? 0 : FrameSheet.rowTitleHeight,
      format: format, memory: job.memory,
      streams: format == .png && (layout == .apng || layout == .animation || job.rowTitles.isEmpty),
      workerCount: FramePipeline.workerCount)
  }

  /// Draws every frame; `body` receives each (index, image) on a worker thread.
  func draw(progress: ProgressBar, _ body: @Sendable (Int, Image) throws(CLIError) -> Void)
    throws(CLIError)
  {
    try draw(Array(job.frames.indices), progress: progress, body)
  }

  /// Draws the frames at `indices` on every core; `body` receives each
  /// (index, image) on a worker thread.
  ///
  /// Each worker has its own Renderer and frame memory (a ``FrameWorker``,
  /// kept in ``workers`` from one call to the next) and takes the next index
  /// from a shared counter, so that a slow frame never holds the others up;
  /// the first failure stops them.
  func draw(
    _ indices: [Int], progress: ProgressBar?,
    _ body: @Sendable (Int, Image) throws(CLIError) -> Void
  ) throws(CLIError) {
    let frames = self.job.frames
    let labels = job.output.labels
    let next = Atomic(0)
    let failure = Mutex<CLIError?>(nil)
    let options = renderOptions
    let workers = self.workers
    DispatchQueue.concurrentPerform(iterations: min(FramePipeline.workerCount, indices.count)) {
      slot in
      let worker = workers.worker(slot, options: options)
      while failure.withLock({ $0 == nil }) {
        let position = next.add(1, ordering: .relaxed).oldValue
        guard position < indices.count else { return }
        let index = indices[position]
        do {
          var image = try worker.draw(frames[index].scene())
          if labels { image = try worker.label(FrameLabel.text(for: frames[index]), below: image) }
          try body(index, image)
          progress?.advance()
        } catch {
          let failed =
            error as? CLIError ?? .failed("drawing frame \(index) failed: \(error)", cause: error)
          failure.withLock { if $0 == nil { $0 = failed } }
        }
      }
    }
    if let error = failure.withLock({ $0 }) { throw error }
  }

  /// Draws and writes everything to `destination` (staged, renamed at the
  /// end); for `-` returns the single file's bytes instead, for standard output.
  func run(to destination: String, atomic: AtomicOutput, quiet: Bool) throws(CLIError) -> [UInt8]? {
    // What is kept compressed is spent from the budget as it is made.
    let account = MemoryAccount(try checkLimits(), allowance: budget.compressedAllowance)
    let progress = ProgressBar(total: job.frames.count, label: "drawing", quiet: quiet)
    defer { progress.finish() }
    let compression = job.output.compression.png
    let bytes: [UInt8]
    switch layout {
    case .frames:
      guard let pattern = FramePattern(destination) else {
        throw CLIError.usage("--output: expected a pattern with one %0Nd, got \"\(destination)\"")
      }
      // Every final name is checked before drawing, so that the renames at
      // the end cannot fail halfway through the set.
      for index in job.frames.indices { try AtomicOutput.checkWritable(pattern.path(index)) }
      try draw(progress: progress) { index, image throws(CLIError) in
        let bytes: [UInt8]
        do { bytes = try PNGEncoder.encode(image, compression: compression) } catch {
          throw CLIError.failed("encoding frame \(index) failed: \(error)", cause: error)
        }
        try atomic.stage(bytes, as: pattern.path(index))
      }
      return nil
    case _ where format.isVector:
      bytes = try encodeVector(progress: progress)
    case .animation where format == .png, .apng where format == .png:
      let pieces = try animationPieces(try animation(progress: progress, account: account))
      if destination == "-" { return Array(pieces.joined()) }
      // Written piece by piece, so the file is never whole in memory.
      try atomic.stage(pieces: pieces, as: destination)
      return nil
    case .strip where format == .png && job.rowTitles.isEmpty,
      .grid where format == .png && job.rowTitles.isEmpty:
      bytes = try sheet(progress: progress, account: account)
    case .animation where format == .html:
      let name = destination.split(separator: "/").last.map(String.init) ?? "story"
      bytes = try playerPage(title: name, progress: progress, account: account)
    case .strip, .grid, .animation, .apng:
      let images = Mutex<[Image?]>(Array(repeating: nil, count: job.frames.count))
      try draw(progress: progress) { index, image throws(CLIError) in
        images.withLock { $0[index] = image }
      }
      bytes = try encodeSingleFile(images.withLock { $0.map { $0! } })
    }
    if destination == "-" { return bytes }
    try atomic.stage(bytes, as: destination)
    return nil
  }
}

extension FramePipeline {
  /// The APNG's frames, compressed as they are drawn (all RGB, or all RGBA
  /// if any frame is translucent), for ``APNGEncoder/pieces(_:loopCount:)``.
  private func animation(progress: ProgressBar, account: MemoryAccount) throws(CLIError)
    -> [APNGEncoder.CompressedFrame]
  {
    let compression = job.output.compression.png
    let delays = frameTimes.fractions
    let translucent = Atomic(false)
    let compressed = Mutex<[APNGEncoder.CompressedFrame?]>(
      Array(repeating: nil, count: job.frames.count))
    let body: @Sendable (Int, Image) throws(CLIError) -> Void = { index, image throws(CLIError) in
      // RGB while every frame so far was opaque; the filter finds out.
      let frame: APNGEncoder.CompressedFrame
      do {
        frame = try APNGEncoder.compress(
          .init(image: image, delay: delays[index]),
          hasAlpha: translucent.load(ordering: .relaxed) ? true : nil, compression: compression)
      } catch {
        throw CLIError.failed("encoding frame \(index) failed: \(error)", cause: error)
      }
      if frame.hasAlpha { translucent.store(true, ordering: .relaxed) }
      try account.spend(
        frame.byteCount, for: "frame \(index + 1) compressed (\(frame.byteCount) bytes)",
        advice: "use --layout frames, fewer frames or a smaller --scale")
      compressed.withLock { $0[index] = frame }
    }
    try draw(Array(job.frames.indices), progress: progress, body)
    if translucent.load(ordering: .relaxed) {
      // Frames written as RGB before a translucent one showed up, again as RGBA.
      let redo = compressed.withLock { all in all.indices.filter { !all[$0]!.hasAlpha } }
      try draw(redo, progress: nil, body)
    }
    return compressed.withLock { $0.map { $0! } }
  }

  /// The APNG file of `frames`, as pieces made while they are written.
  private func animationPieces(_ frames: [APNGEncoder.CompressedFrame]) throws(CLIError)
    -> some Sequence<[UInt8]>
  {
    do { return try APNGEncoder.pieces(frames, loopCount: job.output.loops) } catch {
      throw CLIError.failed("composing the output failed: \(error)", cause: error)
    }
  }

  /// The strip's or grid's cells: frames with their labels.
  func sheetLayout() throws(CLIError) -> FrameSheet.Layout {
    let cellHeight = budget.cellHeight
    let columns =
      layout == .grid
      ? (job.output.columns ?? Int(Double(job.frames.count).squareRoot().rounded(.up))) : nil
    do {
      return try FrameSheet.Layout(
        cellWidth: pixelWidth, cellHeight: cellHeight, count: job.frames.count, columns: columns,
        padding: job.output.padding)
    } catch {
      throw CLIError.usage("cannot lay out the frames: \(error.message)")
    }
  }

  /// The strip or grid, drawn and compressed a band at a time on every core.
  ///
  /// The padding takes `--background`; cells after the last frame take it
  /// too, unless it is transparent: then they take the scene's own
  /// background, so that a sheet of opaque frames stays opaque (and RGB).
  private func sheet(progress: ProgressBar, account: MemoryAccount) throws(CLIError) -> [UInt8] {
    let layout = try sheetLayout()
    let background = ColorText.parse(job.output.background) ?? .clear
    let empty =
      background.alpha > 0 ? background : job.frames[job.frames.count - 1].scene().backgroundColor
    var hasAlpha =
      (layout.padding > 0 && background.alpha < 1) || (layout.hasEmptyCells && empty.alpha < 1)
    if let bytes = try sheet(
      layout, background, empty, hasAlpha: hasAlpha, progress: progress, account: account)
    {
      return bytes
    }
    // A translucent frame: the sheet again as RGBA.
    hasAlpha = true
    return try sheet(
      layout, background, empty, hasAlpha: true, progress: nil, account: account)!
  }

  /// The sheet's PNG, or `nil` when a frame turned out translucent while
  /// `hasAlpha` is false. The compressed stream is spent from `account` a
  /// band at a time, twice (the stream, then the file made of it).
  private func sheet(
    _ layout: FrameSheet.Layout, _ background: Color, _ empty: Color, hasAlpha: Bool,
    progress: ProgressBar?, account: MemoryAccount
  ) throws(CLIError) -> [UInt8]? {
    let compression = job.output.compression.png
    let scanlines = SheetScanlines(layout: layout, hasAlpha: hasAlpha)
    let translucent = Atomic(false)
    var stream = ZlibStream(compression: compression)
    var spent = 0
    for b in 0..<layout.rows {
      guard scanlines.begin(band: b, background: background, empty: empty) else { return nil }
      // Each frame is filtered into its cell as soon as it is drawn, while
      // it is in the cache (see SheetScanlines).
      try draw(Array(layout.cells(inBand: b)), progress: progress) { index, image in
        if !scanlines.place(image, inCell: index) { translucent.store(true, ordering: .relaxed) }
      }
      if translucent.load(ordering: .relaxed) { return nil }
      scanlines.join()
      for segment in try compress(
        scanlines, compression: compression, endsStream: b == layout.rows - 1)
      {
        stream.append(segment)
      }
      try account.spend(
        2 * (stream.byteCount - spent), for: "the sheet's rows compressed (band \(b + 1))",
        advice: "use --layout frames, fewer frames or a smaller --scale")
      spent = stream.byteCount
    }
    return PNGEncoder.assemble(
      width: layout.width, height: layout.height, hasAlpha: hasAlpha, imageData: stream.finish())
  }

  /// A band's scanlines cut into pieces deflated on every core.
  ///
  /// The cuts depend on the band alone, never on the number of cores, so
  /// that the file's bytes are the same on every machine: whole rows, about
  /// 4 MiB of scanlines a piece (large enough that a piece's restart costs
  /// little compression, small enough to share out among cores).
  private func compress(
    _ scanlines: SheetScanlines, compression: PNGCompression, endsStream: Bool
  ) throws(CLIError) -> [DeflateSegment] {
    let cuts = FramePipeline.pieceCuts(rows: scanlines.rowCount, rowBytes: scanlines.rowBytes)
    let count = cuts.count - 1
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
    do {
      return try results.withLock { $0 }.map { result throws(RenderError) in try result!.get() }
    } catch {
      throw CLIError.failed("compressing the sheet failed: \(error)", cause: error)
    }
  }

  /// Where a band of `rows` scanlines of `rowBytes` bytes is cut into
  /// pieces: `0`, …, `rows`.
  static func pieceCuts(rows: Int, rowBytes: Int) -> [Int] {
    let perPiece = max(1, (4 << 20) / rowBytes)
    let count = max(1, (rows + perPiece / 2) / perPiece)
    return (0...count).map { $0 * rows / count }
  }
}
