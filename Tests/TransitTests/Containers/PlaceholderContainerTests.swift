import Testing
import Transit

@Suite("Placeholder container")
struct PlaceholderContainerTests {
  let clock = ManualClock()
  let log = ContainerLog()

  func container() -> PlaceholderContainer {
    let container = PlaceholderContainer(
      size: Size(width: 390, height: 844),
      slots: [
        View(id: "top", frame: Rect(x: 0, y: 0, width: 390, height: 400)),
        View(id: "bottom", frame: Rect(x: 0, y: 400, width: 390, height: 444)),
      ],
      clock: clock)
    container.observer = { [log] in log.events.append($0) }
    return container
  }

  func settle(_ container: PlaceholderContainer) {
    TransitTests.settle(container, clock)
  }

  @Test("Swapping a slot's child: lifecycle order, old child removed, new at the slot's bounds")
  func swap() {
    let container = container()
    container.setChild(card("a"), inSlot: 0, style: TestFade(), animated: false)
    #expect(
      log.lifecycle == [
        "willShow a (instant)", "a willAppear moving (instant)", "a didAppear moving (instant)",
        "didShow a (instant)",
      ])
    log.events = []
    container.setChild(card("b"), inSlot: 0, style: TestSlide())
    #expect(container.counter.count == 1)
    settle(container)
    #expect(
      log.lifecycle == [
        "willHide a", "a willDisappear moving", "willShow b", "b willAppear moving",
        "a didDisappear moving", "didHide a", "b didAppear moving", "didShow b",
      ])
    #expect(container.childID(inSlot: 0) == "b")
    #expect(!container.scene.contains("a"))
    #expect(
      container.scene.state(of: "b") == ViewState(frame: Rect(x: 0, y: 0, width: 390, height: 400)))
    #expect(container.counter.count == 0)
  }

  @Test("Swaps issued during a transition queue and all run")
  func queue() {
    let container = container()
    container.setChild(card("a"), inSlot: 1, style: TestSlide())
    container.setChild(card("b"), inSlot: 1, style: TestSlide())
    container.setChild(card("c"), inSlot: 0, style: TestFade())
    container.setChild(nil, inSlot: 1, style: TestFade())
    #expect(container.pendingOperationCount == 3)
    settle(container)
    #expect(container.childID(inSlot: 0) == "c")
    #expect(container.childID(inSlot: 1) == nil)
    #expect(
      log.lifecycle.filter { $0.hasPrefix("didShow") } == ["didShow a", "didShow b", "didShow c"])
    #expect(log.lifecycle.suffix(2) == ["b didDisappear moving", "didHide b"])
  }

  @Test("A resize waits for the running transition, then lays slots and children out again")
  func resizeWaitsAndRelays() {
    let container = container()
    container.setChild(card("a"), inSlot: 0, style: TestFade(), animated: false)
    container.setChild(card("b"), inSlot: 0, style: TestSlide())
    container.setBounds(Size(width: 844, height: 390))
    // Queued: the slide is still running at the old size.
    #expect(container.scene.size == Size(width: 390, height: 844))
    #expect(container.pendingOperationCount == 1)
    settle(container)
    #expect(container.scene.size == Size(width: 844, height: 390))
    // Proportional: the top slot keeps its share of the height.
    let top = container.scene.view("top")!
    #expect(top.frame == Rect(x: 0, y: 0, width: 844, height: 400 * 390 / 844))
    #expect(top.children.map(\.id) == ["b"])
    #expect(top.children[0].state == ViewState(frame: Rect(size: top.frame.size)))
    let bottom = container.scene.view("bottom")!
    #expect(bottom.frame.maxY == 390)
    // Reported once, after the slide finished.
    let boundsEvents = log.events.filter { if case .boundsChanged = $0 { true } else { false } }
    #expect(boundsEvents == [.boundsChanged(Size(width: 844, height: 390))])
    let order = log.events.compactMap { event -> String? in
      switch event {
      case .didShow(let id, _): "didShow \(id)"
      case .boundsChanged: "bounds"
      default: nil
      }
    }
    #expect(order.suffix(2) == ["didShow b", "bounds"])
  }

  @Test("Explicit slot frames, and bad ones fail without changing anything")
  func resizeWithFrames() {
    let container = container()
    container.setChild(card("a"), inSlot: 1, style: TestFade(), animated: false)
    let frames = [
      Rect(x: 0, y: 0, width: 600, height: 390), Rect(x: 600, y: 0, width: 244, height: 390),
    ]
    container.setBounds(Size(width: 844, height: 390), slotFrames: frames)
    #expect(container.scene.view("bottom")?.frame == frames[1])
    #expect(container.scene.view("a")?.frame == Rect(x: 0, y: 0, width: 244, height: 390))
    log.events = []
    container.setBounds(Size(width: 390, height: 844), slotFrames: [frames[0]])
    container.setBounds(Size(width: .nan, height: 844))
    #expect(container.scene.size == Size(width: 844, height: 390))
    #expect(log.events.filter { if case .operationFailed = $0 { true } else { false } }.count == 2)
  }
}
