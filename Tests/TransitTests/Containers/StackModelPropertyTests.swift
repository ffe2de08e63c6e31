import Testing
import Transit
import TransitTestSupport

/// The stack container against ``StackModel``: random push, pop, pop-to,
/// insert, remove and rotate over all 48 built-in styles, animated and
/// instant, both rotation policies, capacity 1–3, with operations issued
/// from inside the container's own events at random points.
@Suite("Stack container against its model")
struct StackModelPropertyTests {
  static let styles = TransitionStyles.builtIn.names.map {
    try! TransitionStyles.builtIn.style(named: $0)
  }
  static let portrait = Size(width: 390, height: 844)
  static let landscape = Size(width: 844, height: 390)

  /// One random case: the container's settings, the top-level batches and
  /// the operations to issue from events.
  struct Case {
    var capacity: Int
    var policy: RotationPolicy
    var duration: Double?
    var batches: [(operations: [StackOperation], settles: Bool)]
    var plan: [Int: [StackOperation]]

    init(seed: UInt64) {
      var random = RandomCases(seed: seed)
      var next = 0
      func operation() -> StackOperation {
        let animated = random.chance(0.7)
        let style = random.int(0...(StackModelPropertyTests.styles.count - 1))
        switch random.int(0...9) {
        case 0, 1, 2:
          next += 1
          return .push("v\(next)", style: style, animated: animated)
        case 3, 4: return .pop(animated: animated)
        case 5: return .popTo("v\(random.int(0...max(next, 1)))", animated: animated)
        case 6:
          next += 1
          return .insert("v\(next)", at: random.int(0...4), style: style, animated: animated)
        case 7: return .remove(at: random.int(0...4), animated: animated)
        default:
          return .rotate(
            random.chance(0.5)
              ? StackModelPropertyTests.landscape : StackModelPropertyTests.portrait)
        }
      }
      capacity = random.int(1...3)
      policy = random.chance(0.5) ? .defer : .refuse
      duration = [nil, 0, 0.25][random.int(0...2)]
      batches = []
      var unsettled = 0
      for _ in 0..<random.int(1...6) {
        let operations = (0..<random.int(1...4)).map { _ in operation() }
        // A batch left unsettled gets one tick of 0.01 s: too short for any
        // transition to end even three times over.
        let settles = unsettled >= 2 || random.chance(0.6)
        unsettled = settles ? 0 : unsettled + 1
        batches.append((operations, settles))
      }
      plan = [:]
      for index in 0..<300 where random.chance(0.12) {
        plan[index] = (0..<random.int(1...2)).map { _ in operation() }
      }
    }

    func isInstant(_ style: Int) -> Bool {
      duration == 0 || StackModelPropertyTests.styles[style].intrinsicDuration == 0
    }
  }

  /// Issues operations to a real stack, and from inside its events.
  final class Harness {
    let clock = ManualClock()
    let stack: StackContainer
    let plan: [Int: [StackOperation]]
    var events: [String] = []

    init(_ testCase: Case) {
      stack = StackContainer(
        size: StackModelPropertyTests.portrait, clock: clock, capacity: testCase.capacity,
        rotationPolicy: testCase.policy)
      stack.transitionDuration = testCase.duration
      plan = testCase.plan
      stack.observer = { [unowned self] event in
        let index = events.count
        events.append("c\(stack.counter.count) \(event.modelText)")
        for operation in plan[index] ?? [] { issue(operation) }
      }
    }

    func issue(_ operation: StackOperation) {
      let styles = StackModelPropertyTests.styles
      switch operation {
      case .push(let id, let style, let animated):
        stack.push(card(id), style: styles[style], animated: animated)
      case .pop(let animated): stack.pop(animated: animated)
      case .popTo(let id, let animated): stack.pop(to: id, animated: animated)
      case .insert(let id, let index, let style, let animated):
        stack.insert(card(id), at: index, style: styles[style], animated: animated)
      case .remove(let index, let animated): stack.remove(at: index, animated: animated)
      case .rotate(let size): stack.rotate(to: size)
      }
    }

    func settle() {
      var guardCount = 0
      while (stack.isAnimating || stack.pendingOperationCount > 0) && guardCount < 10_000 {
        // Coarse steps: how far each tick goes does not matter to where a
        // transition lands, and sampling is what costs.
        clock.advance(by: 0.3)
        stack.tick()
        guardCount += 1
      }
    }
  }

