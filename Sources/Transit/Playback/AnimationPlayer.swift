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
  /// How many times each play repeats. Read when a pass ends, so it may be
  /// changed during a play.
  public var repetition: Repetition = .once
  /// Whether each repetition plays there and back (yoyo).
  public var autoreverses = false

  /// Where the player is in a play.
  public private(set) var phase: Phase = .idle
  /// Whether the play is paused: ticks change nothing until ``resume()``.
  public private(set) var isPaused = false
  /// The playhead in the timeline's own time, 0…``Timeline/duration``:
  /// the time of the sample the target shows. During a play's delay
  /// nothing has been applied yet, and it is where the play will start
  /// (``seek(to:)`` during the delay moves that point); a play stopped
  /// during its delay, or from its `willStart` handler, puts it back on the
  /// sample the target shows. Whatever an event handler does, the two agree
  /// again by the time the player's method returns.
  public private(set) var time: Double = 0
  /// The pass of the current play, counted from 0.
  public private(set) var pass = 0

  /// +1 or −1: where the next play starts, at 0 (+1) or at the end (−1).
  /// The sign of the last non-zero ``speed``, flipped by ``reverse()``;
  /// during a play, the way the play goes (its first pass's direction),
  /// except that a play being terminated keeps its course.
  private var direction: Double = 1
  /// +1 or −1: the way the playhead moves in timeline time during this pass.
  private var passDirection: Double = 1
  /// Whether this pass is the way back of an autoreversed repetition.
  private var isReturning = false
  private var reported: Set<Int> = []
  /// Steps a reversal left behind the playhead: reported when the pass ends.
  private var leftBehind: Set<Int> = []
  private var delayRemaining = 0.0
  private var lastTick = 0.0
  private var playAnimated = true
  private var activity: AnimationCounter.Activity?
  /// The time of the sample last applied to the target, if any.
  private var shownTime: Double?
  /// From ``play(after:animated:)`` until the play first applies a sample:
  /// `time` is where the play will start, not what the target shows.
  private var isStarting = false
  /// Set while ``terminate()`` plays the rest out: controls that would
  /// move the playhead are ignored then, so the play always ends.
  private var isTerminating = false
  /// Changes whenever the player is controlled, so that a tick interrupted
  /// by a handler does not carry on with stale decisions.
  private var epoch = 0
  private var scratch: Scene
  private let forwardSpans: [Timeline.StepSpan]
  private let backwardSpans: [Timeline.StepSpan]

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
    forwardSpans = timeline.stepSpans
    backwardSpans = timeline.reversed().stepSpans
    lastTick = clock.now
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
  /// reverses it from the current position (see ``reverse()``).
  public var speed: Double = 1 {
    didSet {
      guard speed.isFinite else {
        speed = oldValue
        return
      }
      let sign: Double = speed > 0 ? 1 : speed < 0 ? -1 : direction
      if sign != direction { flipDirection() }
    }
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
    guard phase == .idle, delay.isFinite, delay >= 0 else { return false }
    epoch &+= 1
    activity = counter?.begin()
    phase = .waiting
    isPaused = false
    pass = 0
    isReturning = false
    passDirection = direction
    reported = []
    leftBehind = []
    time = passDirection > 0 ? 0 : timeline.duration
    isStarting = true
    delayRemaining = animated ? delay : 0
    playAnimated = animated
    lastTick = clock.now
    if !animated {
      terminate()
    } else if delayRemaining == 0 {
      begin()
      if phase == .running, !isPaused { advance(by: 0) }
    }
    return true
  }

  /// Reads the clock and plays the time elapsed since the previous tick (or
  /// since the play, resume or creation, whichever came last), scaled by
  /// ``speed``: fires the events that time covers and applies the new sample.
  public func tick() {
    let now = clock.now
    let elapsed = max(0, now - lastTick)
    lastTick = now
    guard phase != .idle, !isPaused else { return }
    var available = elapsed
    if phase == .waiting {
      guard available >= delayRemaining else {
        delayRemaining -= available
        return
      }
      available -= delayRemaining
      delayRemaining = 0
      begin()
      // A willStart handler may have paused, stopped or redirected the
      // play: go on from wherever it left it.
      guard phase == .running, !isPaused else { return }
    }
    advance(by: available * abs(speed))
  }

  /// Freezes the play (its delay too) until ``resume()``. Time elapsed since
  /// the last tick is discarded: tick first to account for it.
  public func pause() {
    guard phase != .idle, !isPaused, !isTerminating else { return }
    epoch &+= 1
    isPaused = true
  }

  /// Continues a paused play; the time spent paused does not count.
  public func resume() {
    guard isPaused, !isTerminating else { return }
    epoch &+= 1
    isPaused = false
    lastTick = clock.now
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
    guard time.isFinite, !isTerminating else { return }
    epoch &+= 1
    self.time = min(max(time, 0), timeline.duration)
    guard phase != .waiting else { return }
    applySample()
    if phase == .running { _ = reportSteps(upTo: passTime, animated: false) }
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
    guard !isTerminating else { return }
    epoch &+= 1
    time = timeline.time(ofFrame: index, of: count)
    guard phase != .waiting else { return }
    timeline.sample(frame: index, of: count, into: &scratch)
    target.apply(scratch)
    shownTime = time
    isStarting = false
    if phase == .running { _ = reportSteps(upTo: passTime, animated: false) }
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
    speed = -speed  // a new sign flips the direction
    if speed == 0 { flipDirection() }  // 0 has no sign to say it
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
    guard phase != .idle else { return }
    epoch &+= 1
    time = finalPosition
    applySample()
    endPlay()
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
    guard phase != .idle, !isTerminating else { return }
    epoch &+= 1
    isTerminating = true
    defer { isTerminating = false }
    isPaused = false
    if phase == .waiting {
      phase = .running
      delayRemaining = 0
      emit(.willStart(animated: false))
      guard phase == .running else { return }
    }
    let duration = timeline.duration
    while true {
      guard reportSteps(upTo: .infinity, animated: false) else { return }
      let wayOut = autoreverses && !isReturning
      pass += 1
      let isOver = passCount.map { pass >= $0 } ?? !wayOut
      if isOver { break }
      if autoreverses { turnAround() }
      reported = []
      leftBehind = []
    }
    time = passDirection > 0 ? duration : 0
    applySample()
    let position = stopPosition
    endPlay()
    emit(.didStop(at: position, finished: true, animated: false))
  }

  /// Ends the play where it is: the target keeps the current sample and
  /// `didStop(at: .current, finished: false)` fires.
  public func stop() {
    guard phase != .idle else { return }
    epoch &+= 1
    // Stopped during its delay or from `willStart`, the play never touched
    // the target: `time` goes back to the sample the target shows.
    if phase == .waiting || isStarting { time = shownTime ?? 0 }
    endPlay()
    emit(.didStop(at: .current, finished: false, animated: playAnimated))
  }

  // MARK: Internals

  /// The playhead in the pass's own time: 0 where the pass starts.
  private var passTime: Double {
    passDirection > 0 ? time : timeline.duration - time
  }

  private var passSpans: [Timeline.StepSpan] {
    passDirection > 0 ? forwardSpans : backwardSpans
  }

  /// Where the play ends if nothing interrupts it: where ticking to the end
  /// (or ``terminate()``) lands. The passes after this one each turn round
  /// when autoreversing; how many there are depends on the settings now,
  /// not on those the play started with (a play switched to autoreversing
  /// during its second pass of two still has two to go).
  private var finalPosition: Double {
    let last: Double
    if let passCount {
      let remaining = passCount - pass - 1
      last = autoreverses && remaining > 0 && remaining % 2 == 1 ? -passDirection : passDirection
    } else {
      // Terminating a play that repeats forever ends its current repetition.
      last = autoreverses && !isReturning ? -passDirection : passDirection
    }
    return last > 0 ? timeline.duration : 0
  }

  private var stopPosition: StopPosition {
    if timeline.duration == 0 { return passDirection > 0 ? .end : .start }
    if time >= timeline.duration { return .end }
    if time <= 0 { return .start }
    return .current
  }

  private var passCount: Int? {
    guard let limit = repetition.limit else { return nil }
    guard autoreverses else { return limit }
    // Saturated at the largest even count: an autoreversed play still ends
    // on the side it started from.
    let (twice, overflow) = limit.multipliedReportingOverflow(by: 2)
    return overflow ? .max - 1 : twice
  }

  private func flipDirection() {
    direction = -direction
    // Terminating, the play keeps its course: the direction is for the next play.
    guard phase != .idle, !isTerminating else { return }
    epoch &+= 1
    passDirection = -passDirection
    if phase == .waiting {
      time = passDirection > 0 ? 0 : timeline.duration
      return
    }
    let position = passTime
    leftBehind = Set(
      passSpans.lazy.filter { $0.end <= position && !self.reported.contains($0.index) }.map(\.index)
    )
  }

  private func emit(_ event: PlaybackEvent) {
    onEvent?(event)
  }

  private func applySample() {
    timeline.sample(at: time, into: &scratch)
    target.apply(scratch)
    shownTime = time
    isStarting = false
  }

  /// The delay has elapsed: announce the play and show its first sample.
  private func begin() {
    phase = .running
    let current = epoch
    emit(.willStart(animated: playAnimated))
    guard epoch == current else {
      // The handler paused, reversed, seeked or ended the play. Whatever
      // it did, the target must show the sample at `time` (a play stopped
      // before its first sample has put `time` back on what it shows).
      if phase == .running, shownTime != time { applySample() }
      return
    }
    applySample()
    // A seek during the delay may start the play further on: the steps it
    // skipped are jumped past, not played.
    guard reportSteps(upTo: 0, animated: true) else { return }
    _ = reportSteps(upTo: passTime, animated: false)
  }

  /// Reports the steps of this pass that end at or before `limit` and were
  /// not reported yet. Returns `false` when a handler interrupted.
  private func reportSteps(upTo limit: Double, animated: Bool) -> Bool {
    let current = epoch
    for span in passSpans where span.end <= limit && !reported.contains(span.index) {
      if animated && leftBehind.contains(span.index) { continue }
      reported.insert(span.index)
      emit(.didFinishStep(span, pass: pass, animated: animated))
      guard epoch == current, phase == .running else { return false }
    }
    return true
  }

  /// Moves the playhead `amount` seconds of pass time on, through as many
  /// passes as it covers.
  private func advance(by amount: Double) {
    let current = epoch
    let duration = timeline.duration
    var remaining = amount
    while epoch == current, phase == .running, !isPaused {
      let target = passTime + remaining
      if target < duration {
        time = passDirection > 0 ? target : duration - target
        applySample()
        _ = reportSteps(upTo: target, animated: true)
        return
      }
      remaining = target - duration
      time = passDirection > 0 ? duration : 0
      applySample()
      // Every step ends by the end of the pass, including any a reversal left behind.
      guard reportSteps(upTo: duration, animated: true),
        reportSteps(upTo: .infinity, animated: false)
      else { return }
      pass += 1
      if let passCount, pass >= passCount {
        let position = stopPosition
        endPlay()
        emit(.didStop(at: position, finished: true, animated: playAnimated))
        return
      }
      if autoreverses {
        turnAround()
      } else {
        time = passDirection > 0 ? 0 : duration
      }
      reported = []
      leftBehind = []
      applySample()
      guard reportSteps(upTo: 0, animated: true) else { return }
      // A zero-length timeline repeated forever plays one pass per tick
      // rather than spinning here.
      if duration == 0 && passCount == nil { return }
    }
  }

  /// The next pass of an autoreversed play goes back the way this one came.
  private func turnAround() {
    isReturning.toggle()
    passDirection = -passDirection
  }

  private func endPlay() {
    phase = .idle
    isStarting = false
    isPaused = false
    delayRemaining = 0
    activity?.end()
    activity = nil
  }
}
