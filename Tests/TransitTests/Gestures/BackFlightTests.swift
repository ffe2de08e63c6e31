import Testing
import Transit

/// Matched elements under a predictive back gesture: the flight previews
/// with the gesture (it is the pop's flight at the gesture's sampled time,
/// bit for bit), a commit lands exactly as a pop, a cancel returns bit for
/// bit to the picture before — rather than the flight running on its own
/// clock and fighting the gesture (nav3-recipes #250, cmp-moviedb #33,
/// Flutter #153577).
@Suite("Predictive back with matched elements")
struct BackFlightTests {
  typealias F = MatchFixtures
  /// Linear flights: a played pop with linear curves and linear flights is
  /// exactly what linear scrubbing shows of the eased ones.
  static let linearFlights = Matching(defaults: FlightOptions(curve: .linear))
  static let touches: [(x: Double, time: Double)] = [
    (4, 0), (30, 0.016), (80, 0.033), (150, 0.05), (230, 0.066), (260, 0.083),
  ]

  func makeStack(_ clock: ManualClock, matching: Matching = .enabled) -> StackContainer {
    let stack = F.stack(clock: clock)
    stack.matching = matching
    stack.push(F.detail(), style: F.style("push-from-right"), animated: false)
    return stack
  }

  /// The pop `preview` plays, as a played (not driven) pop — with linear
  /// curves and flights when the preview scrubs linearly — at `time`.
  func reference(_ preview: BackPreview, at time: Double, _ build: (StackContainer) -> Void)
    -> Scene
  {
    let clock = ManualClock()
    let stack = makeStack(clock, matching: preview == .style ? Self.linearFlights : .enabled)
    build(stack)
    clock.advance(by: time)
    stack.tick()
    return stack.scene
  }

  func popStyle(_ preview: BackPreview) -> any TransitionStyle {
    preview == .style
      ? F.style("push-from-right").withCurve(.linear)
      : PredictiveBackStyle(preview: preview, edge: .left)
  }

  @Test(
    "the flight previews with the gesture, then a commit lands as a pop",
    arguments: BackPreview.allCases)
  func previewsThenCommits(preview: BackPreview) throws {
    let clock = ManualClock()
    let stack = makeStack(clock)
    try stack.beginBack(preview: preview, edge: .left)
    let duration = try #require(stack.runningTransitionDuration)
    var back = try BackGesture(edge: .left, width: F.portrait.width, preview: preview)
    var flew = false
    for touch in Self.touches {
      let progress = back.transitionProgress(afterTouch: touch.x, at: touch.time)
      stack.updateInteraction(progress: progress)
      let expected = reference(preview, at: progress * duration) {
        $0.pop(style: popStyle(preview))
      }
      #expect(stack.scene == expected, "\(preview) at progress \(progress)")
      if progress > 0, let overlay = F.overlay("photo", in: stack.scene), !overlay.isHidden {
        flew = true
      }
    }
    #expect(flew, "the photo flies during the gesture")
    try stack.finishInteraction(velocity: back.transitionVelocity)
    F.run(stack, clock)
    let popped = makeStack(ManualClock())
    popped.pop(style: popStyle(preview), animated: false)
    #expect(stack.scene == popped.scene)
    #expect(stack.childIDs == ["grid"])
    #expect(F.overlays(stack.scene).isEmpty)
  }

  @Test(
    "a cancelled back returns bit for bit to the picture before, the flight with it",
    arguments: BackPreview.allCases)
  func cancelReturns(preview: BackPreview) throws {
    let clock = ManualClock()
    let stack = makeStack(clock)
    let before = stack.scene
    try stack.beginBack(preview: preview, edge: .left)
    var back = try BackGesture(edge: .left, width: F.portrait.width, preview: preview)
    for touch in Self.touches.prefix(4) {
      stack.updateInteraction(
        progress: back.transitionProgress(afterTouch: touch.x, at: touch.time))
    }
    #expect(F.overlay("photo", in: stack.scene) != nil)
    var last = stack.scene
    try stack.cancelInteraction(velocity: back.transitionVelocity)
    // The flight goes back with the gesture's completion, never ahead of it.
    var frames = 0
    while stack.isAnimating && frames < 1_000 {
      clock.advance(by: 1.0 / 120)
      stack.tick()
      if stack.isAnimating { last = stack.scene }
      frames += 1
    }
    #expect(F.overlay("photo", in: last) != nil, "the photo flies back until the cancel lands")
    #expect(stack.scene == before)
    #expect(stack.childIDs == ["grid", "detail"])
  }
}
