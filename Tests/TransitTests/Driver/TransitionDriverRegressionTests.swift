import Testing
import Transit
import TransitTestSupport

/// One regression test per defect the single transition driver fixed:
/// instant pops, operations issued from callbacks, a deferred rotation
/// from a callback, capacity 1 with a pop from viewDidDisappear.
@Suite("Transition driver regressions")
struct TransitionDriverRegressionTests {
  static let portrait = Size(width: 390, height: 844)
  static let landscape = Size(width: 844, height: 390)
  static let bounds = Rect(size: portrait)

  @Test("an instant pop (duration 0) of a push lands where the push started")
  func instantTransitionPops() throws {
    let a = Self.bounds
    let t = Transition(
      style: PushStyle(from: .right), appearingViewID: "new", disappearingViewID: "old",
      duration: 0)
    let scene = Scene(size: a.size, views: [View(id: "old", frame: a), View(id: "new", frame: a)])
    let pushed = try t.forwardTimeline(from: scene, bounds: a).endScene
    let popped = try t.reverseTimeline(from: pushed, bounds: a).endScene
    #expect(popped.state(of: "old") == ViewState(frame: a))
    #expect(try t.reverseTimeline(from: pushed, bounds: a).duration == 0)
  }

  @Test("with transitionDuration 0, a pop after cover-from-top-push-to-back restores the root")
  func zeroDurationStackPop() throws {
    let stack = StackContainer(size: Self.portrait, clock: ManualClock())
    stack.transitionDuration = 0
    let style = try TransitionStyles.builtIn.style(named: "cover-from-top-push-to-back")
    stack.push(card("root"), style: style)
    stack.push(card("top"), style: style)
    stack.pop()
    #expect(!stack.isAnimating)
    #expect(stack.scene.state(of: "root") == ViewState(frame: Self.bounds))
  }

  /// Runs `operations` on a fresh stack at `style`, animated (ticking),
  /// non-animated, or at duration 0, returning the scene after each.
  static func scenes(
    style: any TransitionStyle, mode: Int, _ operations: [(StackContainer) -> Void]
  ) -> [Scene] {
    let clock = ManualClock()
    let stack = StackContainer(size: portrait, clock: clock, capacity: 3)
    if mode == 2 { stack.transitionDuration = 0 }
    var result: [Scene] = []
    for operation in operations {
      operation(stack)
      while stack.isAnimating || stack.pendingOperationCount > 0 {
        clock.advance(by: 0.3)
        stack.tick()
      }
      result.append(stack.scene)
    }
    return result
  }

