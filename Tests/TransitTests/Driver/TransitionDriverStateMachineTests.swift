import Testing
import TransitTestSupport

@testable import Transit

/// The driver's rules run on their own: a ``TransitionDriverStateMachine``
/// driven without a driver by random events, each event's actions and the
/// machine's answers checked against ``DriverRulesModel``, the same rules
/// kept as the flags a driver once kept them in.
@Suite("The transition driver's state machine, without a driver")
struct TransitionDriverStateMachineTests {
  typealias Machine = TransitionDriverStateMachine
  typealias Action = TransitionDriverStateMachine.Action

  /// One event, as a driver would send it.
  enum Event: CustomStringConvertible {
    case start(duration: Double, linear: Bool)
    case playerStarted, playerStopped, settled
    case tick(Double)
    case turnBack(queueIsEmpty: Bool)
    case update(Double)
    case release(InteractionRelease)
    case grab(playhead: Double?)
    case beginDelivery, endDelivery
    case beginDraining, endDraining
    case beginInteractive(queueIsEmpty: Bool)
    case endInteractive
    case beginHold(queueIsEmpty: Bool)
    case endHold

    var description: String {
      switch self {
      case .start(let duration, let linear): "start(\(duration), linear: \(linear))"
      case .playerStarted: "playerStarted"
      case .playerStopped: "playerStopped"
      case .settled: "settled"
      case .tick(let seconds): "tick(+\(seconds))"
      case .turnBack(let empty): "turnBack(queueIsEmpty: \(empty))"
      case .update(let progress): "update(\(progress))"
      case .release(let release):
        "release(finishes: \(release.finishes), velocity: \(String(describing: release.velocity)))"
      case .grab(let playhead): "grab(playhead: \(String(describing: playhead)))"
      case .beginDelivery: "beginDelivery"
      case .endDelivery: "endDelivery"
      case .beginDraining: "beginDraining"
      case .endDraining: "endDraining"
      case .beginInteractive(let empty): "beginInteractive(queueIsEmpty: \(empty))"
      case .endInteractive: "endInteractive"
      case .beginHold(let empty): "beginHold(queueIsEmpty: \(empty))"
      case .endHold: "endHold"
      }
    }
  }

  /// A random event that a driver could send now: the protocol's
  /// preconditions (start on an idle driver, the player's events only
  /// while it plays, every end after its begin) come from the model; the
  /// rules' own refusals are left for the machine to make.
  static func event(_ random: inout RandomCases, model: DriverRulesModel) -> Event {
    var candidates: [Event] = [
      .tick(random.chance(0.3) ? 0 : random.double(0...0.6)),
      .turnBack(queueIsEmpty: random.chance(0.8)),
      .update(
        random.chance(0.1)
          ? .nan : random.chance(0.2) ? random.double(-1...2) : random.double(0...1)),
      .release(release(&random)),
      .grab(playhead: nil),
      .beginDelivery,
      .beginDraining,
      .beginInteractive(queueIsEmpty: random.chance(0.8)),
      .beginHold(queueIsEmpty: random.chance(0.8)),
    ]
    if model.running == nil {
      let duration = random.chance(0.2) ? 0 : random.double(0.1...1.5)
      candidates += Array(
        repeating: .start(duration: duration, linear: random.chance(0.5)), count: 3)
    }
    if let running = model.running {
      if running.playerRuns {
        candidates += [.playerStarted, .playerStopped]
        candidates.append(.grab(playhead: random.double(0...running.duration)))
      }
      if running.settling != nil { candidates += [.settled, .settled] }
    }
    if model.deliveryDepth > 0 { candidates += [.endDelivery, .endDelivery] }
    if model.drainer == .queue { candidates.append(.endDraining) }
    if model.drainer == .interactive { candidates.append(.endInteractive) }
    if model.isHeld { candidates.append(.endHold) }
    return candidates[random.int(0...(candidates.count - 1))]
  }

