import Testing
import Transit

/// Linear scrubbing: the finger moves the picture one to one, and the
/// completion goes on from the scrubbed picture without a jump.
@Suite("Linear scrubbing")
struct ScrubbingTests {
  let portrait = Size(width: 390, height: 844)
  let push = try! TransitionStyles.builtIn.style(named: "push-from-right")

  func stack(_ clock: ManualClock, style: (any TransitionStyle)? = nil) -> StackContainer {
    let stack = StackContainer(size: portrait, clock: clock)
    stack.push(card("a"), style: push, animated: false)
    stack.push(card("b"), style: style ?? push, animated: false)
    return stack
  }

  /// The scene of the same stack popping with `style`, played to `time`.
  func played(_ style: any TransitionStyle, at time: Double) -> Scene {
    let clock = ManualClock()
    let stack = stack(clock)
    stack.pop(style: style)
    clock.advance(by: time)
    stack.tick()
    return stack.scene
  }

  @Test("linear is the default, and the picture at p is the linear-curve pop at p·D, bit for bit")
  func linearIsTheLinearCurveTransition() throws {
    let stack = stack(ManualClock())
    #expect(stack.scrubbing == .linear)
    try stack.beginInteractivePop()
    for p in [0.1, 0.25, 0.5, 0.73, 0.999] {
      stack.updateInteraction(progress: p)
      #expect(stack.scene == played(push.withCurve(.linear), at: p * 0.4), "at \(p)")
    }
  }

  @Test("the finger at 10 % moves the screen 10 %; along the curve only about 2 %")
  func followsTheFinger() throws {
    for (mode, expected) in [(Scrubbing.linear, 0.1), (.curve, 0.0)] {
      let stack = stack(ManualClock())
      stack.scrubbing = mode
      try stack.beginInteractivePop()
      stack.updateInteraction(progress: 0.1)
      let x = try #require(stack.scene.view("b")).state.transform.m41
      let moved = x / portrait.width
      if mode == .linear {
        #expect(abs(moved - expected) < 1e-12)
      } else {
        #expect(moved < 0.03 && moved > 0.01, "ease-in-out at 10 %: \(moved)")
      }
    }
  }

  @Test("curve mode shows the played pop at p·D, its curves included")
  func curveModeIsThePlayedFrame() throws {
    let stack = stack(ManualClock())
    stack.scrubbing = .curve
    try stack.beginInteractivePop()
    for p in [0.1, 0.6] {
      stack.updateInteraction(progress: p)
      #expect(stack.scene == played(push, at: p * 0.4))
    }
  }

  /// The x translation of "b" now.
  func position(_ stack: StackContainer) -> Double {
    stack.scene.view("b")!.state.transform.m41
  }

  @Test("the completion starts on the scrubbed picture with the finger's velocity, lands exactly")
  func continuationIsContinuous() throws {
    for finishes in [true, false] {
      let clock = ManualClock()
      let stack = stack(clock)
      try stack.beginInteractivePop()
      let p = 0.3
      stack.updateInteraction(progress: p)
      let atRelease = stack.scene
      let x0 = position(stack)
      // Scrub slope: screen points per unit of progress.
      stack.updateInteraction(progress: p + 1e-6)
      let slope = (position(stack) - x0) / 1e-6
      stack.updateInteraction(progress: p)
      let velocity = finishes ? 2.0 : -1.5
      if finishes {
        try stack.finishInteraction(velocity: velocity)
      } else {
        try stack.cancelInteraction(velocity: velocity)
      }
      #expect(stack.scene == atRelease, "no jump at release")
      let dt = 1e-6
      clock.advance(by: dt)
      stack.tick()
      let measured = (position(stack) - x0) / dt
      let expected = slope * velocity
      #expect(
        abs(measured - expected) <= 1e-3 * abs(expected) + 1e-3,
        "velocity \(measured), the finger's \(expected)")
      settle(stack, clock)
      let reference = self.stack(ManualClock())
      if finishes { reference.pop(animated: false) }
      #expect(stack.scene == reference.scene, finishes ? "finish lands on the end" : "cancel")
    }
  }
}
