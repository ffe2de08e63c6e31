import Testing
import Transit
import TransitTestSupport

/// The player's controls called from its own handlers, and the
/// inconsistencies the transition driver's work found, each pinned down.
@Suite("Player controls from handlers")
struct PlayerControlRegressionTests: PlayerTestSuite {
  let clock = ManualClock()
  let log = EventLog()

  enum Meddling: String, CaseIterable {
    case pause, seek, reverse, resume, speed, seekToFrame
  }

  @Test(
    "terminate() ends the play and releases the counter whatever a step handler does",
    arguments: Meddling.allCases)
  func terminateAlwaysEnds(meddling: Meddling) {
    let counter = AnimationCounter()
    let player = player(counter: counter)
    player.onEvent = { [unowned player, log] event in
      log.events.append(event)
      guard case .didFinishStep = event else { return }
      switch meddling {
      case .pause: player.pause()
      case .seek: player.seek(to: 0.1)
      case .reverse: player.reverse()
      case .resume:
        player.pause()
        player.resume()
      case .speed: player.speed = -2
      case .seekToFrame: player.seek(toFrame: 1, of: 5)
      }
    }
    player.play()
    player.run(clock, for: 0.25)
    player.terminate()
    #expect(!player.isActive)
    #expect(counter.count == 0)
    #expect(player.target == player.timeline.endScene)
    #expect(
      log.lines == [
        "willStart", "step a pass 0 (instant)", "step b pass 0 (instant)",
        "didStop end finished (instant)",
      ])
  }

  @Test("cancel() from a step handler during terminate ends the play, its way")
  func cancelFromTerminate() {
    let counter = AnimationCounter()
    let player = player(counter: counter)
    player.onEvent = { [unowned player, log] event in
      log.events.append(event)
      if case .didFinishStep = event { player.cancel() }
    }
    player.play()
    player.terminate()
    #expect(!player.isActive && counter.count == 0)
    #expect(log.lines == ["willStart", "step a pass 0 (instant)"])
  }

  @Test("a zero-length play whose willStart handler reverses still completes inside play()")
  func zeroLengthReversedInWillStart() {
    let counter = AnimationCounter()
    let player = player(PlayerFixtures.zeroLength(), counter: counter)
    player.onEvent = { [unowned player, log] event in
      log.events.append(event)
      if case .willStart = event { player.reverse() }
    }
    player.play()
    #expect(!player.isActive)
    #expect(counter.count == 0)
    #expect(log.lines.last?.hasPrefix("didStop") == true)
  }

  @Test("play(animated: false) with .count(3) reports the steps of all three passes")
  func nonAnimatedRepetitions() {
    let player = player()
    player.repetition = .count(3)
    player.play(animated: false)
    #expect(
      log.lines == [
        "willStart (instant)",
        "step a pass 0 (instant)", "step b pass 0 (instant)",
        "step a pass 1 (instant)", "step b pass 1 (instant)",
        "step a pass 2 (instant)", "step b pass 2 (instant)",
        "didStop end finished (instant)",
      ])
  }

  @Test("stop(), play(after:), stop(): time stays on the sample the target shows")
  func stopDuringDelayKeepsTime() {
    let player = player()
    player.play()
    player.run(clock, for: 0.75, step: 0.25)
    player.stop()
    #expect(player.time == 0.75)
    let shown = player.target
    player.play(after: 1)
    player.stop()
    #expect(player.time == 0.75)
    #expect(player.target == shown)
  }

  @Test("seek during the delay leaves the target alone until willStart, then starts there")
  func seekDuringDelay() {
    let player = player()
    let before = player.target
    player.play(after: 0.5)
    player.seek(to: 0.75)
    #expect(player.target == before)
    #expect(log.lines.isEmpty)
    player.run(clock, for: 0.5, step: 0.5)
    #expect(log.lines == ["willStart", "step a pass 0 (instant)"])
    #expect(player.target == player.timeline.sample(at: 0.75))
  }

  @Test("autoreverses switched on mid-play: terminate() lands where ticking to the end lands")
  func autoreverseMidPlayTerminate() {
    func run(terminating: Bool) -> (Scene, [String]) {
      let clock = ManualClock()
      let log = EventLog()
      let timeline = PlayerFixtures.twoSteps()
      let player = AnimationPlayer(timeline: timeline, target: timeline.initialScene, clock: clock)
      log.attach(to: player)
      player.repetition = .count(2)
      player.play()
      player.run(clock, for: 0.25)
      player.autoreverses = true
      if terminating { player.terminate() } else { player.run(clock, for: 10) }
      #expect(!player.isActive)
      return (player.target, log.lines.filter { $0.hasPrefix("didStop") })
    }
    let (ticked, tickedStop) = run(terminating: false)
    let (terminated, terminatedStop) = run(terminating: true)
    #expect(terminated == ticked)
    #expect(tickedStop == ["didStop start finished"])
    #expect(terminatedStop == ["didStop start finished (instant)"])
  }

  @Test("seek(toFrame:of:) applies exactly the timeline's frame, in either direction")
  func seekToFrameIsExact() {
    for timeline in [PlayerFixtures.twoSteps(), PlayerFixtures.twoSteps().reversed()] {
      let player = AnimationPlayer(timeline: timeline, target: timeline.initialScene, clock: clock)
      player.play()
      for k in 0..<7 {
        player.seek(toFrame: k, of: 7)
        #expect(bitIdentical(player.target, timeline.sample(frame: k, of: 7)))
      }
      player.cancel()
    }
  }
}
