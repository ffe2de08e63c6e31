import Testing
import Transit
import TransitTestSupport

/// Presentations over a stack and over tabs: the same calls as
/// ``PresentationContainer``, on the host's own driver and counter.
@Suite("Presentations over a stack and tabs")
struct PresentationsOverContainersTests {
  let clock = ManualClock()
  let log = ContainerLog()
  let portrait = Size(width: 390, height: 844)
  let sheet = SheetConfiguration(detents: [.medium, .large], detent: .medium)

  func stack() -> StackContainer {
    let stack = StackContainer(size: portrait, clock: clock)
    stack.push(card("root"), style: TestSlide(), animated: false)
    stack.push(card("detail"), style: TestSlide(), animated: false)
    stack.observer = { [log] in log.events.append($0) }
    return stack
  }

  func tabs() -> TabBarContainer {
    let tabs = TabBarContainer(size: portrait, tabs: [card("t0"), card("t1")], clock: clock)
    tabs.observer = { [log] in log.events.append($0) }
    return tabs
  }

  /// The sheet's picture over `top` at `detent`, as PresentationContainer shows it.
  func expectSheet(
    _ scene: Scene, over top: String, detent: SheetDetent, size: Size,
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    let height = detent.height(in: size)
    #expect(
      scene.view("s")?.frame
        == Rect(x: 0, y: size.height - height, width: size.width, height: height),
      sourceLocation: sourceLocation)
    #expect(scene.view("dimming:s")?.alpha == 0.4, sourceLocation: sourceLocation)
    let scale = detent == .large ? SheetConfiguration.scaleBack : 1
    #expect(
      scene.view(top)?.transform == (detent == .large ? .scale(x: scale, y: scale) : .identity),
      sourceLocation: sourceLocation)
    #expect(
      scene.view(top)?.cornerRadii
        == (detent == .large ? CornerRadii(uniform: SheetConfiguration.cornerRadius) : .zero),
      sourceLocation: sourceLocation)
    #expect(scene.views.suffix(2).map(\.id) == ["dimming:s", "s"], sourceLocation: sourceLocation)
  }

  @Test(
    "A sheet over a stack: the top child scales back at large; dismissal restores it bit for bit")
  func sheetOverStack() throws {
    let stack = stack()
    let before = stack.scene
    stack.present(card("s"), sheet: sheet)
    #expect(stack.counter.count == 1)
    settle(stack, clock)
    #expect(stack.presentedIDs == ["s"])
    #expect(stack.detent == .medium)
    expectSheet(stack.scene, over: "detail", detent: .medium, size: portrait)
    stack.setDetent(.large)
    settle(stack, clock)
    expectSheet(stack.scene, over: "detail", detent: .large, size: portrait)
    stack.dismiss()
    settle(stack, clock)
    #expect(stack.presentedIDs.isEmpty)
    #expect(stack.scene == before)
    #expect(stack.counter.count == 0)
    #expect(
      log.lifecycle == [
        "willShow s", "s willAppear moving", "s didAppear moving", "didShow s",
        "willHide s", "s willDisappear moving", "s didDisappear moving", "didHide s",
      ])
  }

  @Test("A sheet over tabs follows a rotation onto the same detent at the new bounds")
  func sheetOverTabsRotates() throws {
    let tabs = tabs()
    tabs.present(card("s"), sheet: sheet)
    tabs.setDetent(.large)
    settle(tabs, clock)
    try tabs.rotate(to: portrait.transposed, duration: 0.3)
    settle(tabs, clock)
    expectSheet(tabs.scene, over: "t0", detent: .large, size: portrait.transposed)
    #expect(tabs.counter.count == 0)
  }

  @Test("While presented, pushes, pops and selections fail; back() dismisses, then goes back")
  func refusedWhilePresented() throws {
    let tabs = tabs()
    tabs.push(card("a"), style: TestSlide())
    tabs.present(card("s"), style: TestFade())
    tabs.push(card("b"), style: TestSlide())
    tabs.select(1, style: TestFade())
    settle(tabs, clock)
    let failures = log.events.filter {
      if case .operationFailed = $0 { return true } else { return false }
    }
    #expect(failures.count == 2)
    #expect(tabs.stackIDs(ofTab: 0) == ["t0", "a"])
    #expect(tabs.selectedIndex == 0)
    tabs.back()
    settle(tabs, clock)
    #expect(tabs.presentedIDs.isEmpty)
    #expect(tabs.stackIDs(ofTab: 0) == ["t0", "a"])
    tabs.back()
    settle(tabs, clock)
    #expect(tabs.stackIDs(ofTab: 0) == ["t0"])
    let stack = stack()
    stack.present(card("s"), sheet: sheet)
    stack.back()
    settle(stack, clock)
    #expect(stack.presentedIDs.isEmpty)
    #expect(stack.childIDs == ["root", "detail"])
    stack.back()
    settle(stack, clock)
    #expect(stack.childIDs == ["root"])
  }

  @Test("A predictive back dismisses the sheet over tabs: cancel bit for bit, commit dismisses")
  func predictiveBackDismisses() throws {
    for preview in BackPreview.allCases {
      let tabs = tabs()
      tabs.present(card("s"), sheet: sheet)
      settle(tabs, clock)
      let before = tabs.scene
      try tabs.beginBack(preview: preview)
      tabs.updateInteraction(progress: 0.4)
      #expect(tabs.scene != before)
      try tabs.cancelInteraction()
      settle(tabs, clock)
      #expect(tabs.scene == before)
      #expect(tabs.presentedIDs == ["s"])
      #expect(tabs.phase(of: "s") == .appeared)
      try tabs.beginBack(preview: preview)
      tabs.updateInteraction(progress: 0.6)
      try tabs.finishInteraction()
      settle(tabs, clock)
      #expect(tabs.presentedIDs.isEmpty)
      #expect(tabs.scene.views.map(\.id) == ["t0"])
      #expect(tabs.counter.count == 0)
    }
  }
}
