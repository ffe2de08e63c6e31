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

  /// The output's plan for `destination`, and the frames it shows: for an
  /// animation, without the pictures drawn again where an operation
  /// begins, and with when each shows (the live preview plays the same).
  func planned(to destination: String) throws(CLIError) -> (
    plan: OutputPlan, frames: [FrameSpec], times: FrameTimes?
  ) {
    let plan = try OutputPlan(output, destination: destination)
    var frames = self.frames
    var times: FrameTimes?
    if plan.layout == .animation {
      // A picture drawn again where an operation begins shows for no time:
      // the frame before simply shows until the next one.
      frames.removeAll { $0.repeatsPrevious }
      times = try AnimationClock.times(of: frames, duration: duration, hold: output.hold)
    } else if output.hold > 0 {
      throw CLIError.usage(
        "--hold holds the last frame of an animation (APNG, GIF, WebP, MP4, WebM), not of a \(plan.layout.rawValue)"
      )
    }
    return (plan, frames, times)
  }

  /// Draws and writes everything; `announce` prints where (off in tests
  /// that run thousands of jobs in process). With `-` as the destination the
  /// single file goes to standard output and nothing is announced.
  func run(to destination: String, announce: Bool = true) throws(CLIError) {
    let (plan, frames, times) = try planned(to: destination)
    if plan.format.needsFFmpeg { _ = try VideoEncoder.programs() }
    let toStandardOutput = destination == "-" || Platform.isStandardOutput(destination)
    let pattern = plan.pattern
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
    planned.frames = frames
    if let states = output.states, AtomicOutput.isStream(states) {
      try planned.memory.charge(
        StatesFile.heldBytes(frames), for: "--states \(states), held whole for a stream",
        advice: "write --states to a file, which is written a frame at a time")
    }
    var pipeline = FramePipeline(
      job: planned, plan: plan, pixelWidth: pixelWidth, pixelHeight: pixelHeight, times: times)
    let memory = try pipeline.checkLimits()
    // Every output checked and its folder locked before any drawing.
    try atomic.prepare(outputs: outputs, frameSet: pattern, inputs: inputs)
    // Only now, with everything charged, are the images decoded.
    for (key, image) in try pendingImages.decode() { pipeline.job.images.images[key] = image }
    let standardOutput = try pipeline.run(
      to: destination, atomic: atomic, quiet: output.quiet, memory: memory)
    if let standardOutput { try atomic.stage(standardOutput, as: "-") }
    if let states = output.states { try StatesFile.stage(frames, as: states, in: atomic) }
    // Standard output is written first, and only when it succeeds is
    // anything else put in place.
    try atomic.commit()
    // The data is the whole of standard output: no paths printed.
    if toStandardOutput { return }
    guard announce else { return }
    if let pattern {
      print("\(pattern.path(0)) … \(pattern.path(frames.count - 1)) (\(frames.count) frames)")
    } else {
      print(destination)
    }
    if let states = output.states { print(states) }
  }
}

/// `--states FILE.json`: every view's animatable properties at every
/// frame, exactly as the library samples them (numbers are written with
/// full round-trip precision), under the scene file's names: `frame`,
/// `alpha`, `transform` (the 16 entries, row by row), `hidden`,
/// `cornerRadii` (top-left, top-right, bottom-right, bottom-left),
/// `color`, `borderWidth`, `borderColor`, `shadow` (`color`, `opacity`,
/// `radius`, `offset`), `contentMode` and `textColor` (views with text).
/// Colours are `#rrggbbaa`, each component rounded to the nearest of 256
/// steps.
///
/// While a content mode changes, `contentMode` names the mode the image's
/// placement is nearer (``ImagePlacement/nearestMode``) and
/// `imagePlacement` says how far it is between modes: the weight of each
/// way of placing the image (`scaleToFill`, `aspectFit`, `aspectFill`,
/// `ownSize`, summing to 1) and, for the own-size part, its `anchor`
/// (fractions of the room left, as `[x, y]`). A settled view has no
/// `imagePlacement`.
enum StatesFile {
  struct ShadowEntry: Codable, Equatable {
    var color: String
    var opacity: Double
    var radius: Double
    var offset: [Double]
  }

  struct PlacementEntry: Codable, Equatable {
    var scaleToFill: Double
    var aspectFit: Double
    var aspectFill: Double
    var ownSize: Double
    var anchor: [Double]?
  }

