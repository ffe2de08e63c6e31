/// Plays a ``Timeline`` onto an ``AnimationTarget`` as an injected clock
/// advances: delays, pause and resume, seeking, speed (negative plays
/// backwards), reversal from the current position, repetition and
/// autoreversal (yoyo), and four ways to end a play.
///
/// The player owns no thread or timer. A host calls ``tick()`` once per
/// display frame (a test advances a ``ManualClock`` and ticks); the player
/// reads the clock, moves its playhead, writes the sample into its target
/// and reports ``PlaybackEvent``s through ``onEvent``. This keeps playback
/// deterministic and lets one clock drive many players and containers.
///
/// ```swift
/// let clock = ManualClock()
/// let player = AnimationPlayer(timeline: timeline, target: scene, clock: clock)
/// player.onEvent = { event in print(event) }
/// player.play(after: 0.1)
/// for _ in 0..<60 {
///   clock.advance(by: 1.0 / 60)
///   player.tick()
/// }
/// player.target  // the scene at the current sample
/// ```
///
/// ## Events
/// For every play: ``PlaybackEvent/willStart(animated:)`` when the delay has
/// elapsed, ``PlaybackEvent/didFinishStep(_:pass:animated:)`` once per step
/// and pass, in the order the steps finish, then
/// ``PlaybackEvent/didStop(at:finished:animated:)`` once. A play of an empty
/// or zero-length timeline without a delay fires all of them inside
/// ``play(after:animated:)``; with a delay, on the tick that ends the delay.
/// The exceptions, each deliberate:
/// - ``cancel()`` jumps to the end and fires nothing more;
/// - ``stop()`` fires `didStop(at: .current, finished: false)` and no further
///   steps (they did not finish); stopped during its delay, a play fires only
///   that `didStop`;
/// - a player deallocated mid-play fires nothing (but still gives its unit
///   back to its ``AnimationCounter``).
///
/// Events are delivered synchronously, after the state they describe has
/// been applied to the target. A handler may call any method of the player
/// (pause it, seek, even play again from `didStop`): the player stops
/// processing the current tick as soon as it notices.
///
/// ## Threads
/// A player has identity and mutable state and is not `Sendable`: create,
/// tick and control it from one isolation domain (typically the main actor).
/// Only its ``AnimationCounter`` is shared across threads.
public final class AnimationPlayer<Target: AnimationTarget> {
  /// Where a player is in a play.
  public enum Phase: Hashable, Sendable {
    /// No play in progress: ``play(after:animated:)`` starts one.
    case idle
    /// Played with a delay that has not elapsed yet.
    case waiting
    /// Playing (or paused while playing, see ``isPaused``).
    case running
  }

  /// The timeline played, as bound; the player moves through it in either direction.
  public let timeline: Timeline
  /// What the samples are written into.
  public var target: Target
  /// The time source read by ``tick()``.
  public let clock: any PlaybackClock
  /// The counter this player counts in while a play is in progress, if any.
  public let counter: AnimationCounter?
  /// Receives every event; see the type's discussion for the order.
  public var onEvent: ((PlaybackEvent) -> Void)?

  /// Where the player is in a play.
  public var phase: Phase {
    switch machine.state {
    case .idle: return .idle
    case .waiting: return .waiting
    case .running: return .running
    }
  }
  /// Whether the play is paused: ticks change nothing until ``resume()``.
  public var isPaused: Bool { machine.play.isPaused }
  /// The playhead in the timeline's own time, 0…``Timeline/duration``:
  /// the time of the sample the target shows. During a play's delay
  /// nothing has been applied yet, and it is where the play will start
  /// (``seek(to:)`` during the delay moves that point); a play stopped
  /// during its delay, or from its `willStart` handler, puts it back on the
  /// sample the target shows. Whatever an event handler does, the two agree
  /// again by the time the player's method returns.
  public var time: Double { machine.time }
  /// The pass of the current play, counted from 0.
  public var pass: Int { machine.play.pass }
  /// How many times each play repeats. Read when a pass ends, so it may be
  /// changed during a play.
  public var repetition: Repetition {
    get { machine.repetition }
    set { machine.repetition = newValue }
  }
  /// Whether each repetition plays there and back (yoyo).
  public var autoreverses: Bool {
    get { machine.autoreverses }
    set { machine.autoreverses = newValue }
  }