  /// A valid release: finishing or cancelling, with or without a velocity.
  static func release(_ random: inout RandomCases) -> InteractionRelease {
    let finishes = random.chance(0.5)
    let velocity = random.chance(0.5) ? random.double(-3...3) : nil
    let speed = random.double(0.5...3)
    guard
      let release = try? InteractionRelease(
        finishes: finishes, velocity: velocity, completionSpeed: speed)
    else { preconditionFailure("finite velocity and positive speed") }
    return release
  }

  @Test("driven alone by random events, the machine answers as the model of its rules")
  func theMachineFollowsTheModel() async {
    await seededPropertyCheck(count: 400, base: 0x5EED_D71F) { seed in
      var random = RandomCases(seed: seed)
      var machine = Machine()
      var model = DriverRulesModel()
      var now = 0.0
      var events: [Event] = []
      for _ in 0..<random.int(10...60) {
        let event = Self.event(&random, model: model)
        events.append(event)
        if case .tick(let seconds) = event { now += seconds }
        let got = Self.send(event, to: &machine, now: now)
        let expected = model.send(event, now: now)
        let place = "after \(events), seed \(seed)"
        #expect(got == expected, "\(place)")
        #expect(machine.isIdle == (model.running == nil), "\(place)")
        #expect(machine.isInteracting == model.isInteracting, "\(place)")
        #expect(machine.interactionProgress == model.interactionProgress, "\(place)")
        #expect(machine.isDelivering == (model.deliveryDepth > 0), "\(place)")
        #expect(machine.isHeld == model.isHeld, "\(place)")
        if got != expected { return }
      }
    }
  }

  @Test("every phase is reached by the random events, and the model's settles agree")
  func theEventsReachEveryPhase() async {
    var reached: Set<String> = []
    for seed in SplitMix64.fixedSeeds(count: 400, base: 0x5EED_D71F) {
      var random = RandomCases(seed: seed)
      var machine = Machine()
      var model = DriverRulesModel()
      var now = 0.0
      for _ in 0..<random.int(10...60) {
        let event = Self.event(&random, model: model)
        if case .tick(let seconds) = event { now += seconds }
        let actions = Self.send(event, to: &machine, now: now)
        _ = model.send(event, now: now)
        if let phase = model.phase { reached.insert(phase) }
        for case .settle(let outcome) in actions.actions { reached.insert("settle \(outcome)") }
      }
    }
    #expect(
      reached
        == [
          "playing", "turningBack", "scrubbing", "completing", "settling", "settle finished",
          "settle cancelled",
        ])
  }

  /// What the machine answers to one event: its actions, and for the
  /// events that answer otherwise, that answer.
  struct Answer: Equatable {
    var actions: [Action] = []
    /// `false`: the event was refused (it answered `nil` or `false`).
    var accepted = true
    var velocity: Double? = nil
  }

  static func send(_ event: Event, to machine: inout Machine, now: Double) -> Answer {
    func optional(_ actions: [Action]?) -> Answer {
      actions.map { Answer(actions: $0) } ?? Answer(accepted: false)
    }
    func flag(_ accepted: Bool) -> Answer { Answer(accepted: accepted) }
    switch event {
    case .start(let duration, let linear):
      return Answer(
        actions: machine.start(duration: duration, scrubbing: linear ? .linear : .curves))
    case .playerStarted: return Answer(actions: machine.playerStarted())
    case .playerStopped: return Answer(actions: machine.playerStopped())
    case .settled:
      machine.settled()
      return Answer()
    case .tick: return optional(machine.tick(now: now))
    case .turnBack(let empty):
      guard machine.mayTurnBack(queueIsEmpty: empty) else { return flag(false) }
      return Answer(actions: machine.turnBack())
    case .update(let progress): return optional(machine.update(progress))
    case .release(let release):
      return optional(machine.release(release, now: now, forwardTime: DriverRulesModel.forwardTime))
    case .grab(let playhead):
      guard let grab = machine.grab(now: now, playhead: playhead) else { return flag(false) }
      return Answer(actions: grab.actions, velocity: grab.velocity)
    case .beginDelivery:
      machine.beginDelivery()
      return Answer()
    case .endDelivery: return flag(machine.endDelivery())
    case .beginDraining: return flag(machine.beginDraining())
    case .endDraining:
      machine.endDraining()
      return Answer()
    case .beginInteractive(let empty): return flag(machine.beginInteractive(queueIsEmpty: empty))
    case .endInteractive:
      machine.endInteractive()
      return Answer()
    case .beginHold(let empty): return flag(machine.beginHold(queueIsEmpty: empty))
    case .endHold:
      machine.endHold()
      return Answer()
    }
  }
}

