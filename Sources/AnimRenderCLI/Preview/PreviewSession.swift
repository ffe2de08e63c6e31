import Foundation
import Synchronization
import Transit
import TransitRender

/// What `animrender preview` shows: the scene file's story as the player
/// file plays it, kept up to date with the file, drawn frame by frame on
/// request, and the one drag a person may be making (``PreviewDrag``).
///
/// Each load of the file is a *version*; the page asks for the frames of
/// the version it shows, and waits for the next (``waitForChange(after:seconds:)``).
/// A file that no longer loads keeps the last good story and reports the
/// message `play` would print for it, word for word.
final class PreviewSession: Sendable {
  /// What the page learns on loading and after each change.
  struct Update: Codable, Sendable {
    var version: Int
    /// The story, or `nil` while the file has never loaded.
    var story: PlayerStory?
    /// `play`'s message for the file, as it would print it, while it has one.
    var problem: String?
  }

  /// The completion after a release: its pictures and when each shows,
  /// in seconds since the release.
  struct Completion: Codable, Sendable {
    var finish: Bool
    var frames: [PlayerStory.Frame]
  }

  /// A frame as the server sends it: PNG, how long drawing and encoding it
  /// took (the answer's `Server-Timing`), and for a drag the progress it shows.
  struct Picture: Sendable {
    var png: [UInt8]
    var drawing: Duration
    var encoding: Duration
    var progress: Double?
  }

  /// A version that loaded: the file, its frames as the player plays them.
  private struct Loaded: Sendable {
    var version: Int
    var file: SceneFile
    var job: Job
    var story: PlayerStory
  }

  private struct State: Sendable {
    var version = 0
    var contents: Data?
    var loaded: Loaded?
    var problem: String?
    var drag: PreviewDrag?
    var completion: [[UInt8]] = []
  }

  let path: String
  let scale: Double
  private let state = Mutex(State())

  init(path: String, scale: Double) {
    self.path = path
    self.scale = scale
  }

  /// What the page is shown: the version loaded, its story and `play`'s
  /// message for the file while it has a problem.
  var update: Update {
    state.withLock { Update(version: $0.version, story: $0.loaded?.story, problem: $0.problem) }
  }

  var version: Int { state.withLock { $0.version } }

  /// Reads the file again when its contents changed (or on the first
  /// call); returns whether there is a new version.
  @discardableResult
  func reload() -> Bool {
    let contents = try? Data(contentsOf: URL(fileURLWithPath: path))
    let unchanged = state.withLock { $0.version > 0 && $0.contents == contents }
    if unchanged { return false }
    let result = load()
    state.withLock { state in
      state.version += 1
      state.contents = contents
      switch result {
      case .success(var loaded):
        loaded.version = state.version
        for k in loaded.story.frames.indices {
          loaded.story.frames[k].image = "frame/\(state.version)/\(k)"
        }
        loaded.story.version = state.version
        state.loaded = loaded
        state.problem = nil
      case .failure(let error):
        state.problem = PreviewSession.message(error)
      }
      state.drag = nil
    }
    return true
  }

  /// The CLI's words for `error`, as ``CommandRunner`` prints them.
  static func message(_ error: CLIError) -> String {
    "animrender: \(error.message)" + error.excerpt.map { "\n\($0)" }.joined()
  }

