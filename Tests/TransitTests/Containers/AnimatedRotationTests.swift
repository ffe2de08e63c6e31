import Testing
import Transit
import TransitTestSupport

@Suite("Animated rotation")
struct AnimatedRotationTests {
  let clock = ManualClock()
  let portrait = Size(width: 390, height: 844)
  let landscape = Size(width: 844, height: 390)

  /// A stack of `ids` pushed without animation, whose observer lays a
  /// bottom bar out again (autoresizing) on every bounds change.
  func stack(_ ids: [String], policy: RotationPolicy = .defer) -> StackContainer {
    let stack = StackContainer(size: portrait, clock: clock, rotationPolicy: policy)
    for id in ids { stack.push(barScreen(id, in: portrait), style: TestSlide(), animated: false) }
    stack.observer = { [unowned stack] event in
      guard case .boundsChanged(let size) = event else { return }
      for id in stack.childIDs {
        stack.updateContent(ofChild: id) { $0 = barScreen(id, in: size).children }
      }
    }
    return stack
  }

  @Test(
    "Frames go from the old layout to the new along the curve, and land exactly on the instant rotation's"
  )
  func landsOnInstant() throws {
    let animated = stack(["a", "b"])
    let instant = stack(["a", "b"])
    let before = animated.scene
    instant.rotate(to: landscape)
    #expect(try animated.rotate(to: landscape, duration: 0.4) == .applied)
    #expect(animated.isAnimating)
    #expect(animated.counter.count == 1)
    #expect(animated.bounds.size == landscape)
    // The first picture is the one before, bit for bit.
    #expect(bitIdentical(animated.scene.view("b-bar")?.state, before.view("b-bar")?.state))
    #expect(bitIdentical(animated.scene.view("b")?.state, before.view("b")?.state))
    clock.advance(by: 0.2)
    animated.tick()
    let middle = try #require(animated.scene.view("b-bar")?.frame)
    #expect(middle.width > 390 && middle.width < 844)
    #expect(middle.height == 56)
    clock.advance(by: 0.2)
    animated.tick()
    #expect(!animated.isAnimating)
    #expect(animated.counter.count == 0)
    #expect(bitIdentical(animated.scene, instant.scene))
    #expect(animated.scene.view("b-bar")?.frame == Rect(x: 0, y: 334, width: 844, height: 56))
  }

  @Test("Duration 0 is today's instant rotation")
  func zeroIsInstant() throws {
    let a = stack(["a", "b"])
    let b = stack(["a", "b"])
    #expect(try a.rotate(to: landscape, duration: 0) == .applied)
    b.rotate(to: landscape)
    #expect(!a.isAnimating)
    #expect(a.counter.count == 0)
    #expect(bitIdentical(a.scene, b.scene))
  }

  @Test(
    "Operations issued during an animated rotation wait for it; a pop after it lands at the new bounds"
  )
  func operationsWait() throws {
    let stack = stack(["a", "b"])
    try stack.rotate(to: landscape, duration: 0.4)
    stack.pop()
    #expect(stack.pendingOperationCount == 1)
    #expect(stack.childIDs == ["a", "b"])
    settle(stack, clock)
    #expect(stack.childIDs == ["a"])
    let reference = StackContainer(size: landscape, clock: ManualClock())
    reference.push(barScreen("a", in: landscape), style: TestSlide(), animated: false)
    #expect(bitIdentical(stack.scene, reference.scene))
  }

  @Test("A rotation during an animated rotation is deferred (or refused) by the policy")
  func rotationDuringRotation() throws {
    let deferring = stack(["a"])
    try deferring.rotate(to: landscape, duration: 0.4)
    #expect(try deferring.rotate(to: portrait, duration: 0.4) == .deferred)
    settle(deferring, clock)
    #expect(deferring.bounds.size == portrait)
    #expect(deferring.counter.count == 0)
    let back = stack(["a"])
    #expect(bitIdentical(deferring.scene, back.scene))

    let refusing = stack(["a"], policy: .refuse)
    try refusing.rotate(to: landscape, duration: 0.4)
    #expect(try refusing.rotate(to: portrait, duration: 0.4) == .refused)
    settle(refusing, clock)
    #expect(refusing.bounds.size == landscape)
  }

  @Test("A rotation asked for during a push is played, animated, after it")
  func deferredAnimates() throws {
    let stack = stack(["a"])
    stack.push(barScreen("b", in: portrait), style: TestSlide())
    #expect(try stack.rotate(to: landscape, duration: 0.4) == .deferred)
    clock.advance(by: 0.5)
    stack.tick()
    #expect(stack.bounds.size == landscape)
    #expect(stack.isAnimating)
    settle(stack, clock)
    let instant = self.stack(["a", "b"])
    instant.rotate(to: landscape)
    #expect(bitIdentical(stack.scene, instant.scene))
  }

  @Test("Bad durations are refused before anything is asked")
  func badDurations() {
    let stack = stack(["a"])
    for bad in [-1.0, .nan, .infinity] {
      #expect(throws: TransitError.self) { try stack.rotate(to: landscape, duration: bad) }
    }
    #expect(stack.bounds.size == portrait)
  }
}
