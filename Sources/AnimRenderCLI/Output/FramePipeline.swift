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
/// - `animation`, `strip`, `grid`: the frames go to a ``StreamedPNG``,
///   which compresses each as it arrives (a sheet one row of cells at a
///   time) and asks again, as RGBA, for what it wrote as RGB should a frame
///   turn out translucent.
///
/// GIF, WebP, video and sheets with row titles keep every frame until all
/// are drawn, then encode them; vector formats draw the scenes straight
/// into the file.
struct FramePipeline {
  /// What to draw and how to write it, with its output already planned
  /// (format and layout set).
  var job: Job
  /// The format, layout, columns and background, resolved once.
  let plan: OutputPlan
  var pixelWidth: Int
  var pixelHeight: Int
  /// When each frame shows, for an animation; `nil` for sheets and frame sets.
  var times: FrameTimes?
  /// The workers' renderers and frame memory, for every call to `draw`.
  let workers = FrameWorkers(count: FramePipeline.workerCount)

  static var workerCount: Int { max(1, Platform.coreCount) }

  var renderOptions: RenderOptions { RenderOptions(scale: job.output.scale, images: job.images) }

  /// Checks the limits before any work; see ``OutputBudget``. Returns the
  /// run's budget with the output charged, for ``run(to:atomic:quiet:memory:)``.
  func checkLimits() throws(CLIError) -> MemoryBudget {
    var memory = try budget.check()
    try chargePerspectivePictures(to: &memory)
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

  /// Charges the offscreen pictures of 3-D views, when any frame has one.
  /// A vector output draws every frame with one renderer, so for one
  /// worker (what it embeds, the projected pictures, is charged as each
  /// frame is drawn, see ``encodeVector(progress:memory:)``).
  ///
  /// A 3-D view is drawn into a picture of at most
  /// `OffscreenPictureSize.pixelLimit` pixels for the frame's size, which
  /// takes at most `OffscreenPictureSize.bytes(pixelLimit:)` (its pixels
  /// with their headroom, and column runs): the renderer's own figures, so
  /// the charge is what drawing may allocate. The workers share one cache
  /// of such pictures (`OffscreenPictures.keptMemory`), and each worker
  /// draws or holds beside it one picture per level of nesting (a 3-D view
  /// inside a 3-D view) and one buffer for the projections that cannot be
  /// composited straight into the frame (`ScratchPixels`).
  func chargePerspectivePictures(to memory: inout MemoryBudget) throws(CLIError) {
    let depth = FramePipeline.perspectiveDepth(of: job.frames)
    guard depth > 0 else { return }
    let drawing = format.isVector ? 1 : min(FramePipeline.workerCount, job.frames.count)
    try memory.charge(
      FramePipeline.perspectivePictureBytes(
        pixelWidth: pixelWidth, pixelHeight: pixelHeight, depth: depth, workers: drawing),
      for:
        "the offscreen pictures of 3-D views nested \(depth) deep, for \(drawing) worker\(drawing == 1 ? "" : "s")",
      advice: FramePipeline.perspectiveAdvice(format: format, layout: layout))
  }

  /// How a run refused for its 3-D views' pictures can need less: smaller
  /// frames, or, for a raster strip or grid, an SVG or PDF output (which
  /// draws every frame with one renderer, so holds one worker's pictures).
  /// An output already vector, or a layout no vector format holds (frames,
  /// an animation), is told only the first.
  static func perspectiveAdvice(format: OutputFormat, layout: OutputOptions.Layout) -> String {
    let smaller = "use a smaller --scale or --size"
    let vectorLayouts = OutputFormat.allCases.filter(\.isVector).flatMap(\.layouts)
    guard !format.isVector, vectorLayouts.contains(layout) else { return smaller }
    return "\(smaller), or an SVG or PDF output"
  }

  /// The most memory the offscreen pictures of 3-D views nested `depth`
  /// deep take while `workers` workers draw frames of
  /// `pixelWidth`×`pixelHeight`, or -1 when it does not fit an `Int`.
  static func perspectivePictureBytes(
    pixelWidth: Int, pixelHeight: Int, depth: Int, workers: Int
  ) -> Int {
    let limit = OffscreenPictureSize.pixelLimit(frameWidth: pixelWidth, frameHeight: pixelHeight)
    let pictureBytes = OffscreenPictureSize.bytes(pixelLimit: limit)
    // A projection is at most its clip: the frame, or the picture of a
    // 3-D view around it.
    let frame = pixelWidth * pixelHeight
    let scratch = ScratchPixels.bytes(forPixels: depth > 1 ? max(frame, limit) : frame)
    let (pictures, overflowsLevels) = pictureBytes.multipliedReportingOverflow(by: depth)
    let (perWorker, overflowsWorker) = pictures.addingReportingOverflow(scratch)
    let (all, overflowsAll) = perWorker.multipliedReportingOverflow(by: workers)
    let (needed, overflows) = all.addingReportingOverflow(OffscreenPictures.keptMemory)
    return overflowsLevels || overflowsWorker || overflowsAll || overflows ? -1 : needed
  }

  var budget: OutputBudget {
    OutputBudget(
      frames: job.frames, layout: layout, columns: plan.columns(count: job.frames.count),
      padding: job.output.padding,
      labels: job.output.labels, pixelWidth: pixelWidth, pixelHeight: pixelHeight,
      rowTitles: job.rowTitles.isEmpty ? 0 : FrameSheet.rowTitleHeight,
      format: format, memory: job.memory,
      streams: plan.streamsPNG(rowTitles: !job.rowTitles.isEmpty),
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
  /// end); for `-` returns the single file's bytes instead, for standard
  /// output. `memory` is the budget ``checkLimits()`` returned.
  func run(to destination: String, atomic: AtomicOutput, quiet: Bool, memory: MemoryBudget)
    throws(CLIError) -> [UInt8]?
  {
    // What is kept compressed is spent from the budget as it is made.
    let account = MemoryAccount(memory, allowance: budget.compressedAllowance)
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
      bytes = try encodeVector(progress: progress, memory: memory)
    case _ where plan.streamsPNG(rowTitles: !job.rowTitles.isEmpty):
      let pieces = try streamedPNG(progress: progress, account: account)
      if destination == "-" { return Array(pieces.joined()) }
      // Written piece by piece, so an animation is never whole in memory.
      try atomic.stage(pieces: pieces, as: destination)
      return nil
    case .animation where format == .html:
      let name = destination.split(separator: "/").last.map(String.init) ?? "story"
      bytes = try playerPage(title: name, progress: progress, account: account)
    case .strip, .grid, .animation:
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
  /// The APNG, strip or grid as PNG pieces, compressed on every core as
  /// the frames are drawn (see ``StreamedPNG``); what is kept compressed is
  /// spent from `account`.
  private func streamedPNG(progress: ProgressBar, account: MemoryAccount) throws(CLIError)
    -> AnySequence<[UInt8]>
  {
    let png = StreamedPNG(try streamedContent(), compression: job.output.compression.png)
    do {
      return try png.encode(
        draw: { indices, again, frame in
          try draw(indices, progress: again ? nil : progress) { index, image throws(CLIError) in
            do { try frame(index, image) } catch let error as CLIError { throw error } catch {
              throw CLIError.failed("encoding frame \(index) failed: \(error)", cause: error)
            }
          }
        },
        keep: { kept throws(CLIError) in
          let advice = "use --layout frames, fewer frames or a smaller --scale"
          switch kept {
          case .frame(let index, let bytes):
            try account.spend(
              bytes, for: "frame \(index + 1) compressed (\(bytes) bytes)", advice: advice)
          case .band(let index, let bytes):
            try account.spend(
              bytes, for: "the sheet's rows compressed (band \(index + 1))", advice: advice)
          }
        })
    } catch let error as CLIError {
      throw error
    } catch {
      throw CLIError.failed("composing the output failed: \(error)", cause: error)
    }
  }

  /// What the streamed PNG holds: the animation's frames and delays, or
  /// the sheet's cells. The padding takes `--background`; cells after the
  /// last frame take it too, unless it is transparent: then they take the
  /// scene's own background, so that a sheet of opaque frames stays opaque
  /// (and RGB).
  private func streamedContent() throws(CLIError) -> StreamedPNG.Content {
    if layout == .animation {
      return .animation(delays: frameTimes.fractions, loopCount: job.output.loops)
    }
    let background = plan.background
    let empty =
      background.alpha > 0 ? background : job.frames[job.frames.count - 1].scene().backgroundColor
    return .sheet(try sheetLayout(), background: background, empty: empty)
  }

  /// The strip's or grid's cells: frames with their labels.
  func sheetLayout() throws(CLIError) -> FrameSheet.Layout {
    let cellHeight = budget.cellHeight
    do {
      return try FrameSheet.Layout(
        cellWidth: pixelWidth, cellHeight: cellHeight, count: job.frames.count,
        columns: plan.columns(count: job.frames.count),
        padding: job.output.padding)
    } catch {
      throw CLIError.usage("cannot lay out the frames: \(error.message)")
    }
  }
}
