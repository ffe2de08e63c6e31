import Testing
import Transit
import TransitRender
import TransitTestSupport

@testable import TransitTesting

/// `assertGolden(of:scene:…transition:)`: a container's transition as a
/// titled strip, compared with its golden in one call.
@Suite struct TransitionGoldenTests {
  static let bounds = Rect(x: 0, y: 0, width: 120, height: 200)
  static let list = PlaceholderScreen.red.view(id: "list", bounds: bounds)
  static let detail = PlaceholderScreen.blue.view(id: "detail", bounds: bounds)

  /// A stack showing the list, on a manual clock.
  static func stack() -> StackContainer {
    let stack = StackContainer(size: bounds.size, clock: ManualClock())
    stack.push(list, style: NoneStyle(), animated: false)
    return stack
  }

  /// The strip the helper should draw, written out by hand from the
  /// transition's timeline: frame k at k · D / (count − 1), titled.
  static func handDrawnStrip(
    _ transition: Transition, reversed: Bool, count: Int, title: String
  ) throws -> Image {
    var scene = Scene(size: bounds.size, views: [list, detail])
    if reversed { scene = try transition.forwardTimeline(from: scene, bounds: bounds).endScene }
    let timeline =
      reversed
      ? try transition.reverseTimeline(from: scene, bounds: bounds)
      : try transition.forwardTimeline(from: scene, bounds: bounds)
    let frames = try (0..<count).map {
      try Renderer().render(timeline.sample(frame: $0, of: count))
    }
    return try FrameSheet.grid(
      frames, columns: count, padding: 4, background: Color(red: 0.13, green: 0.13, blue: 0.13),
      rowTitles: [title])
  }

  @Test func aPushAndItsPopMatchTheirGoldens() throws {
    let stack = Self.stack()
    try assertGolden(of: stack, scene: \.scene, named: "stack-push", suite: "testing") {
      $0.push(Self.detail, style: PushStyle(from: .right))
    }
    // Settled: the next operation may start at once.
    #expect(!stack.isAnimating && stack.childIDs == ["list", "detail"])
    try assertGolden(
      of: stack, scene: \.scene, frames: 4, named: "stack-pop", suite: "testing"
    ) { $0.pop() }
    #expect(!stack.isAnimating && stack.childIDs == ["list"])
  }

  @Test func theStripIsTheTimelinesFramesTitled() throws {
    let push = Transition(
      style: CoverStyle(from: .bottom), appearingViewID: "detail", disappearingViewID: "list")
    let stack = Self.stack()
    let strip = try TransitionStrip.draw(
      stack, scene: \.scene, count: 5, name: "cover", title: nil, options: RenderOptions()
    ) { $0.push(Self.detail, style: CoverStyle(from: .bottom)) }
    #expect(
      strip
        == (try Self.handDrawnStrip(
          push, reversed: false, count: 5, title: "cover · 5 frames · 0.400 s")))
    let pop = try TransitionStrip.draw(
      stack, scene: \.scene, count: 7, name: "uncover", title: "Uncover", options: RenderOptions()
    ) { $0.pop() }
    #expect(pop == (try Self.handDrawnStrip(push, reversed: true, count: 7, title: "Uncover")))
  }

  @Test func anInteractiveTransitionIsDrawnByProgressThenFinished() throws {
    let played = Self.stack()
    played.push(Self.detail, style: PushStyle(from: .right), animated: false)
    let strip = try TransitionStrip.draw(
      played, scene: \.scene, count: 6, name: "pop", title: nil, options: RenderOptions()
    ) { $0.pop() }
    let dragged = Self.stack()
    dragged.push(Self.detail, style: PushStyle(from: .right), animated: false)
    // Along the style's curves the drag shows the played frames.
    dragged.scrubbing = .curve
    let interactive = try TransitionStrip.draw(
      dragged, scene: \.scene, count: 6, name: "pop", title: nil, options: RenderOptions()
    ) { try $0.beginInteractivePop() }
    #expect(interactive == strip)
    #expect(!dragged.isAnimating && dragged.childIDs == ["list"])
    #expect(dragged.scene == played.scene)
  }

  @Test func anotherTransitionFailsWithTheThreeArtifacts() throws {
    let goldens = TemporaryDirectory.make().path
    let artifacts = TemporaryDirectory.make().path
    func strip(_ style: any TransitionStyle, mode: GoldenRecordMode) throws {
      try assertGolden(
        of: Self.stack(), scene: \.scene, named: "push", suite: "s", title: "push",
        goldensDirectory: goldens, artifactsDirectory: artifacts, recordMode: mode
      ) { $0.push(Self.detail, style: style) }
    }
    #expect(goldenFailure { try strip(PushStyle(from: .right), mode: .missing) }?.kind == .recorded)
    try strip(PushStyle(from: .right), mode: .never)
    // A regression: the detail comes from the left.
    let failure = goldenFailure { try strip(PushStyle(from: .left), mode: .never) }
    #expect(failure?.kind == .differs)
    for suffix in ["expected", "actual", "compare"] {
      let path = "\(artifacts)/s/push.\(suffix).png"
      #expect(failure?.message.contains(path) == true && BinaryFile.exists(path), "\(suffix)")
    }
  }

  @Test func nothingToDrawFailsClearly() throws {
    let stack = Self.stack()
    let instant = goldenFailure {
      try assertGolden(of: stack, scene: \.scene, named: "x", suite: "s") {
        $0.push(Self.detail, style: PushStyle(from: .right), animated: false)
      }
    }
    #expect(instant?.kind == .configuration)
    #expect(instant?.message.contains("started no animated transition") == true)
    let tooFew = goldenFailure {
      try assertGolden(of: stack, scene: \.scene, frames: 1, named: "x", suite: "s") { $0.pop() }
    }
    #expect(tooFew?.kind == .configuration && stack.childIDs == ["list", "detail"])
    stack.pop()
    let busy = goldenFailure {
      try assertGolden(of: stack, scene: \.scene, named: "x", suite: "s") { $0.pop() }
    }
    #expect(busy?.kind == .configuration)
    #expect(busy?.message.contains("busy") == true)
  }

  @Test func theDefaultTitleNamesFramesAndDuration() {
    #expect(
      TransitionStrip.defaultTitle(name: "a", count: 6, duration: 0.6000000000000001)
        == "a · 6 frames · 0.600 s")
    #expect(
      TransitionStrip.defaultTitle(name: "b", count: 2, duration: 12.0456)
        == "b · 2 frames · 12.046 s")
  }
}
