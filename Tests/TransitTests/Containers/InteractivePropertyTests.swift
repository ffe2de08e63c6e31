import Testing
import Transit
import TransitTestSupport

/// Random drags over all 48 built-in styles: push, pop and pop-to on stacks
/// of random styles and capacities, random progress sequences, release
/// (finish or cancel), velocity and completion speed. Each case is checked
/// against the same stack playing the same operation non-interactively,
/// which is the reference: the frame at progress p is its frame at p·D, a
/// finish ends on its end, a cancel on the state before it began.
@Suite("Interactive transitions, random drags")
struct InteractivePropertyTests {
  static let styles = TransitionStyles.builtIn.names.map {
    try! TransitionStyles.builtIn.style(named: $0)
  }
  static let size = Size(width: 390, height: 844)

  enum Kind: CaseIterable { case push, pop, popTo }

  struct Case {
    var baseStyles: [Int]
    var pushStyle: Int
    var capacity: Int
    var duration: Double?
    var kind: Kind
    var drag: [Double]
    var finishes: Bool
    var velocity: Double?
    var speed: Double
    var scrubbing: Scrubbing

    init(seed: UInt64) {
      var random = RandomCases(seed: seed)
      let count = InteractivePropertyTests.styles.count
      baseStyles = (0..<3).map { _ in random.int(0...(count - 1)) }
      pushStyle = random.int(0...(count - 1))
      capacity = random.int(1...3)
      duration = random.chance(0.5) ? nil : 0.25
      kind = Kind.allCases[random.int(0...2)]
      drag = (0..<random.int(1...6)).map { _ in
        random.chance(0.1) ? 0 : random.double(0...0.999)
      }
      finishes = random.chance(0.5)
      velocity = random.chance(0.5) ? random.double(-3...3) : nil
      speed = random.double(0.25...4)
      scrubbing = random.chance(0.5) ? .linear : .curve
    }
  }

  /// A stack of the case's three children, and its event log.
  static func stack(_ testCase: Case, clock: ManualClock) -> (StackContainer, ContainerLog) {
    let stack = StackContainer(size: size, clock: clock, capacity: testCase.capacity)
    stack.transitionDuration = testCase.duration
    for (index, style) in testCase.baseStyles.enumerated() {
      stack.push(card("v\(index)"), style: styles[style], animated: false)
    }
    let log = ContainerLog()
    stack.observer = { [log] in log.events.append($0) }
    return (stack, log)
  }

  /// Issues the case's operation, played; with `linearCurves`, along its
  /// style with every curve replaced by linear (what linear scrubbing shows).
  static func issue(
    _ kind: Kind, _ testCase: Case, on stack: StackContainer, linearCurves: Bool = false
  ) {
    func curved(_ style: any TransitionStyle) -> any TransitionStyle {
      linearCurves ? style.withCurve(.linear) : style
    }
    let top = styles[testCase.baseStyles[2]]
    switch kind {
    case .push: stack.push(card("new"), style: curved(styles[testCase.pushStyle]))
    case .pop: stack.pop(style: linearCurves ? curved(top) : nil)
    case .popTo: stack.pop(to: "v0", style: linearCurves ? curved(top) : nil)
    }
  }

