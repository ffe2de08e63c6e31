import Testing
import Transit

// The code of the Transit documentation catalog (Sources/Transit/Transit.docc),
// run for real. Each test names the page and the section its code mirrors;
// when you change a code block there, change it here (and the other way
// round), so that what the documentation shows keeps compiling and keeps
// doing what the prose says.
//
// The TransitRender and TransitTesting landing pages and the golden-image
// article need Cairo; their code lives in
// Tests/TransitTestingTests/DocumentationExamplesTests.swift.

/// A style written the way "Writing a transition style" teaches: geometry
/// from the bounds only, instant steps to set the stage and clean up, and a
/// reverse of its own.
///
/// Mirrors the article "Writing a transition style" (Sources/Transit/
/// Transit.docc/WritingATransitionStyle.md), sections "Build the animation
/// from the context" and "Supply your own reverse".
struct DropInStyle: TransitionStyle {
  let name = "drop-in"
  let intrinsicDuration = 0.5

  func intrinsicAnimation(in context: TransitionContext) throws(TransitError) -> Animation {
    let h = context.bounds.height
    return Animation([
      // Set the stage: the new screen just above the top edge.
      .instant(context.appearing { [.translate($0, x: 0, y: -h)] }),
      AnimationStep(
        duration: 0.5, curve: .penner(.bounce, .easeOut),
        changes: context.appearing { [.translate($0, x: 0, y: h)] }
          + context.disappearing { [.alpha($0, to: 0.5)] }),
      // Clean up: the old screen leaves.
      .instant(context.disappearing { [.hidden($0)] }),
    ])
  }
}

/// Dismissing does not bounce back up: the dropped view fades away on the
/// spot while the one beneath comes back. Bound to the forward's end state.
extension DropInStyle {
  func intrinsicReverseAnimation(in context: TransitionContext) throws(TransitError)
    -> Animation?
  {
    Animation([
      .instant(context.disappearing { [.hidden($0, false)] }),
      AnimationStep(
        duration: 0.25, curve: .easeIn,
        changes: context.disappearing { [.alpha($0, to: 1)] }
          + context.appearing { [.alpha($0, to: 0)] }),
    ])
  }
}

/// A door hinged on the left edge, turned through the built-in styles'
/// camera.
///
/// Mirrors the article "Writing a transition style", section "Turn views in
/// perspective".
struct SwingStyle: TransitionStyle {
  let name = "swing"
  let intrinsicDuration = 0.4

  func intrinsicAnimation(in context: TransitionContext) throws(TransitError) -> Animation {
    let camera = TransitionCamera(bounds: context.bounds)
    // A door hinged on the left edge, turning about the vertical axis.
    let hinge = Vector3(x: -context.bounds.width / 2, y: 0, z: 0)
    let vertical = Vector3(x: 0, y: 1, z: 0)
    func swing(_ id: String, _ angle: Double) -> [Change] {
      [camera.turn(id, by: angle, about: vertical, pivot: hinge)]
    }
    return Animation([
      .instant(context.appearing { swing($0, -.pi / 2) }),  // edge-on
      AnimationStep(duration: 0.4, changes: context.appearing { swing($0, .pi / 2) }),
      // The two turns add up to none; land on the base layout exactly.
      .instant(context.appearing { [.transform($0, to: .identity)] }),
    ])
  }
}

@Suite("Documentation examples")
struct DocumentationExamplesTests {
  // MARK: Transit.md, "Overview" (the one-screen example)