/// The driver's rules written as flags, the way a driver kept them before
/// its state machine: a running transition with an optional interaction
/// (released or not), a turned-back flag, a settling outcome, and the
/// call-stack counters beside it.
struct DriverRulesModel {
  typealias Action = TransitionDriverStateMachine.Action
  typealias Answer = TransitionDriverStateMachineTests.Answer

  struct Interaction {
    var progress = 0.0
    var release: InteractionRelease?
    var releasedAt = (progress: 0.0, time: 0.0)
    var dragPacing: Timeline.Pacing
    var pacing: Timeline.Pacing
  }

  struct Running {
    var duration: Double
    /// Whether a player plays it (from `play` until it stops or is caught).
    var playerRuns = false
    var isTurnedBack = false
    var interaction: Interaction?
    var settling: OperationOutcome?
  }

  enum Drainer { case queue, interactive }

  var running: Running?
  var deliveryDepth = 0
  var drainer: Drainer?
  var startsInteractive = false
  var isHeld = false

  /// A time map standing for a timeline's forward time: monotonic, not the identity.
  static func forwardTime(_ time: Double) -> Double { time * time + 0.25 * time }

  var isInteracting: Bool {
    guard let running, running.settling == nil, let interaction = running.interaction else {
      return false
    }
    return interaction.release == nil
  }

  var interactionProgress: Double? { running?.interaction?.progress }

  /// The phase the machine documents, named from the flags.
  var phase: String? {
    guard let running else { return nil }
    if running.settling != nil { return "settling" }
    if let interaction = running.interaction {
      return interaction.release == nil ? "scrubbing" : "completing"
    }
    return running.isTurnedBack ? "turningBack" : "playing"
  }

  mutating func send(_ event: TransitionDriverStateMachineTests.Event, now: Double) -> Answer {
    switch event {
    case .start(let duration, let linear):
      if drainer == .interactive, startsInteractive, duration > 0 {
        startsInteractive = false
        let pacing: Timeline.Pacing = linear ? .linear : .curves
        running = Running(
          duration: duration, interaction: Interaction(dragPacing: pacing, pacing: pacing))
        return Answer(actions: [.deliverWillEvents, .show(time: 0, pacing: pacing)])
      }
      running = Running(duration: duration, playerRuns: true)
      return Answer(actions: [.play])
    case .playerStarted:
      return Answer(actions: [.deliverWillEvents])
    case .playerStopped:
      guard var current = running, current.playerRuns, current.settling == nil else {
        return Answer()
      }
      current.playerRuns = false
      current.settling = current.isTurnedBack ? .cancelled : .finished
      running = current
      return Answer(actions: [.settle(current.settling!)])
    case .settled:
      running = nil
      return Answer()
    case .tick:
      guard deliveryDepth == 0 else { return Answer(accepted: false) }
      guard let current = running, current.settling == nil else { return Answer() }
      if current.interaction != nil { return Answer(actions: advance(now: now)) }
      return Answer(actions: current.playerRuns ? [.tickPlayer] : [])
    case .turnBack(let queueIsEmpty):
      guard deliveryDepth == 0, queueIsEmpty, var current = running, current.playerRuns,
        current.settling == nil, !current.isTurnedBack
      else { return Answer(accepted: false) }
      current.isTurnedBack = true
      running = current
      return Answer(actions: [.reversePlayer])
    case .update(let progress):
      guard isInteracting, deliveryDepth == 0, progress.isFinite else {
        return Answer(accepted: false)
      }
      return Answer(actions: [show(progress: min(max(progress, 0), 1))])
    case .release(let release):
      guard isInteracting, deliveryDepth == 0, var current = running,
        var interaction = current.interaction
      else { return Answer(accepted: false) }
      interaction.release = release
      interaction.releasedAt = (interaction.progress, now)
      if interaction.dragPacing == .linear {
        let from = Self.forwardTime(interaction.progress * current.duration)
        let to = Self.forwardTime(release.target * current.duration)
        interaction.pacing = .continuing(from: from, toEnd: to > from)
      }
      current.interaction = interaction
      running = current
      return Answer(actions: advance(now: now))
    case .grab(let playhead):
      return grab(playhead: playhead, now: now)
    case .beginDelivery:
      deliveryDepth += 1
      return Answer()
    case .endDelivery:
      deliveryDepth -= 1
      return Answer(accepted: deliveryDepth == 0)
    case .beginDraining:
      guard drainer == nil, deliveryDepth == 0, !isHeld else { return Answer(accepted: false) }
      drainer = .queue
      return Answer()
    case .endDraining, .endInteractive:
      drainer = nil
      startsInteractive = false
      return Answer()
    case .beginInteractive(let queueIsEmpty):
      guard running == nil, queueIsEmpty, deliveryDepth == 0, drainer == nil else {
        return Answer(accepted: false)
      }
      drainer = .interactive
      startsInteractive = true
      return Answer()
    case .beginHold(let queueIsEmpty):
      guard running == nil, !isHeld, queueIsEmpty, deliveryDepth == 0, drainer == nil else {
        return Answer(accepted: false)
      }
      isHeld = true
      return Answer()
    case .endHold:
      isHeld = false
      return Answer()
    }
  }