  /// Runs one case on the model and on the container; returns what differs.
  static func check(seed: UInt64) -> [String] {
    let testCase = Case(seed: seed)
    var model = StackModel(
      size: portrait, capacity: testCase.capacity, policy: testCase.policy,
      isInstantStyle: testCase.isInstant, plan: testCase.plan)
    let harness = Harness(testCase)
    for batch in testCase.batches {
      for operation in batch.operations {
        model.issue(operation)
        harness.issue(operation)
      }
      if batch.settles {
        var guardCount = 0
        while !model.isIdle && guardCount < 10_000 {
          model.finishRunning()
          guardCount += 1
        }
        harness.settle()
      } else {
        harness.clock.advance(by: 0.01)
        harness.stack.tick()
      }
    }
    var guardCount = 0
    while !model.isIdle && guardCount < 10_000 {
      model.finishRunning()
      guardCount += 1
    }
    harness.settle()

    var problems: [String] = []
    let stack = harness.stack
    if harness.events != model.events {
      let first =
        zip(harness.events, model.events).enumerated().first { $0.element.0 != $0.element.1 }?
        .offset ?? min(harness.events.count, model.events.count)
      problems.append(
        "events differ at \(first): container \(harness.events[first...].prefix(4)), "
          + "model \(model.events[first...].prefix(4))")
    }
    if stack.counter.count != 0 { problems.append("counter \(stack.counter.count) at rest") }
    if harness.events.contains(where: { $0.hasPrefix("c-") }) {
      problems.append("negative counter")
    }
    if stack.childIDs != model.children.map(\.id) {
      problems.append("children \(stack.childIDs), model \(model.children.map(\.id))")
    }
    if stack.scene.size != model.size {
      problems.append("size \(stack.scene.size), model \(model.size)")
    }
    let expectedLoaded = model.children.map(\.id).filter { model.loaded.contains($0) }
    if stack.scene.views.map(\.id) != expectedLoaded {
      problems.append("loaded \(stack.scene.views.map(\.id)), model \(expectedLoaded)")
    }
    if Set(stack.children.filter(\.isLoaded).map(\.id)) != model.loaded {
      problems.append("isLoaded flags disagree with the model")
    }
    // Every loaded view rests where its transition's end state puts it at
    // the final bounds: the top where its own push leaves it, the others
    // where the push of the child above leaves them.
    let bounds = Rect(size: model.size)
    let children = model.children
    for (i, child) in children.enumerated() where model.loaded.contains(child.id) {
      let pushIndex = i == children.count - 1 ? i : i + 1
      let push = Transition(
        style: styles[children[pushIndex].style], appearingViewID: children[pushIndex].id,
        disappearingViewID: pushIndex > 0 ? children[pushIndex - 1].id : nil,
        duration: testCase.duration)
      guard let expected = try? push.endState(at: bounds)[child.id],
        let actual = stack.scene.state(of: child.id)
      else {
        problems.append("no state for \(child.id)")
        continue
      }
      if !bitIdentical(actual, expected) {
        problems.append("\(child.id): \(actual), expected \(expected)")
      }
      if stack.scene.view(child.id)?.children != card(child.id).children {
        problems.append("\(child.id)'s subviews changed")
      }
    }
    return problems
  }

  @Test(
    "events, counter, loaded set and every view's final state match the model (2,000 fixed seeds, 500 fresh)"
  )
  func matchesTheModel() async {
    await seededPropertyCheck(count: 2_000, base: 0x5EED_0008) { seed in
      let problems = Self.check(seed: seed)
      #expect(problems.isEmpty, "seed \(seed): \(problems.prefix(3))")
    }
  }

  @Test("the model and the container agree on known seeds, and the cases cover what they should")
  func coverage() {
    var pushes = 0
    var fromEvents = 0
    var deferred = 0
    for seed in UInt64(0)..<50 {
      let testCase = Case(seed: seed)
      #expect(Self.check(seed: seed).isEmpty, "seed \(seed)")
      pushes +=
        testCase.batches.flatMap(\.operations).filter {
          if case .push = $0 { return true } else { return false }
        }.count
      fromEvents += testCase.plan.count
      if testCase.policy == .defer { deferred += 1 }
    }
    #expect(pushes > 25 && fromEvents > 250 && deferred > 10 && deferred < 40)
  }
}
