import Transit

/// Screens with matched elements, and ways to look at flights in samples.
enum MatchFixtures {
  static let portrait = Size(width: 390, height: 844)
  static let landscape = Size(width: 844, height: 390)

  /// A grid of rounded, shadowed aspect-fill thumbnails; `photo` carries
  /// the key "photo".
  static func grid(thumbnail: Rect = Rect(x: 20, y: 120, width: 110, height: 110)) -> View {
    View(
      id: "grid", frame: .zero, backgroundColor: .white,
      children: [
        View(
          id: "thumb", frame: thumbnail, backgroundColor: Color(red: 0.9, green: 0.3, blue: 0.2),
          cornerRadius: 16, clipsToBounds: true, content: .named("beach"),
          shadow: Shadow(opacity: 0.4, radius: 8, offset: Size(width: 0, height: 4)),
          contentMode: .scaleAspectFill, matchKey: "photo"),
        View(
          id: "other", frame: Rect(x: 150, y: 120, width: 110, height: 110),
          backgroundColor: .black, cornerRadius: 16, matchKey: "other"),
      ])
  }

  /// A detail screen: the photo, aspect-fit and square-cornered, and a title.
  static func detail(photo: Rect = Rect(x: 0, y: 100, width: 390, height: 390)) -> View {
    View(
      id: "detail", frame: .zero, backgroundColor: Color(red: 0.1, green: 0.1, blue: 0.1),
      children: [
        View(
          id: "photo", frame: photo, backgroundColor: .black, content: .named("beach"),
          contentMode: .scaleAspectFit, matchKey: "photo"),
        View(
          id: "title", frame: Rect(x: 20, y: 520, width: 350, height: 40),
          text: TextContent(string: "A beach at dawn", size: 24, color: .white),
          matchKey: "title"),
      ])
  }

  /// The flight overlays of a scene: its top-level views named `match:…`.
  static func overlays(_ scene: Scene) -> [View] {
    scene.views.filter { $0.id.hasPrefix("match:") }
  }

  /// `scene` without its flight overlays, as a container shows it when
  /// nothing flies.
  static func withoutOverlays(_ scene: Scene) -> Scene {
    var scene = scene
    scene.views = scene.views.filter { !$0.id.hasPrefix("match:") }
    return scene
  }

  /// Runs the stack's transitions to their ends, `step` seconds at a time,
  /// recording each scene drawn.
  @discardableResult
  static func run(_ stack: StackContainer, _ clock: ManualClock, step: Double = 1.0 / 60)
    -> [Scene]
  {
    var scenes: [Scene] = []
    var guardCount = 0
    while (stack.isAnimating || stack.pendingOperationCount > 0) && guardCount < 10_000 {
      clock.advance(by: step)
      stack.tick()
      scenes.append(stack.scene)
      guardCount += 1
    }
    return scenes
  }
}

extension MatchFixtures {
  static func style(_ name: String) -> any TransitionStyle {
    try! TransitionStyles.builtIn.style(named: name)
  }

  /// A stack showing `first` (pushed without animation).
  static func stack(
    _ first: View = grid(), clock: ManualClock, size: Size = portrait
  ) -> StackContainer {
    let stack = StackContainer(size: size, clock: clock)
    stack.push(first, style: style("none"), animated: false)
    return stack
  }

  /// Frames 0…count−1 of the running transition, as the container shows
  /// them, then the transition run to its end.
  static func frames(of stack: StackContainer, _ clock: ManualClock, count: Int = 13) -> [Scene] {
    var scenes: [Scene] = []
    for i in 0..<count {
      stack.showTransitionFrame(i, of: count)
      scenes.append(stack.scene)
    }
    run(stack, clock)
    return scenes
  }

  /// The overlay of `key` in `scene`, if it flies.
  static func overlay(_ key: String, in scene: Scene) -> View? {
    scene.views.first { $0.id == "match:\(key)" }
  }

  /// The rect in container coordinates of the view `id` of `scene`, its
  /// ancestors' frames and translation-and-uniform-scale transforms
  /// composed: written apart from the library's, to check it.
  static func containerRect(of id: String, in scene: Scene) -> Rect? {
    guard let path = scene.path(of: id) else { return nil }
    var (s, x, y) = (1.0, 0.0, 0.0)
    var views = scene.views
    var frame = Rect.zero
    for i in path {
      let view = views[i]
      let f = view.frame
      let t = view.transform
      let scale = t.m11
      // The view's origin, after its transform about its centre.
      let ox = f.midX - scale * f.width / 2 + t.m41
      let oy = f.midY - scale * f.height / 2 + t.m42
      x += s * ox
      y += s * oy
      s *= scale
      frame = Rect(x: x, y: y, width: f.width * s, height: f.height * s)
      views = view.children
    }
    return frame
  }
}
