import Synchronization
import Testing
import Transit
import TransitTestSupport

/// What a gate applied, and what the counter said at that moment.
private final class AppliedLog: Sendable {
  let entries = Mutex<[(request: Int, countWhenApplied: Int)]>([])
  var all: [(request: Int, countWhenApplied: Int)] { entries.withLock { $0 } }
}

/// The rotation gate over the animation counter: requests refused or
/// deferred while anything animates, and random plays, pauses, ends and
/// rotations that keep the count honest.
@Suite("Rotation gate")
struct RotationGateTests {
  @Test("refuse: a request while animating is refused and never applied")
  func refuse() {
    let counter = AnimationCounter()
    let log = AppliedLog()
    let gate = RotationGate<Int>(counter: counter, policy: .refuse) { [counter] request in
      log.entries.withLock { $0.append((request, counter.count)) }
    }
    #expect(gate.request(1) == .applied)
    let activity = counter.begin()
    #expect(gate.request(2) == .refused)
    activity.end()
    #expect(log.all.map(\.request) == [1])
  }

  @Test("defer: only the latest request is applied, once, when the count returns to 0")
  func deferLatest() {
    let counter = AnimationCounter()
    let log = AppliedLog()
    let gate = RotationGate<Int>(counter: counter, policy: .defer) { [counter] request in
      log.entries.withLock { $0.append((request, counter.count)) }
    }
    let a = counter.begin()
    let b = counter.begin()
    #expect(gate.request(1) == .deferred)
    #expect(gate.request(2) == .deferred)
    a.end()
    #expect(log.all.isEmpty)
    #expect(gate.pendingRequest == 2)
    b.end()
    #expect(log.all.map(\.request) == [2])
    #expect(log.all.map(\.countWhenApplied) == [0])
    let c = counter.begin()
    c.end()
    #expect(log.all.count == 1)
    #expect(gate.pendingRequest == nil)
  }

  @Test("Random plays, pauses, ends, deallocations and rotations keep the count honest")
  func randomInterleavings() async {
    await seededPropertyCheck(count: 1_000, base: 0x5EED_0009) { seed in
      var random = SplitMix64(seed: seed)
      let policy: RotationPolicy = Bool.random(using: &random) ? .defer : .refuse
      let clock = ManualClock()
      let counter = AnimationCounter()
      let log = AppliedLog()
      let gate = RotationGate<Int>(counter: counter, policy: policy) { [counter] request in
        log.entries.withLock { $0.append((request, counter.count)) }
      }
      let timelines = [
        PlayerFixtures.twoSteps(), PlayerFixtures.zeroLength(), PlayerFixtures.empty(),
      ]
      var players: [AnimationPlayer<Scene>] = []
      var outcomes: [(request: Int, outcome: RotationOutcome)] = []
      var stops = 0
      var starts = 0

      for step in 0..<Int.random(in: 1...60, using: &random) {
        switch Int.random(in: 0...11, using: &random) {
        case 0, 1:
          let timeline = timelines[Int.random(in: 0..<timelines.count, using: &random)]
          let player = AnimationPlayer(
            timeline: timeline, target: timeline.initialScene, clock: clock, counter: counter)
          player.repetition = Bool.random(using: &random) ? .once : .forever
          player.autoreverses = Bool.random(using: &random)
          player.onEvent = { event in
            if case .didStop = event { stops += 1 }
          }
          players.append(player)
        case 2, 3:
          guard let player = players.randomElement(using: &random) else { break }
          let delay = [0, 0.125, 0.5][Int.random(in: 0...2, using: &random)]
          if player.play(after: delay, animated: Int.random(in: 0...5, using: &random) != 0) {
            starts += 1
          }
        case 4: players.randomElement(using: &random)?.pause()
        case 5: players.randomElement(using: &random)?.resume()
        case 6: players.randomElement(using: &random)?.cancel()
        case 7: players.randomElement(using: &random)?.terminate()
        case 8: players.randomElement(using: &random)?.stop()
        case 9:
          if !players.isEmpty {
            players.remove(at: Int.random(in: 0..<players.count, using: &random))
          }
        case 10:
          outcomes.append((step, gate.request(step)))
        default:
          clock.advance(by: 0.125 * Double(Int.random(in: 1...6, using: &random)))
          for player in players { player.tick() }
        }
        #expect(counter.count >= 0)
        #expect(counter.count == players.filter(\.isActive).count)
      }

      // Let everything end, one way or another.
      for player in players where player.isActive {
        switch Int.random(in: 0...2, using: &random) {
        case 0: player.cancel()
        case 1: player.terminate()
        default: player.stop()
        }
      }
      if Bool.random(using: &random) { players.removeAll() }
      #expect(counter.count == 0)
      #expect(gate.pendingRequest == nil)
      #expect(stops <= starts)

      // Never applied above 0; applied exactly what got through, once each.
      let applied = log.all
      #expect(applied.allSatisfy { $0.countWhenApplied == 0 })
      #expect(Set(applied.map(\.request)).count == applied.count)
      for (request, outcome) in outcomes {
        switch outcome {
        case .applied: #expect(applied.contains { $0.request == request })
        case .refused: #expect(!applied.contains { $0.request == request })
        case .deferred: #expect(policy == .defer)
        }
      }
      // The last deferred request is always applied (it was the latest when the count fell).
      if let last = outcomes.last(where: { $0.outcome == .deferred }),
        !outcomes.contains(where: { $0.outcome == .applied && $0.request > last.request })
      {
        #expect(applied.last?.request == last.request)
      }
    }
  }
}
