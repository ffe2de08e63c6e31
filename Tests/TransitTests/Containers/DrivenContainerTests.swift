import Testing
import Transit
import TransitTestSupport

/// The API every ``DrivenContainer`` shares, written once in the protocol,
/// run through the protocol on both containers: the same random gesture
/// (begin, drags, finish or cancel with a completion speed, display
/// frames) against a small reference model of an interaction, with the
/// two containers showing the same frames all along.
@Suite("Driven containers")
struct DrivenContainerTests {
  static let size = Size(width: 390, height: 844)

  /// A stack showing "a", about to push "b" interactively.
  static func stack(_ clock: ManualClock) -> StackContainer {
    let stack = StackContainer(size: size, clock: clock)
    stack.push(card("a"), style: TestSlide(), animated: false)
    return stack
  }

  /// A placeholder whose one slot fills the container, showing "a", about
  /// to swap in "b" interactively: its children are laid out as the stack's.
  static func placeholder(_ clock: ManualClock) -> PlaceholderContainer {
    let slot = View(id: "slot", frame: Rect(size: size))
    let container = PlaceholderContainer(size: size, slots: [slot], clock: clock)
    container.setChild(card("a"), inSlot: 0, style: TestSlide(), animated: false)
    return container
  }

  @Test("both containers conform, and their shared API is the driver's")
  func sharedAPIForwardsToTheDriver() throws {
    func check(_ container: some DrivenContainer, _ clock: ManualClock) {
      #expect(container.clock as? ManualClock === clock)
      #expect(container.counter === container.driver.counter)
      var events = 0
      container.observer = { _ in events += 1 }
      container.driver.emit(.boundsChanged(Self.size))
      #expect(events == 1)
      container.observer = nil
      container.driver.emit(.boundsChanged(Self.size))
      #expect(events == 1)
      #expect(!container.isAnimating && !container.isInteracting)
      #expect(container.pendingOperationCount == 0)
      #expect(container.runningTransitionDuration == nil)
      #expect(container.interactionProgress == nil)
      #expect(!container.updateInteraction(progress: 0.5))
      #expect((try? container.finishInteraction()) == false)
      #expect((try? container.cancelInteraction()) == false)
    }
    let clock = ManualClock()
    check(Self.stack(clock), clock)
    check(Self.placeholder(clock), clock)
  }

  @Test("showTransitionFrame shows the same frames on both, the played ones")
  func showTransitionFrame() {
    func frames(_ container: some DrivenContainer, scene: () -> Scene) -> [[ViewState?]] {
      (0..<5).map { k in
        container.showTransitionFrame(k, of: 5)
        return ["a", "b"].map { scene().state(of: $0) }
      }
    }
    let stack = Self.stack(ManualClock())
    stack.push(card("b"), style: TestSlide())
    let placeholder = Self.placeholder(ManualClock())
    placeholder.setChild(card("b"), inSlot: 0, style: TestSlide())
    let onStack = frames(stack) { stack.scene }
    #expect(onStack == frames(placeholder) { placeholder.scene })
    // Frame k of 5 is the transition at k · 0.5 / 4 s, as a clock plays it.
    for k in 0..<5 {
      let clock = ManualClock()
      let played = Self.stack(clock)
      played.push(card("b"), style: TestSlide())
      clock.advance(by: Double(k) * 0.125)
      played.tick()
      #expect(onStack[k] == ["a", "b"].map { played.scene.state(of: $0) }, "frame \(k)")
    }
    #expect(onStack[4][1] == ViewState(frame: Rect(size: Self.size)))
  }

  @Test("a bad completion speed or velocity throws, and the interaction goes on")
  func badReleaseThrows() throws {
    func check(_ container: some DrivenContainer) throws {
      #expect(throws: TransitError.self) { try container.finishInteraction(completionSpeed: 0) }
      #expect(throws: TransitError.self) { try container.cancelInteraction(velocity: .nan) }
      #expect(container.isInteracting)
      #expect(try container.cancelInteraction())
    }
    let stack = Self.stack(ManualClock())
    try stack.beginInteractivePush(card("b"), style: TestSlide())
    try check(stack)
    let placeholder = Self.placeholder(ManualClock())
    try placeholder.beginInteractiveSwap(card("b"), inSlot: 0, style: TestSlide())
    try check(placeholder)
  }

