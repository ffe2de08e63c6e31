import TransitRender

/// The limits of one run, checked before anything is drawn: how many
/// frames, how large each is, the sheet a strip or grid makes (padding and
/// labels included), and the pixel memory all of it needs, decoded input
/// images included.
///
/// Everything is computed with checked arithmetic from the run's numbers,
/// so an absurd `--columns`, `--padding` or `--size` is a clear exit 64
/// here instead of a trap, or an error found after every frame was drawn.
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
  /// Bytes of decoded input images the run holds.
  var inputBytes: Int
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
      return columns ?? Int(Double(frames.count).squareRoot().rounded(.up))
    default:
      do {
        return try FrameSheet.stripColumns(
          count: frames.count, cellWidth: pixelWidth, padding: padding)
      } catch {
        throw CLIError.usage("--padding \(padding): \(error.message)")
      }
    }
  }

  /// Throws the first limit the run would exceed.
  func check() throws(CLIError) {
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
    // Sides ≤ 16,384 and band ≤ 36: these products cannot overflow.
    let frameBytes = pixelWidth * cellHeight * 4
    // Every worker holds a frame being drawn and its surface, whatever the
    // layout keeps.
    var needed = inputBytes + 2 * workerCount * frameBytes
    func checkBudget() throws(CLIError) {
      guard needed <= RenderLimits.pixelBudgetBytes else {
        throw CLIError.usage(
          "\(frames.count) frames of \(pixelWidth)×\(pixelHeight) need \(needed >> 20) MiB of pixel memory, more than the \(RenderLimits.pixelBudgetBytes >> 20) MiB one run may use; use --layout frames, fewer frames, less --padding or a smaller --scale"
        )
      }
    }
    switch layout {
    case .frames:
      break
    case .apng, .animation:
      // Every frame, and its encoded bytes (never larger than its pixels);
      // streamed, only the compressed frames, counted at their size at most.
      needed += (streams ? 1 : 2) * frames.count * frameBytes / (streams ? 8 : 1)
    case .strip, .grid:
      if !streams { needed += frames.count * frameBytes }
      try checkBudget()
      let columns = try sheetColumns()
      let size: (width: Int, height: Int)
      do {
        size = try FrameSheet.size(
          count: frames.count, cellWidth: pixelWidth, cellHeight: cellHeight + rowTitles,
          columns: columns, padding: padding)
      } catch {
        throw CLIError.usage(
          "\(error.message); use --layout frames or apng, fewer frames, more rows (--columns), less --padding or a smaller --scale"
        )
      }
      // Streamed: one row of cells with the padding around it.
      needed +=
        streams
        ? size.width * (cellHeight + rowTitles + 2 * padding) * 4 : size.width * size.height * 4
    }
    try checkBudget()
  }
}
