import Testing
import TransitTestSupport

@testable import Transit

/// Where a play ends, from the player's documented rules alone: a pass runs
/// from one end of the timeline to the other; when it ends, the play is
/// over once it has played its pass count (the repetitions, twice over when
/// autoreversing, read at that moment), and otherwise the next pass turns
/// round (autoreversing) or starts again from the same end.
///
/// It walks the passes one by one, where the player works the landing point
/// out in one step, so the two can check each other.
struct PlayEndModel {
  let duration: Double
  var time: Double
  var direction: Double
  var isReturning = false
  var pass = 0
  var isActive = true
  var autoreverses = false
  var repetition = Repetition.once

  init(duration: Double) {
    self.duration = duration
    time = 0
    direction = 1
  }

  var passCount: Int? { repetition.limit.map { autoreverses ? 2 * $0 : $0 } }

  /// Plays `amount` seconds on, through as many passes as that covers.
  mutating func advance(by amount: Double) {
    var remaining = amount
    while isActive {
      let passTime = direction > 0 ? time : duration - time
      if passTime + remaining < duration {
        time = direction > 0 ? passTime + remaining : duration - (passTime + remaining)
        return
      }
      remaining = passTime + remaining - duration
      endPass()
    }
  }

  /// The playhead reaches the end of the pass.
  mutating func endPass() {
    time = direction > 0 ? duration : 0
    pass += 1
    if let passCount, pass >= passCount {
      isActive = false
    } else if autoreverses {
      isReturning.toggle()
      direction = -direction
    } else {
      time = direction > 0 ? 0 : duration
    }
  }

  /// Where the play lands when it is ticked to its end or terminated: every
  /// remaining pass of a counted play; for one that repeats forever, the
  /// rest of the current repetition (the way back too when autoreversing).
  var landing: Double {
    var model = self
    if repetition.limit != nil {
      while model.isActive { model.endPass() }
      return model.time
    }
    let goesBack = model.autoreverses && !model.isReturning
    return (goesBack ? -model.direction : model.direction) > 0 ? duration : 0
  }
}

@Suite("Where a play ends, and what the target shows")
struct PlayerEndingPropertyTests {
  /// The checker's case: two repetitions, 1.5 s into a 1 s timeline (half way
  /// through the second pass), autoreversing switched on. Two passes remain
  /// of the four an autoreversed play of two repetitions has, the second
  /// coming back to the end.
  @Test func cancelLandsWhereTickingLandsAfterAutoreversesIsSwitchedOn() {
    func run(_ ending: (AnimationPlayer<Scene>, ManualClock) -> Void) -> (Double, Scene) {
      let clock = ManualClock()
      let timeline = PlayerFixtures.twoSteps()
      let player = AnimationPlayer(timeline: timeline, target: timeline.initialScene, clock: clock)
      player.repetition = .count(2)
      player.play()
      player.run(clock, for: 1.5)
      #expect(player.time == 0.5)
      player.autoreverses = true
      ending(player, clock)
      #expect(!player.isActive)
      return (player.time, player.target)
    }
    let ticked = run { player, clock in player.run(clock, for: 10) }
    let terminated = run { player, _ in player.terminate() }
    let cancelled = run { player, _ in player.cancel() }
    #expect(ticked.0 == 1)
    #expect(terminated.0 == 1)
    #expect(cancelled.0 == 1)
    #expect(cancelled.1 == ticked.1)
    #expect(terminated.1 == ticked.1)
  }

  /// After `seek(to: 1)` the target shows the end; a play starts at 0, and
  /// its `willStart` handler pauses it before the first sample.
  @Test func aWillStartHandlerThatPausesLeavesTheTargetOnTheTime() {
    let clock = ManualClock()
    let timeline = PlayerFixtures.twoSteps()
    let player = AnimationPlayer(timeline: timeline, target: timeline.initialScene, clock: clock)
    player.seek(to: 1)
    player.onEvent = { [unowned player] event in
      if case .willStart = event { player.pause() }
    }
    player.play()
    #expect(player.isPaused)
    #expect(player.time == 0)
    #expect(player.target == timeline.sample(at: 0))
    // Resumed, it plays on from there.
    player.resume()
    player.run(clock, for: 0.25, step: 0.25)
    #expect(player.target == timeline.sample(at: 0.25))
  }

