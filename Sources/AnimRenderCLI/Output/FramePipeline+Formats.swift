import Transit
import TransitRender

/// The single-file outputs, by format: the point where drawn frames become
/// the bytes of one file.
extension FramePipeline {
  /// The layout chosen for this run.
  var layout: OutputOptions.Layout { plan.layout }
  /// The format chosen for this run.
  var format: OutputFormat { plan.format }

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
      let background = plan.background
      let compression = job.output.compression.png
      switch (format, layout) {
      case (.gif, _):
        return try GIFEncoder.encode(images, times: frameTimes, loopCount: job.output.loops)
      case (.webp, _):
        return try WebPEncoder.encode(images, times: frameTimes, loopCount: job.output.loops)
      case (_, .grid):
        return try PNGEncoder.encode(
          FrameSheet.grid(
            images, columns: plan.columns(count: images.count)!, padding: job.output.padding,
            background: background,
            rowTitles: job.rowTitles),
          compression: compression)
      case (_, .animation):
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
  ///
  /// A label is kept as its band alone, painted under its scene. Every
  /// view with a 3-D transform is embedded as a picture the document keeps
  /// until it is finished:
  /// each is charged to the run's budget, at most the frame's size (measured:
  /// three quarters of it for a flip), before the document is drawn.
  func encodeVector(progress: ProgressBar, memory: MemoryBudget) throws(CLIError) -> [UInt8] {
    var memory = memory
    var cells: [VectorSheet.Cell] = []
    let labels = job.output.labels ? Renderer() : nil
    let frameBytes = pixelWidth * pixelHeight * 4
    for (index, frame) in job.frames.enumerated() {
      let scene = frame.scene()
      // Cairo records every drawing command of the document until it is
      // finished: about 560 bytes a plain view (measured), more with
      // borders, corners and shadows.
      try memory.charge(
        FramePipeline.vectorViewBytes * scene.allViews().count,
        for: "frame \(index + 1)'s views, recorded for the \(format.rawValue)",
        group: "frames' views recorded for a vector document",
        advice: "use a PNG output, fewer frames or fewer views")
      var overlay: Image?
      if let labels {
        do {
          overlay = try labels.render(
            FrameLabel.band(FrameLabel.text(for: frame), width: pixelWidth, height: pixelHeight))
        } catch {
          throw CLIError.failed("drawing a label failed: \(error)", cause: error)
        }
      }
      let pictures = FramePipeline.perspectiveViews(in: scene.views)
      if pictures > 0 {
        try memory.charge(
          pictures * frameBytes,
          for:
            "frame \(index + 1)'s \(pictures) 3-D view\(pictures == 1 ? "" : "s") embedded as pictures",
          group: "3-D views embedded as pictures",
          advice: "use a PNG output, fewer frames or a smaller --scale")
      }
      cells.append(VectorSheet.Cell(scene: scene, overlay: overlay, overlayTop: pixelHeight))
      progress.advance()
    }
    do {
      return try VectorSheet.encode(
        cells, as: format == .svg ? .svg : .pdf,
        columns: plan.columns(count: cells.count), padding: job.output.padding,
        background: plan.background,
        rowTitles: layout == .grid ? job.rowTitles : [], options: renderOptions)
    } catch {
      throw CLIError.failed("drawing the \(format.rawValue) failed: \(error.message)", cause: error)
    }
  }

  /// The memory a vector document takes for each view of each frame
  /// until it is finished, charged as the frame is drawn.
  static let vectorViewBytes = 1_024

  /// How many views in `views` and beneath them have a 3-D transform (the
  /// views a vector document embeds as pictures); a 3-D view's own
  /// children are inside its picture.
  static func perspectiveViews(in views: [View]) -> Int {
    views.reduce(0) { count, view in
      count + (view.transform.isAffine2D ? perspectiveViews(in: view.children) : 1)
    }
  }
}
