import Testing
import Transit
import TransitTestSupport

@Suite("Tab bar container: screens' contents")
struct TabContentTests {
  let clock = ManualClock()
  let portrait = Size(width: 390, height: 844)
  let landscape = Size(width: 844, height: 390)

  /// Three tabs whose observer lays every screen's bar out again on every
  /// bounds change, as an app does.
  func tabs() -> TabBarContainer {
    let tabs = TabBarContainer(
      size: portrait, tabs: ["t0", "t1", "t2"].map { barScreen($0, in: portrait) }, clock: clock)
    tabs.observer = { [unowned tabs] event in
      guard case .boundsChanged(let size) = event else { return }
      for tab in 0..<tabs.tabCount {
        for id in tabs.stackIDs(ofTab: tab) {
          #expect(tabs.updateContent(ofChild: id) { $0 = barScreen(id, in: size).children })
        }
      }
    }
    return tabs
  }

  @Test(
    "An animated rotation moves a loaded tab's contents from the old layout to the new, landing exactly"
  )
  func loadedTabFollowsRotation() throws {
    let tabs = tabs()
    let beforeState = tabs.scene.view("t0-bar")?.state
    let before = try #require(beforeState?.frame)
    #expect(try tabs.rotate(to: landscape, duration: 0.4) == .applied)
    #expect(tabs.isAnimating)
    #expect(bitIdentical(tabs.scene.view("t0-bar")?.state, beforeState))
    var widths = [before.width]
    for _ in 0..<4 {
      clock.advance(by: 0.1)
      tabs.tick()
      let bar = try #require(tabs.scene.view("t0-bar")?.frame)
      #expect(bar.height == 56)
      widths.append(bar.width)
    }
    #expect(!tabs.isAnimating)
    #expect(widths == widths.sorted())
    #expect(widths[2] > 390 && widths[2] < 844)
    #expect(tabs.scene.view("t0-bar")?.frame == barScreen("t0", in: landscape).children[0].frame)
  }

  @Test("A tab not loaded yet keeps its new contents until it is first selected")
  func unloadedTabKeepsContent() throws {
    let tabs = tabs()
    #expect(try tabs.rotate(to: landscape) == .applied)
    settle(tabs, clock)
    #expect(!tabs.isLoaded(tab: 1))
    #expect(tabs.scene.view("t1") == nil)
    tabs.select(1, style: TestFade(), animated: false)
    settle(tabs, clock)
    #expect(tabs.scene.view("t1-bar")?.frame == barScreen("t1", in: landscape).children[0].frame)
  }

  @Test("Contents are refused while a transition runs, and for a screen no tab holds")
  func refusals() {
    let tabs = TabBarContainer(
      size: portrait, tabs: [barScreen("t0", in: portrait), barScreen("t1", in: portrait)],
      clock: clock)
    tabs.push(barScreen("a", in: portrait), style: TestSlide())
    #expect(tabs.isAnimating)
    let during = tabs.scene
    #expect(!tabs.updateContent(ofChild: "t0") { $0 = [] })
    #expect(!tabs.updateContent(ofChild: "t1") { $0 = [] })
    #expect(tabs.scene == during)
    settle(tabs, clock)
    #expect(!tabs.updateContent(ofChild: "nobody") { $0 = [] })
    #expect(tabs.updateContent(ofChild: "t0") { $0 = [] })
    #expect(tabs.scene.view("t0")?.children.isEmpty == true)
    #expect(tabs.scene.view("a")?.children.count == 1)
  }
}
