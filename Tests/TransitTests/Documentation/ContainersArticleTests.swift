import Foundation
import Testing
import Transit
import TransitTestSupport

// The code of "Sheets, tabs and rotations" (Sources/Transit/Transit.docc/
// SheetsTabsAndRotations.md), run as written: the article's Swift blocks
// are the pieces between the markers below, in order.

@Suite("Article: sheets, tabs and rotations")
struct ContainersArticleTests {
  @Test func theArticleShowsExactlyTheCodeTestedHere() throws {
    let tested = try ArticleCode.testedBlocks(inFile: #filePath)
    #expect(tested.count == 4)
    #expect(try ArticleCode.articleBlocks("SheetsTabsAndRotations.md") == tested)
  }

  @Test func theArticleRuns() throws {
    // BEGIN ARTICLE
    let clock = ManualClock()
    let portrait = Size(width: 390, height: 844)
    let inbox = View(id: "inbox", frame: .zero, backgroundColor: .white)
    let modal = PresentationContainer(size: portrait, base: inbox, clock: clock)
    func settle() {
      while modal.isAnimating || modal.pendingOperationCount > 0 {
        clock.advance(by: 1.0 / 60)
        modal.tick()
      }
    }

    let filters = View(id: "filters", frame: .zero, backgroundColor: .white)
    modal.present(
      filters,
      sheet: SheetConfiguration(
        detents: [.medium, .large], detent: .medium, largestUndimmedDetent: .medium))
    settle()
    // At medium: half the height, the inbox undimmed and unscaled.
    assert(modal.scene.view("filters")?.frame.height == 422)
    assert(modal.scene.view("dimming:filters")?.alpha == 0)

    modal.setDetent(.large)
    settle()
    // At large: dimmed, and the inbox scaled back with rounded corners.
    assert(modal.scene.view("inbox")?.transform == .scale(x: 0.92, y: 0.92))
    assert(modal.scene.view("inbox")?.cornerRadius == 10)
    // END ARTICLE

    // BEGIN ARTICLE
    try modal.beginSheetDrag()
    modal.updateSheetDrag(offset: 250)  // the finger moves down 250 points
    let detent = try modal.endSheetDrag(velocity: 1800)  // a flick down
    settle()
    // The projection lands below half the medium height: dismissed, and the
    // inbox is back exactly as it was, corners and all.
    assert(detent == nil && modal.presentedIDs.isEmpty)
    assert(modal.scene.view("inbox")?.cornerRadius == 0)
    // END ARTICLE

    // BEGIN ARTICLE
    let tabs = TabBarContainer(
      size: portrait,
      tabs: [View(id: "mail", frame: .zero), View(id: "search", frame: .zero)], clock: clock)
    let slide = try TransitionStyles.builtIn.style(named: "push-from-right")
    let fade = try TransitionStyles.builtIn.style(named: "cross-dissolve")
    tabs.push(View(id: "message", frame: .zero), style: slide)
    tabs.select(1, style: fade)
    try tabs.rotate(to: portrait.transposed, duration: 0.3)  // waits for the switch
    tabs.back()  // the cross-dissolve backwards, to the message, at the new size
    while tabs.isAnimating || tabs.pendingOperationCount > 0 {
      clock.advance(by: 1.0 / 60)
      tabs.tick()
    }
    assert(tabs.selectedIndex == 0 && tabs.topID == "message")
    assert(tabs.scene.view("message")?.frame == Rect(size: portrait.transposed))
    // END ARTICLE

    // BEGIN ARTICLE
    let compose = View(id: "compose", frame: .zero, backgroundColor: .white)
    tabs.present(compose, sheet: SheetConfiguration(detents: [.medium, .large], detent: .large))
    tabs.push(View(id: "reply", frame: .zero), style: slide)  // refused: a sheet is up
    while tabs.isAnimating || tabs.pendingOperationCount > 0 {
      clock.advance(by: 1.0 / 60)
      tabs.tick()
    }
    // The tab's top screen, the message, is scaled back behind the sheet.
    assert(tabs.presentedIDs == ["compose"] && tabs.stackIDs(ofTab: 0) == ["mail", "message"])
    assert(tabs.scene.view("message")?.transform == .scale(x: 0.92, y: 0.92))

    try tabs.beginBack(preview: .style)  // a back gesture starts dismissing the sheet…
    tabs.updateInteraction(progress: 0.3)
    try tabs.cancelInteraction()  // … and is cancelled
    tabs.back()  // back dismisses the sheet: the message comes back to scale
    while tabs.isAnimating || tabs.pendingOperationCount > 0 {
      clock.advance(by: 1.0 / 60)
      tabs.tick()
    }
    assert(tabs.presentedIDs.isEmpty && tabs.scene.view("message")?.transform == .identity)
    // END ARTICLE
    #expect(tabs.topID == "message")
    #expect(tabs.presentedIDs.isEmpty)
    #expect(tabs.scene.view("message")?.transform == .identity)
  }
}
