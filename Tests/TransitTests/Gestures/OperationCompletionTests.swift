import Testing
import Transit

/// Every operation reports how it ended, once, after its events.
@Suite("Completion per operation")
struct OperationCompletionTests {
  let size = Size(width: 390, height: 844)

  /// A stack of "a" and "b" whose events and completions go into one log.
  func stack(_ clock: ManualClock, _ log: ContainerLog, _ outcomes: OutcomeLog) -> StackContainer {
    let stack = StackContainer(size: size, clock: clock, capacity: 5)
    stack.push(card("a"), style: TestSlide(), animated: false)
    stack.push(card("b"), style: TestSlide(), animated: false)
    stack.observer = { [log] in log.events.append($0) }
    return stack
  }

  @Test("a push reports finished once, after its did-events")
  func pushFinishes() {
    let clock = ManualClock()
    let (log, outcomes) = (ContainerLog(), OutcomeLog())
    let stack = stack(clock, log, outcomes)
    stack.push(card("c"), style: TestSlide()) { outcome in
      outcomes.record(outcome, after: log.events.count)
    }
    #expect(outcomes.entries.isEmpty)
    settle(stack, clock)
    #expect(outcomes.entries.map(\.outcome) == [.finished])
    #expect(outcomes.entries.first?.eventsBefore == log.events.count)
    #expect(log.lifecycle.last == "didShow c")
    #expect(stack.counter.count == 0)
  }

  @Test("an instant pop, an insertion below the top and a failed pop report at once")
  func instantAndFailed() {
    let clock = ManualClock()
    let (log, outcomes) = (ContainerLog(), OutcomeLog())
    let stack = stack(clock, log, outcomes)
    stack.pop(animated: false) { outcomes.record($0, after: log.events.count) }
    stack.insert(card("z"), at: 0, style: TestSlide()) { outcomes.record($0, after: 0) }
    stack.pop(to: "missing") { outcomes.record($0, after: log.events.count) }
    #expect(outcomes.entries.map(\.outcome) == [.finished, .finished, .cancelled])
    // The failure is reported before the completion.
    if case .operationFailed = log.events.last {} else { Issue.record("no failure event") }
  }

  @Test("an interactive pop reports cancelled after the cancelled events, finished after a finish")
  func interactive() throws {
    let clock = ManualClock()
    let (log, outcomes) = (ContainerLog(), OutcomeLog())
    let stack = stack(clock, log, outcomes)
    try stack.beginInteractivePop { outcomes.record($0, after: log.events.count) }
    stack.updateInteraction(progress: 0.4)
    try stack.cancelInteraction()
    settle(stack, clock)
    #expect(outcomes.entries.map(\.outcome) == [.cancelled])
    #expect(log.lifecycle.last == "didCancelShow a")
    #expect(outcomes.entries.last?.eventsBefore == log.events.count)
    try stack.beginInteractivePop { outcomes.record($0, after: log.events.count) }
    try stack.finishInteraction()
    settle(stack, clock)
    #expect(outcomes.entries.map(\.outcome) == [.cancelled, .finished])
    #expect(stack.childIDs == ["a"])
  }

  @Test("a push turned back by a pop: the push is cancelled, the pop finished")
  func turnedBack() {
    let clock = ManualClock()
    let (log, outcomes) = (ContainerLog(), OutcomeLog())
    let stack = stack(clock, log, outcomes)
    stack.interruptions = .reverse
    stack.push(card("c"), style: TestSlide()) { outcomes.record($0, after: 0, "push") }
    clock.advance(by: 0.2)
    stack.tick()
    stack.pop { outcomes.record($0, after: 0, "pop") }
    settle(stack, clock)
    #expect(outcomes.entries.map(\.label) == ["push", "pop"])
    #expect(outcomes.entries.map(\.outcome) == [.cancelled, .finished])
    #expect(stack.childIDs == ["a", "b"])
  }
}

/// Completions in the order they were reported.
final class OutcomeLog {
  struct Entry {
    var outcome: OperationOutcome
    var eventsBefore: Int
    var label: String
  }
  var entries: [Entry] = []

  func record(_ outcome: OperationOutcome, after events: Int, _ label: String = "") {
    entries.append(Entry(outcome: outcome, eventsBefore: events, label: label))
  }
}
