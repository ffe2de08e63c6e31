/// The rules of an ``AnimationPlayer`` with no effects: where the playhead
/// is, which pass and steps a play has reached, and what must happen next.
///
/// Every control is a `mutating func` that changes the state and returns a
/// ``Work``: what the player must now do, one ``Action`` at a time — begin
/// or end the counter's activity, show the sample at a time, fire an event.
/// The player performs each action and asks ``next(_:)`` for the one after.
/// Reading the clock, sampling the timeline, writing the target and calling
/// the handler all stay in the player, so the rules can be read (and run)
/// without them.
///
/// The work is a stack of frames the caller keeps, not the machine, because
/// an event handler may control the player in the middle of an operation:
/// the handler's operation then runs to its end inside the handler, on a
/// work of its own, and the interrupted operation, asked for its next
/// action, sees that the machine's ``epoch`` has moved and winds up.
struct PlaybackStateMachine {
  /// Where the machine is in a play.
  enum State: Equatable {
    /// No play in progress.
    case idle
    /// Played with a delay, `delay` seconds of which remain.
    case waiting(delay: Double)
    /// Playing (or paused while playing).
    case running
  }

  /// One effect the player performs for the machine.
  enum Action: Equatable {
    /// Count the play in the player's counter.
    case beginActivity
    /// Give the play's unit back to the counter.
    case endActivity
    /// Write the sample at `time` into the target.
    case show(time: Double)
    /// Write frame `index` of `count` into the target, bit for bit as
    /// ``Timeline/sample(frame:of:into:)`` gives it.
    case showFrame(index: Int, count: Int)
    /// Call the event handler.
    case emit(PlaybackEvent)
  }

  /// What remains of one operation: frames, innermost last.
  struct Work {
    fileprivate var frames: [Frame] = []
    /// What the frame finished last answered (`false`: a handler interrupted).
    fileprivate var answer = true

    fileprivate mutating func push(_ frame: Frame) { frames.append(frame) }
  }

  /// Bookkeeping of the play in progress, reset by each play.
  struct Play {
    /// Whether ticks change nothing until resumed.
    var isPaused = false
    /// The pass, counted from 0.
    var pass = 0
    /// +1 or −1: the way the playhead moves in timeline time this pass.
    var passDirection: Double = 1
    /// Whether this pass is the way back of an autoreversed repetition.
    var isReturning = false
    /// The steps reported in this pass.
    var reported: Set<Int> = []
    /// Steps a reversal left behind the playhead: reported when the pass ends.
    var leftBehind: Set<Int> = []
    /// Whether the play's events report `animated: true`.
    var isAnimated = true
    /// Until the play first shows a sample: `time` is where the play will
    /// start, not what the target shows.
    var isStarting = false
  }

  /// A step of an operation in progress; see ``Work``.
  fileprivate enum Frame {
    /// Reporting the steps of the pass that end by `limit`.
    case steps(Steps)
    /// Starting the play: `willStart` has fired at `epoch`.
    case announced(epoch: Int)
    /// Starting the play: its first sample is shown and the steps at 0 reported.
    case startReported
    /// After a play starts: play `elapsed` seconds of clock time, if still running.
    case advanceIfRunning(elapsed: Double)
    /// Moving the playhead `remaining` seconds of pass time on.
    case advance(remaining: Double, epoch: Int, stage: AdvanceStage)
    /// Terminating: `willStart` has fired.
    case terminationAnnounced
    /// Terminating: report the rest of this pass.
    case terminatePass
    /// Terminating: this pass is reported.
    case terminationPassReported
    /// Terminating: done, whichever way.
    case endTermination
    /// Show the sample at `time`.
    case show
    /// End the play (its unit goes back to the counter).
    case endPlay
    /// Perform `action` as it is.
    case perform(Action)
  }

  fileprivate struct Steps {
    var next = 0
    let limit: Double
    let animated: Bool
    let epoch: Int
    /// Whether a step has been reported, so a handler may have interrupted.
    var hasReported = false
  }

  fileprivate enum AdvanceStage {
    case moving, passEnded, leftBehindReported, nextPassStarted
  }

  let duration: Double
  private let forwardSpans: [Timeline.StepSpan]
  private let backwardSpans: [Timeline.StepSpan]