  /// The file played as `play SCENE -o x.html` plays it: the same checks,
  /// the same frames and times (its ``OutputPlan``), each frame marked with
  /// the drag it allows.
  private func load() -> Result<Loaded, CLIError> {
    do throws(CLIError) {
      let command: PlayCommand
      do {
        command = try PlayCommand.parse(["--scale", "\(scale)", "-o", "preview.html", "--", path])
      } catch {
        throw CLIError.usage(PlayCommand.message(for: error))
      }
      let made = try command.makeJob()
      var job = made.0
      let (_, frames, planned) = try job.planned(to: made.1)
      // Whether a sheet is on top where each operation begins: its first
      // frame, before the animation leaves out the picture before.
      var sheetOnTop: [Int: Bool] = [:]
      for frame in job.frames {
        guard let index = frame.operationIndex, sheetOnTop[index] == nil else { continue }
        sheetOnTop[index] = Self.showsSheetOnTop(frame)
      }
      guard let times = planned else {
        throw CLIError(.software, "the player's plan has no times")
      }
      job.frames = frames
      for (key, image) in try job.pendingImages.decode() { job.images.images[key] = image }
      job.pendingImages = InputImages()
      guard let width = SizeInPoints.pixels(job.size.width, scale: scale),
        let height = SizeInPoints.pixels(job.size.height, scale: scale)
      else { throw CLIError.usage("a frame at scale \(scale) is too large; lower --scale") }
      let file = try SceneFile.load(path, charging: &job.memory)
      var players = PlayerStory.frames(frames, times: times) { _ in "" }
      for k in frames.indices {
        guard let index = frames[k].operationIndex, file.script.indices.contains(index),
          let gesture = PreviewDrag.Gesture.of(
            file.script[index], sheetOnTop: sheetOnTop[index] ?? false)
        else { continue }
        players[k].drag = PlayerStory.DragTarget(operation: index, gesture: gesture.rawValue)
      }
      let story = PlayerStory(
        title: String(path.split(separator: "/").last ?? "scene"), width: width, height: height,
        scale: scale, end: times.end, frames: players)
      return .success(Loaded(version: 0, file: file, job: job, story: story))
    } catch {
      return .failure(error)
    }
  }

  /// Whether the top of `frame`'s container is a sheet.
  private static func showsSheetOnTop(_ frame: FrameSpec) -> Bool {
    guard case .story(let story) = frame.source, let top = story.stack.views.last else {
      return false
    }
    return story.sheets.contains(top.id)
  }

  /// Frame `index` of `version` as PNG; `nil` when that version or frame
  /// is not the one loaded (a version with a problem keeps the last good
  /// one's frames).
  func frame(version: Int, index: Int) throws(CLIError) -> Picture? {
    let found: (FrameSpec, ImageProvider)? = state.withLock { state in
      guard let loaded = state.loaded, loaded.version == version,
        loaded.job.frames.indices.contains(index)
      else { return nil }
      return (loaded.job.frames[index], loaded.job.images)
    }
    guard let (frame, images) = found else { return nil }
    return try draw(frame.scene(), images: images)
  }

  private func draw(_ scene: Scene, images: ImageProvider, progress: Double? = nil)
    throws(CLIError) -> Picture
  {
    do {
      let clock = ContinuousClock()
      let start = clock.now
      let image = try Renderer(options: RenderOptions(scale: scale, images: images)).render(scene)
      let drawn = clock.now
      let png = try PNGEncoder.encode(image, compression: .fast)
      return Picture(
        png: png, drawing: drawn - start, encoding: clock.now - drawn, progress: progress)
    } catch {
      throw CLIError.failed("drawing a frame failed: \(error)", cause: error)
    }
  }

  /// Begins a drag of script operation `operation` at `press` (container
  /// points, page milliseconds), replacing any drag under way; the
  /// picture does not move until the finger does.
  func beginDrag(operation: Int, press: PreviewDrag.Sample) throws(CLIError) {
    try state.withLock { state throws(CLIError) in
      guard let loaded = state.loaded, state.problem == nil else {
        throw CLIError.usage("the scene file has a problem")
      }
      guard
        let target = loaded.story.frames.first(where: { $0.drag?.operation == operation })?.drag,
        let gesture = PreviewDrag.Gesture(rawValue: target.gesture)
      else {
        throw CLIError.usage("script[\(operation)] is not an operation a drag can drive")
      }
      // The container's size when the operation begins (a rotation
      // before it may have turned it).
      var first = loaded.job.frames.first { $0.operationIndex == operation }
      first?.canvas = nil
      state.drag = PreviewDrag(
        operation: operation, gesture: gesture,
        size: first?.size ?? loaded.file.containerSize, press: press)
    }
  }

  /// The drag's picture with the finger at `sample`, as PNG.
  func updateDrag(_ sample: PreviewDrag.Sample) throws(CLIError) -> Picture {
    let (drag, loaded) = try state.withLock {
      state throws(CLIError) -> (PreviewDrag, Loaded) in
      guard var drag = state.drag, let loaded = state.loaded else {
        throw CLIError.usage("no drag under way")
      }
      drag.move(to: sample)
      state.drag = drag
      return (drag, loaded)
    }
    let held = PreviewDrag.Release(finish: false, velocity: nil)
    let played = try play(drag, release: held, in: loaded, frames: 1)
    guard let frame = played.held else { throw CLIError(.software, "the drag drew no frame") }
    return try draw(
      embedded(frame, in: loaded), images: loaded.job.images,
      progress: frame.progress ?? drag.travel)
  }

