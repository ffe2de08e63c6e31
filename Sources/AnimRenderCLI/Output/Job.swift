import Foundation
import Transit
import TransitRender

/// One run of `render`, `play` or the demo: checks the output can be made,
/// draws the frames, writes the optional states file, and only then puts
/// every output in place and prints where.
struct Job {
  var frames: [FrameSpec]
  var size: Size
  var images: ImageProvider
  var output: OutputOptions
  /// When the transition or story ends, in the frames' seconds: the clock
  /// an animated output follows (see ``AnimationClock``).
  var duration: Double
  /// Titles above the rows of a grid.
  var rowTitles: [String] = []
  /// The run's memory budget, with what its inputs hold charged.
  var memory = MemoryBudget()
  /// Input images charged but not yet decoded: decoded into ``images`` once
  /// the output has been charged too.
  var pendingImages = InputImages()
  /// The files this run reads (scene file, screenshots, images), which no
  /// output may overwrite.
  var inputs: [OutputPaths.Named] = []

  /// Draws and writes everything; `announce` prints where (off in tests
  /// that run thousands of jobs in process). With `-` as the destination the
  /// single file goes to standard output and nothing is announced.
  func run(to destination: String, announce: Bool = true) throws(CLIError) {
    var output = self.output
    (output.format, output.layout) = try output.plan(for: destination)
    var frames = self.frames
    var times: FrameTimes?
    if output.layout == .animation {
      // A picture drawn again where an operation begins shows for no time:
      // the frame before simply shows until the next one.
      frames.removeAll { $0.repeatsPrevious }
      times = try AnimationClock.times(of: frames, duration: duration, hold: output.hold)
    } else if output.hold > 0 {
      throw CLIError.usage(
        "--hold holds the last frame of an animation (APNG, GIF, WebP, MP4, WebM), not of a \(output.layout?.rawValue ?? "strip")"
      )
    }
    if output.format?.needsFFmpeg == true { _ = try VideoEncoder.programs() }
    let toStandardOutput = destination == "-" || Platform.isStandardOutput(destination)
    let pattern = output.layout == .frames ? FramePattern(destination) : nil
    var outputs: [OutputPaths.Named] = []
    if let pattern {
      outputs = frames.indices.map {
        .init(what: "-o \(destination) (frame \($0))", path: pattern.path($0))
      }
    } else {
      outputs = [.init(what: "-o \(destination)", path: destination)]
    }
    if let states = output.states {
      try SingleFormatOutput.check(states, flag: "--states", extension: "json", format: "JSON")
      outputs.append(.init(what: "--states \(states)", path: states))
    }
    guard let pixelWidth = SizeInPoints.pixels(size.width, scale: output.scale),
      let pixelHeight = SizeInPoints.pixels(size.height, scale: output.scale)
    else {
      throw CLIError.usage(
        "a frame of \(size.width)×\(size.height) points at scale \(output.scale) is larger than \(SizeInPoints.maximumSide) pixels on a side; lower --size or --scale"
      )
    }
    let atomic = AtomicOutput()
    var planned = self
    planned.output = output
    planned.frames = frames
    var pipeline = FramePipeline(
      job: planned, pixelWidth: pixelWidth, pixelHeight: pixelHeight, times: times)
    try pipeline.checkLimits()
    // Every output checked and its folder locked before any drawing.
    try atomic.prepare(outputs: outputs, frameSet: pattern, inputs: inputs)
    // Only now, with everything charged, are the images decoded.
    for (key, image) in try pendingImages.decode() { pipeline.job.images.images[key] = image }
    let standardOutput = try pipeline.run(to: destination, atomic: atomic, quiet: output.quiet)
    if let standardOutput { try atomic.stage(standardOutput, as: "-") }
    if let states = output.states {
      try atomic.stage(try StatesFile.encode(frames), as: states)
    }
    // Standard output is written first, and only when it succeeds is
    // anything else put in place.
    try atomic.commit()
    // The data is the whole of standard output: no paths printed.
    if toStandardOutput { return }
    guard announce else { return }
    if output.layout == .frames, let pattern = FramePattern(destination) {
      print("\(pattern.path(0)) … \(pattern.path(frames.count - 1)) (\(frames.count) frames)")
    } else {
      print(destination)
    }
    if let states = output.states { print(states) }
  }
}

/// `--states FILE.json`: every view's frame, alpha, transform and visibility
/// at every frame, exactly as the library samples them (numbers are written
/// with full round-trip precision).
enum StatesFile {
  struct ViewEntry: Codable, Equatable {
    var id: String
    var frame: [Double]
    var alpha: Double
    var transform: [Double]
    var hidden: Bool
  }

  struct FrameEntry: Codable, Equatable {
    var index: Int
    var time: Double
    var views: [ViewEntry]
  }

  struct File: Codable, Equatable {
    var frames: [FrameEntry]
  }

  static func entry(index: Int, time: Double, scene: Scene) -> FrameEntry {
    FrameEntry(
      index: index, time: time,
      views: scene.allViews().map { view, _ in
        let f = view.frame
        return ViewEntry(
          id: view.id, frame: [f.origin.x, f.origin.y, f.size.width, f.size.height],
          alpha: view.alpha,
          transform: view.transform.entries, hidden: view.isHidden)
      })
  }

  static func encode(_ frames: [FrameSpec]) throws(CLIError) -> [UInt8] {
    let file = File(
      frames: frames.enumerated().map { entry(index: $0, time: $1.time, scene: $1.scene()) })
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    do { return Array(try encoder.encode(file)) } catch {
      throw CLIError(.software, "encoding the states failed: \(error)")
    }
  }
}