  struct ViewEntry: Codable, Equatable {
    var id: String
    var frame: [Double]
    var alpha: Double
    var transform: [Double]
    var hidden: Bool
    var cornerRadii: [Double]
    var color: String
    var borderWidth: Double
    var borderColor: String
    var shadow: ShadowEntry
    var contentMode: String
    var imagePlacement: PlacementEntry?
    var textColor: String?
  }

  struct FrameEntry: Codable, Equatable {
    var index: Int
    var time: Double
    var views: [ViewEntry]
  }

  struct File: Codable, Equatable {
    var frames: [FrameEntry]
  }

  /// `#rrggbbaa`, each component rounded to the nearest of its 256 steps
  /// (a sample of an overshooting curve is already brought into 0…1).
  static func hex(_ color: Color) -> String {
    let digits = Array("0123456789abcdef")
    var text = "#"
    for component in [color.red, color.green, color.blue, color.alpha] {
      let byte = Int((min(1, max(0, component)) * 255).rounded())
      text.append(digits[byte / 16])
      text.append(digits[byte % 16])
    }
    return text
  }

  static func entry(index: Int, time: Double, scene: Scene) -> FrameEntry {
    FrameEntry(
      index: index, time: time,
      views: scene.allViews().map { view, _ in
        let f = view.frame
        let r = view.cornerRadii
        let s = view.shadow
        let placement = view.imagePlacement
        var placementEntry: PlacementEntry?
        if placement.mode == nil {
          let mix = placement.mix
          placementEntry = PlacementEntry(
            scaleToFill: mix.scaleToFill, aspectFit: mix.aspectFit, aspectFill: mix.aspectFill,
            ownSize: mix.ownSize, anchor: mix.anchor.map { [$0.x, $0.y] })
        }
        return ViewEntry(
          id: view.id, frame: [f.origin.x, f.origin.y, f.size.width, f.size.height],
          alpha: view.alpha,
          transform: view.transform.entries, hidden: view.isHidden,
          cornerRadii: [r.topLeft, r.topRight, r.bottomRight, r.bottomLeft],
          color: hex(view.backgroundColor), borderWidth: view.border.width,
          borderColor: hex(view.border.color),
          shadow: ShadowEntry(
            color: hex(s.color), opacity: s.opacity, radius: s.radius,
            offset: [s.offset.width, s.offset.height]),
          contentMode: ContentModeName(placement.nearestMode).rawValue,
          imagePlacement: placementEntry, textColor: view.text.map { hex($0.color) })
      })
  }

  /// The states of `frames` as one JSON file, `{"frames":[…]}`.
  static func encode(_ frames: [FrameSpec]) throws(CLIError) -> [UInt8] {
    let pieces = Pieces(frames: frames)
    let bytes = Array(pieces.joined())
    try pieces.check()
    return bytes
  }

  /// Writes the states of `frames` to `path` through `atomic`, a frame at
  /// a time: each frame's entry is made and encoded as it is written, so
  /// that the file, which grows with frames × views (a 10,000-view story of
  /// 200 frames writes 2,000,000 entries), is never whole in memory.
  static func stage(_ frames: [FrameSpec], as path: String, in atomic: AtomicOutput)
    throws(CLIError)
  {
    let pieces = Pieces(frames: frames)
    try atomic.stage(pieces: pieces, as: path)
    try pieces.check()
  }

  /// The file's bytes in pieces: its opening, each frame's entry (as
  /// `JSONEncoder` writes it within the whole file: sorted keys, no
  /// spaces), its end. An entry that cannot be encoded ends the pieces
  /// early; ``check()`` then throws.
  final class Pieces: Sequence {
    let frames: [FrameSpec]
    private var failure: CLIError?

    init(frames: [FrameSpec]) {
      self.frames = frames
    }

    /// Throws when an entry could not be encoded.
    func check() throws(CLIError) {
      if let failure { throw failure }
    }

    func makeIterator() -> AnyIterator<[UInt8]> {
      let encoder = JSONEncoder()
      encoder.outputFormatting = [.sortedKeys]
      var index = -1
      return AnyIterator { [self] in
        defer { index += 1 }
        if index == -1 { return Array(#"{"frames":["#.utf8) }
        if index == frames.count { return Array("]}".utf8) }
        guard index < frames.count, failure == nil else { return nil }
        let entry = StatesFile.entry(
          index: index, time: frames[index].time, scene: frames[index].scene())
        do {
          let bytes = Array(try encoder.encode(entry))
          return index == 0 ? bytes : [UInt8(ascii: ",")] + bytes
        } catch {
          failure = CLIError(.software, "encoding the states failed: \(error)")
          return nil
        }
      }
    }
  }
}
