import Testing
import Transit
import TransitTestSupport

/// A pop may give its own style: the stack then plays the reverse of that
/// style's push of the top over the child it reveals, built at the bounds
/// of the moment, through the same driver as every other transition.
@Suite("Stack container: pops with their own style")
struct PopStyleTests {
  let clock = ManualClock()
  let portrait = Size(width: 390, height: 844)
  let landscape = Size(width: 844, height: 390)

  /// The reverse of `style`'s push of `appearing` over `disappearing`,
  /// built from the base layout at `size`, independently of the stack.
  func reverse(
    _ style: any TransitionStyle, _ appearing: String, over disappearing: String, at size: Size
  ) throws -> Timeline {
    let bounds = Rect(size: size)
    let transition = Transition(
      style: style, appearingViewID: appearing, disappearingViewID: disappearing)
    let scene = Scene(
      size: size,
      views: [
        TransitionBindingProbe.base(card(disappearing), size),
        TransitionBindingProbe.base(card(appearing), size),
      ])
    return try transition.reverseTimeline(from: scene, bounds: bounds)
  }

  /// Every frame of `count` the stack shows for its running transition is
  /// `expected`'s, for the views `ids`.
  func expectFrames(
    _ stack: StackContainer, equal expected: Timeline, count: Int, ids: [String]
  ) {
    #expect(stack.runningTransitionDuration == expected.duration)
    for k in 0..<count {
      stack.showTransitionFrame(k, of: count)
      let sample = expected.sample(frame: k, of: count)
      for id in ids {
        #expect(
          bitIdentical(stack.scene.state(of: id), sample.state(of: id)), "frame \(k), \(id)")
      }
    }
  }

  @Test("pop(style:) after a rotation plays that style's reverse at the new bounds")
  func popWithStyleAfterRotation() throws {
    let stack = StackContainer(size: portrait, clock: clock)
    stack.push(card("a"), style: TestSlide(), animated: false)
    stack.push(card("b"), style: TestSlide(), animated: false)
    #expect(stack.rotate(to: landscape) == .applied)
    stack.pop(style: TestFade())
    let fade = try reverse(TestFade(), "b", over: "a", at: landscape)
    let slide = try reverse(TestSlide(), "b", over: "a", at: landscape)
    // The two styles' pops differ somewhere, so the frames tell them apart.
    #expect(
      (0..<6).contains {
        !bitIdentical(fade.sample(frame: $0, of: 6), slide.sample(frame: $0, of: 6))
      })
    expectFrames(stack, equal: fade, count: 6, ids: ["a", "b"])
    settle(stack, clock)
    #expect(stack.childIDs == ["a"])
    #expect(stack.scene.state(of: "a") == ViewState(frame: Rect(size: landscape)))
  }

  @Test("pop(to:style:) and popToRoot(style:) undo the top's push over the child revealed")
  func popToWithStyle() throws {
    for toRoot in [false, true] {
      let stack = StackContainer(size: portrait, clock: clock, capacity: 10)
      for id in ["a", "b", "c"] { stack.push(card(id), style: TestSlide(), animated: false) }
      if toRoot {
        stack.popToRoot(style: TestFade())
      } else {
        stack.pop(to: "a", style: TestFade())
      }
      expectFrames(
        stack, equal: try reverse(TestFade(), "c", over: "a", at: portrait), count: 5,
        ids: ["a", "c"])
      settle(stack, clock)
      #expect(stack.childIDs == ["a"])
    }
  }

  @Test("a pop without a style still plays the reverse of the top's own push style")
  func popWithoutStyleKeepsThePushStyle() throws {
    let stack = StackContainer(size: portrait, clock: clock)
    stack.push(card("a"), style: TestSlide(), animated: false)
    stack.push(card("b"), style: TestFade(), animated: false)
    stack.pop()
    expectFrames(
      stack, equal: try reverse(TestFade(), "b", over: "a", at: portrait), count: 4,
      ids: ["a", "b"])
  }

  /// The stack shows `expected` at p × its duration for each progress p
  /// of the gesture, for the views `ids`.
  func expectDrag(_ stack: StackContainer, equal expected: Timeline, ids: [String]) {
    #expect(stack.runningTransitionDuration == expected.duration)
    #expect(stack.scrubbing == .curve)
    for progress in [0, 0.25, 0.5, 0.8, 1] {
      stack.updateInteraction(progress: progress)
      let sample = expected.sample(at: progress * expected.duration)
      for id in ids {
        #expect(
          bitIdentical(stack.scene.state(of: id), sample.state(of: id)),
          "progress \(progress), \(id)")
      }
    }
  }

  @Test("an interactive pop with a style drives that style's reverse")
  func interactivePopWithStyle() throws {
    let stack = StackContainer(size: portrait, clock: clock, capacity: 10)
    for id in ["a", "b", "c"] { stack.push(card(id), style: TestSlide(), animated: false) }
    stack.scrubbing = .curve
    try stack.beginInteractivePop(style: TestFade())
    expectDrag(
      stack, equal: try reverse(TestFade(), "c", over: "b", at: portrait), ids: ["b", "c"])
    try stack.cancelInteraction()
    settle(stack, clock)
    #expect(stack.childIDs == ["a", "b", "c"])
    try stack.beginInteractivePop(to: "a", style: TestFade())
    expectDrag(
      stack, equal: try reverse(TestFade(), "c", over: "a", at: portrait), ids: ["a", "c"])
    try stack.finishInteraction()
    settle(stack, clock)
    #expect(stack.childIDs == ["a"])
  }

  @Test("with reverse interruptions, a pop with its own style queues behind the push")
  func popWithStyleDoesNotTurnThePushBack() throws {
    let stack = StackContainer(size: portrait, clock: clock)
    stack.interruptions = .reverse
    stack.push(card("a"), style: TestSlide(), animated: false)
    stack.push(card("b"), style: TestSlide())
    clock.advance(by: 0.1)
    stack.tick()
    stack.pop(style: TestFade())
    #expect(stack.pendingOperationCount == 1)
    settle(stack, clock)
    #expect(stack.childIDs == ["a"])
  }
}