  /// Lets the drag go, finishing or cancelling it as ``PreviewDrag/release``
  /// says; the completion's frames, one per 1/60 s of its clock, are then
  /// served as `settle/VERSION/N` (``completionFrame(_:)``).
  func releaseDrag() throws(CLIError) -> Completion {
    let (drag, loaded) = try state.withLock {
      state throws(CLIError) -> (PreviewDrag, Loaded) in
      guard let drag = state.drag, let loaded = state.loaded else {
        throw CLIError.usage("no drag under way")
      }
      state.drag = nil
      return (drag, loaded)
    }
    let release = drag.release
    // Played once for the completion's length, then with a frame per 1/60 s of it.
    let once = try play(drag, release: release, in: loaded, frames: 1)
    let seconds = max((once.completion.last?.time ?? 0) - (once.held?.time ?? 0), 0)
    let count = min(max(Int((seconds * 60).rounded(.up)), 1), 600)
    let played = try play(drag, release: release, in: loaded, frames: count)
    let start = played.held?.time ?? 0
    var pictures: [[UInt8]] = []
    for frame in played.completion {
      pictures.append(try draw(embedded(frame, in: loaded), images: loaded.job.images).png)
    }
    let version = state.withLock { state in
      state.completion = pictures
      return state.version
    }
    // A sheet's release is the library's to settle: it finished when the
    // sheet was dismissed.
    var finish = release.finish
    if drag.gesture == .sheet, let held = played.held, let end = played.completion.last {
      finish = Self.sheets(end) < Self.sheets(held)
    }
    return Completion(
      finish: finish,
      frames: played.completion.enumerated().map { k, frame in
        PlayerStory.Frame(
          start: frame.time - start, label: FrameLabel.text(for: frame), operation: "",
          image: "settle/\(version)/\(k)")
      })
  }

  /// How many sheets `frame` shows.
  private static func sheets(_ frame: FrameSpec) -> Int {
    guard case .story(let story) = frame.source else { return 0 }
    return story.sheets.count
  }

  /// Picture `index` of the last completion, as PNG.
  func completionFrame(_ index: Int) -> [UInt8]? {
    state.withLock { $0.completion.indices.contains(index) ? $0.completion[index] : nil }
  }

  /// The script up to the dragged operation played with the drag written
  /// in it: the frame the drag holds, and the completion's frames.
  private func play(
    _ drag: PreviewDrag, release: PreviewDrag.Release, in loaded: Loaded, frames: Int
  ) throws(CLIError) -> (held: FrameSpec?, completion: [FrameSpec]) {
    var file = loaded.file
    let operation = drag.gesture.operation(
      file.script[drag.operation], drag: drag, release: release, frames: frames)
    file.script = Array(file.script[..<drag.operation]) + [operation]
    let story = try Story.play(file, name: path)
    let own = story.frames.filter { $0.operationIndex == drag.operation }
    // A sheet's drag marks no progress on its frames: one per offset.
    if case .drag(let offsets) = operation.kind {
      return (own.prefix(offsets.count).last, Array(own.dropFirst(offsets.count)))
    }
    return (own.last { $0.progress != nil }, own.filter { $0.progress == nil })
  }

  /// `frame` on the story's canvas, when its frames are of several sizes.
  private func embedded(_ frame: FrameSpec, in loaded: Loaded) -> Scene {
    var frame = frame
    if frame.size != loaded.job.size { frame.canvas = loaded.job.size }
    return frame.scene()
  }

  /// Waits until the version is past `version` or `seconds` have passed;
  /// returns the update then.
  func waitForChange(after version: Int, seconds: Double) async -> Update {
    let deadline = ContinuousClock.now + .milliseconds(Int(seconds * 1000))
    while self.version <= version, ContinuousClock.now < deadline {
      try? await Task.sleep(for: .milliseconds(40))
    }
    return update
  }
}
