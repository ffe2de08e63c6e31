/// The rules of a ``TransitionDriver`` with no effects: which phase the
/// running transition is in, where an interaction holds it, and what the
/// driver must do next.
///
/// ## Why a state machine
/// A driver answers to many callers — a container's operations, a clock's
/// ticks, a finger's updates and release, a gesture catching a transition
/// in flight, observers calling back from inside events — and which of
/// them may act depends on where the running transition is. Kept as flags
/// across the driver's methods (a player or an interaction, released or
/// not, turned back or not), those rules can only be read by following
/// every method. Here each phase is one case of `State` carrying exactly
/// the numbers that phase has, every event is a `mutating func` that says
/// which phases accept it, and the answer is the list of ``Action``s the
/// driver performs: create and drive the player, sample and write, deliver
/// events, settle. Clocks, players, views, observers, completions and the
/// operation queue stay in the driver, so the rules can be read and run
/// (and tested against a model) without any of them.
///
/// ## Phases
/// - `idle`: no transition runs; operations may run.
/// - `playing`: a transition plays on its player.
/// - `turningBack`: a played transition plays back to its start, to
///   settle as cancelled (a pop issued while its push runs).
/// - `scrubbing`: an interactive transition, a finger driving it.
/// - `completing`: an interactive transition let go, moving on the clock
///   to its end or its start.
/// - `settling`: the transition is on its last sample while its
///   bookkeeping and last events go out. It still runs (no other can
///   start) but nothing moves it.
///
/// ## Transitions between phases
/// | from | event | to |
/// |---|---|---|
/// | idle | ``start(duration:scrubbing:)`` | playing; scrubbing when an interactive begin asked and the duration is positive (or the begin holds an instant transition) |
/// | playing | ``turnBack()`` | turningBack |
/// | playing, turningBack | ``grab(now:playhead:)`` | scrubbing, on the player's playhead |
/// | playing, turningBack | ``playerStopped()`` | settling, finished or cancelled |
/// | scrubbing | ``release(_:now:forwardTime:)`` | completing (settling when nothing is left) |
/// | completing | ``grab(now:playhead:)`` | scrubbing, where the completion was |
/// | completing | ``tick(now:)`` reaching the end | settling, as the release said |
/// | settling | ``settled()`` | idle |
///
/// Every other event in every other phase changes nothing and asks for
/// nothing (a tick of a scrubbed transition, an update after the release).
///
/// ## Re-entrancy
/// Besides the phase, the machine knows what is on the driver's call stack:
/// how many event deliveries are in progress (inside one, the driver's
/// controls do nothing, so two transitions' events never interleave), who
/// is running operations (the queue's drain, or an interactive begin whose
/// transition starts interactively), and whether a gesture holds the
/// driver outside any transition.
struct TransitionDriverStateMachine {
  /// Where the running transition is; see the type's overview.
  private enum State: Equatable {
    case idle
    case playing(duration: Double)
    case turningBack(duration: Double)
    case scrubbing(Interaction)
    case completing(Interaction, Release)
    /// `progress`: the interaction's last, `nil` for a played transition.
    case settling(progress: Double?)
  }

  /// An interactive transition's picture: where it is and how it is paced.
  struct Interaction: Equatable {
    /// The transition's duration. Positive, unless the begin held an
    /// instant transition (see ``beginInteractive(queueIsEmpty:holdsInstant:)``):
    /// its only picture is its end, so nothing is shown until a release
    /// that finishes it.
    var duration: Double
    /// The progress shown, 0…1.
    var progress = 0.0
    /// How the finger's progress paces the picture: linear scrubbing, the
    /// curves, or, for a transition caught part-way, the pacing of the
    /// picture it was caught on.
    var dragPacing: Timeline.Pacing
    /// How the picture is paced now: ``dragPacing`` while the finger holds
    /// it, the completion's pacing after the release.
    var pacing: Timeline.Pacing
  }

  /// How and from where an interaction was let go.
  struct Release: Equatable {
    var release: InteractionRelease
    /// The progress at the release.
    var progress: Double
    /// The clock's time at the release.
    var time: Double
  }

  /// Who is running operations now.
  private enum Runner: Equatable {
    /// Nobody: an operation may start.
    case none
    /// The queue is being drained.
    case queue
    /// ``TransitionDriver/beginInteractive(completion:_:)`` runs its
    /// operation; `startsInteractive` until a transition with something to
    /// follow has started interactively; `holdsInstant` when a transition
    /// of duration 0 is held until the release too.
    case interactive(startsInteractive: Bool, holdsInstant: Bool)
  }

  /// One effect the driver performs for the machine, in the order given.
  enum Action: Equatable {
    /// Create the transition's player and play it; its `willStart` comes
    /// back as ``playerStarted()``, its `didStop` as ``playerStopped()``.
    case play
    /// Deliver the transition's will-events.
    case deliverWillEvents
    /// Sample the transition at `time` paced by `pacing` and write it.
    case show(time: Double, pacing: Timeline.Pacing)
    /// Tick the player.
    case tickPlayer
    /// Reverse the player.
    case reversePlayer
    /// Stop the player, firing nothing, and let it go.
    case stopPlayer
    /// The last sample is written: settle the transition with `outcome`
    /// (bookkeeping or rollback, the last events, the completions), then
    /// report ``settled()``.
    case settle(OperationOutcome)
  }