  @Test(
    "instant push, pop, pop-to, insert and remove land on the animated states, rotations or not",
    arguments: TransitionStyles.builtIn.names)
  func instantEqualsAnimated(name: String) throws {
    let style = try TransitionStyles.builtIn.style(named: name)
    var results: [[Scene]] = []
    for mode in 0..<3 {
      let animated = mode == 0
      let operations: [(StackContainer) -> Void] = [
        { $0.push(card("a"), style: style, animated: animated) },
        { $0.push(card("b"), style: style, animated: animated) },
        { $0.push(card("c"), style: style, animated: animated) },
        { $0.pop(animated: animated) },
        { $0.rotate(to: Self.landscape) },
        { $0.push(card("d"), style: style, animated: animated) },
        { $0.pop(to: "a", animated: animated) },
        { $0.insert(card("e"), at: 1, style: style, animated: animated) },
        { $0.rotate(to: Self.portrait) },
        { $0.remove(at: 1, animated: animated) },
        { $0.remove(at: 0, animated: animated) },
      ]
      results.append(Self.scenes(style: style, mode: mode, operations))
    }
    for step in results[0].indices {
      #expect(
        bitIdentical(results[0][step], results[1][step]), "\(name): animated: false, step \(step)")
      #expect(bitIdentical(results[0][step], results[2][step]), "\(name): duration 0, step \(step)")
    }
  }

  @Test(
    "an operation issued from viewDidAppear waits until the transition has delivered everything")
  func eventsNeverInterleaveInAStack() {
    let clock = ManualClock()
    let stack = StackContainer(size: Self.portrait, clock: clock)
    let log = ContainerLog()
    stack.push(card("a"), style: TestSlide(), animated: false)
    stack.observer = { [unowned stack] event in
      log.events.append(event)
      if case .viewDidAppear("b", _, _) = event {
        stack.push(card("c"), style: TestSlide())
        #expect(stack.pendingOperationCount == 1)
      }
    }
    stack.push(card("b"), style: TestSlide())
    settle(stack, clock)
    #expect(
      log.lifecycle == [
        "willHide a", "a willDisappear", "willShow b", "b willAppear moving",
        "a didDisappear", "didHide a", "b didAppear moving", "didShow b",
        "willHide b", "b willDisappear", "willShow c", "c willAppear moving",
        "b didDisappear", "didHide b", "c didAppear moving", "didShow c",
      ])
  }

  @Test("a swap issued from viewDidAppear waits in a placeholder too")
  func eventsNeverInterleaveInAPlaceholder() {
    let clock = ManualClock()
    let slot = View(id: "slot", frame: Rect(x: 0, y: 0, width: 390, height: 400))
    let container = PlaceholderContainer(size: Self.portrait, slots: [slot], clock: clock)
    let log = ContainerLog()
    container.observer = { [unowned container] event in
      log.events.append(event)
      if case .viewDidAppear("b", _, _) = event {
        container.setChild(card("c"), inSlot: 0, style: TestFade())
      }
    }
    container.setChild(card("a"), inSlot: 0, style: TestFade(), animated: false)
    log.events = []
    container.setChild(card("b"), inSlot: 0, style: TestFade())
    while container.isAnimating || container.pendingOperationCount > 0 {
      clock.advance(by: 0.1)
      container.tick()
    }
    #expect(
      log.lifecycle == [
        "willHide a", "a willDisappear moving", "willShow b", "b willAppear moving",
        "a didDisappear moving", "didHide a", "b didAppear moving", "didShow b",
        "willHide b", "b willDisappear moving", "willShow c", "c willAppear moving",
        "b didDisappear moving", "didHide b", "c didAppear moving", "didShow c",
      ])
    #expect(container.childID(inSlot: 0) == "c")
  }

  @Test("a rotation requested from a callback is deferred to between transitions, and lands right")
  func deferredRotationFromACallback() {
    let clock = ManualClock()
    let stack = StackContainer(size: Self.portrait, clock: clock)
    let log = ContainerLog()
    stack.push(card("a"), style: TestSlide(), animated: false)
    var outcome: RotationOutcome?
    stack.observer = { [unowned stack] event in
      log.events.append(event)
      if case .viewDidAppear("b", _, _) = event {
        outcome = stack.rotate(to: Self.landscape)
        stack.push(card("c"), style: TestSlide())
      }
    }
    stack.push(card("b"), style: TestSlide())
    settle(stack, clock)
    #expect(outcome == .deferred)
    // The rotation came after b's didShow and before c's first event.
    let names = log.events.map { "\($0)" }
    let rotated = names.firstIndex { $0.hasPrefix("boundsChanged") }
    let shownB = names.firstIndex { $0.hasPrefix("didShow(\"b\"") }
    let willC = names.firstIndex { $0.hasPrefix("willShow(\"c\"") }
    #expect(rotated != nil && shownB! < rotated! && rotated! < willC!)
    #expect(stack.scene.size == Self.landscape)
    let landscape = Rect(size: Self.landscape)
    #expect(stack.scene.state(of: "c") == ViewState(frame: landscape))
    let expected = try? Transition(
      style: TestSlide(), appearingViewID: "c", disappearingViewID: "b"
    ).endState(at: landscape)["b"]
    #expect(stack.scene.state(of: "b") == expected)
    #expect(stack.scene.view("a")?.frame.size ?? Self.landscape == Self.landscape)
  }

  @Test(
    "with capacity 1, a pop issued from viewDidDisappear leaves the child within capacity loaded")
  func capacityOnePopFromDidDisappear() {
    let clock = ManualClock()
    let stack = StackContainer(size: Self.portrait, clock: clock, capacity: 1)
    for id in ["a", "b"] { stack.push(card(id), style: TestSlide(), animated: false) }
    stack.observer = { [unowned stack] event in
      if case .viewDidDisappear("b", _, false) = event { stack.pop() }
    }
    stack.push(card("c"), style: TestSlide())
    settle(stack, clock)
    #expect(stack.childIDs == ["a", "b"])
    #expect(stack.children.map(\.isLoaded) == [true, true])
    #expect(stack.scene.views.map(\.id) == ["a", "b"])
    #expect(stack.scene.state(of: "b") == ViewState(frame: Self.bounds))
    #expect(stack.counter.count == 0)
  }

  @Test("the counter is held from before the will-events until after the did-events")
  func counterSpansTheEvents() {
    let clock = ManualClock()
    let stack = StackContainer(size: Self.portrait, clock: clock)
    var counts: [Int] = []
    stack.observer = { [unowned stack] _ in counts.append(stack.counter.count) }
    stack.push(card("a"), style: TestSlide(), animated: false)
    stack.push(card("b"), style: TestSlide())
    settle(stack, clock)
    #expect(counts == Array(repeating: 1, count: counts.count) && counts.count == 12)
    #expect(stack.counter.count == 0)
  }
}

