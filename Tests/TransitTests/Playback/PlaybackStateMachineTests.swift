import Testing
import TransitTestSupport

@testable import Transit

/// The player's rules run on their own: a ``PlaybackStateMachine`` driven
/// without a player, its work performed by a recorder, checked against the
/// reference model of where a play is (``PlayEndModel``) and against the
/// order of effects the player promises.
@Suite("The playback state machine, without a player")
struct PlaybackStateMachineTests {
  /// Performs work as a player with no handler would, keeping every action.
  struct Recorder {
    var actions: [PlaybackStateMachine.Action] = []

    mutating func perform(
      _ work: PlaybackStateMachine.Work?, on machine: inout PlaybackStateMachine
    ) {
      guard var work else { return }
      while let action = machine.next(&work) { actions.append(action) }
    }
  }

  @Test("driven alone, the machine keeps the model's playhead and asks for effects in order")
  func theMachineFollowsTheModel() async {
    await seededPropertyCheck(count: 500, base: 0x5EED_00E3) { seed in
      var random = RandomCases(seed: seed)
      let controls = (0..<random.int(0...12)).map { _ in
        PlayerEndingPropertyTests.Control.random(&random)
      }
      let timeline = PlayerFixtures.twoSteps()
      var machine = PlaybackStateMachine(timeline: timeline, now: 0)
      var model = PlayEndModel(duration: timeline.duration)
      var recorder = Recorder()
      var now = 0.0
      var isPaused = false
      recorder.perform(machine.play(after: 0, animated: true, now: now), on: &machine)
      for (index, control) in controls.enumerated() where machine.state != .idle {
        model.follow(control, paused: isPaused)
        switch control {
        case .tick(let seconds):
          now += seconds
          recorder.perform(machine.tick(now: now), on: &machine)
        case .autoreverses(let on): machine.autoreverses = on
        case .repetition(let repetition): machine.repetition = repetition
        case .reverse: machine.reverse()
        case .seek(let time): recorder.perform(machine.seek(to: time), on: &machine)
        case .pause: machine.pause()
        case .resume: machine.resume(now: now)
        }
        if case .pause = control { isPaused = true }
        if case .resume = control { isPaused = false }
        let place = "after control \(index) (\(control)) of \(controls), seed \(seed)"
        #expect((machine.state != .idle) == model.isActive, "\(place)")
        #expect(machine.time == model.time, "\(place)")
      }
      recorder.perform(machine.terminate(), on: &machine)
      Self.checkOrder(of: recorder.actions, stepCount: timeline.stepSpans.count, seed: seed)
      #expect(machine.state == .idle, "seed \(seed)")
      if case .show(let time) = recorder.actions.last(where: { $0.isShow }) {
        #expect(time == machine.time, "the last sample shown is the playhead, seed \(seed)")
      }
    }
  }

  /// One play, run to its end: the activity begun first and ended once,
  /// just before `didStop(finished: true)`, which comes last; `willStart`
  /// the first event; every step once in every pass.
  static func checkOrder(
    of actions: [PlaybackStateMachine.Action], stepCount: Int, seed: UInt64
  ) {
    let place = "seed \(seed), actions \(actions)"
    #expect(actions.first == .beginActivity, "\(place)")
    #expect(actions.filter { $0 == .beginActivity }.count == 1, "\(place)")
    #expect(actions.filter { $0 == .endActivity }.count == 1, "\(place)")
    guard actions.count >= 2, case .emit(.didStop(_, let finished, _)) = actions.last else {
      Issue.record("the play does not end with didStop: \(place)")
      return
    }
    #expect(finished, "\(place)")
    #expect(actions[actions.count - 2] == .endActivity, "\(place)")
    let events = actions.compactMap { action -> PlaybackEvent? in
      if case .emit(let event) = action { return event }
      return nil
    }
    guard case .willStart = events.first else {
      Issue.record("the play does not start with willStart: \(place)")
      return
    }
    var reported: [Int: [Int]] = [:]
    for case .didFinishStep(let span, let pass, _) in events {
      reported[pass, default: []].append(span.index)
    }
    // The play ran to its end (ticked or terminated): every pass ended.
    let lastPass = reported.keys.max() ?? 0
    #expect(reported.keys.sorted() == Array(0...lastPass), "\(place)")
    for (pass, indices) in reported {
      #expect(Set(indices).count == indices.count, "a step twice in pass \(pass): \(place)")
      #expect(indices.count == stepCount, "pass \(pass) lacks steps: \(place)")
    }
  }
}

extension PlayEndModel {
  /// The model's side of `control`, ticks not counting while `paused`.
  mutating func follow(_ control: PlayerEndingPropertyTests.Control, paused: Bool) {
    switch control {
    case .tick(let seconds): if !paused { advance(by: seconds) }
    case .autoreverses(let on): autoreverses = on
    case .repetition(let newValue): repetition = newValue
    case .reverse: direction = -direction
    case .seek(let newTime): time = newTime
    case .pause, .resume: break
    }
  }
}

extension PlaybackStateMachine.Action {
  fileprivate var isShow: Bool {
    if case .show = self { return true }
    return false
  }
}