  /// Stopped from `willStart`, the play never touched the target: `time`
  /// goes back to what the target shows, as when stopped during the delay.
  @Test func aWillStartHandlerThatStopsPutsTheTimeBackOnTheTarget() {
    for delay in [0.0, 0.5] {
      let clock = ManualClock()
      let timeline = PlayerFixtures.twoSteps()
      let player = AnimationPlayer(timeline: timeline, target: timeline.initialScene, clock: clock)
      player.seek(to: 1)
      player.onEvent = { [unowned player] event in
        if case .willStart = event { player.stop() }
      }
      player.play(after: delay)
      player.run(clock, for: 1, step: 0.5)
      #expect(!player.isActive)
      #expect(player.time == 1)
      #expect(player.target == timeline.sample(at: 1))
    }
  }

  /// `.count(Int.max)` autoreversed is `2 × Int.max` passes: the count
  /// saturates rather than trapping, and the play runs as one that
  /// practically never ends.
  @Test func theLargestCountAutoreversedDoesNotOverflow() {
    let clock = ManualClock()
    let timeline = PlayerFixtures.twoSteps()
    let player = AnimationPlayer(timeline: timeline, target: timeline.initialScene, clock: clock)
    player.repetition = .count(.max)
    player.autoreverses = true
    player.play()
    player.run(clock, for: 2.5)
    #expect(player.isActive)
    #expect(player.time == 0.5)
    player.cancel()
    #expect(player.time == 0)  // an odd number of passes left after the third: lands on 0
  }

  /// A control of a running play, as the random cases draw them.
  enum Control: CustomStringConvertible {
    case tick(Double)
    case autoreverses(Bool)
    case repetition(Repetition)
    case reverse
    case seek(Double)
    case pause
    case resume

    var description: String {
      switch self {
      case .tick(let seconds): return "tick \(seconds)"
      case .autoreverses(let on): return "autoreverses \(on)"
      case .repetition(let repetition): return "repetition \(repetition)"
      case .reverse: return "reverse"
      case .seek(let time): return "seek \(time)"
      case .pause: return "pause"
      case .resume: return "resume"
      }
    }

    static func random(_ random: inout RandomCases) -> Control {
      switch random.int(0...9) {
      case 0...3: return .tick(Double(random.int(1...12)) / 8)
      case 4: return .autoreverses(random.chance(0.5))
      case 5: return .repetition(random.chance(0.2) ? .forever : .count(random.int(1...3)))
      case 6: return .reverse
      case 7: return .seek(Double(random.int(0...8)) / 8)
      case 8: return .pause
      default: return .resume
      }
    }
  }

  /// Plays with `controls` applied one by one, checking the model and the
  /// target after each; returns the player and the model, the play still
  /// running or not.
  static func replay(_ controls: [Control], seed: UInt64) -> (AnimationPlayer<Scene>, PlayEndModel)
  {
    let clock = ManualClock()
    let timeline = PlayerFixtures.twoSteps()
    let player = AnimationPlayer(timeline: timeline, target: timeline.initialScene, clock: clock)
    var model = PlayEndModel(duration: timeline.duration)
    var isPaused = false
    player.play()
    for (index, control) in controls.enumerated() where player.isActive {
      switch control {
      case .tick(let seconds):
        clock.advance(by: seconds)
        player.tick()
        if !isPaused { model.advance(by: seconds) }
      case .autoreverses(let on):
        player.autoreverses = on
        model.autoreverses = on
      case .repetition(let repetition):
        player.repetition = repetition
        model.repetition = repetition
      case .reverse:
        player.reverse()
        model.direction = -model.direction
      case .seek(let time):
        player.seek(to: time)
        model.time = time
      case .pause:
        player.pause()
        isPaused = true
      case .resume:
        player.resume()
        isPaused = false
      }
      let place = "after control \(index) (\(control)) of \(controls), seed \(seed)"
      #expect(player.isActive == model.isActive, "\(place)")
      #expect(player.time == model.time, "\(place)")
      #expect(player.target == timeline.sample(at: player.time), "\(place)")
    }
    return (player, model)
  }