  /// One gesture: drags (some out of range or not finite), a release, and
  /// the display frames between them.
  enum Action: CustomStringConvertible {
    case drag(Double)
    case release(finishes: Bool, speed: Double)
    case frame(Double)

    var description: String {
      switch self {
      case .drag(let p): "drag \(p)"
      case .release(let finishes, let speed): "\(finishes ? "finish" : "cancel") ×\(speed)"
      case .frame(let dt): "frame +\(dt)"
      }
    }

    static func random(_ random: inout RandomCases) -> [Action] {
      var actions: [Action] = []
      for _ in 0..<random.int(0...5) {
        let p =
          random.chance(0.1)
          ? [-0.5, 1.5, .nan, .infinity][random.int(0...3)] : random.double(0...1)
        actions.append(.drag(p))
        if random.chance(0.3) { actions.append(.frame(random.double(0.01...0.1))) }
      }
      actions.append(.release(finishes: random.chance(0.5), speed: random.double(0.25...4)))
      // A drag after the release is ignored; frames until well past the end.
      if random.chance(0.5) { actions.append(.drag(random.double(0...1))) }
      for _ in 0..<random.int(1...40) { actions.append(.frame(random.double(0.005...0.1))) }
      actions.append(.frame(10))
      return actions
    }
  }

  /// What the protocol's API should report, from the interaction alone:
  /// the driver's contract for `update`, `finish`, `cancel` and `tick`.
  struct InteractionModel {
    enum Phase {
      case dragging
      case completing(finishes: Bool)
      case settled(finished: Bool)
    }
    var phase = Phase.dragging
    var progress = 0.0
    let duration: Double
    var now = 0.0
    var release = (progress: 0.0, time: 0.0, total: 0.0)

    /// The protocol's answers: interacting, progress, animating, counter.
    var observed: String {
      switch phase {
      case .dragging: "interacting at \(progress), animating, count 1"
      case .completing: "released at \(progress), animating, count 1"
      case .settled: "idle, count 0"
      }
    }

    mutating func drag(_ p: Double) -> Bool {
      guard case .dragging = phase, p.isFinite else { return false }
      progress = min(max(p, 0), 1)
      return true
    }

    mutating func release(finishes: Bool, speed: Double) -> Bool {
      guard case .dragging = phase else { return false }
      let target = finishes ? 1.0 : 0.0
      release = (progress, now, abs(target - progress) * duration / speed)
      phase = .completing(finishes: finishes)
      advance(by: 0)
      return true
    }

    mutating func advance(by dt: Double) {
      now += dt
      guard case .completing(let finishes) = phase else { return }
      let target = finishes ? 1.0 : 0.0
      let elapsed = now - release.time
      if elapsed >= release.total {
        progress = target
        phase = .settled(finished: finishes)
      } else if elapsed > 0 {
        progress = release.progress + (target - release.progress) * (elapsed / release.total)
      }
    }
  }

  /// What a container reports through the protocol, in the model's words.
  static func observed(_ container: some DrivenContainer) -> String {
    let count = container.counter.count
    let animating = container.isAnimating ? "animating" : "idle"
    guard let progress = container.interactionProgress else {
      return "\(animating), count \(count)"
    }
    let state = container.isInteracting ? "interacting" : "released"
    return "\(state) at \(progress), \(animating), count \(count)"
  }

