import Foundation
import Testing
import Transit
import TransitTestSupport

// The code of the article "Building a modal container with an interactive
// dismiss" (Sources/Transit/Transit.docc/BuildingAModalContainer.md), run
// for real. Each piece between a BEGIN and an END marker is one code block
// of the article, in order; the first test checks that the article's Swift
// code blocks are exactly these pieces, so the article cannot show code
// that does not compile or does not do what its prose says.

// BEGIN ARTICLE
/// A container that shows one screen and can present one modal screen over
/// it, on one transition driver.
final class ModalContainer: DrivenContainer {
  /// What to draw: the base screen, and the modal above it when one is shown.
  private(set) var scene: Scene
  /// The screen under the modal.
  let baseID: String
  /// The modal screen, while it is presented (or being presented).
  private(set) var presentedID: String?
  /// The transition that presented it: its reverse dismisses it.
  private var presentation: Transition?
  let driver: TransitionDriver

  init(base: View, size: Size, clock: any PlaybackClock) {
    var root = base
    root.state = ViewState(frame: Rect(size: size))
    scene = Scene(size: size, views: [root])
    baseID = base.id
    // The driver writes sampled states into the scene; `self` can be
    // captured only once every stored property is set.
    var write: (ViewState, String) -> Void = { _, _ in }
    driver = TransitionDriver(clock: clock) { write($0, $1) }
    write = { [unowned self] state, id in scene.apply(state, to: id) }
  }
}
// END ARTICLE

// BEGIN ARTICLE
extension ModalContainer {
  /// Presents `view` over the base screen with `style`.
  func present(_ view: View, style: any TransitionStyle, animated: Bool = true) {
    driver.enqueue { [unowned self] () throws(TransitError) in
      try runPresentation(of: view, style: style, animated: animated)
    }
  }

  /// Runs the presentation: the model changes first, and the request says
  /// how to undo it.
  private func runPresentation(of view: View, style: any TransitionStyle, animated: Bool)
    throws(TransitError)
  {
    guard presentedID == nil, let base = scene.view(baseID) else {
      throw TransitError(.invalidState, "a modal screen is already presented")
    }
    guard !scene.contains(view.id) else {
      throw TransitError(.duplicateView, "'\(view.id)' is already in the container")
    }
    var modal = view
    modal.state = ViewState(frame: scene.bounds)
    let transition = Transition(
      style: style, appearingViewID: modal.id, disappearingViewID: baseID)
    scene.views.append(modal)
    presentedID = modal.id
    presentation = transition
    let request = TransitionRequest(
      transition: transition, isReversed: false, bounds: scene.bounds,
      views: [base, modal], animated: animated,
      shownIsMovingToParent: true, hiddenIsMovingFromParent: false,
      rollback: { [unowned self] in removeModal() })
    do {
      try driver.run(request)
    } catch {
      removeModal()
      throw error
    }
  }

  /// Takes the modal screen out of the model and the scene.
  private func removeModal() {
    scene.views.removeAll { $0.id == presentedID }
    presentedID = nil
    presentation = nil
  }
}
// END ARTICLE

// BEGIN ARTICLE
extension ModalContainer {
  /// Dismisses the modal screen with the reverse of its presentation.
  func dismiss(animated: Bool = true) {
    driver.enqueue { [unowned self] () throws(TransitError) in
      try runDismissal(animated: animated)
    }
  }

  /// Runs the dismissal: the presentation's exact reverse, rebuilt at the
  /// current bounds. The model says "no modal" from its start; settling
  /// removes the screen, a cancel (`rollback`) says "presented" again.
  private func runDismissal(animated: Bool) throws(TransitError) {
    guard let presentation, let modalID = presentedID, let modal = scene.view(modalID),
      let base = scene.view(baseID)
    else {
      throw TransitError(.invalidState, "no modal screen is presented")
    }
    presentedID = nil
    let request = TransitionRequest(
      transition: presentation, isReversed: true, bounds: scene.bounds,
      views: [base, modal], animated: animated,
      shownIsMovingToParent: false, hiddenIsMovingFromParent: true,
      settle: { [unowned self] in
        presentedID = modalID
        removeModal()
      },
      rollback: { [unowned self] in presentedID = modalID })
    do {
      try driver.run(request)
    } catch {
      presentedID = modalID
      throw error
    }
  }
}
// END ARTICLE

// BEGIN ARTICLE
extension ModalContainer {
  /// Begins a dismissal that a drag drives: the modal screen follows
  /// `updateInteraction(progress:)`, then `finishInteraction` dismisses it
  /// and `cancelInteraction` puts it back exactly where it was.
  func beginInteractiveDismiss() throws(TransitError) {
    try driver.beginInteractive { [unowned self] () throws(TransitError) in
      try runDismissal(animated: true)
    }
  }
}
// END ARTICLE