  /// A caught transition: its velocity and what the driver must do.
  struct Grab: Equatable {
    /// Progress per second, negative when it was heading to its start.
    var velocity: Double
    var actions: [Action]
  }

  private var state = State.idle
  private var runner = Runner.none
  /// Event deliveries in progress, nested.
  private var deliveries = 0
  /// Whether a gesture holds the driver outside any transition.
  private(set) var isHeld = false

  // MARK: Queries

  /// No transition runs (none has started, or the last has settled).
  var isIdle: Bool { state == .idle }

  /// Whether an interaction is being driven (begun or caught, not released).
  var isInteracting: Bool {
    if case .scrubbing = state { return true }
    return false
  }

  /// The progress an interactive transition shows, `nil` for a played one.
  var interactionProgress: Double? {
    switch state {
    case .idle, .playing, .turningBack: return nil
    case .scrubbing(let interaction), .completing(let interaction, _): return interaction.progress
    case .settling(let progress): return progress
    }
  }

  /// Whether an event is being delivered: the driver's controls do nothing then.
  var isDelivering: Bool { deliveries > 0 }

  // MARK: Operations and deliveries

  /// An event delivery begins.
  mutating func beginDelivery() { deliveries += 1 }

  /// An event delivery ends; returns whether it was the outermost (the
  /// driver then runs what waits).
  mutating func endDelivery() -> Bool {
    deliveries -= 1
    return deliveries == 0
  }

  /// The queue may be drained: returns `false` when it is being drained
  /// already, an event is being delivered, an interactive begin runs its
  /// operation, or a gesture holds the driver.
  mutating func beginDraining() -> Bool {
    guard runner == .none, deliveries == 0, !isHeld else { return false }
    runner = .queue
    return true
  }

  /// The drain is over.
  mutating func endDraining() { runner = .none }

  /// An interactive begin may run its operation: only on an idle driver
  /// with nothing queued, outside events and operations.
  ///
  /// A transition of duration 0 has nothing to follow: it plays at once,
  /// unless `holdsInstant`, where it waits for the release like any
  /// interaction (a back gesture, whose cancel must leave the picture as it
  /// was): the picture stays as it was through the drag, a finish lands
  /// on the end, a cancel settles back on the start.
  mutating func beginInteractive(queueIsEmpty: Bool, holdsInstant: Bool = false) -> Bool {
    guard state == .idle, queueIsEmpty, deliveries == 0, runner == .none else { return false }
    runner = .interactive(startsInteractive: true, holdsInstant: holdsInstant)
    return true
  }

  /// The interactive begin's operation has returned.
  mutating func endInteractive() { runner = .none }

  /// A gesture may hold the driver: only when idle, with nothing queued,
  /// outside events and operations.
  mutating func beginHold(queueIsEmpty: Bool) -> Bool {
    guard state == .idle, !isHeld, queueIsEmpty, deliveries == 0, runner == .none else {
      return false
    }
    isHeld = true
    return true
  }

  /// The gesture lets the driver go.
  mutating func endHold() { isHeld = false }

  // MARK: Transitions

  /// A transition of `duration` starts (the driver checks ``isIdle`` first):
  /// interactively, paced by `scrubbing`, when an interactive begin asked
  /// for it and there is something to follow; played otherwise.
  mutating func start(duration: Double, scrubbing: Timeline.Pacing) -> [Action] {
    precondition(state == .idle, "a transition starts on an idle driver")
    guard case .interactive(startsInteractive: true, let holdsInstant) = runner,
      duration > 0 || holdsInstant
    else {
      state = .playing(duration: duration)
      return [.play]
    }
    runner = .interactive(startsInteractive: false, holdsInstant: holdsInstant)
    let interaction = Interaction(duration: duration, dragPacing: scrubbing, pacing: scrubbing)
    state = .scrubbing(interaction)
    return [.deliverWillEvents] + shown(interaction)
  }

  /// The player fired `willStart`.
  func playerStarted() -> [Action] { [.deliverWillEvents] }

  /// The player fired `didStop`: a played transition has landed on its
  /// end, a turned-back one on its start.
  mutating func playerStopped() -> [Action] {
    switch state {
    case .playing:
      state = .settling(progress: nil)
      return [.settle(.finished)]
    case .turningBack:
      state = .settling(progress: nil)
      return [.settle(.cancelled)]
    default:
      return []
    }
  }

  /// The driver has settled the transition: the machine is idle again.
  mutating func settled() { state = .idle }

  /// The clock reads `now`; `nil` (nothing at all happens) inside an event.
  mutating func tick(now: Double) -> [Action]? {
    guard deliveries == 0 else { return nil }
    switch state {
    case .playing, .turningBack: return [.tickPlayer]
    case .completing: return advance(now: now)
    case .idle, .scrubbing, .settling: return []
    }
  }

