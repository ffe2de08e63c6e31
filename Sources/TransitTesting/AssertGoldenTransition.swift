import Transit
import TransitRender

/// Starts a transition on `container`, draws it as a titled strip of
/// `count` frames, and checks the strip against the golden
/// `Goldens/<suite>/<name>.png`, as
/// ``assertGolden(_:named:suite:allowance:threshold:goldensDirectory:artifactsDirectory:recordMode:filePath:)``
/// checks any image.
///
/// `transition` runs one operation of the container — a push, a pop, a
/// swap, or the start of an interactive one — on an idle container. Frame
/// `k` shows the transition at exactly `k · D / (count − 1)`, as
/// `Timeline.sample(frame:of:)` samples it: frame 0 is the state before,
/// the last frame the settled state, whatever clock the container runs
/// on. An interactive transition is shown at progress `k / (count − 1)`
/// and then finished: the same pictures when the container's `scrubbing`
/// is `.curve`; with the default linear scrubbing, the pictures of the
/// transition with its curves replaced by linear. The strip is one row of frames
/// (more only beyond Cairo's 32,767 pixels) under a title band, 4 pixels
/// apart on a dark background, through TransitRender's `FrameSheet`.
///
/// When the call returns the transition has settled, so the next call can
/// picture the next operation: a container on a `ManualClock` has its clock
/// advanced past the transition's end; on another clock, the transition
/// settles on its own later ticks.
///
/// ```swift
/// @Test func detailSlidesIn() throws {
///   let stack = StackContainer(size: Size(width: 120, height: 200), clock: ManualClock())
///   let bounds = Rect(x: 0, y: 0, width: 120, height: 200)
///   stack.push(PlaceholderScreen.red.view(id: "list", bounds: bounds), style: NoneStyle(),
///     animated: false)
///
///   try assertGolden(of: stack, scene: \.scene, named: "push-detail", suite: "stack") {
///     $0.push(PlaceholderScreen.blue.view(id: "detail", bounds: bounds),
///       style: PushStyle(from: .right))
///   }
///   try assertGolden(of: stack, scene: \.scene, named: "pop-detail", suite: "stack") {
///     $0.pop()
///   }
/// }
/// ```
///
/// - Parameters:
///   - container: the container, idle: no transition running or queued.
///   - scene: where the container's picture is, usually `\.scene`.
///   - count: how many frames, at least 2 (the start and the end); 6 by default.
///   - name: the golden's file name without `.png`.
///   - suite: the folder under `Goldens/` (and `.artifacts/`).
///   - title: the strip's title; by default the name, the frame count and
///     the duration, e.g. `push-detail · 6 frames · 0.400 s`.
///   - options: how frames are drawn; 1 pixel per point by default.
///   - allowance: how many differing pixels still pass.
///   - threshold: the YIQ colour distance below which pixels count as equal.
///   - goldensDirectory: overrides `<package root>/Goldens`.
///   - artifactsDirectory: overrides `TRANSIT_ARTIFACTS` and
///     `<package root>/.artifacts`.
///   - recordMode: overrides `TRANSIT_RECORD`.
///   - filePath: the caller's file, to find the package root; leave the default.
///   - transition: starts one operation of the container.
/// - Throws: ``GoldenFailure`` when the strip does not match (see
///   ``GoldenCheck/verify(_:)``), or of kind `configuration` when the
///   container was busy, `transition` started no animated transition, or
///   `count` is below 2; the error `transition` throws; `RenderError` when a
///   frame or the strip cannot be drawn.
public func assertGolden<Container: DrivenContainer>(
  of container: Container, scene: KeyPath<Container, Scene>, frames count: Int = 6,
  named name: String, suite: String, title: String? = nil,
  options: RenderOptions = RenderOptions(), allowance: Int = 0, threshold: Double = 0.1,
  goldensDirectory: String? = nil, artifactsDirectory: String? = nil,
  recordMode: GoldenRecordMode? = nil, filePath: String = #filePath,
  transition: (Container) throws -> Void
) throws {
  let strip = try TransitionStrip.draw(
    container, scene: scene, count: count, name: name, title: title, options: options,
    transition: transition)
  try assertGolden(
    strip, named: name, suite: suite, allowance: allowance, threshold: threshold,
    goldensDirectory: goldensDirectory, artifactsDirectory: artifactsDirectory,
    recordMode: recordMode, filePath: filePath)
}

/// How ``assertGolden(of:scene:frames:named:suite:title:options:allowance:threshold:goldensDirectory:artifactsDirectory:recordMode:filePath:transition:)``
/// draws a container's transition.
enum TransitionStrip {
  /// Pixels between the frames and around the strip.
  static let padding = 4
  /// The strip's background, dark so that the light title reads on it.
  static let background = Color(red: 0.13, green: 0.13, blue: 0.13)

  /// Runs `transition` on the idle `container`, renders its `count` frames
  /// and lets it settle; returns the titled strip.
  static func draw<Container: DrivenContainer>(
    _ container: Container, scene: KeyPath<Container, Scene>, count: Int, name: String,
    title: String?, options: RenderOptions, transition: (Container) throws -> Void
  ) throws -> Image {
    guard count >= 2 else {
      throw GoldenFailure(
        .configuration,
        "a transition strip needs at least 2 frames (its start and end), got \(count)")
    }
    guard !container.isAnimating, container.pendingOperationCount == 0 else {
      throw GoldenFailure(
        .configuration,
        "the container is busy (a transition runs or waits): let it settle before drawing '\(name)'"
      )
    }
    try transition(container)
    guard container.isAnimating, let duration = container.runningTransitionDuration else {
      throw GoldenFailure(
        .configuration,
        "the operation for '\(name)' started no animated transition: an instant one (animated: "
          + "false, or of duration 0), or one that failed, has no frames to draw")
    }
    let renderer = Renderer(options: options)
    var frames: [Image] = []
    frames.reserveCapacity(count)
    let interactive = container.isInteracting
    for index in 0..<count {
      if interactive {
        container.updateInteraction(progress: Double(index) / Double(count - 1))
      } else {
        container.showTransitionFrame(index, of: count)
      }
      frames.append(try renderer.render(container[keyPath: scene]))
    }
    if interactive { try container.finishInteraction() }
    settle(container, duration: duration)
    let columns = try FrameSheet.stripColumns(
      count: count, cellWidth: frames[0].width, padding: padding)
    return try FrameSheet.grid(
      frames, columns: columns, padding: padding, background: background,
      rowTitles: [title ?? defaultTitle(name: name, count: count, duration: duration)])
  }

  /// `name · N frames · D s`, the duration to the millisecond.
  static func defaultTitle(name: String, count: Int, duration: Double) -> String {
    let millis = Int((duration * 1000).rounded())
    let fraction = String(millis % 1000)
    let seconds = "\(millis / 1000).\(String(repeating: "0", count: 3 - fraction.count))\(fraction)"
    return "\(name) · \(count) frames · \(seconds) s"
  }

  /// Lets the transition shown at its end settle: at once when the clock
  /// allows, after advancing a manual clock past its end otherwise.
  private static func settle(_ container: some DrivenContainer, duration: Double) {
    container.tick()
    guard let clock = container.clock as? ManualClock else { return }
    // Bounded: each round moves the clock a whole transition on.
    for _ in 0..<1_000 where container.isAnimating {
      clock.advance(by: max(duration, 1.0 / 60))
      container.tick()
    }
  }
}
