import Testing
import Transit
import TransitTestSupport

/// Random gestures over all 48 built-in styles: begun or caught mid-play,
/// scrubbed linearly, released with or without a velocity, caught again
/// mid-completion, finished or cancelled. Every case checks that linear
/// scrubbing shows the linear-curve transition at p·D bit for bit, that no
/// release or catch moves the picture (nor its velocity, when a velocity is
/// given), and that the gesture lands exactly: a finish on the played
/// operation's end, a cancel on the picture before the operation.
@Suite("Gestures, random over every style")
struct GesturePropertyTests {
  static let styles = TransitionStyles.builtIn.names.map {
    try! TransitionStyles.builtIn.style(named: $0)
  }
  static let size = Size(width: 390, height: 844)

  struct Case {
    var base: [Int]
    var style: Int
    var pushes: Bool
    var catchesPlayed: Bool
    var catchAt: Double
    var drag: [Double]
    var finishes: Bool
    var velocity: Double?
    var recatch: Double?
    var refinishes: Bool

    init(seed: UInt64) {
      var random = RandomCases(seed: seed)
      let count = GesturePropertyTests.styles.count
      base = [random.int(0...(count - 1)), random.int(0...(count - 1))]
      style = random.int(0...(count - 1))
      pushes = random.chance(0.5)
      catchesPlayed = random.chance(0.3)
      catchAt = random.double(0.01...0.99)
      drag = (0..<random.int(catchesPlayed ? 0...3 : 1...4)).map { _ in random.double(0.01...0.99) }
      finishes = random.chance(0.5)
      velocity = random.chance(0.6) ? random.double(-3...3) : nil
      recatch = random.chance(0.3) ? random.double(0.05...0.95) : nil
      refinishes = random.chance(0.5)
    }
  }

  static func stack(_ testCase: Case, _ clock: ManualClock) -> StackContainer {
    let stack = StackContainer(size: size, clock: clock, capacity: 3)
    stack.push(card("v0"), style: styles[testCase.base[0]], animated: false)
    stack.push(card("v1"), style: styles[testCase.base[1]], animated: false)
    return stack
  }

  static func issue(_ testCase: Case, on stack: StackContainer, linear: Bool = false) {
    if testCase.pushes {
      let style = styles[testCase.style]
      stack.push(card("new"), style: linear ? style.withCurve(.linear) : style)
    } else {
      stack.pop(style: linear ? styles[testCase.base[1]].withCurve(.linear) : nil)
    }
  }

  /// Every moving number of the picture: translations, scales and alphas.
  static func metric(_ scene: Scene) -> [Double] {
    ["v0", "v1", "new"].flatMap { id -> [Double] in
      guard let state = scene.state(of: id) else { return [] }
      let t = state.transform
      return [t.m41, t.m42, t.m11, t.m22, state.alpha]
    }
  }