  private(set) var state = State.idle
  private(set) var play = Play()
  /// The playhead, 0…duration; see ``AnimationPlayer/time``.
  private(set) var time = 0.0
  /// See ``AnimationPlayer/speed``.
  private(set) var speed = 1.0
  var repetition = Repetition.once
  var autoreverses = false
  /// +1 or −1: where the next play starts, at 0 (+1) or at the end (−1).
  /// The sign of the last non-zero ``speed``, flipped by ``reverse()``;
  /// during a play, the way the play goes (its first pass's direction),
  /// except that a play being terminated keeps its course.
  private var direction: Double = 1
  private var lastTick: Double
  /// The time of the sample last shown, if any.
  private var shownTime: Double?
  /// Set while a termination plays the rest out: controls that would move
  /// the playhead are ignored then, so the play always ends.
  private var isTerminating = false
  /// Changes whenever the player is controlled, so that an operation
  /// interrupted by a handler does not carry on with stale decisions.
  private(set) var epoch = 0

  /// An idle machine for `timeline`, its clock reading `now`.
  init(timeline: Timeline, now: Double) {
    duration = timeline.duration
    forwardSpans = timeline.stepSpans
    backwardSpans = timeline.reversed().stepSpans
    lastTick = now
  }

  // MARK: Events

  /// Starts a play; `nil` (nothing changed) when one is in progress or the
  /// delay is negative or not finite.
  mutating func play(after delay: Double, animated: Bool, now: Double) -> Work? {
    guard state == .idle, delay.isFinite, delay >= 0 else { return nil }
    epoch &+= 1
    let wait = animated ? delay : 0
    state = .waiting(delay: wait)
    play = Play(passDirection: direction, isAnimated: animated, isStarting: true)
    time = direction > 0 ? 0 : duration
    lastTick = now
    var work = Work()
    if !animated {
      terminate(into: &work)
    } else if wait == 0 {
      work.push(.advanceIfRunning(elapsed: 0))
      begin(into: &work)
    }
    work.push(.perform(.beginActivity))
    return work
  }

  /// The clock reads `now`: plays the time elapsed since the last tick.
  mutating func tick(now: Double) -> Work {
    var work = Work()
    let elapsed = max(0, now - lastTick)
    lastTick = now
    guard state != .idle, !play.isPaused else { return work }
    guard case .waiting(let delay) = state else {
      advance(by: elapsed * abs(speed), into: &work)
      return work
    }
    guard elapsed >= delay else {
      state = .waiting(delay: delay - elapsed)
      return work
    }
    work.push(.advanceIfRunning(elapsed: elapsed - delay))
    begin(into: &work)
    return work
  }

  mutating func pause() {
    guard state != .idle, !play.isPaused, !isTerminating else { return }
    epoch &+= 1
    play.isPaused = true
  }

  mutating func resume(now: Double) {
    guard play.isPaused, !isTerminating else { return }
    epoch &+= 1
    play.isPaused = false
    lastTick = now
  }

  /// Moves the playhead to `time` (clamped); see ``AnimationPlayer/seek(to:)``.
  mutating func seek(to time: Double) -> Work {
    var work = Work()
    guard time.isFinite, !isTerminating else { return work }
    epoch &+= 1
    self.time = min(max(time, 0), duration)
    guard !isWaiting else { return work }
    if state == .running { reportSteps(upTo: passTime, animated: false, into: &work) }
    work.push(.show)
    return work
  }

  /// Moves the playhead to frame `index` of `count`, at `time`.
  mutating func seek(toFrame index: Int, of count: Int, at time: Double) -> Work {
    var work = Work()
    guard !isTerminating else { return work }
    epoch &+= 1
    self.time = time
    guard !isWaiting else { return work }
    if state == .running { reportSteps(upTo: passTime, animated: false, into: &work) }
    shownTime = time
    play.isStarting = false
    work.push(.perform(.showFrame(index: index, count: count)))
    return work
  }

  /// Sets the speed; a new sign reverses the play. Ignored when not finite.
  mutating func setSpeed(_ value: Double) {
    guard value.isFinite else { return }
    speed = value
    let sign: Double = speed > 0 ? 1 : speed < 0 ? -1 : direction
    if sign != direction { flipDirection() }
  }

  mutating func reverse() {
    setSpeed(-speed)  // a new sign flips the direction
    if speed == 0 { flipDirection() }  // 0 has no sign to say it
  }

  /// Jumps to where the play would end and ends it, firing nothing.
  mutating func cancel() -> Work {
    var work = Work()
    guard state != .idle else { return work }
    epoch &+= 1
    time = finalPosition
    work.push(.endPlay)
    work.push(.show)
    return work
  }

  /// Plays the rest out at once; see ``AnimationPlayer/terminate()``.
  mutating func terminate() -> Work {
    var work = Work()
    terminate(into: &work)
    return work
  }