/// A style that cannot be built: every operation using it must fail without
/// changing the container or holding the counter.
struct BrokenStyle: TransitionStyle {
  let name = "broken"
  let intrinsicDuration = 0.3
  func intrinsicAnimation(in context: TransitionContext) throws(TransitError) -> Animation {
    throw TransitError(.invalidValue, "broken on purpose")
  }
}

@Suite("Transition driver failures")
struct TransitionDriverFailureTests {
  @Test("a style that throws fails the operation and leaves the stack and the counter as they were")
  func throwingStyleInAStack() {
    let stack = StackContainer(size: Size(width: 390, height: 844), clock: ManualClock())
    var failures = 0
    stack.observer = { if case .operationFailed = $0 { failures += 1 } }
    stack.push(card("a"), style: TestSlide(), animated: false)
    stack.push(card("b"), style: TestSlide(), animated: false)
    var before = stack.scene
    stack.push(card("c"), style: BrokenStyle())
    #expect(failures == 1)
    #expect(stack.childIDs == ["a", "b"] && stack.scene == before)
    // A child below the top may carry the broken style: the state it would
    // leave "a" in cannot be derived (reported once, by the relayout), and
    // its pop fails.
    stack.insert(card("x"), at: 1, style: BrokenStyle(), animated: false)
    #expect(failures == 2)
    stack.pop(animated: false)
    #expect(stack.childIDs == ["a", "x"])
    before = stack.scene
    stack.pop()
    #expect(failures == 3)
    #expect(stack.childIDs == ["a", "x"] && stack.scene == before)
    #expect(!stack.isAnimating && stack.counter.count == 0)
  }

  @Test("a swap with a style that throws leaves the slot as it was")
  func throwingStyleInAPlaceholder() {
    let slot = View(id: "slot", frame: Rect(x: 0, y: 0, width: 100, height: 100))
    let container = PlaceholderContainer(
      size: Size(width: 100, height: 100), slots: [slot], clock: ManualClock())
    var failures = 0
    container.observer = { if case .operationFailed = $0 { failures += 1 } }
    container.setChild(card("a"), inSlot: 0, style: TestFade(), animated: false)
    let before = container.scene
    container.setChild(card("b"), inSlot: 0, style: BrokenStyle())
    #expect(failures == 1)
    #expect(container.scene == before)
    #expect(container.childID(inSlot: 0) == "a")
    #expect(!container.isAnimating && container.counter.count == 0)
  }
}