  static func check(seed: UInt64) throws -> [String] {
    let testCase = Case(seed: seed)
    let clock = ManualClock()
    let stack = stack(testCase, clock)
    let before = stack.scene
    var problems: [String] = []
    var outcome: OperationOutcome?
    if testCase.catchesPlayed {
      if testCase.pushes {
        stack.push(card("new"), style: styles[testCase.style]) { outcome = $0 }
      } else {
        stack.pop { outcome = $0 }
      }
      guard let duration = stack.runningTransitionDuration else { return [] }
      clock.advance(by: testCase.catchAt * duration)
      stack.tick()
      let picture = stack.scene
      guard let velocity = stack.driver.grabRunning() else {
        return ["nothing caught mid-play"]
      }
      if stack.scene != picture { problems.append("the catch moved the picture") }
      if abs(velocity - 1 / duration) > 1e-9 { problems.append("caught at velocity \(velocity)") }
    } else {
      if testCase.pushes {
        try stack.beginInteractivePush(card("new"), style: styles[testCase.style]) { outcome = $0 }
      } else {
        try stack.beginInteractivePop { outcome = $0 }
      }
    }
    guard let duration = stack.runningTransitionDuration else { return problems }
    for p in testCase.drag {
      stack.updateInteraction(progress: p)
      if !testCase.catchesPlayed {
        let referenceClock = ManualClock()
        let reference = Self.stack(testCase, referenceClock)
        issue(testCase, on: reference, linear: true)
        referenceClock.advance(by: p * duration)
        reference.tick()
        if stack.scene != reference.scene {
          problems.append("linear scrub at \(p) is not the linear-curve frame")
        }
      }
    }
    let p = stack.interactionProgress ?? 0
    // The scrub's slope in the picture, where it is smooth.
    let h = 1e-7
    var slope: [Double]?
    if p > 2 * h, p < 1 - 2 * h, !testCase.catchesPlayed {
      let at = metric(stack.scene)
      stack.updateInteraction(progress: p + h)
      let up = metric(stack.scene)
      stack.updateInteraction(progress: p - h)
      let down = metric(stack.scene)
      stack.updateInteraction(progress: p)
      if at.count == up.count, at.count == down.count {
        let forward = zip(up, at).map { ($0 - $1) / h }
        let backward = zip(at, down).map { ($0 - $1) / h }
        let smooth = zip(forward, backward).allSatisfy {
          abs($0 - $1) <= 1e-3 * (abs($0) + abs($1)) + 1e-3
        }
        if smooth { slope = forward }
      }
    }
    func release(finishes: Bool, velocity: Double?) throws {
      let picture = stack.scene
      let from = metric(picture)
      if finishes {
        try stack.finishInteraction(velocity: velocity)
      } else {
        try stack.cancelInteraction(velocity: velocity)
      }
      guard stack.isAnimating else { return }
      if stack.scene != picture { problems.append("the release moved the picture") }
      let dt = 1e-7
      clock.advance(by: dt)
      stack.tick()
      let to = metric(stack.scene)
      guard to.count == from.count else { return }
      let total = abs((finishes ? 1 : 0) - p) * duration
      if let velocity, let slope {
        let scale = slope.map(abs).max() ?? 0
        for (k, s) in slope.enumerated() {
          let measured = (to[k] - from[k]) / dt
          let expected = velocity * s
          if abs(measured - expected) > 1e-2 * abs(expected) + 1e-2 * scale * (abs(velocity) + 1) {
            problems.append("velocity jumps at release: \(measured), the finger's \(expected)")
            break
          }
        }
      } else if total > 0.01 {
        for (a, b) in zip(from, to) where abs(a - b) > 1e-2 {
          problems.append("position jumps at release: \(a) → \(b)")
          break
        }
      }
    }
    try release(finishes: testCase.finishes, velocity: testCase.velocity)
    var finishes = testCase.finishes
    if let recatch = testCase.recatch, stack.isAnimating {
      let total = abs((finishes ? 1 : 0) - p) * duration
      clock.advance(by: recatch * total)
      stack.tick()
      let picture = stack.scene
      if stack.driver.grabRunning() != nil {
        if stack.scene != picture { problems.append("the catch mid-completion moved the picture") }
        finishes = testCase.refinishes
        try stack.finishOrCancel(finishes)
      }
    }
    settle(stack, clock)
    if stack.counter.count != 0 { problems.append("counter \(stack.counter.count) at rest") }
    if finishes {
      let played = Self.stack(testCase, ManualClock())
      if testCase.pushes {
        played.push(card("new"), style: styles[testCase.style], animated: false)
      } else {
        played.pop(animated: false)
      }
      if stack.scene != played.scene { problems.append("a finish does not land on the end") }
      if stack.childIDs != played.childIDs { problems.append("a finish: children differ") }
    } else if stack.scene != before {
      problems.append("a cancel does not land on the picture before")
    }
    if outcome != (finishes ? .finished : .cancelled) {
      problems.append("completion \(String(describing: outcome))")
    }
    return problems
  }

  @Test("random gestures over all 48 styles land exactly and never jump")
  func randomGestures() async {
    await seededPropertyCheck(count: 200, base: 0x6E57_0001) { seed in
      let problems = try Self.check(seed: seed)
      #expect(problems.isEmpty, "seed \(seed): \(problems.joined(separator: "; "))")
    }
  }

  @Test("the fixed seeds cover every style, both kinds, catches and velocities")
  func coverage() {
    let cases = SplitMix64.fixedSeeds(count: 200, base: 0x6E57_0001).map(Case.init(seed:))
    #expect(Set(cases.map(\.style)).union(cases.flatMap(\.base)).count == Self.styles.count)
    #expect(cases.contains { $0.catchesPlayed && !$0.finishes })
    #expect(cases.contains { $0.recatch != nil && $0.velocity != nil })
    #expect(cases.contains { !$0.pushes && $0.velocity != nil && $0.finishes })
  }
}

extension StackContainer {
  fileprivate func finishOrCancel(_ finishes: Bool) throws {
    if finishes { try finishInteraction() } else { try cancelInteraction() }
  }
}
