import TabContainer
import Testing
import Transit
import TransitRender
import TransitTesting

/// The example container: built only on the public API, it switches tabs
/// with transitions, queues selections, reports lifecycle events, and draws.
@Suite("Example: a tab container")
struct TabContainerTests {
  static let size = Size(width: 120, height: 200)

  static func tabs() -> [View] {
    let content = Rect(x: 0, y: 0, width: size.width, height: size.height - TabContainer.barHeight)
    return [
      PlaceholderScreen.red, .blue,
      PlaceholderScreen(color: Color(red: 0.2, green: 0.7, blue: 0.3), barCount: 5),
    ]
    .enumerated().map { $1.view(id: "tab\($0)", bounds: content) }
  }

  @Test func switchingTabsPlaysTransitionsAndDraws() throws {
    let clock = ManualClock()
    let container = TabContainer(size: Self.size, tabs: Self.tabs(), clock: clock)
    var events: [ContainerEvent] = []
    container.placeholder.observer = { events.append($0) }
    try container.select(0, animated: false)
    #expect(container.placeholder.childID(inSlot: 0) == "tab0")
    try container.select(1)
    #expect(container.placeholder.isAnimating)
    let renderer = Renderer()
    var frames: [Image] = []
    for _ in 0..<5 {
      frames.append(try renderer.render(container.scene))
      clock.advance(by: 0.1)
      container.tick()
    }
    frames.append(try renderer.render(container.scene))
    #expect(!container.placeholder.isAnimating)
    #expect(container.placeholder.childID(inSlot: 0) == "tab1")
    #expect(container.placeholder.childID(inSlot: 1) == "tab-bar-1-120")
    // Lifecycle: tab0 disappears and tab1 appears, each exactly once, in order.
    let moving = events.filter {
      switch $0 {
      case .viewWillAppear("tab1", _, _), .viewDidAppear("tab1", _, _),
        .viewWillDisappear("tab0", _, _), .viewDidDisappear("tab0", _, _):
        return true
      default: return false
      }
    }
    #expect(
      moving == [
        .viewWillDisappear("tab0", animated: true, isMovingFromParent: true),
        .viewWillAppear("tab1", animated: true, isMovingToParent: true),
        .viewDidDisappear("tab0", animated: true, isMovingFromParent: true),
        .viewDidAppear("tab1", animated: true, isMovingToParent: true),
      ])
    let strip = try FrameSheet.strip(
      frames, padding: 2, background: Color(red: 0.13, green: 0.13, blue: 0.13))
    try assertGolden(strip, named: "tabs", suite: "examples")
  }

  @Test func selectionsDuringATransitionQueue() throws {
    let clock = ManualClock()
    let container = TabContainer(size: Self.size, tabs: Self.tabs(), clock: clock)
    try container.select(0, animated: false)
    try container.select(2)
    try container.select(1)
    #expect(container.placeholder.pendingOperationCount > 0)
    for _ in 0..<20 {
      clock.advance(by: 0.1)
      container.tick()
    }
    #expect(container.placeholder.childID(inSlot: 0) == "tab1")
    #expect(container.selectedIndex == 1)
    #expect(throws: TransitError.self) { try container.select(7) }
  }

  @Test func rotatingWaitsForTheSwitchAndKeepsTheBarAtTheBottom() throws {
    let clock = ManualClock()
    let container = TabContainer(size: Self.size, tabs: Self.tabs(), clock: clock)
    try container.select(0, animated: false)
    try container.select(1)
    try container.resize(to: Size(width: 200, height: 120))
    #expect(container.scene.size == Self.size)  // still switching
    for _ in 0..<10 {
      clock.advance(by: 0.1)
      container.tick()
    }
    #expect(container.scene.size == Size(width: 200, height: 120))
    let content = try #require(container.scene.view("content"))
    #expect(content.frame == Rect(x: 0, y: 0, width: 200, height: 120 - TabContainer.barHeight))
    #expect(content.children.map(\.id) == ["tab1"])
    #expect(
      content.children[0].frame
        == Rect(x: 0, y: 0, width: 200, height: 120 - TabContainer.barHeight))
    #expect(container.placeholder.childID(inSlot: 1) == "tab-bar-1-200")
    #expect(container.scene.view("tab-bar")?.frame.maxY == 120)
  }
}