  /// Plays `actions` on `container` through the protocol, checking it
  /// against the model after every action; returns the states of "a" and
  /// "b" after each action until the transition settles, how it ended, and
  /// the container's scenes before and after.
  static func play(
    _ actions: [Action], on container: some DrivenContainer, clock: ManualClock,
    scene: () -> Scene, seed: UInt64
  ) throws -> (states: [[ViewState?]], finished: Bool, before: Scene, after: Scene) {
    let before = scene()
    try beginShowingB(container)
    let duration = try #require(container.runningTransitionDuration)
    #expect(container.pendingOperationCount == 0)
    var model = InteractionModel(duration: duration)
    var states: [[ViewState?]] = []
    for (step, action) in actions.enumerated() {
      switch action {
      case .drag(let p):
        #expect(container.updateInteraction(progress: p) == model.drag(p))
      case .release(let finishes, let speed):
        let released =
          finishes
          ? try container.finishInteraction(completionSpeed: speed)
          : try container.cancelInteraction(completionSpeed: speed)
        #expect(released == model.release(finishes: finishes, speed: speed))
      case .frame(let dt):
        clock.advance(by: dt)
        container.tick()
        model.advance(by: dt)
      }
      let place = "seed \(seed), step \(step) (\(action))"
      // The driver interpolates in its own order of operations: progress
      // to within rounding, every other word exactly.
      if let progress = container.interactionProgress {
        #expect(abs(progress - model.progress) < 1e-12, "\(place): model \(model.progress)")
        #expect(
          observed(container).replacingOccurrences(of: "\(progress)", with: "p")
            == model.observed.replacingOccurrences(of: "\(model.progress)", with: "p"), "\(place)")
      } else {
        #expect(observed(container) == model.observed, "\(place)")
      }
      if case .settled(let finished) = model.phase {
        return (states, finished, before, scene())
      }
      states.append(["a", "b"].map { scene().state(of: $0) })
    }
    Issue.record("seed \(seed): never settled")
    return (states, false, before, scene())
  }

  /// Begins showing "b" over "a" the container's own way.
  static func beginShowingB(_ container: some DrivenContainer) throws {
    switch container {
    case let stack as StackContainer:
      try stack.beginInteractivePush(card("b"), style: TestSlide())
    case let placeholder as PlaceholderContainer:
      try placeholder.beginInteractiveSwap(card("b"), inSlot: 0, style: TestSlide())
    default:
      Issue.record("no way to begin on \(type(of: container))")
    }
  }

  @Test("random gestures: both containers follow the model, show the same frames and land exactly")
  func randomGestures() throws {
    let seed = SplitMix64.seed(fallback: 0x1D2C_0DE5)
    var random = RandomCases(seed: seed)
    for round in 0..<40 {
      let actions = Action.random(&random)
      let stackClock = ManualClock()
      let stack = Self.stack(stackClock)
      let onStack = try Self.play(
        actions, on: stack, clock: stackClock, scene: { stack.scene }, seed: seed)
      let placeholderClock = ManualClock()
      let placeholder = Self.placeholder(placeholderClock)
      let onPlaceholder = try Self.play(
        actions, on: placeholder, clock: placeholderClock, scene: { placeholder.scene },
        seed: seed)
      // Until the transition settles, "a" and "b" are in the same states in both.
      #expect(onStack.finished == onPlaceholder.finished, "seed \(seed), round \(round)")
      #expect(onStack.states == onPlaceholder.states, "seed \(seed), round \(round)")
      // Finished: exactly where the non-interactive transition lands;
      // cancelled: exactly the state before.
      let playedStack = Self.stack(ManualClock())
      playedStack.push(card("b"), style: TestSlide(), animated: false)
      let playedPlaceholder = Self.placeholder(ManualClock())
      playedPlaceholder.setChild(card("b"), inSlot: 0, style: TestSlide(), animated: false)
      #expect(
        onStack.after == (onStack.finished ? playedStack.scene : onStack.before),
        "seed \(seed), round \(round): the stack does not land exactly")
      #expect(
        onPlaceholder.after
          == (onPlaceholder.finished ? playedPlaceholder.scene : onPlaceholder.before),
        "seed \(seed), round \(round): the placeholder does not land exactly")
      #expect(stack.childIDs == (onStack.finished ? ["a", "b"] : ["a"]))
      #expect(placeholder.childID(inSlot: 0) == (onPlaceholder.finished ? "b" : "a"))
    }
  }
}