  /// The rules: every control goes through it and comes back as work to perform.
  private var machine: PlaybackStateMachine
  private var activity: AnimationCounter.Activity?
  private var scratch: Scene

  /// Creates an idle player at time 0 (nothing is applied to `target` until
  /// the player plays or seeks).
  ///
  /// - Parameters:
  ///   - timeline: the timeline to play, as bound to its scene.
  ///   - target: what the samples are written into.
  ///   - clock: the time source ``tick()`` reads; share one clock between
  ///     the players (and containers) that must stay in step.
  ///   - counter: counted in from ``play(after:animated:)`` until the play
  ///     stops, however it stops: containers pass the counter their rotation
  ///     gate watches.
  public init(
    timeline: Timeline, target: Target, clock: any PlaybackClock,
    counter: AnimationCounter? = nil
  ) {
    self.timeline = timeline
    self.target = target
    self.clock = clock
    self.counter = counter
    scratch = timeline.initialScene
    machine = PlaybackStateMachine(timeline: timeline, now: clock.now)
  }

  // MARK: State

  /// Whether a play is in progress (waiting for its delay or running).
  public var isActive: Bool { phase != .idle }

  /// The playhead as a fraction of the duration, 0…1 (0 for a zero-length timeline).
  public var progress: Double {
    timeline.duration > 0 ? time / timeline.duration : 0
  }

  /// Playback rate: 1 is real time, 2 twice as fast, 0 holds still, and a
  /// negative rate plays backwards. Changing the sign during a play
  /// reverses it from the current position (see ``reverse()``). A rate that
  /// is not finite is ignored.
  public var speed: Double {
    get { machine.speed }
    set { machine.setSpeed(newValue) }
  }

  // MARK: Playing

  /// Starts a play after `delay` seconds of clock time.
  ///
  /// The play starts at time 0 when ``speed`` is positive, at the end when
  /// it is negative, and counts in ``counter`` from now. With `animated`
  /// false the delay is ignored and the play completes before this method
  /// returns, every event reporting `animated: false` (containers use this
  /// for non-animated operations).
  ///
  /// - Parameters:
  ///   - delay: seconds of clock time before the play starts; 0 starts at once.
  ///   - animated: `false` completes the play at once, ignoring `delay`.
  /// - Returns: `true` when the play started; `false`, doing nothing, when a play is already in progress
  ///   or `delay` is negative or not finite.
  @discardableResult
  public func play(after delay: Double = 0, animated: Bool = true) -> Bool {
    guard let work = machine.play(after: delay, animated: animated, now: clock.now) else {
      return false
    }
    perform(work)
    return true
  }

  /// Reads the clock and plays the time elapsed since the previous tick (or
  /// since the play, resume or creation, whichever came last), scaled by
  /// ``speed``: fires the events that time covers and applies the new sample.
  public func tick() {
    perform(machine.tick(now: clock.now))
  }

  /// Freezes the play (its delay too) until ``resume()``. Time elapsed since
  /// the last tick is discarded: tick first to account for it.
  public func pause() {
    machine.pause()
  }

  /// Continues a paused play; the time spent paused does not count.
  public func resume() {
    machine.resume(now: clock.now)
  }

  /// Moves the playhead to `time` (clamped into 0…duration) and applies that
  /// sample. Works when idle too (scrubbing). During a play, steps the
  /// playhead jumps past in the direction of the pass are reported with
  /// `animated: false`; a seek onto the pass's end completes the pass on the
  /// next tick. During the delay it only moves the point the play will
  /// start from: the target is left alone until `willStart`. Ignored while
  /// ``terminate()`` is ending the play.
  ///
  /// - Parameter time: the new playhead, in the timeline's own time.
  public func seek(to time: Double) {
    perform(machine.seek(to: time))
  }