/// A style that cannot be built.
private struct FailingStyle: TransitionStyle {
  let name = "failing"
  let intrinsicDuration = 0.3
  func intrinsicAnimation(in context: TransitionContext) throws(TransitError) -> Animation {
    throw TransitError(.invalidValue, "no animation")
  }
}

@Suite("Article: a modal container with an interactive dismiss")
struct ModalContainerArticleTests {
  @Test func theArticleShowsExactlyTheCodeTestedHere() throws {
    let tested = try ArticleCode.testedBlocks(inFile: #filePath)
    #expect(tested.count == 7)
    #expect(try ArticleCode.articleBlocks("BuildingAModalContainer.md") == tested)
  }

  @Test func aCancelledDragRollsBackAndAFinishedOneDismisses() throws {
    // BEGIN ARTICLE
    let clock = ManualClock()
    let inbox = View(id: "inbox", frame: .zero, backgroundColor: .white)
    let modals = ModalContainer(base: inbox, size: Size(width: 390, height: 844), clock: clock)
    var events: [ContainerEvent] = []
    modals.observer = { events.append($0) }
    func settle() {
      while modals.isAnimating || modals.pendingOperationCount > 0 {
        clock.advance(by: 1.0 / 60)
        modals.tick()
      }
    }

    let compose = View(id: "compose", frame: .zero, backgroundColor: .black)
    modals.present(compose, style: CoverStyle(from: .bottom))
    settle()
    let presented = modals.scene  // compose covers the inbox
    // END ARTICLE
    #expect(modals.presentedID == "compose")
    #expect(presented.views.map(\.id) == ["inbox", "compose"])
    #expect(presented.state(of: "compose") == ViewState(frame: presented.bounds))

    // BEGIN ARTICLE
    // The finger drags the sheet halfway down, then goes back up: cancel.
    try modals.beginInteractiveDismiss()
    modals.updateInteraction(progress: 0.5)
    let halfway = modals.scene.state(of: "compose")
    try modals.cancelInteraction(velocity: -1)
    settle()
    // END ARTICLE
    #expect(halfway != nil && halfway != presented.state(of: "compose"))
    #expect(modals.presentedID == "compose")
    #expect(modals.scene == presented)
    #expect(
      Array(events.suffix(2)) == [
        .didCancelHide("compose", animated: true), .didCancelShow("inbox", animated: true),
      ])

    // BEGIN ARTICLE
    // A second drag goes through.
    try modals.beginInteractiveDismiss()
    modals.updateInteraction(progress: 0.7)
    try modals.finishInteraction(velocity: 2)
    settle()
    // END ARTICLE
    #expect(modals.presentedID == nil && modals.scene.views.map(\.id) == ["inbox"])
    #expect(modals.scene.state(of: "inbox") == ViewState(frame: modals.scene.bounds))
    #expect(events.last == .didShow("inbox", animated: true))
  }

  @Test func aPresentTurnedBackOrFailingLeavesNoModal() throws {
    let clock = ManualClock()
    let modals = ModalContainer(
      base: View(id: "inbox", frame: .zero), size: Size(width: 390, height: 844), clock: clock)
    var failures: [TransitError] = []
    modals.observer = {
      if case .operationFailed(let error) = $0 { failures.append(error) }
    }
    // A dismissal with nothing presented fails and changes nothing.
    modals.dismiss()
    #expect(failures.count == 1 && modals.scene.views.map(\.id) == ["inbox"])
    // A present whose view id is the base's fails before changing anything.
    modals.present(View(id: "inbox", frame: .zero), style: CoverStyle(from: .bottom))
    #expect(failures.count == 2 && modals.presentedID == nil)
    #expect(modals.scene.views.map(\.id) == ["inbox"])
    // A style that cannot be built fails at binding; the model is put back.
    modals.present(View(id: "sheet", frame: .zero), style: FailingStyle())
    #expect(failures.count == 3 && modals.presentedID == nil)
    #expect(modals.scene.views.map(\.id) == ["inbox"])
    // An instant present and dismiss.
    modals.present(
      View(id: "sheet", frame: .zero), style: CoverStyle(from: .bottom), animated: false)
    #expect(modals.presentedID == "sheet" && !modals.isAnimating)
    modals.dismiss(animated: false)
    #expect(modals.presentedID == nil && modals.scene.views.map(\.id) == ["inbox"])
  }
}
