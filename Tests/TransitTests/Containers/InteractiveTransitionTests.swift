import Testing
import Transit

/// Interactive transitions on the stack and placeholder containers: begin,
/// update, finish or cancel, with UIKit's events, and the gesture bugs of
/// Hero and VCTransitionsLibrary as named regressions.
@Suite("Interactive transitions")
struct InteractiveTransitionTests {
  let clock = ManualClock()
  let log = ContainerLog()
  let portrait = Size(width: 390, height: 844)

  func stack(_ ids: [String] = ["a", "b"], policy: RotationPolicy = .defer) -> StackContainer {
    let stack = StackContainer(size: portrait, clock: clock, rotationPolicy: policy)
    for id in ids { stack.push(card(id), style: TestSlide(), animated: false) }
    stack.observer = { [log] in log.events.append($0) }
    // These tests compare drags with the played frames: the curve-following
    // mode. Linear scrubbing, the default, has its own suite.
    stack.scrubbing = .curve
    return stack
  }

  /// The scene of a fresh stack of `ids` playing `operation` animated, at `time`.
  func reference(
    _ ids: [String], at time: Double, _ operation: (StackContainer) -> Void
  ) -> Scene {
    let referenceClock = ManualClock()
    let stack = StackContainer(size: portrait, clock: referenceClock)
    for id in ids { stack.push(card(id), style: TestSlide(), animated: false) }
    operation(stack)
    referenceClock.advance(by: time)
    stack.tick()
    return stack.scene
  }

  @Test("update shows exactly the non-interactive frame at progress × duration")
  func updateMatchesPlayedFrame() throws {
    let stack = stack()
    try stack.beginInteractivePop()
    for progress in [0.1, 0.5, 0.3, 0.9] {
      #expect(stack.updateInteraction(progress: progress))
      #expect(stack.scene == reference(["a", "b"], at: progress * 0.5) { $0.pop() })
    }
  }