  /// Moves the playhead to frame `index` of `count` and applies exactly
  /// the sample ``Timeline/sample(frame:of:into:)`` gives for it (frame `i`
  /// is at `i · D / (count − 1)`, the last one the end itself), bit for bit:
  /// how an offline renderer draws a play frame by frame. Otherwise as
  /// ``seek(to:)``.
  ///
  /// - Parameters:
  ///   - index: the frame, 0…`count` − 1 (clamped).
  ///   - count: the number of frames the duration is divided into.
  public func seek(toFrame index: Int, of count: Int) {
    let time = timeline.time(ofFrame: index, of: count)
    perform(machine.seek(toFrame: index, of: count, at: time))
  }

  /// Moves the playhead to `progress` × duration; see ``seek(to:)``.
  ///
  /// - Parameter progress: the new playhead as a fraction of the duration, 0…1.
  public func seek(toProgress progress: Double) {
    guard progress.isFinite else { return }
    seek(to: min(max(progress, 0), 1) * timeline.duration)
  }

  /// Plays back the way it came, from the current position: negates
  /// ``speed``. During the delay it only changes the end the play will start from.
  ///
  /// Steps already reported in this pass are not reported again; steps the
  /// playhead now never reaches are reported with `animated: false` when the
  /// pass ends, so that every step is still reported exactly once per pass.
  public func reverse() {
    machine.reverse()
  }

  /// Plays there and back forever: ``autoreverses`` on, ``repetition`` forever.
  /// Call ``play(after:animated:)`` to start, or call it during a play.
  public func loop() {
    autoreverses = true
    repetition = .forever
  }

  // MARK: Ending a play

  /// Jumps to the end of the play and ends it without firing any further
  /// event: the target shows the sample ticking to the end, or
  /// ``terminate()``, would land on, for the settings as they are now. For
  /// use when whoever would listen is going away.
  public func cancel() {
    perform(machine.cancel())
  }

  /// Jumps to the end of the play and fires the remaining events with
  /// `animated: false`: `willStart` if the delay had not elapsed, then,
  /// pass by pass exactly as ticking would go through them, the steps not
  /// reported yet — every remaining pass of a counted ``repetition``; for
  /// ``Repetition/forever``, the rest of the current repetition (the way
  /// back too when autoreversing) — then `didStop(finished: true)`. It lands
  /// where ticking to the end would.
  ///
  /// A termination always ends the play and gives its counter unit back:
  /// while it runs, handlers that pause, resume, seek, reverse or change
  /// the speed do not move it (a speed or direction set then applies to
  /// the next play); only ``stop()`` or ``cancel()`` from a handler end it
  /// earlier, their way.
  public func terminate() {
    perform(machine.terminate())
  }

  /// Ends the play where it is: the target keeps the current sample and
  /// `didStop(at: .current, finished: false)` fires.
  public func stop() {
    perform(machine.stop())
  }

  // MARK: Effects

  /// Performs `work` action by action. An event handler may control the
  /// player meanwhile: its own work runs to its end inside the handler, and
  /// the machine then winds this work up as the handler left things.
  private func perform(_ work: PlaybackStateMachine.Work) {
    var work = work
    while let action = machine.next(&work) {
      switch action {
      case .beginActivity:
        activity = counter?.begin()
      case .endActivity:
        activity?.end()
        activity = nil
      case .show(let time):
        timeline.sample(at: time, into: &scratch)
        target.apply(scratch)
      case .showFrame(let index, let count):
        timeline.sample(frame: index, of: count, into: &scratch)
        target.apply(scratch)
      case .emit(let event):
        onEvent?(event)
      }
    }
  }
}
