import Testing
import Transit
import TransitTestSupport

@Suite("Child phases")
struct ChildPhaseTests {
  let clock = ManualClock()

  @Test("A stack's phases follow its events: push, pop, insert below, unload")
  func stack() {
    let stack = StackContainer(size: Size(width: 390, height: 844), clock: clock, capacity: 1)
    stack.push(card("a"), style: TestSlide(), animated: false)
    #expect(stack.phase(of: "a") == .appeared)
    stack.push(card("b"), style: TestSlide())
    #expect(stack.phase(of: "a") == .willDisappear)
    #expect(stack.phase(of: "b") == .willAppear)
    settle(stack, clock)
    #expect(stack.phase(of: "a") == .disappeared)
    #expect(stack.phase(of: "b") == .appeared)
    stack.insert(card("x"), at: 0, style: TestSlide())
    #expect(stack.phase(of: "x") == .initialized)
    stack.push(card("c"), style: TestSlide(), animated: false)
    #expect(stack.phase(of: "a") == .unloaded)
    stack.pop(animated: false)
    #expect(stack.phase(of: "c") == nil)
    #expect(stack.phase(of: "nobody") == nil)
  }

  @Test(
    "A cancelled interactive push reads will appear, will disappear, disappeared; the revealed child comes back"
  )
  func cancelled() throws {
    let stack = StackContainer(size: Size(width: 390, height: 844), clock: clock)
    var seen: [ChildPhase?] = []
    stack.push(card("a"), style: TestSlide(), animated: false)
    stack.observer = { [unowned stack] event in
      switch event {
      case .viewWillAppear("b", _, _), .viewWillDisappear("b", _, _), .viewDidDisappear("b", _, _):
        seen.append(stack.phase(of: "b"))
      default: break
      }
    }
    try stack.beginInteractivePush(card("b"), style: TestSlide())
    stack.updateInteraction(progress: 0.4)
    try stack.cancelInteraction()
    settle(stack, clock)
    #expect(seen == [.willAppear, .willDisappear, .disappeared].map(Optional.some))
    #expect(stack.phase(of: "a") == .appeared)
    #expect(stack.phase(of: "b") == nil)
  }

  @Test("A placeholder's phases follow its swaps")
  func placeholder() {
    let container = PlaceholderContainer(
      size: Size(width: 100, height: 100),
      slots: [View(id: "slot", frame: Rect(size: Size(width: 100, height: 100)))],
      clock: clock)
    container.setChild(card("a"), inSlot: 0, style: TestFade())
    #expect(container.phase(of: "a") == .willAppear)
    settle(container, clock)
    #expect(container.phase(of: "a") == .appeared)
    container.setChild(card("b"), inSlot: 0, style: TestFade(), animated: false)
    #expect(container.phase(of: "a") == nil)
    #expect(container.phase(of: "b") == .appeared)
  }
}