  /// Whether a played transition may be turned back; the driver asks its
  /// player and its caller too before calling ``turnBack()``.
  func mayTurnBack(queueIsEmpty: Bool) -> Bool {
    guard deliveries == 0, queueIsEmpty, case .playing = state else { return false }
    return true
  }

  /// Turns the played transition back (``mayTurnBack(queueIsEmpty:)`` said yes).
  mutating func turnBack() -> [Action] {
    guard case .playing(let duration) = state else { return [] }
    state = .turningBack(duration: duration)
    return [.reversePlayer]
  }

  /// The finger moves the interaction to `progress` (clamped into 0…1);
  /// `nil` when no interaction is being driven, inside an event, or for a
  /// progress that is not finite.
  mutating func update(_ progress: Double) -> [Action]? {
    guard deliveries == 0, progress.isFinite, case .scrubbing(var interaction) = state else {
      return nil
    }
    interaction.progress = min(max(progress, 0), 1)
    state = .scrubbing(interaction)
    return shown(interaction)
  }

  /// The finger lets go at `now`; `nil` when no interaction is being driven
  /// or inside an event. After linear scrubbing the picture continues from
  /// where the scrub showed it along the curves, re-timed: `forwardTime`
  /// maps the transition's time to its forward timeline's.
  mutating func release(
    _ release: InteractionRelease, now: Double, forwardTime: (Double) -> Double
  ) -> [Action]? {
    guard deliveries == 0, case .scrubbing(var interaction) = state else { return nil }
    if interaction.dragPacing == .linear {
      // Continue from the scrubbed picture along the curves, re-timed.
      let from = forwardTime(interaction.progress * interaction.duration)
      let to = forwardTime(release.target * interaction.duration)
      interaction.pacing = .continuing(from: from, toEnd: to > from)
    }
    state = .completing(
      interaction, Release(release: release, progress: interaction.progress, time: now))
    return advance(now: now)
  }

  /// A gesture catches the running transition at `now`, wherever it is;
  /// `playhead` is its player's time while the player runs. `nil` when there
  /// is nothing to catch: no transition runs, it is driven already, it has
  /// nothing left to play, or inside an event.
  ///
  /// The picture does not move: a played or turned-back transition is
  /// caught on its own playhead, along the curves; a completing one keeps
  /// the completion's pacing for the drag.
  mutating func grab(now: Double, playhead: Double?) -> Grab? {
    guard deliveries == 0 else { return nil }
    switch state {
    case .playing(let duration), .turningBack(let duration):
      guard duration > 0, let playhead else { return nil }
      // Whoever turned it back asked for a start the gesture now decides:
      // only the velocity remembers the way it was heading.
      let isTurnedBack = state == .turningBack(duration: duration)
      var interaction = Interaction(
        duration: duration, progress: playhead / duration, dragPacing: .curves, pacing: .curves)
      interaction.progress = min(max(interaction.progress, 0), 1)
      state = .scrubbing(interaction)
      // At the playhead itself, not progress × duration: the picture must
      // not move by a rounding.
      return Grab(
        velocity: (isTurnedBack ? -1 : 1) / duration,
        actions: [.stopPlayer, .show(time: playhead, pacing: .curves)])
    case .completing(var interaction, let start):
      let total = start.release.completionDuration(
        from: start.progress, duration: interaction.duration)
      let elapsed = now - start.time
      guard interaction.duration > 0, elapsed < total else { return nil }
      let velocity = start.release.velocity(at: elapsed, from: start.progress, total: total)
      interaction.dragPacing = interaction.pacing
      interaction.progress = min(max(interaction.progress, 0), 1)
      state = .scrubbing(interaction)
      return Grab(velocity: velocity, actions: [show(interaction)])
    case .idle, .scrubbing, .settling:
      return nil
    }
  }

  // MARK: Steps

  /// Moves a released interaction on to `now`; at the end, lands it and settles.
  private mutating func advance(now: Double) -> [Action] {
    guard case .completing(var interaction, let start) = state else { return [] }
    let total = start.release.completionDuration(
      from: start.progress, duration: interaction.duration)
    let elapsed = now - start.time
    guard elapsed >= total else {
      interaction.progress = start.release.progress(at: elapsed, from: start.progress, total: total)
      state = .completing(interaction, start)
      return [show(interaction)]
    }
    interaction.progress = start.release.target
    state = .settling(progress: interaction.progress)
    // A held instant transition cancelled has shown nothing: the rollback is all.
    let lands = interaction.duration > 0 || start.release.finishes
    return (lands ? [show(interaction)] : [])
      + [.settle(start.release.finishes ? .finished : .cancelled)]
  }

  /// What a finger holding `interaction` shows: its sample, or nothing for
  /// a held instant transition, whose only sample is its end.
  private func shown(_ interaction: Interaction) -> [Action] {
    interaction.duration > 0 ? [show(interaction)] : []
  }

  /// The sample an interaction shows: at `progress` × duration, exactly the
  /// end at progress 1.
  private func show(_ interaction: Interaction) -> Action {
    let time =
      interaction.progress >= 1 ? interaction.duration : interaction.progress * interaction.duration
    return .show(time: time, pacing: interaction.pacing)
  }
}
