import Transit

/// One frame to draw: a still scene, or frame `index` of `count` of a
/// timeline, with the time shown by `--labels`.
struct FrameSpec: Sendable {
  enum Source: Sendable {
    case still(Scene)
    case sample(Timeline, index: Int, count: Int)
  }

  var source: Source
  /// Seconds since the start of the story, for labels.
  var time: Double

  /// The scene to draw.
  func scene() -> Scene {
    switch source {
    case .still(let scene): return scene
    case .sample(let timeline, let index, let count):
      return timeline.sample(frame: index, of: count)
    }
  }

  /// The frames of a whole timeline, `count` of them, starting at `offset` seconds.
  static func frames(of timeline: Timeline, count: Int, startingAt offset: Double = 0)
    -> [FrameSpec]
  {
    (0..<count).map { i in
      FrameSpec(
        source: .sample(timeline, index: i, count: count),
        time: offset + timeline.time(ofFrame: i, of: count))
    }
  }
}