  static func check(seed: UInt64) throws -> [String] {
    let testCase = Case(seed: seed)
    let clock = ManualClock()
    let (stack, log) = stack(testCase, clock: clock)
    let before = (scene: stack.scene, children: stack.children)
    stack.scrubbing = testCase.scrubbing
    switch testCase.kind {
    case .push: try stack.beginInteractivePush(card("new"), style: styles[testCase.pushStyle])
    case .pop: try stack.beginInteractivePop()
    case .popTo: try stack.beginInteractivePop(to: "v0")
    }
    let opening = log.events
    var problems: [String] = []
    guard let duration = stack.runningTransitionDuration else {
      // A zero-length transition cannot follow a finger: it has run at
      // once, exactly as played, and a release finds nothing to complete.
      let (reference, referenceLog) = Self.stack(testCase, clock: ManualClock())
      issue(testCase.kind, testCase, on: reference)
      if reference.isAnimating { problems.append("settled at begin, but the played one runs") }
      if stack.scene != reference.scene { problems.append("instant: scene differs") }
      if log.events != referenceLog.events { problems.append("instant: events differ") }
      if try stack.finishInteraction() { problems.append("released an instant transition") }
      return problems
    }
    // The reference: the same operation played, non-interactively.
    func played(at time: Double?, linearCurves: Bool = false) -> (StackContainer, ContainerLog) {
      let referenceClock = ManualClock()
      let (reference, referenceLog) = Self.stack(testCase, clock: referenceClock)
      issue(testCase.kind, testCase, on: reference, linearCurves: linearCurves)
      referenceClock.advance(by: time ?? duration + 1)
      reference.tick()
      return (reference, referenceLog)
    }
    if played(at: 0).1.events != opening { problems.append("opening events differ") }
    for progress in testCase.drag {
      stack.updateInteraction(progress: progress)
      // Linear scrubbing shows the transition with linear curves at p·D,
      // bit for bit; along the curves, the played transition at p·D.
      let linear = testCase.scrubbing == .linear
      if stack.scene != played(at: progress * duration, linearCurves: linear).0.scene {
        problems.append("frame at progress \(progress) differs from the played frame")
      }
    }
    if stack.counter.count != 1 { problems.append("counter \(stack.counter.count) while dragging") }
    let atRelease = stack.scene
    let releaseProgress = testCase.drag.last ?? 0
    if testCase.finishes {
      try stack.finishInteraction(velocity: testCase.velocity, completionSpeed: testCase.speed)
    } else {
      try stack.cancelInteraction(velocity: testCase.velocity, completionSpeed: testCase.speed)
    }
    let total = abs((testCase.finishes ? 1 : 0) - releaseProgress) * duration / testCase.speed
    if stack.isAnimating {
      if stack.scene != atRelease { problems.append("the picture jumped at release") }
      // Continuity: 0.1 ms later the progress has moved by no more than the
      // fastest the completion can go.
      clock.advance(by: 0.0001)
      stack.tick()
      if let now = stack.interactionProgress {
        let bound = 0.0001 * (abs(testCase.velocity ?? 0) + 20 / total + 1 / total) + 1e-12
        if abs(now - releaseProgress) > bound {
          problems.append("progress jumped from \(releaseProgress) to \(now) at release")
        }
      }
    } else if total > 0 {
      problems.append("settled at release with \(total) s to go")
    }
    settle(stack, clock)
    if stack.counter.count != 0 { problems.append("counter \(stack.counter.count) at rest") }
    let (reference, referenceLog) = played(at: nil)
    if testCase.finishes {
      if stack.scene != reference.scene { problems.append("finish does not land on the end") }
      if stack.children != reference.children { problems.append("finish: children differ") }
      if log.events != referenceLog.events {
        problems.append("finish events \(log.lifecycle), played \(referenceLog.lifecycle)")
      }
    } else {
      if stack.scene != before.scene { problems.append("cancel does not land on the start") }
      if stack.children != before.children { problems.append("cancel: children differ") }
      let shown = testCase.kind == .push ? "new" : testCase.kind == .pop ? "v1" : "v0"
      var expected = opening
      // The rollback reports loading changes first, as a settle does.
      for case .reloaded(let id) in opening { expected.append(.unloaded(id)) }
      expected += [
        .viewWillAppear("v2", animated: true, isMovingToParent: false),
        .viewWillDisappear(shown, animated: true, isMovingFromParent: testCase.kind == .push),
        .viewDidDisappear(shown, animated: true, isMovingFromParent: testCase.kind == .push),
        .viewDidAppear("v2", animated: true, isMovingToParent: false),
        .didCancelHide("v2", animated: true), .didCancelShow(shown, animated: true),
      ]
      if log.events != expected {
        problems.append(
          "cancel events \(log.events.map(\.modelText)), expected \(expected.map(\.modelText))")
      }
    }
    return problems
  }

  @Test("random drags over all 48 styles match the played transition and land exactly")
  func randomDrags() throws {
    for seed in UInt64(1)...300 {
      let problems = try Self.check(seed: seed)
      #expect(problems.isEmpty, "seed \(seed): \(problems.joined(separator: "; "))")
      if !problems.isEmpty { break }
    }
  }

  @Test("the cases cover every style, kind, release and velocity")
  func coverage() {
    let cases = (UInt64(1)...300).map(Case.init(seed:))
    #expect(Set(cases.map(\.pushStyle)).count + Set(cases.flatMap(\.baseStyles)).count >= 48)
    #expect(Set(cases.flatMap(\.baseStyles)).count == Self.styles.count)
    #expect(cases.contains { $0.kind == .popTo && !$0.finishes && $0.capacity == 1 })
    #expect(cases.contains { $0.velocity != nil && $0.finishes })
    #expect(cases.contains { $0.velocity == nil && !$0.finishes })
  }
}

@Suite("Interactive placeholder swaps over every style")
struct InteractiveSwapPropertyTests {
  @Test("a dragged swap shows the played frame, cancels onto the start and finishes on the end")
  func everyStyle() throws {
    let size = Size(width: 390, height: 844)
    let slot = View(id: "slot", frame: Rect(x: 0, y: 100, width: 390, height: 600))
    for (index, style) in InteractivePropertyTests.styles.enumerated() {
      var random = RandomCases(seed: UInt64(index) + 1)
      let progress = random.double(0...0.999)
      func container(_ clock: ManualClock) -> PlaceholderContainer {
        let container = PlaceholderContainer(size: size, slots: [slot], clock: clock)
        container.setChild(card("a"), inSlot: 0, style: style, animated: false)
        return container
      }
      let clock = ManualClock()
      let dragged = container(clock)
      dragged.scrubbing = .curve
      let before = dragged.scene
      try dragged.beginInteractiveSwap(card("b"), inSlot: 0, style: style)
      let referenceClock = ManualClock()
      let played = container(referenceClock)
      played.setChild(card("b"), inSlot: 0, style: style)
      guard dragged.isInteracting else {
        #expect(dragged.scene == played.scene, "\(style.name): instant swap differs")
        continue
      }
      dragged.updateInteraction(progress: progress)
      let duration = try #require(dragged.runningTransitionDuration)
      referenceClock.advance(by: progress * duration)
      played.tick()
      #expect(dragged.scene == played.scene, "\(style.name): frame at \(progress) differs")
      let finishes = random.chance(0.5)
      if finishes {
        try dragged.finishInteraction(velocity: random.double(-2...2))
      } else {
        try dragged.cancelInteraction(completionSpeed: random.double(0.5...2))
      }
      clock.advance(by: 100)
      dragged.tick()
      referenceClock.advance(by: 100)
      played.tick()
      #expect(dragged.counter.count == 0)
      #expect(
        dragged.scene == (finishes ? played.scene : before),
        "\(style.name): \(finishes ? "finish" : "cancel") does not land exactly")
    }
  }
}
