import Testing
import Transit
import TransitTestSupport

/// Lifecycle order as a property: random sequences of pushes, pops, inserts
/// and removals, animated or not, issued while transitions run, with random
/// rotations and clock ticks in between.
@Suite("Stack lifecycle property")
struct StackLifecyclePropertyTests {
  @Test("appearance events follow UIKit's cycle and the queue always drains")
  func lifecycleFollowsTheCycle() async {
    await seededPropertyCheck(count: 300, base: 0x5EED_0007) { seed in
      var random = RandomCases(seed: seed)
      let clock = ManualClock()
      let stack = StackContainer(size: Size(width: 390, height: 844), clock: clock, capacity: 2)
      let cycle = AppearanceCycle()
      var shows = 0
      stack.observer = { event in
        cycle.record(event)
        if case .didShow = event { shows += 1 }
      }
      let styles: [any TransitionStyle] = [TestSlide(), TestFade()]
      var next = 0
      var expected: [String] = []  // the stack the operations should leave
      for _ in 0..<random.int(1...25) {
        let style = styles[random.int(0...1)]
        let animated = random.chance(0.7)
        switch random.int(0...5) {
        case 0, 1:
          next += 1
          stack.push(View(id: "c\(next)", frame: .zero), style: style, animated: animated)
          expected.append("c\(next)")
        case 2:
          if expected.count > 1 {
            stack.pop(animated: animated)
            expected.removeLast()
          }
        case 3:
          next += 1
          let index = random.int(0...expected.count)
          if !expected.isEmpty {
            stack.insert(
              View(id: "c\(next)", frame: .zero), at: index, style: style, animated: animated)
            expected.insert("c\(next)", at: index)
          }
        case 4:
          if expected.count > 1 {
            let index = random.int(0...(expected.count - 1))
            stack.remove(at: index, animated: animated)
            expected.remove(at: index)
          }
        default:
          let size =
            random.chance(0.5) ? Size(width: 844, height: 390) : Size(width: 390, height: 844)
          stack.rotate(to: size)
        }
        tickRandomly(stack, clock, &random)
      }
      settle(stack, clock, step: 0.1, maxSeconds: 100)
      #expect(cycle.violations.isEmpty, "\(cycle.violations.prefix(3))")
      #expect(expected.isEmpty || shows > 0)
      #expect(!stack.isAnimating && stack.pendingOperationCount == 0)
      #expect(stack.childIDs == expected)
      #expect(stack.counter.count == 0)
      // Settled: the top has appeared, nobody is half-way.
      if let top = stack.topID { #expect(cycle.states[top] == .appeared) }
      #expect(cycle.isSettled)
      #expect(cycle.states.values.filter { $0 == .appeared }.count == (expected.isEmpty ? 0 : 1))
    }
  }
}
