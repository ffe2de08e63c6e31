import Dispatch
import Synchronization
import Transit
import TransitRender

/// Draws frames on every core and hands them to the chosen layout.
///
/// Each worker owns its Renderer (a Cairo context is never shared between
/// threads) and takes the next frame index from a shared counter, so a slow
/// frame never holds the others up. For `--layout frames` a worker encodes
/// and stages each PNG as soon as it is drawn and keeps no pixels, so memory
/// stays near two frames per core however many frames there are.
struct FramePipeline {
  var frames: [FrameSpec]
  var renderOptions: RenderOptions
  var output: OutputOptions
  var pixelWidth: Int
  var pixelHeight: Int
  /// Frames per second, for APNG delays.
  var framesPerSecond: Double
  /// Titles above the rows of a grid (the demo's style names).
  var rowTitles: [String] = []

  static var workerCount: Int { max(1, System.coreCount) }

  /// Bytes of decoded input images the run holds, for the budget.
  var inputBytes = 0

  /// Checks the limits before any work; see ``OutputBudget``.
  func checkLimits() throws(CLIError) {
    try budget.check()
    if format == .webp, max(pixelWidth, budget.cellHeight) > WebPEncoder.maximumSide {
      throw CLIError.usage(
        "a WebP frame is at most \(WebPEncoder.maximumSide) pixels a side, got \(pixelWidth)×\(budget.cellHeight); lower --size or --scale"
      )
    }
    if format == .gif || format == .webp, output.loops > 65_535 {
      throw CLIError.usage(
        "--loops \(output.loops): a \(format.rawValue) loops at most 65535 times (0 loops forever)")
    }
  }

  var budget: OutputBudget {
    OutputBudget(
      frames: frames, layout: layout, columns: output.columns, padding: output.padding,
      labels: output.labels, pixelWidth: pixelWidth, pixelHeight: pixelHeight,
      rowTitles: rowTitles.isEmpty ? 0 : FrameSheet.rowTitleHeight,
      inputBytes: inputBytes, workerCount: FramePipeline.workerCount)
  }

  /// Draws every frame; `body` receives each (index, image) on a worker thread.
  func draw(progress: ProgressBar, _ body: @Sendable (Int, Image) throws(CLIError) -> Void)
    throws(CLIError)
  {
    let next = Atomic(0)
    let failure = Mutex<CLIError?>(nil)
    let frames = self.frames
    let options = renderOptions
    let labels = output.labels
    DispatchQueue.concurrentPerform(iterations: min(FramePipeline.workerCount, frames.count)) { _ in
      let renderer = Renderer(options: options)
      while failure.withLock({ $0 == nil }) {
        let index = next.add(1, ordering: .relaxed).oldValue
        guard index < frames.count else { return }
        do {
          var image = try renderer.render(frames[index].scene())
          if labels { image = try FrameLabel.attach(time: frames[index].time, below: image) }
          try body(index, image)
          progress.advance()
        } catch let error as CLIError {
          failure.withLock { if $0 == nil { $0 = error } }
        } catch {
          failure.withLock {
            if $0 == nil { $0 = CLIError(.software, "drawing frame \(index) failed: \(error)") }
          }
        }
      }
    }
    if let error = failure.withLock({ $0 }) { throw error }
  }

  /// Draws and writes everything to `destination` (staged, renamed at the
  /// end); for `-` returns the single file's bytes instead, for standard output.
  func run(to destination: String, atomic: AtomicOutput, quiet: Bool) throws(CLIError) -> [UInt8]? {
    try checkLimits()
    let progress = ProgressBar(total: frames.count, label: "drawing", quiet: quiet)
    defer { progress.finish() }
    let compression = output.compression.png
    let bytes: [UInt8]
    switch layout {
    case .frames:
      guard let pattern = FramePattern(destination) else {
        throw CLIError.usage("--output: expected a pattern with one %0Nd, got \"\(destination)\"")
      }
      // Every final name is checked before drawing, so that the renames at
      // the end cannot fail halfway through the set.
      for index in frames.indices { try AtomicOutput.checkWritable(pattern.path(index)) }
      try draw(progress: progress) { index, image throws(CLIError) in
        let bytes: [UInt8]
        do { bytes = try PNGEncoder.encode(image, compression: compression) } catch {
          throw CLIError(.software, "encoding frame \(index) failed: \(error)")
        }
        try atomic.stage(bytes, as: pattern.path(index))
      }
      return nil
    case _ where format.isVector:
      bytes = try encodeVector(progress: progress)
    case .strip, .grid, .animation, .apng:
      let images = Mutex<[Image?]>(Array(repeating: nil, count: frames.count))
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

extension FrameDelay {
  /// The fraction nearest `seconds` with a denominator up to 1000, so 1/60 s
  /// stays exactly 1/60 and 0.4 s / 7 becomes 57/1000.
  static func approximating(seconds: Double) -> FrameDelay {
    guard seconds.isFinite, seconds > 0 else { return FrameDelay(numerator: 0, denominator: 1) }
    // The longest delay a frame can have; larger values would not convert.
    guard seconds < 65_535 else { return FrameDelay(numerator: 65_535, denominator: 1) }
    var best = (numerator: 1, denominator: 1, error: Double.infinity)
    for denominator in 1...1000 {
      let numerator = min(65_535, max(1, Int((seconds * Double(denominator)).rounded())))
      let error = abs(Double(numerator) / Double(denominator) - seconds)
      if error < best.error - 1e-12 { best = (numerator, denominator, error) }
    }
    return FrameDelay(numerator: UInt16(best.numerator), denominator: UInt16(best.denominator))
  }
}
