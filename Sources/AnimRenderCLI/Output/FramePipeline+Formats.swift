import Transit
import TransitRender

/// The single-file outputs, by format: the point where drawn frames become
/// the bytes of one file.
extension FramePipeline {
  /// The layout chosen for this run (``OutputOptions/plan(for:)`` filled it in).
  var layout: OutputOptions.Layout { output.layout ?? .strip }
  /// The format chosen for this run.
  var format: OutputFormat { output.format ?? .png }

  /// How long each frame shows, as an exact fraction of a second.
  var frameDelay: FrameDelay { FrameDelay.approximating(seconds: 1 / framesPerSecond) }

  /// `images`, all frames in order, as one file in the chosen format.
  func encodeSingleFile(_ images: [Image]) throws(CLIError) -> [UInt8] {
    if format.needsFFmpeg {
      return try VideoEncoder.encode(images, format: format, delay: frameDelay)
    }
    do {
      let background = ColorText.parse(output.background) ?? .clear
      let compression = output.compression.png
      switch (format, layout) {
      case (.gif, _):
        return try GIFEncoder.encode(images, delay: frameDelay, loopCount: output.loops)
      case (.webp, _):
        return try WebPEncoder.encode(images, delay: frameDelay, loopCount: output.loops)
      case (_, .grid):
        let columns = output.columns ?? Int(Double(images.count).squareRoot().rounded(.up))
        return try PNGEncoder.encode(
          FrameSheet.grid(
            images, columns: columns, padding: output.padding, background: background,
            rowTitles: rowTitles),
          compression: compression)
      case (_, .animation), (_, .apng):
        return try APNGEncoder.encode(
          images, delay: frameDelay, loopCount: output.loops, compression: compression)
      default:
        return try PNGEncoder.encode(
          FrameSheet.strip(images, padding: output.padding, background: background),
          compression: compression)
      }
    } catch {
      throw CLIError(.software, "composing the output failed: \(error)")
    }
  }

  /// The strip or grid as SVG or PDF, drawn from the scenes themselves.
  func encodeVector(progress: ProgressBar) throws(CLIError) -> [UInt8] {
    try checkLimits()
    var cells: [VectorSheet.Cell] = []
    for frame in frames {
      let scene = frame.scene()
      var overlay: Image?
      if output.labels {
        do {
          let blank = try Image(width: pixelWidth, height: pixelHeight)
          overlay = try FrameLabel.attach(time: frame.time, below: blank)
        } catch {
          throw CLIError(.software, "drawing a label failed: \(error)")
        }
      }
      cells.append(VectorSheet.Cell(scene: scene, overlay: overlay))
      progress.advance()
    }
    do {
      return try VectorSheet.encode(
        cells, as: format == .svg ? .svg : .pdf,
        columns: layout == .grid
          ? output.columns ?? Int(Double(cells.count).squareRoot().rounded(.up)) : nil,
        padding: output.padding, background: ColorText.parse(output.background) ?? .clear,
        rowTitles: layout == .grid ? rowTitles : [], options: renderOptions)
    } catch {
      throw CLIError(.software, "drawing the \(format.rawValue) failed: \(error.message)")
    }
  }
}