  @Test("finish lands bit for bit where the non-interactive pop ends, with its events")
  func finishLandsOnEnd() throws {
    let stack = stack()
    let played = StackContainer(size: portrait, clock: ManualClock())
    for id in ["a", "b"] { played.push(card(id), style: TestSlide(), animated: false) }
    played.pop(animated: false)
    try stack.beginInteractivePop()
    stack.updateInteraction(progress: 0.6)
    #expect(try stack.finishInteraction())
    settle(stack, clock)
    #expect(stack.scene == played.scene)
    #expect(stack.childIDs == ["a"])
    #expect(
      log.lifecycle == [
        "willHide b", "b willDisappear moving", "willShow a", "a willAppear",
        "b didDisappear moving", "didHide b", "a didAppear", "didShow a",
      ])
  }

  @Test("cancel lands bit for bit on the state before, with UIKit's cancelled events")
  func cancelLandsOnStart() throws {
    let stack = stack()
    let before = stack.scene
    try stack.beginInteractivePush(card("c"), style: TestFade())
    stack.updateInteraction(progress: 0.7)
    #expect(try stack.cancelInteraction(velocity: -2, completionSpeed: 2))
    settle(stack, clock)
    #expect(stack.scene == before)
    #expect(stack.childIDs == ["a", "b"])
    #expect(
      log.lifecycle == [
        "willHide b", "b willDisappear", "willShow c", "c willAppear moving",
        "b willAppear", "c willDisappear moving", "c didDisappear moving", "b didAppear",
        "didCancelHide b", "didCancelShow c",
      ])
  }

  @Test("completion speed: the rest takes (1 − p)·D/speed to finish, p·D/speed to cancel")
  func completionDuration() throws {
    let stack = stack()
    try stack.beginInteractivePop()
    stack.updateInteraction(progress: 0.25)
    try stack.finishInteraction(completionSpeed: 2)  // 0.75 · 0.5 / 2 = 0.1875 s
    clock.advance(by: 0.18)
    stack.tick()
    #expect(stack.isAnimating)
    clock.advance(by: 0.0075)
    stack.tick()
    #expect(!stack.isAnimating)
    stack.push(card("c"), style: TestSlide(), animated: false)
    try stack.beginInteractivePop()
    stack.updateInteraction(progress: 0.5)
    try stack.cancelInteraction(completionSpeed: 0.5)  // 0.5 · 0.5 / 0.5 = 0.5 s
    clock.advance(by: 0.49)
    stack.tick()
    #expect(stack.isAnimating)
    clock.advance(by: 0.01)
    stack.tick()
    #expect(!stack.isAnimating)
    #expect(stack.childIDs == ["a", "c"])
  }

  @Test("the counter is held from begin to settle; a rotation meanwhile follows the policy")
  func counterAndRotation() throws {
    let deferring = stack()
    try deferring.beginInteractivePop()
    #expect(deferring.counter.count == 1)
    #expect(deferring.rotate(to: Size(width: 844, height: 390)) == .deferred)
    #expect(deferring.bounds.size == portrait)
    try deferring.cancelInteraction()
    #expect(deferring.counter.count == 0)
    #expect(deferring.bounds.size == Size(width: 844, height: 390))

    let refusing = stack(policy: .refuse)
    try refusing.beginInteractivePop()
    #expect(refusing.rotate(to: Size(width: 844, height: 390)) == .refused)
    try refusing.finishInteraction()
    settle(refusing, clock)
    #expect(refusing.counter.count == 0)
    #expect(refusing.bounds.size == portrait)
  }

  @Test("operations issued during an interaction queue behind it")
  func operationsQueue() throws {
    let stack = stack()
    try stack.beginInteractivePush(card("c"), style: TestSlide())
    stack.push(card("d"), style: TestSlide(), animated: false)
    #expect(stack.pendingOperationCount == 1)
    clock.advance(by: 5)
    stack.tick()
    #expect(stack.childIDs == ["a", "b", "c"])
    try stack.finishInteraction()
    settle(stack, clock)
    #expect(stack.childIDs == ["a", "b", "c", "d"])
  }

  @Test("begin while another transition runs or waits is refused, changing nothing")
  func beginRefusedWhileBusy() throws {
    let stack = stack()
    stack.push(card("c"), style: TestSlide())
    #expect(throws: TransitError.self) { try stack.beginInteractivePop() }
    settle(stack, clock)
    try stack.beginInteractivePop()
    #expect(throws: TransitError.self) {
      try stack.beginInteractivePush(card("x"), style: TestSlide())
    }
    #expect(stack.childIDs == ["a", "b", "c"])
  }

  @Test("a pop-to cancelled brings back the children in between exactly")
  func popToCancelled() throws {
    let stack = StackContainer(size: portrait, clock: clock, capacity: 1)
    for id in ["a", "b", "c", "d"] { stack.push(card(id), style: TestSlide(), animated: false) }
    let before = stack.scene
    let children = stack.children
    stack.observer = { [log] in log.events.append($0) }
    try stack.beginInteractivePop(to: "a")
    stack.updateInteraction(progress: 0.5)
    try stack.cancelInteraction()
    settle(stack, clock)
    #expect(stack.children == children)
    #expect(stack.scene == before)
    // a was reloaded for the pop; the cancel unloads it again.
    #expect(log.events.contains(.reloaded("a")))
    #expect(
      log.events.last(where: { if case .unloaded = $0 { true } else { false } }) == .unloaded("a"))
  }

  @Test("a placeholder swap, cancelled and then finished")
  func placeholderSwap() throws {
    let slot = View(id: "slot", frame: Rect(x: 0, y: 0, width: 390, height: 700))
    let container = PlaceholderContainer(size: portrait, slots: [slot], clock: clock)
    container.setChild(card("a"), inSlot: 0, style: TestFade(), animated: false)
    let before = container.scene
    try container.beginInteractiveSwap(card("b"), inSlot: 0, style: TestSlide())
    container.updateInteraction(progress: 0.4)
    try container.cancelInteraction()
    clock.advance(by: 1)
    container.tick()
    #expect(container.scene == before)
    #expect(container.counter.count == 0)
    try container.beginInteractiveSwap(card("b"), inSlot: 0, style: TestSlide())
    container.updateInteraction(progress: 1)
    try container.finishInteraction()
    #expect(container.childID(inSlot: 0) == "b")
    #expect(!container.isAnimating)
  }

  @Test("bad release values are refused clearly")
  func badRelease() throws {
    let stack = stack()
    try stack.beginInteractivePop()
    #expect(throws: TransitError.self) { try stack.finishInteraction(completionSpeed: 0) }
    #expect(throws: TransitError.self) { try stack.cancelInteraction(velocity: .nan) }
    #expect(stack.isInteracting)
    #expect(!stack.updateInteraction(progress: .infinity))
  }

  // MARK: Regressions from other libraries

  @Test("Hero #90, #123: update after finish is ignored and leaves nothing stuck")
  func heroUpdateAfterFinish() throws {
    let stack = stack()
    try stack.beginInteractivePop()
    stack.updateInteraction(progress: 0.5)
    try stack.finishInteraction()
    #expect(!stack.updateInteraction(progress: 0.1))
    settle(stack, clock)
    #expect(!stack.updateInteraction(progress: 0.2))
    #expect(stack.childIDs == ["a"])
    #expect(stack.scene == reference(["a", "b"], at: 10) { $0.pop() })
    #expect(stack.counter.count == 0)
  }

  @Test("Hero #371, #105: cancel then begin again works, and does not freeze")
  func heroCancelThenBegin() throws {
    let stack = stack()
    try stack.beginInteractivePop()
    stack.updateInteraction(progress: 0.3)
    try stack.cancelInteraction()
    settle(stack, clock)
    try stack.beginInteractivePop()
    stack.updateInteraction(progress: 0.6)
    #expect(stack.scene == reference(["a", "b"], at: 0.6 * 0.5) { $0.pop() })
    try stack.finishInteraction()
    settle(stack, clock)
    #expect(stack.childIDs == ["a"])
    #expect(!stack.isAnimating)
  }

  @Test("Hero #746: finishing from 0.8 does not snap; it moves on from 0.8")
  func heroFinishFromPointEight() throws {
    let stack = stack()
    try stack.beginInteractivePop()
    stack.updateInteraction(progress: 0.8)
    let atRelease = stack.scene
    try stack.finishInteraction(velocity: 1)
    #expect(stack.scene == atRelease)
    #expect(stack.interactionProgress == 0.8)
    clock.advance(by: 0.01)
    stack.tick()
    let progress = try #require(stack.interactionProgress)
    #expect(progress > 0.8 && progress < 0.9)
  }

  @Test("VCTransitionsLibrary #4: at 100 % finish completes and fires every event")
  func vcTransitionsFullProgress() throws {
    let stack = stack()
    try stack.beginInteractivePop()
    stack.updateInteraction(progress: 1)
    try stack.finishInteraction()
    #expect(!stack.isAnimating)
    #expect(stack.counter.count == 0)
    #expect(
      log.lifecycle.suffix(4) == ["b didDisappear moving", "didHide b", "a didAppear", "didShow a"])
  }

  @Test("VCTransitionsLibrary #16: a cancelled pop leaves the right view on top")
  func vcTransitionsCancelledTop() throws {
    let stack = stack()
    let before = stack.scene
    try stack.beginInteractivePop()
    stack.updateInteraction(progress: 0.9)
    try stack.cancelInteraction()
    settle(stack, clock)
    #expect(stack.topID == "b")
    #expect(stack.scene.views.last?.id == "b")
    #expect(stack.scene == before)
  }
}