  /// Ends the play where it is.
  mutating func stop() -> Work {
    var work = Work()
    guard state != .idle else { return work }
    epoch &+= 1
    // Stopped during its delay or from `willStart`, the play never touched
    // the target: `time` goes back to the sample the target shows.
    if state != .running || play.isStarting { time = shownTime ?? 0 }
    work.push(.perform(.emit(.didStop(at: .current, finished: false, animated: play.isAnimated))))
    work.push(.endPlay)
    return work
  }

  /// The next action of `work`, or `nil` when the operation is over.
  mutating func next(_ work: inout Work) -> Action? {
    while let frame = work.frames.popLast() {
      if let action = resume(frame, in: &work) { return action }
    }
    return nil
  }

  // MARK: Operations

  private var isWaiting: Bool {
    if case .waiting = state { return true }
    return false
  }

  /// The playhead in the pass's own time: 0 where the pass starts.
  private var passTime: Double {
    play.passDirection > 0 ? time : duration - time
  }

  private var passSpans: [Timeline.StepSpan] {
    play.passDirection > 0 ? forwardSpans : backwardSpans
  }

  /// Where the play ends if nothing interrupts it: where ticking to the end
  /// (or a termination) lands. The passes after this one each turn round
  /// when autoreversing; how many there are depends on the settings now,
  /// not on those the play started with (a play switched to autoreversing
  /// during its second pass of two still has two to go).
  private var finalPosition: Double {
    let last: Double
    if let passCount {
      let remaining = passCount - play.pass - 1
      last =
        autoreverses && remaining > 0 && remaining % 2 == 1
        ? -play.passDirection : play.passDirection
    } else {
      // Terminating a play that repeats forever ends its current repetition.
      last = autoreverses && !play.isReturning ? -play.passDirection : play.passDirection
    }
    return last > 0 ? duration : 0
  }

