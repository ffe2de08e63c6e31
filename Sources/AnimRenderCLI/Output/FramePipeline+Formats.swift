import Transit
import TransitRender

/// The single-file outputs, by format: the point where drawn frames become
/// the bytes of one file.
extension FramePipeline {
  /// The layout chosen for this run (``OutputOptions/plan(for:)`` filled it in).
  var layout: OutputOptions.Layout { job.output.layout ?? .strip }
  /// The format chosen for this run.
  var format: OutputFormat { job.output.format ?? .png }

  /// When each frame of the animation shows; one frame every 0.1 s if the
  /// job was not timed (only animations are).
  var frameTimes: FrameTimes {
    times ?? FrameTimes(count: job.frames.count, delay: FrameDelay(numerator: 1, denominator: 10))
  }

  /// `images`, all frames in order, as one file in the chosen format.
  func encodeSingleFile(_ images: [Image]) throws(CLIError) -> [UInt8] {
    if format.needsFFmpeg {
      return try VideoEncoder.encode(images, format: format, times: frameTimes)
    }
    do {
      let background = ColorText.parse(job.output.background) ?? .clear
      let compression = job.output.compression.png
      switch (format, layout) {
      case (.gif, _):
        return try GIFEncoder.encode(images, times: frameTimes, loopCount: job.output.loops)
      case (.webp, _):
        return try WebPEncoder.encode(images, times: frameTimes, loopCount: job.output.loops)
      case (_, .grid):
        let columns = job.output.columns ?? Int(Double(images.count).squareRoot().rounded(.up))
        return try PNGEncoder.encode(
          FrameSheet.grid(
            images, columns: columns, padding: job.output.padding, background: background,
            rowTitles: job.rowTitles),
          compression: compression)
      case (_, .animation), (_, .apng):
        return try APNGEncoder.encode(
          zip(images, frameTimes.fractions).map { APNGEncoder.Frame(image: $0, delay: $1) },
          loopCount: job.output.loops, compression: compression)
      default:
        return try PNGEncoder.encode(
          FrameSheet.strip(images, padding: job.output.padding, background: background),
          compression: compression)
      }
    } catch {
      throw CLIError.failed("composing the output failed: \(error)", cause: error)
    }
  }

  /// The strip or grid as SVG or PDF, drawn from the scenes themselves.
  func encodeVector(progress: ProgressBar) throws(CLIError) -> [UInt8] {
    try checkLimits()
    var cells: [VectorSheet.Cell] = []
    let labels = job.output.labels ? Renderer() : nil
    for frame in job.frames {
      let scene = frame.scene()
      var overlay: Image?
      if let labels {
        do {
          let blank = try Image(width: pixelWidth, height: pixelHeight)
          overlay = try FrameLabel.attach(
            FrameLabel.text(for: frame), below: blank, renderer: labels)
        } catch {
          throw CLIError.failed("drawing a label failed: \(error)", cause: error)
        }
      }
      cells.append(VectorSheet.Cell(scene: scene, overlay: overlay))
      progress.advance()
    }
    do {
      return try VectorSheet.encode(
        cells, as: format == .svg ? .svg : .pdf,
        columns: layout == .grid
          ? job.output.columns ?? Int(Double(cells.count).squareRoot().rounded(.up)) : nil,
        padding: job.output.padding, background: ColorText.parse(job.output.background) ?? .clear,
        rowTitles: layout == .grid ? job.rowTitles : [], options: renderOptions)
    } catch {
      throw CLIError.failed("drawing the \(format.rawValue) failed: \(error.message)", cause: error)
    }
  }
}
