import Testing
import Transit
import TransitTestSupport

@Suite("Presentations")
struct PresentationContainerTests {
  let clock = ManualClock()
  let log = ContainerLog()
  let portrait = Size(width: 390, height: 844)
  let landscape = Size(width: 844, height: 390)

  func container(policy: RotationPolicy = .defer) -> PresentationContainer {
    let container = PresentationContainer(
      size: portrait, base: View(id: "base", frame: .zero, cornerRadius: 2), clock: clock,
      rotationPolicy: policy)
    container.observer = { [log] in log.events.append($0) }
    return container
  }

  func sheetView(_ id: String) -> View {
    View(
      id: id, frame: .zero, backgroundColor: .white,
      children: [View(id: "\(id)-row", frame: Rect(x: 16, y: 16, width: 200, height: 44))])
  }

  let mediumLarge = SheetConfiguration(detents: [.medium, .large], detent: .medium)

  @Test("A sheet slides up to medium over a dimmed base; events are the sheet's, in UIKit's order")
  func sheetAtMedium() throws {
    let modal = container()
    let before = modal.scene
    modal.present(sheetView("s"), sheet: mediumLarge)
    #expect(modal.isAnimating)
    #expect(modal.counter.count == 1)
    #expect(modal.phase(of: "s") == .willAppear)
    // The first picture: the sheet below the bottom edge, nothing dimmed.
    #expect(modal.scene.view("s")?.frame.minY == 844)
    #expect(modal.scene.view("dimming:s")?.alpha == 0)
    settle(modal, clock)
    #expect(modal.counter.count == 0)
    #expect(modal.scene.view("s")?.frame == Rect(x: 0, y: 422, width: 390, height: 422))
    #expect(modal.scene.view("dimming:s")?.alpha == 0.4)
    // At medium the base is not scaled back.
    #expect(bitIdentical(modal.scene.view("base")?.state, before.view("base")?.state))
    #expect(modal.phase(of: "s") == .appeared)
    #expect(modal.phase(of: "base") == .appeared)
    #expect(
      log.lifecycle == ["willShow s", "s willAppear moving", "s didAppear moving", "didShow s"])
    #expect(modal.detent == .medium)
  }

  @Test(
    "At the large detent the base is scaled back with rounded corners; dismissal gives it back bit for bit"
  )
  func largeScalesBack() throws {
    let modal = container()
    let before = modal.scene
    modal.present(sheetView("s"), sheet: mediumLarge)
    modal.setDetent(.large)
    settle(modal, clock)
    let base = try #require(modal.scene.view("base"))
    #expect(base.transform == .scale(x: 0.92, y: 0.92))
    #expect(base.cornerRadii == CornerRadii(uniform: 10))
    #expect(modal.scene.view("s")?.frame.height == SheetDetent.large.height(in: portrait))
    log.events = []
    modal.dismiss()
    #expect(modal.phase(of: "s") == .willDisappear)
    settle(modal, clock)
    #expect(modal.presentedIDs.isEmpty)
    #expect(modal.scene == before)
    #expect(
      log.lifecycle == [
        "willHide s", "s willDisappear moving", "s didDisappear moving", "didHide s",
      ])
    #expect(modal.phase(of: "s") == nil)
  }

  @Test("The dimming follows the sheet: none at or below the largest undimmed detent")
  func undimmed() throws {
    let modal = container()
    modal.present(
      sheetView("s"),
      sheet: SheetConfiguration(
        detents: [.fraction(0.3), .medium, .large], detent: .fraction(0.3),
        largestUndimmedDetent: .medium))
    settle(modal, clock)
    #expect(modal.scene.view("dimming:s")?.alpha == 0)
    modal.setDetent(.medium)
    settle(modal, clock)
    #expect(modal.scene.view("dimming:s")?.alpha == 0)
    modal.setDetent(.large)
    clock.advance(by: 0.175)
    modal.tick()
    let halfway = try #require(modal.scene.view("dimming:s")?.alpha)
    #expect(halfway > 0 && halfway < 0.4)
    settle(modal, clock)
    #expect(modal.scene.view("dimming:s")?.alpha == 0.4)
  }

  @Test(
    "Full-screen with every built-in style: events as a push and a pop, and dismissal lands bit for bit",
    arguments: TransitionStyles.builtIn.names)
  func fullScreen(style name: String) throws {
    let modal = container()
    let before = modal.scene
    let style = try TransitionStyles.builtIn.style(named: name)
    modal.present(sheetView("f"), style: style)
    settle(modal, clock)
    #expect(modal.presentedIDs == ["f"])
    #expect(modal.phase(of: "f") == .appeared)
    #expect(modal.phase(of: "base") == .disappeared)
    #expect(
      log.lifecycle == [
        "willHide base", "base willDisappear", "willShow f", "f willAppear moving",
        "base didDisappear", "didHide base", "f didAppear moving", "didShow f",
      ])
    modal.dismiss()
    settle(modal, clock)
    #expect(bitIdentical(modal.scene, before))
    #expect(modal.scene == before)
    #expect(modal.phase(of: "base") == .appeared)
    #expect(modal.counter.count == 0)
  }

  @Test(
    "Presentations stack: a sheet over a sheet scales the lower one back, and both leave exactly")
  func stacking() throws {
    let modal = container()
    let before = modal.scene
    modal.present(sheetView("a"), sheet: mediumLarge)
    modal.present(sheetView("b"), sheet: SheetConfiguration(detents: [.large]))
    settle(modal, clock)
    #expect(modal.presentedIDs == ["a", "b"])
    #expect(modal.scene.views.map(\.id) == ["base", "dimming:a", "a", "dimming:b", "b"])
    #expect(modal.scene.view("a")?.transform == .scale(x: 0.92, y: 0.92))
    modal.present(
      sheetView("c"), style: try TransitionStyles.builtIn.style(named: "cover-from-bottom"))
    modal.dismiss()
    modal.dismiss()
    settle(modal, clock)
    #expect(modal.presentedIDs == ["a"])
    #expect(modal.scene.view("a")?.transform == .identity)
    modal.dismiss()
    settle(modal, clock)
    #expect(modal.scene == before)
  }

  @Test("After a rotation the sheet sits on the same detent at the new bounds, as presented there")
  func rotation() throws {
    let modal = container()
    modal.present(sheetView("s"), sheet: mediumLarge)
    modal.setDetent(.large)
    #expect(try modal.rotate(to: landscape) == .deferred)
    settle(modal, clock)
    let fresh = PresentationContainer(
      size: landscape, base: View(id: "base", frame: .zero, cornerRadius: 2), clock: ManualClock())
    fresh.present(
      sheetView("s"), sheet: SheetConfiguration(detents: [.medium, .large], detent: .large),
      animated: false)
    #expect(modal.scene == fresh.scene)
    // Animated, back to portrait: lands exactly on the instant rotation's picture.
    let instant = PresentationContainer(
      size: portrait, base: View(id: "base", frame: .zero, cornerRadius: 2), clock: ManualClock())
    instant.present(
      sheetView("s"), sheet: SheetConfiguration(detents: [.medium, .large], detent: .large),
      animated: false)
    #expect(try modal.rotate(to: portrait, duration: 0.3) == .applied)
    #expect(modal.isAnimating)
    settle(modal, clock)
    #expect(modal.scene == instant.scene)
  }

  @Test("Not animated is the same change landed at once")
  func instant() throws {
    let a = container()
    let b = container()
    a.present(sheetView("s"), sheet: mediumLarge, animated: false)
    #expect(!a.isAnimating)
    b.present(sheetView("s"), sheet: mediumLarge)
    settle(b, clock)
    #expect(a.scene == b.scene)
  }

  @Test("Bad requests fail the operation and change nothing")
  func failures() throws {
    let modal = container()
    let before = modal.scene
    modal.dismiss()
    modal.setDetent(.large)
    modal.present(sheetView("base"), sheet: mediumLarge)
    modal.present(sheetView("s"), sheet: SheetConfiguration(detents: []))
    modal.present(sheetView("s"), sheet: SheetConfiguration(detents: [.points(.nan)]))
    modal.present(sheetView("s"), sheet: SheetConfiguration(detents: [.medium], detent: .large))
    let failures = log.events.filter {
      if case .operationFailed = $0 { return true }
      return false
    }
    #expect(failures.count == 6)
    #expect(modal.scene == before)
    #expect(modal.counter.count == 0)
    modal.present(sheetView("s"), sheet: mediumLarge)
    modal.setDetent(.points(100))
    settle(modal, clock)
    #expect(modal.detent == .medium)
  }
}