  private var stopPosition: StopPosition {
    if duration == 0 { return play.passDirection > 0 ? .end : .start }
    if time >= duration { return .end }
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

  private mutating func flipDirection() {
    direction = -direction
    // Terminating, the play keeps its course: the direction is for the next play.
    guard state != .idle, !isTerminating else { return }
    epoch &+= 1
    play.passDirection = -play.passDirection
    guard state == .running else {
      time = play.passDirection > 0 ? 0 : duration
      return
    }
    let position = passTime
    let reported = play.reported
    play.leftBehind = Set(
      passSpans.lazy.filter { $0.end <= position && !reported.contains($0.index) }.map(\.index)
    )
  }

  /// The delay has elapsed: announce the play, then show its first sample.
  private mutating func begin(into work: inout Work) {
    state = .running
    work.push(.announced(epoch: epoch))
    work.push(.perform(.emit(.willStart(animated: play.isAnimated))))
  }

  private mutating func terminate(into work: inout Work) {
    guard state != .idle, !isTerminating else { return }
    epoch &+= 1
    isTerminating = true
    play.isPaused = false
    work.push(.endTermination)
    guard state == .running else {
      state = .running
      work.push(.terminationAnnounced)
      work.push(.perform(.emit(.willStart(animated: false))))
      return
    }
    work.push(.terminatePass)
  }

  /// Moves the playhead `amount` seconds of pass time on, through as many
  /// passes as it covers.
  private func advance(by amount: Double, into work: inout Work) {
    work.push(.advance(remaining: amount, epoch: epoch, stage: .moving))
  }

  /// Reports the steps of this pass that end at or before `limit` and were
  /// not reported yet; answers `false` when a handler interrupted.
  private func reportSteps(upTo limit: Double, animated: Bool, into work: inout Work) {
    work.push(.steps(Steps(limit: limit, animated: animated, epoch: epoch)))
  }

  private mutating func show() -> Action {
    shownTime = time
    play.isStarting = false
    return .show(time: time)
  }

  private mutating func endPlay() -> Action {
    state = .idle
    play.isStarting = false
    play.isPaused = false
    return .endActivity
  }

  private mutating func resume(_ frame: Frame, in work: inout Work) -> Action? {
    switch frame {
    case .steps(let steps):
      return resume(steps, in: &work)
    case .announced(let announced):
      guard epoch == announced else {
        // The handler paused, reversed, seeked or ended the play. Whatever
        // it did, the target must show the sample at `time` (a play stopped
        // before its first sample has put `time` back on what it shows).
        return state == .running && shownTime != time ? show() : nil
      }
      work.push(.startReported)
      // A seek during the delay may start the play further on: the steps it
      // skipped are jumped past, not played.
      reportSteps(upTo: 0, animated: true, into: &work)
      return show()
    case .startReported:
      if work.answer { reportSteps(upTo: passTime, animated: false, into: &work) }
      return nil
    case .advanceIfRunning(let elapsed):
      // A willStart handler may have paused, stopped or redirected the
      // play: go on from wherever it left it.
      if state == .running, !play.isPaused { advance(by: elapsed * abs(speed), into: &work) }
      return nil
    case .advance(let remaining, let epoch, let stage):
      return advance(remaining, epoch: epoch, stage: stage, in: &work)
    case .terminationAnnounced:
      if state == .running { work.push(.terminatePass) }
      return nil
    case .terminatePass:
      work.push(.terminationPassReported)
      reportSteps(upTo: .infinity, animated: false, into: &work)
      return nil
    case .terminationPassReported:
      return terminationPassReported(in: &work)
    case .endTermination:
      isTerminating = false
      return nil
    case .show:
      return show()
    case .endPlay:
      return endPlay()
    case .perform(let action):
      return action
    }
  }

  private mutating func resume(_ frame: Steps, in work: inout Work) -> Action? {
    var steps = frame
    guard !steps.hasReported || (epoch == steps.epoch && state == .running) else {
      work.answer = false
      return nil
    }
    let spans = passSpans
    while steps.next < spans.count {
      let span = spans[steps.next]
      steps.next += 1
      guard span.end <= steps.limit, !play.reported.contains(span.index) else { continue }
      if steps.animated && play.leftBehind.contains(span.index) { continue }
      play.reported.insert(span.index)
      steps.hasReported = true
      work.push(.steps(steps))
      return .emit(.didFinishStep(span, pass: play.pass, animated: steps.animated))
    }
    work.answer = true
    return nil
  }

  private mutating func advance(
    _ remaining: Double, epoch current: Int, stage: AdvanceStage, in work: inout Work
  ) -> Action? {
    func frame(_ stage: AdvanceStage) -> Frame {
      .advance(remaining: remaining, epoch: current, stage: stage)
    }
    switch stage {
    case .moving:
      guard epoch == current, state == .running, !play.isPaused else { return nil }
      let target = passTime + remaining
      if target < duration {
        time = play.passDirection > 0 ? target : duration - target
        reportSteps(upTo: target, animated: true, into: &work)
        return show()
      }
      time = play.passDirection > 0 ? duration : 0
      work.push(.advance(remaining: target - duration, epoch: current, stage: .passEnded))
      reportSteps(upTo: duration, animated: true, into: &work)
      return show()
    case .passEnded:
      // Every step ends by the end of the pass, including any a reversal left behind.
      guard work.answer else { return nil }
      work.push(frame(.leftBehindReported))
      reportSteps(upTo: .infinity, animated: false, into: &work)
      return nil
    case .leftBehindReported:
      guard work.answer else { return nil }
      play.pass += 1
      if let passCount, play.pass >= passCount {
        let position = stopPosition
        work.push(
          .perform(.emit(.didStop(at: position, finished: true, animated: play.isAnimated))))
        return endPlay()
      }
      if autoreverses {
        turnAround()
      } else {
        time = play.passDirection > 0 ? 0 : duration
      }
      play.reported = []
      play.leftBehind = []
      work.push(frame(.nextPassStarted))
      reportSteps(upTo: 0, animated: true, into: &work)
      return show()
    case .nextPassStarted:
      guard work.answer else { return nil }
      // A zero-length timeline repeated forever plays one pass per tick
      // rather than spinning here.
      if duration == 0 && passCount == nil { return nil }
      work.push(frame(.moving))
      return nil
    }
  }

  private mutating func terminationPassReported(in work: inout Work) -> Action? {
    guard work.answer else { return nil }
    let wayOut = autoreverses && !play.isReturning
    play.pass += 1
    let isOver = passCount.map { play.pass >= $0 } ?? !wayOut
    guard isOver else {
      if autoreverses { turnAround() }
      play.reported = []
      play.leftBehind = []
      work.push(.terminatePass)
      return nil
    }
    time = play.passDirection > 0 ? duration : 0
    let position = stopPosition
    work.push(.perform(.emit(.didStop(at: position, finished: true, animated: false))))
    work.push(.endPlay)
    return show()
  }

  /// The next pass of an autoreversed play goes back the way this one came.
  private mutating func turnAround() {
    play.isReturning.toggle()
    play.passDirection = -play.passDirection
  }
}