  @Test("Transit landing page: the library in one screen")
  func landingPage() throws {
    // A container 390×844 with two screens; "detail" is above "home".
    let bounds = Rect(x: 0, y: 0, width: 390, height: 844)
    let scene = Scene(
      size: bounds.size,
      views: [
        View(id: "home", frame: bounds, backgroundColor: .white),
        View(id: "detail", frame: bounds, backgroundColor: Color(red: 0.2, green: 0.3, blue: 0.9)),
      ])

    // An animation is data: steps of changes to views, by id.
    let slideIn = Animation([
      .instant([.translate("detail", x: 390, y: 0)]),  // set the stage
      AnimationStep(
        duration: 0.4, curve: .easeInOut,
        changes: [
          .translate("detail", x: -390, y: 0),
          .scale("home", by: 0.95),
        ]),
    ])

    // Bound to a scene it becomes a timeline: sample it at any time or frame.
    let push = try slideIn.timeline(from: scene)
    let middle = push.sample(at: 0.2)

    // The reverse is exact: frame i of the pop is frame N−1−i of the push.
    let pop = push.reversed()
    #expect(pop.sample(frame: 7, of: 8) == push.sample(frame: 0, of: 8))

    // Or use one of the 48 built-in styles, built from the container's context.
    let style = try TransitionStyles.builtIn.style(named: "cover-from-bottom")
    let context = TransitionContext(
      bounds: bounds, appearingViewID: "detail", disappearingViewID: "home")
    let cover = try style.animation(for: context).timeline(from: scene)

    // What the page says about these values.
    #expect(push.duration == 0.4)
    let halfWay = try #require(middle.state(of: "detail")?.transform.m41)
    #expect(halfWay > 0 && halfWay < 390)
    #expect(pop.endScene == push.startScene)
    #expect(push.endScene.state(of: "detail")?.transform == .identity)
    #expect(cover.duration == 0.4)
    #expect(cover.endScene.state(of: "detail") == ViewState(frame: bounds))
  }

  // MARK: AnimationsTimelinesAndReversal.md

  /// The scene of the article: a list and a detail screen, with a badge on
  /// the list.
  static func articleScene() -> Scene {
    let bounds = Rect(x: 0, y: 0, width: 390, height: 844)
    return Scene(
      size: bounds.size,
      views: [
        View(
          id: "list", frame: bounds,
          children: [View(id: "badge", frame: Rect(x: 20, y: 20, width: 40, height: 40))]),
        View(id: "detail", frame: bounds),
      ])
  }

  @Test("Animations article: steps, overlap and scheduling")
  func stepsAndScheduling() throws {
    let scene = Self.articleScene()
    // "Steps and their schedule"
    let animation = Animation([
      .instant([.translate("detail", x: 390, y: 0)]),
      AnimationStep(duration: 0.4, changes: [.translate("detail", x: -390, y: 0)]),
      AnimationStep(
        duration: 0.3, curve: .easeOut, tag: "badge", overlap: 0.1,
        changes: [.rotate("badge", by: .pi / 2), .fade("badge", by: -0.5)]),
    ])
    let (starts, duration) = animation.schedule
    // starts ≈ [0, 0, 0.3]: the badge step starts 0.1 s before the slide ends.
    let timeline = try animation.timeline(from: scene)
    let first = timeline.sample(frame: 0, of: 30)
    let last = timeline.sample(frame: 29, of: 30)

    #expect(starts[0] == 0 && starts[1] == 0)
    #expect(abs(starts[2] - 0.3) < 1e-12)  // 0.4 − 0.1 in binary
    #expect(abs(duration - 0.6) < 1e-12)
    #expect(first == timeline.startScene)
    #expect(last == timeline.endScene)
    #expect(last.state(of: "badge")?.alpha == 0.5)
    #expect(timeline.stepSpans.last?.tag == "badge")
  }

  @Test("Animations article: R1 to R3, exact reversal of a timeline")
  func exactReversal() throws {
    let scene = Self.articleScene()
    // "Exact reversal: R1 to R3"
    let push = try Animation([
      .instant([.translate("detail", x: 390, y: 0)]),
      AnimationStep(
        duration: 0.4,
        changes: [
          .translate("detail", x: -390, y: 0),
          .scale("list", by: 0.95),
          .rotate("badge", by: 0.3),
        ]),
      .instant([.hidden("list")]),
    ]).timeline(from: scene)
    let pop = push.reversed()

    // R1: reversing twice gives the original back.
    #expect(pop.reversed() == push)
    // R2: frame i of the pop is frame N−1−i of the push, bit for bit.
    let n = 24
    for i in 0..<n {
      #expect(pop.sample(frame: i, of: n) == push.sample(frame: n - 1 - i, of: n))
    }
    // R3: the pop ends exactly where the push started.
    #expect(pop.endScene == push.startScene)
    // "Going back along another curve": a rerun still ends on the start.
    let rerun = push.reversed(along: .linear)
    #expect(rerun.endScene == push.startScene)

    // Bit for bit, not merely ==: ±0 and NaN payloads would hide in ==.
    let badgeBack = try #require(pop.endScene.state(of: "badge")?.transform.entries)
    let badgeStart = try #require(push.startScene.state(of: "badge")?.transform.entries)
    #expect(badgeBack.map(\.bitPattern) == badgeStart.map(\.bitPattern))
  }

