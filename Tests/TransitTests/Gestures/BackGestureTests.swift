import Testing
import Transit

/// Predictive back: AOSP's progress and the two motion specs, against
/// vectors computed independently from AOSP's formulas (a small float64
/// Python program: `BackTouchTracker.getProgress` with a 412 dp linear
/// distance, a 1000-point width and a non-linear factor of 0.2; the
/// critically damped spring of stiffness 1500 moved exactly between
/// touches; cubic-bezier(0.1, 0.1, 0, 1) solved by 200 bisections).
@Suite("Predictive back")
struct BackGestureTests {
  /// (x, time) of a swipe from the left edge of a 1000-point container.
  static let touches: [(Double, Double)] = [
    (10, 0), (60, 1.0 / 60), (160, 2.0 / 60), (310, 3.0 / 60), (510, 4.0 / 60), (710, 5.0 / 60),
    (910, 6.0 / 60), (1000, 7.0 / 60),
  ]
  /// AOSP's raw progress of each touch, and the smoothed progress shown then.
  static let expected: [(raw: Double, shown: Double)] = [
    (0.0, 0.0), (0.0944108761329305, 0.0), (0.28323262839879154, 0.0129435805909911),
    (0.5664652567975831, 0.06081757992067252), (0.8333333333333334, 0.16312242188264864),
    (0.9210526315789473, 0.31907676563381326), (0.9782608695652174, 0.49031154801753285),
    (0.9979838709677419, 0.6426747127508377),
  ]

  @Test("raw progress is AOSP's: linear to 412 dp, then eased toward 1 at the width")
  func rawProgress() throws {
    let gesture = try BackGesture(edge: .left, width: 1000)
    for ((x, _), vector) in zip(Self.touches, Self.expected) {
      #expect(abs(gesture.rawProgress(touchX: x, startX: 10) - vector.raw) < 1e-12, "x \(x)")
    }
    // From the right edge, the distance runs the other way.
    let right = try BackGesture(edge: .right, width: 1000)
    #expect(abs(right.rawProgress(touchX: 940, startX: 990) - 0.0944108761329305) < 1e-12)
    #expect(right.rawProgress(touchX: 995, startX: 990) == 0)
    // A phone narrower than 412 points is linear all the way.
    let phone = try BackGesture(edge: .left, width: 390)
    #expect(phone.rawProgress(touchX: 195, startX: 0) == 0.5)
  }

  @Test("the shown progress follows the raw one through AOSP's spring")
  func smoothed() throws {
    var gesture = try BackGesture(edge: .left, width: 1000)
    for ((x, time), vector) in zip(Self.touches, Self.expected) {
      let shown = gesture.touch(x: x, at: time)
      #expect(abs(shown - vector.shown) < 1e-12, "at \(time): \(shown), AOSP \(vector.shown)")
    }
    #expect(gesture.velocity > 0)
  }

  @Test("bad widths and factors are refused")
  func refused() {
    #expect(throws: TransitError.self) { try BackGesture(edge: .left, width: 0) }
    #expect(throws: TransitError.self) { try BackGesture(edge: .left, width: .nan) }
    #expect(throws: TransitError.self) {
      try BackGesture(edge: .left, width: 100, nonLinearFactor: 2)
    }
  }

  static let size = Size(width: 390, height: 844)

  func stack(_ clock: ManualClock) -> StackContainer {
    let stack = StackContainer(size: Self.size, clock: clock)
    let push = try! TransitionStyles.builtIn.style(named: "push-from-right")
    stack.push(card("a"), style: push, animated: false)
    stack.push(card("b"), style: push, animated: false)
    return stack
  }

  /// Back progress b, cubic-bezier(0.1, 0.1, 0, 1)(b) and the linear alpha.
  static let specVectors: [(b: Double, eased: Double, alpha: Double)] = [
    (0.1, 0.3717036520713195, 0.14285714285714288), (0.35, 0.7925944078903897, 0.5),
    (0.5, 0.894885802931579, 0.7142857142857143), (0.8, 0.9865489988684808, 1),
  ]

  @Test("full screen: leaving 1 → 0.9, entering 1.1 → 1 along the curve, fades crossing at 35 %")
  func fullScreen() throws {
    let stack = stack(ManualClock())
    try stack.beginBack(preview: .fullScreen)
    for vector in Self.specVectors {
      stack.updateInteraction(progress: vector.b)
      let leaving = try #require(stack.scene.view("b")).state
      let entering = try #require(stack.scene.view("a")).state
      #expect(abs(leaving.transform.m11 - (1 - 0.1 * vector.eased)) < 1e-6, "b \(vector.b)")
      #expect(abs(entering.transform.m11 - (1.1 - 0.1 * vector.eased)) < 1e-6, "b \(vector.b)")
      #expect(abs(entering.alpha - vector.alpha) < 1e-12)
      #expect(abs(leaving.alpha - (1 - vector.alpha)) < 1e-12)
      #expect(!entering.isHidden)
    }
  }

  @Test("shared surface: scaled to 90 %, shifted by width/20 − 8, an 8-point gap to the edge")
  func sharedSurface() throws {
    for edge in BackGesture.Edge.allCases {
      let stack = stack(ManualClock())
      try stack.beginBack(preview: .sharedSurface, edge: edge)
      let sign: Double = edge == .left ? 1 : -1
      for vector in Self.specVectors {
        // The gesture covers the first half of the transition.
        stack.updateInteraction(progress: vector.b * BackPreview.sharedSurface.share)
        let leaving = try #require(stack.scene.view("b")).state
        #expect(abs(leaving.transform.m11 - (1 - 0.1 * vector.eased)) < 1e-6)
        #expect(abs(leaving.transform.m41 - sign * (390 / 20 - 8) * vector.eased) < 1e-6)
        #expect(stack.scene.view("a")?.state.transform == .identity)
      }
      stack.updateInteraction(progress: 0.5)
      let end = try #require(stack.scene.view("b")).state
      // The right (or left) edge of the surface, 8 points from the container's.
      let scaledHalf = 0.9 * 390 / 2
      let far =
        edge == .left ? 195 + scaledHalf + end.transform.m41 : 195 - scaledHalf + end.transform.m41
      #expect(abs(edge == .left ? 390 - far - 8 : far - 8) < 1e-9)
    }
  }

  @Test("a back committed or cancelled lands exactly, with every preview")
  func commitAndCancel() throws {
    for preview in BackPreview.allCases {
      for commits in [true, false] {
        let clock = ManualClock()
        let stack = stack(clock)
        let before = stack.scene
        var outcome: OperationOutcome?
        try stack.beginBack(preview: preview) { outcome = $0 }
        #expect(stack.scrubbing == .linear, "the stack's own setting is kept")
        var gesture = try BackGesture(edge: .left, width: 390, preview: preview)
        for (i, x) in [0.0, 40, 120, 200].enumerated() {
          stack.updateInteraction(
            progress: gesture.transitionProgress(afterTouch: x, at: Double(i) / 60))
        }
        if commits {
          try stack.finishInteraction(velocity: gesture.transitionVelocity)
        } else {
          try stack.cancelInteraction(velocity: gesture.transitionVelocity)
        }
        settle(stack, clock)
        let reference = self.stack(ManualClock())
        if commits { reference.pop(animated: false) }
        #expect(stack.scene == (commits ? reference.scene : before), "\(preview) \(commits)")
        #expect(outcome == (commits ? .finished : .cancelled))
      }
    }
  }
}
