import Testing

@testable import Transit

/// The presentation operations are written once, on the presentation
/// layer every presenting container shares: a sheet over a tab container
/// carries its alongside animations through the presentation, a detent
/// move, a drag's release and a back gesture, which scrubs them and, when
/// cancelled, brings them back bit for bit.
@Suite("Alongside animations on sheets over tabs")
struct AlongsideSheetTests {
  static let size = Size(width: 390, height: 844)

  func tabs(_ clock: ManualClock) -> TabBarContainer {
    TabBarContainer(size: Self.size, tabs: [titled("inbox"), titled("search")], clock: clock)
  }

  func alpha(_ tabs: TabBarContainer) throws -> Double {
    try #require(tabs.scene.state(of: "inbox-title")?.alpha)
  }

  @Test("a sheet over tabs lands its alongside fade exactly; a cancelled back returns bit for bit")
  func sheetOverTabs() throws {
    let clock = ManualClock()
    let tabs = tabs(clock)
    tabs.present(
      titled("filters"), sheet: SheetConfiguration(), alongside: [fade("inbox-title", to: 0)])
    clock.advance(by: 0.1)
    tabs.tick()
    #expect(abs(try alpha(tabs) - 0.5) < 1e-12)
    settle(tabs, clock)
    #expect(try alpha(tabs) == 0)
    #expect(tabs.presentedIDs == ["filters"])
    let before = tabs.scene

    // The back gesture dismisses the sheet, scrubbing the fade back in.
    try tabs.beginBack(preview: .style, alongside: [fade("inbox-title", to: 1)])
    tabs.updateInteraction(progress: 0.5)
    let scrubbed = try alpha(tabs)
    #expect(scrubbed > 0 && scrubbed < 1)
    try tabs.cancelInteraction()
    settle(tabs, clock)
    #expect(tabs.scene == before)
    #expect(tabs.presentedIDs == ["filters"])

    // Committed, the fade lands on its end exactly and the sheet is gone.
    try tabs.beginBack(preview: .style, alongside: [fade("inbox-title", to: 1)])
    tabs.updateInteraction(progress: 0.5)
    try tabs.finishInteraction()
    settle(tabs, clock)
    #expect(try alpha(tabs) == 1)
    #expect(tabs.presentedIDs.isEmpty)
  }

  @Test(
    "a detent move and a drag's release carry their alongside fades; a refused one moves nothing")
  func detentAndDrag() throws {
    let clock = ManualClock()
    let tabs = tabs(clock)
    var failures: [TransitError] = []
    tabs.observer = { event in
      if case .operationFailed(let error) = event { failures.append(error) }
    }
    tabs.present(titled("filters"), sheet: SheetConfiguration(detents: [.medium, .large]))
    settle(tabs, clock)
    tabs.setDetent(.large, alongside: [fade("inbox-title", to: 0.5)])
    clock.advance(by: 0.1)
    tabs.tick()
    #expect(abs(try alpha(tabs) - 0.75) < 1e-12)
    settle(tabs, clock)
    #expect(try alpha(tabs) == 0.5)
    #expect(tabs.detent == .large)

    // An alongside the change refuses fails the move, the sheet at rest.
    let rest = tabs.scene
    tabs.setDetent(.medium, alongside: [fade("nowhere", to: 0)])
    settle(tabs, clock)
    #expect(failures.count == 1)
    #expect(tabs.detent == .large)
    #expect(tabs.scene == rest)

    try tabs.beginSheetDrag()
    tabs.updateSheetDrag(offset: 300)
    let settled = try tabs.endSheetDrag(velocity: 0, alongside: [fade("inbox-title", to: 1)])
    #expect(settled == .medium)
    settle(tabs, clock)
    #expect(try alpha(tabs) == 1)
    #expect(tabs.detent == .medium)
  }
}