  @Test("Animations article: R4, curves mirror exactly")
  func curvesMirror() throws {
    // "R4: curves that mirror exactly"
    let curve = try TimingCurve.cubicBezier(0.25, 0.1, 0.5, 1)
    let mirror = curve.mirrored
    // (x1, y1, x2, y2) mirrors to (1 − x2, 1 − y2, 1 − x1, 1 − y1).
    let points = try #require(mirror.bezierControlPoints)
    #expect(points == (0.5, 0, 0.75, 0.9))
    #expect(mirror.mirrored == curve)
    // Exact means exactly this arithmetic: 1 − 0.42 is 0.5800000000000001 in
    // binary, so ease-in mirrors to a hair's breadth from the ease-out preset.
    #expect(TimingCurve.easeIn.mirrored.bezierControlPoints! == (0, 0, 1 - 0.42, 1))
    #expect(TimingCurve.easeIn.mirrored.mirrored == .easeIn)
    let stairs = try TimingCurve.steps(4, .jumpStart)
    #expect(stairs.mirrored == (try TimingCurve.steps(4, .jumpEnd)))
    #expect(stairs.mirrored.value(at: 0.25, before: true) == 1 - stairs.value(at: 0.75))

    // The identity the mirror satisfies, to rounding, for a smooth curve.
    for t in stride(from: 0.0, through: 1.0, by: 0.125) {
      #expect(abs(mirror.value(at: t) - (1 - curve.value(at: 1 - t))) < 1e-12)
    }
  }

  @Test("Animations article: why inverted deltas drift")
  func invertedDeltasDrift() throws {
    let scene = Self.articleScene()
    // "Why CoconutKit's inverted deltas drift"
    let wobble = Animation(
      (0..<10).map { _ in
        AnimationStep(
          duration: 0.05, changes: [.scale("badge", by: 1.1), .rotate("badge", by: 0.1)])
      })
    let forward = try wobble.timeline(from: scene)

    // CoconutKit's way: invert every delta (scale 1/1.1, angle −0.1) and play
    // that from where the forward ended.
    let inverted = try wobble.reversed().timeline(from: forward.endScene)
    // Transit's way: read the same resolved values backwards.
    let exact = forward.reversed()

    let start = try #require(forward.startScene.state(of: "badge")?.transform)
    let drifted = try #require(inverted.endScene.state(of: "badge")?.transform)
    #expect(drifted != start)  // off by rounding: a blurry, slightly sheared view
    #expect(zip(drifted.entries, start.entries).allSatisfy { abs($0 - $1) < 1e-9 })
    #expect(exact.endScene.state(of: "badge")?.transform == start)
  }

  // MARK: WritingATransitionStyle.md

  @Test("Style article: registering a style and finding it by name")
  func registeringAStyle() throws {
    // "Register it by name"
    var styles = TransitionStyles.builtIn
    styles.register(DropInStyle())
    let style = try styles.style(named: "drop-in")

    #expect(style.name == "drop-in")
    #expect(styles.names.last == "drop-in")
    #expect(styles.names.count == 49)
    let misspelt = #expect(throws: TransitError.self) { try styles.style(named: "drop-inn") }
    #expect(misspelt?.kind == .unknownStyle)
    #expect(misspelt?.message.contains("'drop-in'") == true)
  }

