import Transit

/// One frame to draw: a still scene, or frame `index` of `count` of a
/// timeline, with the time (or a drag's progress) shown by `--labels`.
struct FrameSpec: Sendable {
  enum Source: Sendable {
    case still(Scene)
    case sample(Timeline, index: Int, count: Int)
    /// A frame of a scene file's story, its screens laid out when drawn.
    case story(StoryFrame)
  }

  var source: Source
  /// Seconds since the start of the story, for labels.
  var time: Double
  /// When set, the container is drawn centred on a canvas of this size, so
  /// that portrait and landscape frames of one story fit one sheet.
  var canvas: Size?
  /// When set, the frame shows a drag held at this progress (0…1), which
  /// its label shows instead of the time, which stands still while a
  /// finger drags.
  var progress: Double?
  /// Whether this is the picture of the frame before, drawn again where an
  /// operation begins: a sheet shows it (each operation's frames complete),
  /// an animation leaves it out (the frame before shows until the next).
  var repeatsPrevious = false
  /// The operation that drew the frame, as a person names it (`pop`,
  /// `push message`, `cross-dissolve`), for the player's labels.
  var operation: String?
  /// Where that operation is in the scene file's script, for the preview,
  /// whose drags drive it.
  var operationIndex: Int?

  /// The scene to draw.
  func scene() -> Scene {
    let scene: Scene
    switch source {
    case .still(let still): scene = still
    case .story(let frame): scene = frame.scene()
    case .sample(let timeline, let index, let count):
      scene = timeline.sample(frame: index, of: count)
    }
    guard let canvas, canvas != scene.size else { return scene }
    return FrameSpec.embed(scene, in: canvas)
  }

  /// The container's scene as one clipped view centred on a larger canvas.
  static func embed(_ scene: Scene, in canvas: Size) -> Scene {
    let frame = Rect(
      x: ((canvas.width - scene.size.width) / 2).rounded(.down),
      y: ((canvas.height - scene.size.height) / 2).rounded(.down),
      width: scene.size.width, height: scene.size.height)
    return Scene(
      size: canvas, backgroundColor: Color(red: 0.13, green: 0.13, blue: 0.13),
      views: [
        View(
          id: "animrender.container", frame: frame, backgroundColor: scene.backgroundColor,
          clipsToBounds: true, children: scene.views)
      ])
  }

  /// The size of the frame this spec draws, in points.
  var size: Size {
    if let canvas { return canvas }
    switch source {
    case .still(let scene): return scene.size
    case .story(let frame): return frame.stack.size
    case .sample(let timeline, _, _): return timeline.initialScene.size
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
