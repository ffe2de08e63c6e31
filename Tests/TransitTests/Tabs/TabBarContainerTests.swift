import Testing
import Transit
import TransitTestSupport

@Suite("Tab bar container")
struct TabBarContainerTests {
  let clock = ManualClock()
  let log = ContainerLog()
  let portrait = Size(width: 390, height: 844)
  let fade = TestFade()

  func tabs(_ count: Int = 3, limit: Int = 20) -> TabBarContainer {
    let tabs = TabBarContainer(
      size: portrait, tabs: (0..<count).map { card("t\($0)") }, clock: clock, historyLimit: limit)
    tabs.observer = { [log] in log.events.append($0) }
    return tabs
  }

  @Test("Tabs load lazily; a switch shows the new tab's top over the old one, events as UIKit's")
  func switching() {
    let tabs = tabs()
    #expect(tabs.scene.views.map(\.id) == ["t0"])
    #expect(!tabs.isLoaded(tab: 1))
    #expect(tabs.phase(of: "t1") == .initialized)
    tabs.select(1, style: TestSlide())
    #expect(tabs.isLoaded(tab: 1))
    #expect(tabs.counter.count == 1)
    settle(tabs, clock)
    #expect(tabs.selectedIndex == 1)
    #expect(tabs.scene.views.map(\.id) == ["t0", "t1"])
    #expect(tabs.scene.view("t0")?.isHidden == true)
    #expect(tabs.scene.view("t1")?.state == ViewState(frame: Rect(size: portrait)))
    #expect(
      log.lifecycle == [
        "willHide t0", "t0 willDisappear", "willShow t1", "t1 willAppear", "t0 didDisappear",
        "didHide t0", "t1 didAppear", "didShow t1",
      ])
    #expect(tabs.phase(of: "t0") == .disappeared)
    #expect(tabs.phase(of: "t1") == .appeared)
    #expect(tabs.counter.count == 0)
  }

  @Test(
    "Pushes act on the selected tab; back() pops, then returns to the previous tab and screen exactly"
  )
  func back() {
    let tabs = tabs()
    tabs.push(card("a"), style: TestSlide())
    settle(tabs, clock)
    let beforeSwitch = tabs.scene
    tabs.select(2, style: fade)
    tabs.push(card("b"), style: TestSlide())
    settle(tabs, clock)
    #expect(tabs.stackIDs(ofTab: 0) == ["t0", "a"])
    #expect(tabs.stackIDs(ofTab: 2) == ["t2", "b"])
    #expect(tabs.historyCount == 3)
    tabs.back()
    settle(tabs, clock)
    #expect(tabs.stackIDs(ofTab: 2) == ["t2"])
    #expect(tabs.selectedIndex == 2)
    log.events = []
    tabs.back()
    settle(tabs, clock)
    #expect(tabs.selectedIndex == 0)
    #expect(tabs.topID == "a")
    for id in ["t0", "a"] {
      #expect(bitIdentical(tabs.scene.view(id)?.state, beforeSwitch.view(id)?.state))
    }
    #expect(tabs.scene.view("t2")?.isHidden == true)
    #expect(
      Array(log.lifecycle.prefix(4)) == [
        "willHide t2", "t2 willDisappear", "willShow a", "a willAppear",
      ])
    tabs.back()
    settle(tabs, clock)
    #expect(tabs.stackIDs(ofTab: 0) == ["t0"])
    #expect(tabs.historyCount == 0)
    tabs.back()
    #expect(log.events.contains { if case .operationFailed = $0 { true } else { false } })
  }

  @Test("The history is bounded: back() undoes at most the latest historyLimit steps")
  func boundedHistory() {
    let tabs = tabs(limit: 2)
    tabs.select(1, style: fade, animated: false)
    tabs.select(2, style: fade, animated: false)
    tabs.select(0, style: fade, animated: false)
    #expect(tabs.historyCount == 2)
    tabs.back(animated: false)
    tabs.back(animated: false)
    #expect(tabs.selectedIndex == 1)
    #expect(tabs.historyCount == 0)
  }

  @Test(
    "Selecting while a switch runs: queue plays both, reverse turns it back exactly, jump lands it first"
  )
  func policies() {
    let queue = tabs()
    queue.select(1, style: TestSlide())
    queue.select(2, style: TestSlide())
    #expect(queue.pendingOperationCount == 1)
    settle(queue, clock)
    #expect(queue.selectedIndex == 2)

    let reverse = tabs()
    reverse.selectionPolicy = .reverse
    let before = reverse.scene
    reverse.select(1, style: TestSlide())
    clock.advance(by: 0.2)
    reverse.tick()
    reverse.select(0, style: TestSlide())
    #expect(reverse.pendingOperationCount == 0)
    settle(reverse, clock)
    #expect(reverse.selectedIndex == 0)
    #expect(reverse.historyCount == 0)
    #expect(reverse.scene == before)
    #expect(reverse.counter.count == 0)

    let jump = tabs()
    jump.selectionPolicy = .jump
    jump.select(1, style: TestSlide())
    clock.advance(by: 0.1)
    jump.tick()
    jump.select(2, style: TestSlide())
    #expect(jump.historyCount == 1)
    settle(jump, clock)
    #expect(jump.selectedIndex == 2)
    #expect(jump.historyCount == 2)
  }

  @Test("After an animated rotation the selected stack lands on its layout at the new bounds")
  func rotation() throws {
    let tabs = tabs()
    tabs.push(card("a"), style: TestSlide())
    tabs.select(1, style: fade)
    #expect(try tabs.rotate(to: portrait.transposed, duration: 0.3) == .deferred)
    settle(tabs, clock)
    #expect(tabs.bounds.size == portrait.transposed)
    tabs.back()
    settle(tabs, clock)
    let fresh = TabBarContainer(
      size: portrait.transposed, tabs: [card("t0"), card("t1")], clock: ManualClock())
    fresh.push(card("a"), style: TestSlide(), animated: false)
    for id in ["t0", "a"] {
      #expect(bitIdentical(tabs.scene.view(id)?.state, fresh.scene.view(id)?.state))
    }
  }
}