  @Test("Style article: geometry from the bounds, duration from the context")
  func styleFromContext() throws {
    // "Build the animation from the context" and "Durations"
    let bounds = Rect(x: 0, y: 0, width: 390, height: 844)
    let context = TransitionContext(
      bounds: bounds, appearingViewID: "detail", disappearingViewID: "list", duration: 1)
    let animation = try DropInStyle().animation(for: context)
    #expect(animation.duration == 1)  // twice the intrinsic 0.5, every step rescaled

    let scene = Scene(
      size: bounds.size,
      views: [View(id: "list", frame: bounds), View(id: "detail", frame: bounds)])
    let timeline = try animation.timeline(from: scene)
    #expect(timeline.startScene.state(of: "detail")?.transform == .translation(x: 0, y: -844))
    #expect(timeline.endScene.state(of: "detail") == ViewState(frame: bounds))
    #expect(timeline.endScene.state(of: "list")?.isHidden == true)

    // Leaving a half out: no appearing view, only the disappearing half plays.
    let alone = TransitionContext(bounds: bounds, appearingViewID: nil, disappearingViewID: "list")
    let half = try DropInStyle().animation(for: alone)
    #expect(half.steps.allSatisfy { step in step.changes.allSatisfy { $0.viewID == "list" } })
  }

  @Test("Style article: a style's own reverse")
  func customReverse() throws {
    // "Supply your own reverse"
    let bounds = Rect(x: 0, y: 0, width: 390, height: 844)
    let scene = Scene(
      size: bounds.size,
      views: [View(id: "list", frame: bounds), View(id: "detail", frame: bounds)])
    let transition = Transition(
      style: DropInStyle(), appearingViewID: "detail", disappearingViewID: "list")
    let push = try transition.forwardTimeline(from: scene, bounds: bounds)
    let pop = try transition.reverseTimeline(from: scene, bounds: bounds)

    #expect(pop.initialScene == push.endScene)  // bound to the forward's end state
    #expect(pop.startScene.state(of: "list")?.isHidden == false)  // its instant first step
    #expect(pop.duration == 0.25)
    #expect(pop.endScene.state(of: "detail")?.alpha == 0)
    #expect(pop.endScene.state(of: "list") == ViewState(frame: bounds))
  }

  @Test("Style article: turning views in perspective")
  func turningInPerspective() throws {
    // "Turn views in perspective"
    let bounds = Rect(x: 0, y: 0, width: 390, height: 844)
    #expect(TransitionCamera(bounds: bounds).distance == 3376)  // 4 × 844
    let scene = Scene(
      size: bounds.size,
      views: [View(id: "list", frame: bounds), View(id: "detail", frame: bounds)])
    let transition = Transition(
      style: SwingStyle(), appearingViewID: "detail", disappearingViewID: "list")
    let swing = try transition.forwardTimeline(from: scene, bounds: bounds)
    // Half way the door is at an eighth of a turn, its far edge drawn smaller.
    let middle = try #require(swing.sample(at: 0.2).state(of: "detail")?.transform)
    #expect(middle.m14 != 0)  // perspective: w depends on x
    let hingeTop = try #require(middle.projecting(Point(x: -195, y: -422)))
    #expect(abs(hingeTop.x + 195) < 1e-9 && abs(hingeTop.y + 422) < 1e-9)  // the hinge stays
    #expect(swing.endScene.state(of: "detail") == ViewState(frame: bounds))
    #expect(swing.endScene.state(of: "list") == ViewState(frame: bounds))
  }

  @Test("Style article: a style along another curve")
  func styleAlongAnotherCurve() throws {
    // "Play a style along another curve"
    let push = try TransitionStyles.builtIn.style(named: "push-from-right")
    let steady = push.withCurve(.linear)
    #expect(steady.name == "push-from-right+linear")
    #expect(AnyTransitionStyle(steady) != AnyTransitionStyle(push))

    let context = TransitionContext(
      bounds: Rect(x: 0, y: 0, width: 390, height: 844), appearingViewID: "detail",
      disappearingViewID: "list")
    let timed = try steady.animation(for: context).steps.filter { $0.duration > 0 }
    #expect(!timed.isEmpty && timed.allSatisfy { $0.curve == .linear })
  }

  // MARK: BuildingAContainer.md

