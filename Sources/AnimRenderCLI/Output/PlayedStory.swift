import Transit

/// A scene file's story played for `animrender play`: its frames to draw,
/// each charged to the run's memory budget as the story draws it.
final class PlayedStory: StorySink {
  /// The frames, in order.
  private(set) var frames: [FrameSpec] = []
  /// The run's memory budget, charged for each frame kept.
  private(set) var memory: MemoryBudget
  /// How long the story lasts, in seconds.
  fileprivate(set) var time = 0.0
  private let name: String
  /// The script's operations, which name the frames they draw.
  private let script: [ScriptOperation]
  /// What the frames kept so far hold, for ``memory``.
  private var kept = SceneMemory()

  fileprivate init(name: String, script: [ScriptOperation], memory: MemoryBudget) {
    self.name = name
    self.script = script
    self.memory = memory
  }

  var count: Int { frames.count }

  /// Keeps `shot`, charging what it holds that no frame before it shares
  /// to the run's memory budget first.
  func keep(_ shot: StoryShot) throws(CLIError) {
    let bytes = MemoryLayout<FrameSpec>.stride + kept.add(shot.picture.stack)
    try memory.charge(
      bytes, for: "\(name): frame \(frames.count + 1) of the script", group: "frames of the script",
      kind: .dataError,
      advice: "the script keeps too many frames of too many views; draw fewer frames or views")
    frames.append(
      FrameSpec(
        source: .story(shot.picture), time: shot.time, progress: shot.progress,
        repeatsPrevious: shot.repeatsPrevious, operation: shot.operation.map { script[$0].title },
        operationIndex: shot.operation))
  }
}

extension Story {
  /// Plays the whole script of `file` with the command line's styles,
  /// with each operation's frames or, given a `rate`, sampled at that many
  /// frames per second, charging the frames to `memory`.
  static func play(
    _ file: SceneFile, name: String, rate: Double? = nil, memory: MemoryBudget = MemoryBudget()
  ) throws(CLIError) -> PlayedStory {
    let played = PlayedStory(name: name, script: file.script, memory: memory)
    let story = Story(
      file: file, name: name, styles: StyleLookup.registry, rate: rate,
      frameLimit: RenderLimits.maximumFrames, sink: played)
    try story.play()
    played.time = story.time
    return played
  }
}