  @Test("cancel, terminate and ticking to the end land where the model says, after any changes")
  func endingsAgreeWithTheModel() async {
    await seededPropertyCheck(count: 500, base: 0x5EED_00E1) { seed in
      var random = RandomCases(seed: seed)
      let controls = (0..<random.int(0...10)).map { _ in Control.random(&random) }
      let (probe, model) = Self.replay(controls, seed: seed)
      guard probe.isActive else { return }
      let landing = model.landing
      let timeline = probe.timeline
      let place = "after \(controls), seed \(seed)"

      let (cancelled, _) = Self.replay(controls, seed: seed)
      cancelled.cancel()
      #expect(cancelled.time == landing, "cancel \(place)")
      #expect(cancelled.target == timeline.sample(at: landing), "cancel \(place)")

      let (terminated, _) = Self.replay(controls, seed: seed)
      terminated.terminate()
      #expect(terminated.time == landing, "terminate \(place)")
      #expect(terminated.target == timeline.sample(at: landing), "terminate \(place)")

      guard model.repetition.limit != nil else { return }  // ticking never ends it
      let (ticked, _) = Self.replay(controls, seed: seed)
      ticked.resume()
      let clock = ticked.clock as! ManualClock
      for _ in 0..<100 where ticked.isActive {
        clock.advance(by: 0.375)
        ticked.tick()
      }
      #expect(!ticked.isActive, "\(place)")
      #expect(ticked.time == landing, "ticking \(place)")
      #expect(ticked.target == timeline.sample(at: landing), "ticking \(place)")
    }
  }

  /// What a handler does when an event arrives.
  enum Meddling: CaseIterable {
    case nothing, pause, resume, stop, reverse, seek, cancel, terminate, flipAutoreverses
  }

  /// The time of the sample the target shows is `time`, after every
  /// operation, whatever event handlers do (except during a delay, when
  /// nothing has been applied yet and `time` is where the play will start).
  @Test("after every operation the target shows the sample at time, whatever handlers do")
  func theTargetShowsTheTime() async {
    final class Dice {
      var random: RandomCases
      init(seed: UInt64) { random = RandomCases(seed: seed) }
    }
    await seededPropertyCheck(count: 500, base: 0x5EED_00E2) { seed in
      let dice = Dice(seed: seed)
      let clock = ManualClock()
      let timeline = PlayerFixtures.twoSteps()
      let player = AnimationPlayer(timeline: timeline, target: timeline.initialScene, clock: clock)
      #expect(timeline.sample(at: 0) == timeline.initialScene)
      var meddlings: [String] = []
      player.onEvent = { [unowned player] event in
        guard dice.random.chance(0.4) else { return }
        let meddling = Meddling.allCases[dice.random.int(0...(Meddling.allCases.count - 1))]
        meddlings.append("\(meddling) on \(event)")
        switch meddling {
        case .nothing: break
        case .pause: player.pause()
        case .resume: player.resume()
        case .stop: player.stop()
        case .reverse: player.reverse()
        case .seek: player.seek(to: Double(dice.random.int(0...4)) / 4)
        case .cancel: player.cancel()
        case .terminate: player.terminate()
        case .flipAutoreverses: player.autoreverses.toggle()
        }
      }
      var operations: [String] = []
      for _ in 0..<dice.random.int(1...16) {
        let operation = dice.random.int(0...9)
        switch operation {
        case 0, 1:
          let delay = dice.random.chance(0.5) ? 0 : 0.25
          operations.append("play(after: \(delay))")
          player.play(after: delay, animated: dice.random.chance(0.9))
        case 2, 3, 4:
          let seconds = Double(dice.random.int(1...6)) / 8
          operations.append("tick \(seconds)")
          clock.advance(by: seconds)
          player.tick()
        case 5:
          let time = Double(dice.random.int(0...4)) / 4
          operations.append("seek \(time)")
          player.seek(to: time)
        case 6:
          operations.append("reverse")
          player.reverse()
        case 7:
          operations.append("pause/resume")
          if player.isPaused { player.resume() } else { player.pause() }
        case 8:
          let repetition: Repetition = dice.random.chance(0.3) ? .forever : .count(2)
          operations.append("repetition \(repetition), autoreverses toggled")
          player.repetition = repetition
          player.autoreverses.toggle()
        default:
          let ending = dice.random.int(0...2)
          operations.append(["stop", "cancel", "terminate"][ending])
          switch ending {
          case 0: player.stop()
          case 1: player.cancel()
          default: player.terminate()
          }
        }
        if player.phase != .waiting {
          #expect(
            player.target == timeline.sample(at: player.time),
            "time \(player.time) after \(operations), handlers \(meddlings), seed \(seed)")
        }
      }
    }
  }
}
