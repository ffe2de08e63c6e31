import TransitRender

/// The limits of one run's output, checked before anything is drawn: how
/// many frames, how large each is, the sheet a strip or grid makes (padding
/// and labels included), and the memory drawing and writing them needs,
/// charged to the run's one ``MemoryBudget`` on top of what its inputs
/// hold.
///
/// Everything is computed with checked arithmetic from the run's numbers,
/// so an absurd `--columns`, `--padding` or `--size` is a clear exit 64
/// here instead of a trap, or an error found after every frame was drawn.
///
/// What the output needs, at 4 bytes a pixel:
///
/// - drawing: two frames (the frame and its surface) per worker drawing;
/// - what the layout keeps: nothing for `--layout frames`; each frame
///   compressed (counted at an eighth of its pixels) for a PNG animation;
///   one row of cells for a PNG strip or grid; every frame, the sheet and
///   its encoding otherwise;
/// - the encoder's working memory, measured: libwebp's animation encoder
///   about 8 frames' worth, the GIF encoder a byte a pixel of every frame
///   and two frames, ffmpeg (its own process) up to 64 frames in flight;
/// - vector sheets: no frame is drawn, but each `--labels` band is kept
///   until the document is finished (the 3-D views' pictures are charged
///   as they are drawn, see ``FramePipeline/encodeVector(progress:)``).
struct OutputBudget {
  var frames: [FrameSpec]
  var layout: OutputOptions.Layout
  var columns: Int?
  var padding: Int
  var labels: Bool
  var pixelWidth: Int
  var pixelHeight: Int
  /// The height of the title band above each row of a grid, 0 for none.
  var rowTitles = 0
  /// The format written.
  var format: OutputFormat = .png
  /// The run's budget with its inputs charged.
  var memory = MemoryBudget()
  /// Whether the layout streams (a PNG strip, grid or animation): frames
  /// are compressed as they are drawn and a sheet is made a row of cells at
  /// a time, so neither every frame nor the whole sheet is held.
  var streams = false
  var workerCount: Int

  /// The height of a frame with its label band, if any.
  var cellHeight: Int {
    guard labels else { return pixelHeight }
    return pixelHeight + FrameLabel.bandHeight(width: pixelWidth, height: pixelHeight)
  }

  /// Columns of the sheet for a strip or a grid.
  func sheetColumns() throws(CLIError) -> Int {
    switch layout {
    case .grid:
      return OutputPlan.gridColumns(columns, count: frames.count)
    default:
      do {
        return try FrameSheet.stripColumns(
          count: frames.count, cellWidth: pixelWidth, padding: padding)
      } catch {
        throw CLIError.usage("--padding \(padding): \(error.message)")
      }
    }
  }

  /// The bytes charged in advance for a streamed PNG animation's
  /// compressed frames: an eighth of their pixels (``MemoryAccount``
  /// charges what they take beyond it as they are made).
  var compressedAllowance: Int {
    streams && layout == .animation ? frames.count * frameBytes / 8 : 0
  }

  /// The bytes of one frame with its label band.
  var frameBytes: Int { pixelWidth * cellHeight * 4 }

  /// Throws the first limit the run would exceed; returns the run's budget
  /// with the output's needs charged.
  @discardableResult
  func check() throws(CLIError) -> MemoryBudget {
    guard !frames.isEmpty else { throw CLIError.usage("nothing to draw: 0 frames") }
    guard frames.count <= RenderLimits.maximumFrames else {
      throw CLIError.usage(
        "\(frames.count) frames is more than the \(RenderLimits.maximumFrames) one run draws")
    }
    guard pixelWidth >= 1, pixelHeight >= 1 else {
      throw CLIError.usage(
        "a frame of \(pixelWidth)×\(pixelHeight) pixels is empty; raise --size or --scale")
    }
    guard pixelWidth <= SizeInPoints.maximumSide, pixelHeight <= SizeInPoints.maximumSide else {
      throw CLIError.usage(
        "a frame of \(pixelWidth)×\(pixelHeight) pixels is larger than \(SizeInPoints.maximumSide) on a side; lower --size or --scale"
      )
    }
    // Sides ≤ 16,384, band ≤ 36 and frames ≤ 10,000: none of these
    // products can overflow.
    let count = frames.count
    let frameBytes = self.frameBytes
    let pixels = pixelWidth * cellHeight
    var memory = self.memory
    let what = "\(count) frame\(count == 1 ? "" : "s") of \(pixelWidth)×\(pixelHeight)"
    let advice = "use --layout frames, fewer frames, less --padding or a smaller --scale"
    if format.isVector {
      // Drawn straight into the document; a label band is kept per frame.
      let band = labels ? pixelWidth * (cellHeight - pixelHeight) * 4 : 0
      try memory.charge(2 * count * band, for: "\(what) with labels", advice: advice)
      try checkSheet()
      return memory
    }
    // Every worker holds a frame being drawn and its surface, whatever the
    // layout keeps.
    var needed = 2 * min(workerCount, count) * frameBytes
    switch layout {
    case .frames:
      break
    case .animation:
      // Streamed, only the compressed frames, counted at an eighth of their
      // pixels; otherwise every frame.
      needed += streams ? compressedAllowance : count * frameBytes
      switch format {
      case .webp: needed += 8 * frameBytes
      case .gif: needed += count * pixels + 2 * frameBytes
      case .mp4, .webm: needed += min(count, 64) * frameBytes
      case .png, .svg, .pdf, .html: break
      }
    case .strip, .grid:
      if !streams { needed += count * frameBytes }
      try memory.check(needed, for: what, advice: advice)
      let size = try checkSheet()
      // Streamed: one row of cells with the padding around it; otherwise
      // the sheet and its encoding (filtered rows, then compressed).
      needed +=
        streams
        ? size.width * (cellHeight + rowTitles + 2 * padding) * 4 : 2 * size.width * size.height * 4
    }
    try memory.charge(needed, for: what, advice: advice)
    return memory
  }

  /// Checks the strip's or grid's size; returns it.
  @discardableResult
  private func checkSheet() throws(CLIError) -> (width: Int, height: Int) {
    guard layout == .strip || layout == .grid else { return (0, 0) }
    let columns = try sheetColumns()
    do {
      return try FrameSheet.size(
        count: frames.count, cellWidth: pixelWidth, cellHeight: cellHeight + rowTitles,
        columns: columns, padding: padding)
    } catch {
      throw CLIError.usage(
        "\(error.message); use --layout frames or apng, fewer frames, more rows (--columns), less --padding or a smaller --scale"
      )
    }
  }
}