  private mutating func grab(playhead: Double?, now: Double) -> Answer {
    guard deliveryDepth == 0, var current = running, current.settling == nil,
      current.duration > 0
    else { return Answer(accepted: false) }
    let duration = current.duration
    if current.playerRuns {
      guard let playhead else { return Answer(accepted: false) }
      current.playerRuns = false
      current.interaction = Interaction(
        progress: min(max(playhead / duration, 0), 1), dragPacing: .curves, pacing: .curves)
      let velocity = (current.isTurnedBack ? -1 : 1) / duration
      current.isTurnedBack = false
      running = current
      return Answer(
        actions: [.stopPlayer, .show(time: playhead, pacing: .curves)], velocity: velocity)
    }
    guard var interaction = current.interaction, let release = interaction.release else {
      return Answer(accepted: false)
    }
    let start = interaction.releasedAt
    let total = release.completionDuration(from: start.progress, duration: duration)
    let elapsed = now - start.time
    guard elapsed < total else { return Answer(accepted: false) }
    interaction.release = nil
    interaction.dragPacing = interaction.pacing
    current.interaction = interaction
    running = current
    return Answer(
      actions: [show(progress: min(max(interaction.progress, 0), 1))],
      velocity: release.velocity(at: elapsed, from: start.progress, total: total))
  }

  private mutating func advance(now: Double) -> [Action] {
    guard let current = running, let interaction = current.interaction,
      let release = interaction.release
    else { return [] }
    let start = interaction.releasedAt
    let total = release.completionDuration(from: start.progress, duration: current.duration)
    let elapsed = now - start.time
    guard elapsed >= total else {
      return [show(progress: release.progress(at: elapsed, from: start.progress, total: total))]
    }
    let shown = show(progress: release.target)
    running?.settling = release.finishes ? .finished : .cancelled
    return [shown, .settle(release.finishes ? .finished : .cancelled)]
  }

  /// Sets the interaction's progress and answers the sample it shows.
  private mutating func show(progress: Double) -> Action {
    guard let duration = running?.duration, let pacing = running?.interaction?.pacing else {
      return .show(time: .nan, pacing: .curves)
    }
    running?.interaction?.progress = progress
    return .show(time: progress >= 1 ? duration : progress * duration, pacing: pacing)
  }
}
