import Testing
import Transit

/// Catching a running, completing or turned-back transition with a gesture.
@Suite("Catching a running transition")
struct GrabTests {
  let size = Size(width: 390, height: 844)

  func stack(_ clock: ManualClock, _ log: ContainerLog = ContainerLog()) -> StackContainer {
    let stack = StackContainer(size: size, clock: clock, capacity: 5)
    stack.push(card("a"), style: TestSlide(), animated: false)
    stack.push(card("b"), style: TestSlide(), animated: false)
    stack.observer = { [log] in log.events.append($0) }
    return stack
  }

  /// The stack after pushing "c" with no gesture: the end a finish lands on.
  func pushed() -> Scene {
    let stack = stack(ManualClock())
    stack.push(card("c"), style: TestSlide(), animated: false)
    return stack.scene
  }

  @Test("a played push caught mid-way keeps its picture, then cancels onto the picture before")
  func playedThenCancelled() throws {
    let clock = ManualClock()
    let log = ContainerLog()
    let stack = stack(clock, log)
    let before = (stack.scene, stack.childIDs)
    var outcome: OperationOutcome?
    stack.push(card("c"), style: TestSlide()) { outcome = $0 }
    clock.advance(by: 0.2)
    stack.tick()
    let picture = stack.scene
    let velocity = try stack.grabTransition()
    #expect(stack.scene == picture, "the catch moved the picture")
    #expect(abs(velocity - 1 / 0.5) < 1e-12)
    #expect(stack.isInteracting)
    #expect(abs((stack.interactionProgress ?? -1) - 0.4) < 1e-12)
    // The clock runs on; the caught transition does not.
    clock.advance(by: 0.1)
    stack.tick()
    #expect(stack.scene == picture)
    stack.updateInteraction(progress: 0.7)
    try stack.cancelInteraction(velocity: -1)
    settle(stack, clock)
    #expect(stack.scene == before.0)
    #expect(stack.childIDs == before.1)
    #expect(outcome == .cancelled)
    #expect(log.lifecycle.suffix(2) == ["didCancelHide b", "didCancelShow c"])
    #expect(stack.counter.count == 0)
  }

  @Test(
    "a released pop caught mid-completion keeps its picture and velocity, then finishes exactly")
  func completingThenFinished() throws {
    let clock = ManualClock()
    let stack = stack(clock)
    try stack.beginInteractivePop()
    stack.updateInteraction(progress: 0.5)
    try stack.cancelInteraction(velocity: -1.2)
    clock.advance(by: 0.05)
    stack.tick()
    let picture = stack.scene
    let progress = try #require(stack.interactionProgress)
    let velocity = try stack.grabTransition()
    #expect(stack.scene == picture)
    #expect(stack.interactionProgress == progress)
    #expect(velocity < 0)
    // The same completion, never caught, shows the same picture then.
    let referenceClock = ManualClock()
    let reference = self.stack(referenceClock)
    try reference.beginInteractivePop()
    reference.updateInteraction(progress: 0.5)
    try reference.cancelInteraction(velocity: -1.2)
    referenceClock.advance(by: 0.05)
    reference.tick()
    #expect(reference.scene == picture)
    referenceClock.advance(by: 1e-6)
    reference.tick()
    let rate = ((reference.interactionProgress ?? 0) - progress) / 1e-6
    #expect(abs(rate - velocity) < 1e-3 * abs(velocity), "caught at \(velocity), moving at \(rate)")
    stack.updateInteraction(progress: 0.8)
    try stack.finishInteraction(velocity: 2)
    settle(stack, clock)
    let popped = self.stack(ManualClock())
    popped.pop(animated: false)
    #expect(stack.scene == popped.scene)
    #expect(stack.childIDs == ["a"])
  }

  @Test("a push turned back by a pop, caught and finished: the push lands, the pop is cancelled")
  func turnedBackThenFinished() throws {
    let clock = ManualClock()
    let stack = stack(clock)
    stack.interruptions = .reverse
    var outcomes: [String] = []
    stack.push(card("c"), style: TestSlide()) { outcomes.append("push \($0)") }
    clock.advance(by: 0.3)
    stack.tick()
    stack.pop { outcomes.append("pop \($0)") }
    clock.advance(by: 0.1)
    stack.tick()
    let picture = stack.scene
    let velocity = try stack.grabTransition()
    #expect(stack.scene == picture)
    #expect(abs(velocity + 1 / 0.5) < 1e-12, "heading back at the played speed")
    try stack.finishInteraction()
    settle(stack, clock)
    #expect(stack.scene == pushed())
    #expect(stack.childIDs == ["a", "b", "c"])
    #expect(outcomes == ["push finished", "pop cancelled"])
  }

  @Test("nothing to catch: idle, being dragged, or caught twice")
  func nothingToCatch() throws {
    let clock = ManualClock()
    let stack = stack(clock)
    #expect(throws: TransitError.self) { try stack.grabTransition() }
    try stack.beginInteractivePop()
    #expect(throws: TransitError.self) { try stack.grabTransition() }
    try stack.finishInteraction()
    try stack.grabTransition()
    #expect(throws: TransitError.self) { try stack.grabTransition() }
  }
}
