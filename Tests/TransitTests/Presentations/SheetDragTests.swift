import Testing
import Transit
import TransitTestSupport

@Suite("Sheet drags")
struct SheetDragTests {
  let clock = ManualClock()
  let log = ContainerLog()
  let portrait = Size(width: 390, height: 844)

  func modal(at detent: SheetDetent = .medium) -> PresentationContainer {
    let modal = PresentationContainer(
      size: portrait, base: View(id: "base", frame: .zero), clock: clock)
    modal.present(
      View(id: "s", frame: .zero),
      sheet: SheetConfiguration(detents: [.medium, .large], detent: detent),
      animated: false)
    modal.observer = { [log] in log.events.append($0) }
    return modal
  }

  @Test("The sheet follows the finger 1:1 between the detents, and rubber-bands past the large one")
  func follows() throws {
    let modal = modal()
    try modal.beginSheetDrag()
    #expect(modal.counter.count == 1)
    modal.updateSheetDrag(offset: -100)
    #expect(modal.scene.view("s")?.frame.height == 522)
    modal.updateSheetDrag(offset: 40)
    #expect(modal.scene.view("s")?.frame.height == 382)
    let large = SheetDetent.large.height(in: portrait)
    modal.updateSheetDrag(offset: 422 - large - 200)
    let banded = try #require(modal.scene.view("s")?.frame.height)
    #expect(banded > large && banded < large + 200)
    #expect(
      banded == large + PresentationContainer.rubberBand(200, dimension: 844))
    try modal.cancelSheetDrag()
    #expect(modal.counter.count == 0)
  }

  @Test(
    "A slow release settles on the nearest detent; a flick up projects to large, as a spring, landing exactly"
  )
  func settles() throws {
    let reference = modal(at: .large)
    let modal = modal()
    try modal.beginSheetDrag()
    modal.updateSheetDrag(offset: -60)
    #expect(try modal.endSheetDrag(velocity: 0) == .medium)
    settle(modal, clock)
    try modal.beginSheetDrag()
    modal.updateSheetDrag(offset: -60)
    #expect(try modal.endSheetDrag(velocity: -1500) == .large)
    #expect(modal.isAnimating)
    #expect(modal.counter.count == 1)
    // The spring starts at the release velocity: the first step moves up.
    let before = try #require(modal.scene.view("s")?.frame.height)
    clock.advance(by: 0.01)
    modal.tick()
    #expect(try #require(modal.scene.view("s")?.frame.height) > before)
    settle(modal, clock)
    #expect(modal.scene == reference.scene)
    #expect(modal.detent == .large)
    #expect(modal.counter.count == 0)
  }

  @Test("Dragged back to where it began, or cancelled, the container is bit for bit as before")
  func cancels() throws {
    let modal = modal()
    let before = modal.scene
    try modal.beginSheetDrag()
    modal.updateSheetDrag(offset: 300)
    modal.updateSheetDrag(offset: 0)
    #expect(try modal.endSheetDrag() == .medium)
    settle(modal, clock)
    #expect(modal.scene == before)
    try modal.beginSheetDrag()
    modal.updateSheetDrag(offset: 380)
    #expect(try modal.endSheetDrag(velocity: -800) == .medium)
    settle(modal, clock)
    #expect(modal.scene == before)
    #expect(!log.lifecycle.contains { $0.contains("Disappear") })
  }

  @Test("A flick down below the smallest detent dismisses, with the dismissal's events")
  func dismisses() throws {
    let modal = modal()
    let reference = PresentationContainer(
      size: portrait, base: View(id: "base", frame: .zero), clock: ManualClock())
    try modal.beginSheetDrag()
    modal.updateSheetDrag(offset: 100)
    #expect(try modal.endSheetDrag(velocity: 1500) == nil)
    settle(modal, clock)
    #expect(modal.presentedIDs.isEmpty)
    #expect(modal.scene == reference.scene)
    #expect(
      log.lifecycle == [
        "willHide s", "s willDisappear moving", "s didDisappear moving", "didHide s",
      ])
  }

  @Test(
    "Operations and rotations issued during a drag wait for its settle; the sheet then sits on its detent at the new bounds"
  )
  func waits() throws {
    let modal = modal()
    try modal.beginSheetDrag()
    #expect(throws: TransitError.self) { try modal.beginSheetDrag() }
    modal.setDetent(.large)
    #expect(modal.pendingOperationCount == 1)
    #expect(try modal.rotate(to: portrait.transposed) == .deferred)
    modal.updateSheetDrag(offset: -30)
    try modal.endSheetDrag()
    settle(modal, clock)
    let fresh = PresentationContainer(
      size: portrait.transposed, base: View(id: "base", frame: .zero), clock: ManualClock())
    fresh.present(
      View(id: "s", frame: .zero),
      sheet: SheetConfiguration(detents: [.medium, .large], detent: .large),
      animated: false)
    #expect(modal.scene == fresh.scene)
    #expect(modal.counter.count == 0)
  }

  @Test("The projection is UIScrollView's: about half a second of the velocity")
  func projection() {
    #expect(abs(PresentationContainer.projectedDistance(velocity: 1000) - 499) < 1e-9)
    #expect(PresentationContainer.rubberBand(0, dimension: 844) == 0)
    #expect(PresentationContainer.rubberBand(1e9, dimension: 844) < 844)
  }

  @Test("In a container too low for a large detent, a dragged sheet never gets a negative height")
  func tinyContainer() throws {
    for height in [1.0, 10, 20] {
      let size = Size(width: 100, height: height)
      let modal = PresentationContainer(
        size: size, base: View(id: "base", frame: .zero), clock: clock)
      modal.present(
        View(id: "s", frame: .zero),
        sheet: SheetConfiguration(detents: [.medium, .large], detent: .medium), animated: false)
      try modal.beginSheetDrag()
      for offset in [-50.0, -5, 0, 3, 50] {
        modal.updateSheetDrag(offset: offset)
        let frame = try #require(modal.scene.view("s")?.frame)
        #expect(frame.height >= 0, "height \(height), offset \(offset): \(frame)")
      }
      try modal.cancelSheetDrag()
    }
  }

}