  @Test("Container article: chrome alongside a push and a driven pop")
  func chromeAlongside() throws {
    // "Play your chrome alongside"
    let clock = ManualClock()
    let stack = StackContainer(size: Size(width: 390, height: 844), clock: clock)
    let slide = PushStyle(from: .right)
    let title = View(id: "list-title", frame: Rect(x: 16, y: 50, width: 200, height: 30))
    stack.push(View(id: "list", frame: .zero, children: [title]), style: slide, animated: false)
    let detail = View(id: "detail", frame: .zero)

    let hideTitle = Animation([
      AnimationStep(duration: 0.3, curve: .easeOut, changes: [.alpha("list-title", to: 0)])
    ])
    stack.push(detail, style: slide, alongside: [hideTitle])
    while stack.isAnimating {
      clock.advance(by: 1.0 / 60)
      stack.tick()
    }
    #expect(stack.scene.state(of: "list-title")?.alpha == 0)
    let pushed = stack.scene
    // Later a finger drives the pop: the title comes back with it, and goes
    // again, bit for bit, if the finger gives up.
    let showTitle = Animation([
      AnimationStep(duration: 0.3, curve: .easeIn, changes: [.alpha("list-title", to: 1)])
    ])
    try stack.beginInteractivePop(alongside: [showTitle])
    stack.updateInteraction(progress: 0.5)
    let alpha = try #require(stack.scene.state(of: "list-title")?.alpha)
    #expect(alpha > 0 && alpha < 1)
    try stack.cancelInteraction()
    while stack.isAnimating {
      clock.advance(by: 1.0 / 60)
      stack.tick()
    }
    #expect(stack.scene == pushed)
  }

  @Test("Container article: push, rotate, pop lands on the new bounds")
  func pushRotatePop() throws {
    // "Rebuild after a rotation"
    let portrait = Rect(x: 0, y: 0, width: 390, height: 844)
    let landscape = Rect(x: 0, y: 0, width: 844, height: 390)
    var scene = Scene(
      size: portrait.size,
      views: [View(id: "list", frame: portrait), View(id: "detail", frame: portrait)])

    let transition = Transition(
      style: PushStyle(from: .right), appearingViewID: "detail", disappearingViewID: "list")
    scene = try transition.forwardTimeline(from: scene, bounds: portrait).endScene

    // The device turns: apply the push's end state at the new bounds, at once.
    scene = try transition.applyingEndState(to: scene, at: landscape)
    // Later, the pop is rebuilt in the current context.
    let pop = try transition.reverseTimeline(from: scene, bounds: landscape)

    #expect(pop.startScene.state(of: "detail") == scene.state(of: "detail"))
    #expect(pop.startScene.state(of: "list") == scene.state(of: "list"))
    #expect(pop.endScene.state(of: "list") == ViewState(frame: landscape))
    #expect(pop.endScene.size == landscape.size)
    // The popped view leaves through the right edge of the *landscape* bounds.
    #expect(pop.endScene.state(of: "detail")?.transform == .translation(x: 844, y: 0))
  }

