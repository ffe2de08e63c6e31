import Testing
import Transit
import TransitTestSupport

/// The `reverse` interruption: a pop during its push (or a push of the
/// view being popped during its pop) turns the running transition back.
@Suite("Interruptions")
struct InterruptionTests {
  static let styles = TransitionStyles.builtIn.names.map {
    try! TransitionStyles.builtIn.style(named: $0)
  }
  let portrait = Size(width: 390, height: 844)

  func stack(_ clock: ManualClock, _ log: ContainerLog, _ mode: TransitionInterruption)
    -> StackContainer
  {
    let stack = StackContainer(size: portrait, clock: clock)
    stack.interruptions = mode
    for id in ["a", "b"] { stack.push(card(id), style: TestSlide(), animated: false) }
    stack.observer = { [log] in log.events.append($0) }
    return stack
  }

  @Test("reverse: a pop during its push mirrors it back onto the state before, with cancel events")
  func popDuringPush() {
    let clock = ManualClock()
    let log = ContainerLog()
    let stack = stack(clock, log, .reverse)
    let before = stack.scene
    stack.push(card("c"), style: TestSlide())
    clock.advance(by: 0.2)
    stack.tick()
    let at = stack.scene
    stack.pop()
    #expect(stack.pendingOperationCount == 0)
    #expect(stack.counter.count == 1)
    clock.advance(by: 0.1)
    stack.tick()
    #expect(stack.scene != at)
    clock.advance(by: 0.1)
    stack.tick()
    #expect(!stack.isAnimating)
    #expect(stack.counter.count == 0)
    #expect(stack.scene == before)
    #expect(stack.childIDs == ["a", "b"])
    #expect(
      log.lifecycle == [
        "willHide b", "b willDisappear", "willShow c", "c willAppear moving",
        "b willAppear", "c willDisappear moving", "c didDisappear moving", "b didAppear",
        "didCancelHide b", "didCancelShow c",
      ])
  }

  @Test("reverse: a push of the view being popped brings it back")
  func pushDuringPop() {
    let clock = ManualClock()
    let log = ContainerLog()
    let stack = stack(clock, log, .reverse)
    let before = stack.scene
    stack.pop()
    clock.advance(by: 0.3)
    stack.tick()
    stack.push(card("b"), style: TestFade())
    settle(stack, clock)
    #expect(stack.scene == before)
    #expect(stack.childIDs == ["a", "b"])
    #expect(log.lifecycle.suffix(2) == ["didCancelHide b", "didCancelShow a"])
  }

  @Test("queue (the default) and other combinations wait")
  func otherCombinationsQueue() {
    let clock = ManualClock()
    let queued = stack(clock, ContainerLog(), .queue)
    queued.push(card("c"), style: TestSlide())
    queued.pop()
    #expect(queued.pendingOperationCount == 1)
    settle(queued, clock)
    #expect(queued.childIDs == ["a", "b"])
    let reversing = stack(clock, ContainerLog(), .reverse)
    reversing.push(card("c"), style: TestSlide())
    reversing.push(card("d"), style: TestSlide())
    reversing.pop()
    #expect(reversing.pendingOperationCount == 2)
    reversing.pop(animated: false)
    #expect(reversing.pendingOperationCount == 3)
    settle(reversing, clock)
    #expect(reversing.childIDs == ["a", "b"])
  }

  @Test("random interruptions over all 48 styles land bit for bit on the state before")
  func randomInterruptions() {
    for seed in UInt64(1)...120 {
      var random = RandomCases(seed: seed)
      let clock = ManualClock()
      let log = ContainerLog()
      let stack = StackContainer(size: portrait, clock: clock, capacity: random.int(1...3))
      stack.interruptions = .reverse
      for id in ["a", "b"] {
        stack.push(card(id), style: Self.styles[random.int(0...47)], animated: false)
      }
      stack.observer = { [log] in log.events.append($0) }
      let before = (stack.scene, stack.children)
      let pushing = random.chance(0.5)
      if pushing {
        stack.push(card("c"), style: Self.styles[random.int(0...47)])
      } else {
        stack.pop()
      }
      guard let duration = stack.runningTransitionDuration else { continue }
      clock.advance(by: random.double(0...duration * 0.999))
      stack.tick()
      if pushing { stack.pop() } else { stack.push(card("b"), style: TestSlide()) }
      settle(stack, clock)
      let problems = [
        stack.scene == before.0 ? nil : "scene differs",
        stack.children == before.1 ? nil : "children differ",
        stack.counter.count == 0 ? nil : "counter \(stack.counter.count)",
        log.events.filter { if case .didCancelShow = $0 { true } else { false } }.count == 1
          ? nil : "cancel events \(log.lifecycle)",
      ].compactMap { $0 }
      #expect(problems.isEmpty, "seed \(seed): \(problems)")
      if !problems.isEmpty { break }
    }
  }
}
