import Testing
import Transit
import TransitTestSupport

@Suite("Transition push, rotate, pop")
struct TransitionRotationTests {
  typealias F = TransitionFixtures

  @Test(
    "push at 390×844, rotate to 844×390, pop: lands exactly on the landscape layout",
    arguments: F.styleNames)
  func pushRotatePop(name: String) throws {
    let transition = F.transition(try F.style(name))
    // Push in portrait.
    let pushed = try transition.forwardTimeline(from: F.scene(F.portrait), bounds: F.portrait)
      .endScene
    // Rotate: the views' frames become the new bounds and the push's end
    // state, derived again at those bounds, is applied instantly.
    let rotated = try transition.applyingEndState(to: pushed, at: F.landscape)
    #expect(rotated.size == F.landscape.size)
    for id in [F.appearing, F.disappearing] {
      #expect(rotated.state(of: id)?.frame == F.landscape)
    }
    // Pop in landscape.
    let pop = try transition.reverseTimeline(from: rotated, bounds: F.landscape)
    #expect(bitIdentical(pop.startScene, rotated))
    let popped = pop.endScene
    // The view that stays is exactly a fresh base layout at 844×390 …
    let fresh = try transition.baseLayout(of: F.scene(F.landscape), at: F.landscape)
    #expect(
      bitIdentical(popped.state(of: F.disappearing)!, fresh.state(of: F.disappearing)!))
    #expect(popped.state(of: F.disappearing) == ViewState(frame: F.landscape))
    // … and the popped view is exactly where a landscape push starts.
    let landscapeStart = try transition.forwardTimeline(
      from: F.scene(F.landscape), bounds: F.landscape
    ).sample(frame: 0, of: 2)
    #expect(
      bitIdentical(popped.state(of: F.appearing)!, landscapeStart.state(of: F.appearing)!))
    // Nothing else moved.
    #expect(popped.view(F.disappearing + ".label") == fresh.view(F.disappearing + ".label"))
    #expect(F.isFinite(popped))
  }

  @Test("the end state at new bounds is derived from those bounds, not the old ones")
  func endStateFollowsBounds() throws {
    let transition = F.transition(PushStyle(from: .right))
    let states = try transition.endState(at: F.landscape)
    #expect(states[F.disappearing]?.transform == .translation(x: -844, y: 0))
    #expect(states[F.disappearing]?.isHidden == true)
    #expect(states[F.appearing] == ViewState(frame: F.landscape))
  }

  @Test("a transition whose view is missing from the scene says so")
  func missingView() {
    let transition = Transition(
      style: PushStyle(from: .right), appearingViewID: "ghost", disappearingViewID: F.disappearing)
    #expect(throws: TransitError.self) {
      try transition.forwardTimeline(from: F.scene(F.portrait), bounds: F.portrait)
    }
  }
}