  @Test("Container article: a container of one child on the transition driver")
  func swapContainer() throws {
    // "Run every transition on the driver"
    let clock = ManualClock()
    let container = SwapContainer(size: Size(width: 390, height: 844), clock: clock)
    var events: [ContainerEvent] = []
    container.observer = { events.append($0) }
    container.show(View(id: "a", frame: .zero), style: NoneStyle(), animated: false)
    container.show(View(id: "b", frame: .zero), style: CoverStyle(from: .bottom))
    container.show(View(id: "c", frame: .zero), style: PushStyle(from: .right))  // queued
    while container.isAnimating || container.pendingOperationCount > 0 {
      clock.advance(by: 1.0 / 60)
      container.tick()
    }
    // container.scene.views.map(\.id) == ["c"], and every event of "b"'s
    // transition came before the first of "c"'s.
    #expect(container.scene.views.map(\.id) == ["c"])
    #expect(container.scene.state(of: "c") == ViewState(frame: container.scene.bounds))
    let lastOfB = try #require(events.lastIndex(of: .didShow("b", animated: true)))
    let firstOfC = try #require(events.firstIndex(of: .willHide("b", animated: true)))
    #expect(lastOfB < firstOfC)
    #expect(
      events.suffix(8) == [
        .willHide("b", animated: true),
        .viewWillDisappear("b", animated: true, isMovingFromParent: true),
        .willShow("c", animated: true),
        .viewWillAppear("c", animated: true, isMovingToParent: true),
        .viewDidDisappear("b", animated: true, isMovingFromParent: true),
        .didHide("b", animated: true),
        .viewDidAppear("c", animated: true, isMovingToParent: true), .didShow("c", animated: true),
      ])
  }

  @Test("Container article: a stack driven by a manual clock")
  func stackOnAManualClock() throws {
    // "Drive a stack with a manual clock"
    let clock = ManualClock()
    let stack = StackContainer(size: Size(width: 390, height: 844), clock: clock)
    var events: [ContainerEvent] = []
    stack.observer = { events.append($0) }

    stack.push(View(id: "list", frame: .zero), style: NoneStyle(), animated: false)
    stack.push(View(id: "detail", frame: .zero), style: PushStyle(from: .right))

    // Mid-push, the device turns: the gate holds the new size until the push ends.
    clock.advance(by: 0.1)
    stack.tick()
    let outcome = stack.rotate(to: Size(width: 844, height: 390))  // .deferred

    // One display frame at a time, until nothing is playing or queued.
    func settle() {
      while stack.isAnimating || stack.pendingOperationCount > 0 {
        clock.advance(by: 1.0 / 60)
        stack.tick()
      }
    }
    settle()
    // stack.bounds is 844×390 now, and events ends with .boundsChanged(844×390).
    #expect(events.last == .boundsChanged(Size(width: 844, height: 390)))

    stack.pop()  // the push's exact reverse, rebuilt at 844×390
    settle()
    // stack.childIDs == ["list"], and the list rests on the new base layout:
    // stack.scene.state(of: "list") == ViewState(frame: stack.bounds)

    // What the article says about these values.
    let landscape = Rect(x: 0, y: 0, width: 844, height: 390)
    #expect(outcome == .deferred)
    #expect(stack.bounds == landscape)
    #expect(stack.childIDs == ["list"])
    #expect(stack.scene.state(of: "list") == ViewState(frame: landscape))
    #expect(stack.scene.state(of: "detail") == nil)  // popped: gone from the scene
    #expect(!stack.isAnimating && stack.counter.isIdle)
    // The deferred size was applied once, after the push's events, before the pop's.
    let resize = try #require(events.firstIndex(of: .boundsChanged(landscape.size)))
    #expect(events.filter { $0 == .boundsChanged(landscape.size) }.count == 1)
    #expect(events[..<resize].contains(.didShow("detail", animated: true)))
    #expect(events[resize...].contains(.didShow("list", animated: true)))
  }
}

/// The container of "Building a container", section "Run every transition
/// on the driver", as the article shows it.
final class SwapContainer: DrivenContainer {
  private(set) var scene: Scene
  private(set) var currentID: String?
  let driver: TransitionDriver

  init(size: Size, clock: any PlaybackClock) {
    scene = Scene(size: size)
    // The driver writes into the scene; `self` can be captured only once
    // every stored property is set, so the writer is bound just after.
    var write: (ViewState, String) -> Void = { _, _ in }
    driver = TransitionDriver(clock: clock) { write($0, $1) }
    write = { [unowned self] state, id in scene.apply(state, to: id) }
  }

  func show(_ view: View, style: any TransitionStyle, animated: Bool = true) {
    driver.enqueue { [unowned self] () throws(TransitError) in
      let old = currentID.flatMap { scene.view($0) }
      var new = view
      new.state = ViewState(frame: scene.bounds)
      scene.views.append(new)
      currentID = new.id
      try driver.run(
        TransitionRequest(
          transition: Transition(
            style: style, appearingViewID: new.id, disappearingViewID: old?.id),
          isReversed: false, bounds: scene.bounds, views: [old, new].compactMap { $0 },
          animated: animated, shownIsMovingToParent: true, hiddenIsMovingFromParent: true,
          settle: { [unowned self] in scene.views.removeAll { $0.id == old?.id } }))
    }
  }
}
