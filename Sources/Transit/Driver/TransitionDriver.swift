/// The one place where a container's transitions run: everything between
/// "a container asks for a transition" and "it has settled".
///
/// A container (``StackContainer``, ``PlaceholderContainer``, your own)
/// keeps its model — which children it has, which are loaded — and hands
/// the driver two things: **operations**, closures that change the model
/// and may ask for one transition each, and **requests**
/// (``TransitionRequest``), which say what to play. The driver:
///
/// - queues operations and runs them one at a time, in order, each only
///   once the previous transition has settled;
/// - builds the style in the current context and binds it to the live
///   views' base layout (``Transition``), so a pop after a rotation lands
///   on the layout at the new bounds;
/// - plays it on its clock, animated, or instantly: an instant transition
///   is the same transition landed on its end, so it leaves exactly the
///   states the animated one leaves;
/// - holds one unit of its ``counter`` from the moment a transition starts
///   until it has settled (its last sample written, the container's
///   bookkeeping done, every event delivered), and gives it back exactly
///   once;
/// - delivers the ``ContainerEvent``s to ``observer``, in CoconutKit's order.
///
/// ```swift
/// let driver = TransitionDriver(clock: clock) { [unowned self] state, id in
///   scene.apply(state, to: id)
/// }
/// driver.enqueue { [unowned self] () throws(TransitError) in
///   children.append(detail)
///   try driver.run(TransitionRequest(
///     transition: Transition(style: slide, appearingViewID: "detail", disappearingViewID: "list"),
///     isReversed: false, bounds: bounds, views: [list, detail], animated: true,
///     shownIsMovingToParent: true, hiddenIsMovingFromParent: false))
/// }
/// ```
///
/// ## Re-entrancy
/// Anything an observer does from inside a callback waits its turn: an
/// operation issued from an event (a will-event, a did-event, any other)
/// is queued and runs after the current transition has delivered all of
/// its events and settled, so events of two transitions never interleave.
/// A ``tick()`` from inside a callback does nothing. A rotation gated on
/// ``counter`` and requested from a callback sees the unit still held, so
/// it is deferred (or refused) to the point between transitions where
/// ``betweenTransitions`` runs, at counter 0.
///
/// ## Order at the end of a transition
/// 1. the last sample is written to the views;
/// 2. the request's ``TransitionRequest/settle`` runs (the container's bookkeeping);
/// 3. the did-events are delivered;
/// 4. the counter unit is given back;
/// 5. ``betweenTransitions`` runs (a container applies a rotation the gate let through);
/// 6. the next queued operation runs.
///
/// ## Threads
/// Like its players, a driver belongs to one isolation domain; only its
/// ``counter`` may be shared across threads.
public final class TransitionDriver {
  /// The clock transitions play on; ``tick()`` reads it.
  public let clock: any PlaybackClock
  /// Holds one unit while a transition runs, from start to settle.
  public let counter: AnimationCounter
  /// Receives every event, transitions' and the container's own.
  public var observer: ((ContainerEvent) -> Void)?
  /// Runs between transitions, with no transition running and this
  /// driver's unit given back: before each queued operation, and on every
  /// ``tick()`` while idle. Containers apply approved rotations here.
  public var betweenTransitions: (() -> Void)?
  /// How the gestures of interactive transitions move the picture; read
  /// when an interaction begins. See ``Scrubbing``.
  public var scrubbing: Scrubbing = .linear

  /// The effects' side of the running transition: what the driver plays,
  /// writes and calls. Where it is (played, turned back, scrubbed,
  /// completing, settling) is the ``machine``'s.
  private struct Running {
    var request: TransitionRequest
    var timeline: Timeline
    /// Plays the transition while it is played or turned back; `nil` once
    /// it is interactive.
    var player: AnimationPlayer<StateWriter>?
    var activity: AnimationCounter.Activity
    /// The completion of the operation that started the transition.
    var completion: ((OperationOutcome) -> Void)?
    /// The completions of operations that turned it back: they have done
    /// what they asked once it settles back on its start.
    var turnBackCompletions: [(OperationOutcome) -> Void] = []
    /// Takes each sample whole (a layout change that writes appearance too).
    var apply: ((Scene) -> Void)? = nil
    /// The scene an interaction's samples are written into.
    var scratch: Scene
  }

  /// The rules, with no effects: the running transition's phase (played,
  /// turned back, scrubbed, completing, settling), the interaction's
  /// progress and pacing, and what is on the call stack (deliveries,
  /// drains, holds). Every control asks it first and performs the actions
  /// it answers; the driver itself keeps only the effects: the clock, the
  /// player, the writes, the observers, the completions and the queue.
  private var machine = TransitionDriverStateMachine()
  private let write: (ViewState, String) -> Void
  /// Shows the flying overlays above the screens, or `nil`: nothing flies.
  private let showFlights: (([View]) -> Void)?
  private var queue:
    [(
      operation: () throws(TransitError) -> Void, completion: Completion?,
      alongside: OperationAlongside?
    )] =
      []
  typealias Completion = (OperationOutcome) -> Void
  /// The completion of the operation running now, until ``run(_:)`` hands
  /// it to the transition it starts.
  private var operationCompletion: Completion?
  /// The alongside animations of the operation running now, until the
  /// transition it starts takes them.
  private var operationAlongside: OperationAlongside?
  private var running: Running?

  /// Creates an idle driver.
  ///
  /// - Parameters:
  ///   - clock: the clock transitions play on.
  ///   - counter: the counter its transitions count in; share it with a
  ///     ``RotationGate`` (and other animations) so that rotations wait.
  ///   - write: writes one view's sampled state into the container's views.
  ///   - showFlights: puts the overlays of the flights flying now (see
  ///     <doc:MatchedElements>) above the transition's screens, in the
  ///     container coordinates of the transition's bounds, replacing those
  ///     it put there before; an empty array removes them. Without it
  ///     nothing flies: a container that cannot draw the overlays keeps its
  ///     matched elements in place.
  public init(
    clock: any PlaybackClock, counter: AnimationCounter = AnimationCounter(),
    write: @escaping (ViewState, String) -> Void,
    showFlights: (([View]) -> Void)? = nil
  ) {
    self.clock = clock
    self.counter = counter
    self.write = write
    self.showFlights = showFlights
  }

  /// Whether a transition is running (from its start until it has settled).
  public var isRunning: Bool { !machine.isIdle }

  /// Operations waiting for their turn.
  public var pendingOperationCount: Int { queue.count }

  /// The duration of the running transition's timeline, or `nil` when none runs.
  public var runningDuration: Double? { running?.timeline.duration }

  /// Whether an interactive transition is being driven by ``updateInteraction(_:)``
  /// (begun and not yet released).
  public var isInteracting: Bool { machine.isInteracting }

  /// The progress the running interactive transition shows, 0…1, or `nil`
  /// when none runs. After the release it follows the completion.
  public var interactionProgress: Double? { machine.interactionProgress }

  /// Shows frame `index` of `count` of the running transition, sampled
  /// exactly as ``Timeline/sample(frame:of:into:)`` samples it (frame `i` at
  /// `i · D / (count − 1)`): how an offline renderer draws a transition
  /// frame by frame on a ``ManualClock``. The transition goes on from there
  /// on the next ``tick()`` and settles as usual. Does nothing when no
  /// transition runs, or from inside an event.
  ///
  /// - Parameters:
  ///   - index: the frame, 0…`count` − 1 (clamped).
  ///   - count: the number of frames the duration is divided into.
  public func showFrame(_ index: Int, of count: Int) {
    guard !machine.isDelivering else { return }
    running?.player?.seek(toFrame: index, of: count)
  }

  /// Queues `operation` and runs the queue if nothing is running. A failing
  /// operation is reported as ``ContainerEvent/operationFailed(_:)`` and the
  /// queue goes on.
  ///
  /// - Parameters:
  ///   - completion: called once when the operation has ended, after its
  ///     last event: see ``OperationOutcome``.
  ///   - operation: changes the container's model and calls ``run(_:)`` at
  ///     most once.
  public func enqueue(
    completion: ((OperationOutcome) -> Void)? = nil,
    _ operation: @escaping () throws(TransitError) -> Void
  ) {
    enqueue(alongside: nil, completion: completion, operation)
  }

  /// Queues `operation` with the animations to play alongside the
  /// transition it starts (see ``OperationAlongside``).
  func enqueue(
    alongside: OperationAlongside?, completion: ((OperationOutcome) -> Void)? = nil,
    _ operation: @escaping () throws(TransitError) -> Void
  ) {
    queue.append((operation, completion, alongside))
    drain()
  }

  /// Runs `operation` with `completion` as the operation's own: the
  /// transition it starts reports to it when it settles; an operation that
  /// starts none (or fails) reports as soon as it returns. The transition
  /// it starts plays `alongside` with it.
  private func perform(
    _ operation: () throws(TransitError) -> Void, completion: Completion?,
    alongside: OperationAlongside? = nil
  ) throws(TransitError) {
    operationCompletion = completion
    operationAlongside = alongside
    defer {
      let unclaimed = operationCompletion
      operationCompletion = nil
      operationAlongside = nil
      // Reported by the caller once any failure has gone out.
      pendingOutcome = unclaimed
    }
    try operation()
  }

  /// The completion of an operation that started no transition, waiting
  /// for the operation's failure (if any) to be reported first.
  private var pendingOutcome: Completion?

  private func reportPending(failed: Bool) {
    guard let completion = pendingOutcome else { return }
    pendingOutcome = nil
    completion(failed ? .cancelled : .finished)
  }

  /// Starts `request`'s transition. Call it from inside an operation, at
  /// most once per operation: a non-animated transition (or one of
  /// duration 0) has settled when this returns, an animated one settles on
  /// a later ``tick()``.
  ///
  /// - Parameter request: what to play.
  /// - Throws: ``TransitError`` from binding the style or the alongside
  ///   animations (before anything changes; see
  ///   ``TransitionRequest/alongside``), `.invalidValue` for an alongside
  ///   animation that changes a view's appearance (its colours, corners,
  ///   border, shadow: the driver writes view states), or `.invalidState`
  ///   when a transition is already running.
  public func run(_ request: TransitionRequest) throws(TransitError) {
    guard machine.isIdle else {
      throw TransitError.transitionRunning
    }
    var request = request
    if let alongside = operationAlongside, !alongside.animations.isEmpty {
      request.alongside += alongside.animations
      request.alongsideViews += alongside.views()
    }
    operationAlongside = nil
    let timeline = try request.timeline(matching: showFlights == nil ? .disabled : request.matching)
    if let change = timeline.alongsideAppearanceChange {
      // A transition's samples reach the container as view states only.
      throw TransitError(
        .invalidValue,
        "alongside animation \(change.animation) changes the \(change.property) of"
          + " '\(change.view)': alongside a transition, animate frames, alphas, transforms"
          + " and visibility")
    }
    start(request, timeline: timeline)
  }

  /// Plays `timeline`, a change of the container's layout rather than a
  /// transition between children (an animated rotation, a sheet moving
  /// between detents): it runs exactly like a transition — it holds one
  /// unit of ``counter`` from now until it has settled, operations wait
  /// behind it, ``showFrame(_:of:)`` and ``tick()`` play it — but it shows
  /// and hides no child, so it delivers no appearance events. Its last
  /// sample is the timeline's end, bit for bit; then `settle` runs.
  ///
  /// - Parameters:
  ///   - timeline: the change, bound to the container's views as they are
  ///     now; its views' ids are the container's.
  ///   - animated: `false` (or a timeline of duration 0) lands on the end at once.
  ///   - settle: the container's bookkeeping once the last sample is written.
  /// - Throws: `.invalidState` when a transition is already running.
  public func runLayoutChange(
    _ timeline: Timeline, animated: Bool = true, settle: @escaping () -> Void = {}
  ) throws(TransitError) {
    try runLayoutChange(timeline, animated: animated, events: ([], [], []), settle: settle)
  }

  /// A layout change that shows or hides a child (a sheet sliding up or
  /// away): `events.will` go out when it starts, `events.did` once it has
  /// settled; `apply` receives every sample whole, so that the container
  /// writes the views' appearance (a presenting screen's corners) as well
  /// as their states.
  func runLayoutChange(
    _ timeline: Timeline, animated: Bool,
    events: (will: [ContainerEvent], did: [ContainerEvent], cancelled: [ContainerEvent]),
    apply: ((Scene) -> Void)? = nil, settle: @escaping () -> Void,
    rollback: @escaping () -> Void = {}
  ) throws(TransitError) {
    guard machine.isIdle else {
      throw TransitError.transitionRunning
    }
    var timeline = timeline
    if let alongside = operationAlongside, !alongside.animations.isEmpty {
      timeline = try timeline.addingAlongside(alongside.animations, extraViews: alongside.views())
    }
    operationAlongside = nil
    var request = TransitionRequest(
      transition: Transition(style: NoneStyle(), appearingViewID: nil, disappearingViewID: nil),
      isReversed: false, bounds: Rect(size: timeline.initialScene.size), views: [],
      animated: animated, shownIsMovingToParent: false, hiddenIsMovingFromParent: false,
      settle: settle, rollback: rollback, matching: .disabled)
    request.events = events
    // Interactive when a back gesture drives a sheet's dismissal.
    start(request, timeline: timeline, apply: apply)
  }

  /// Starts `request`'s transition: played, or interactive when
  /// ``beginInteractive(completion:_:)`` asked for it (see the machine).
  private func start(
    _ request: TransitionRequest, timeline: Timeline, apply: ((Scene) -> Void)? = nil
  ) {
    let actions = machine.start(
      duration: timeline.duration, scrubbing: scrubbing == .linear ? .linear : .curves)
    running = Running(
      request: request, timeline: timeline, player: nil, activity: counter.begin(),
      completion: operationCompletion, apply: apply, scratch: timeline.initialScene)
    operationCompletion = nil
    perform(actions)
  }

  /// Performs the machine's `actions`, in order.
  private func perform(_ actions: [TransitionDriverStateMachine.Action]) {
    for action in actions {
      switch action {
      case .play: play()
      case .deliverWillEvents: deliver(running?.request.willEvents ?? [])
      case .show(let time, let pacing): show(time: time, pacing: pacing)
      case .tickPlayer: running?.player?.tick()
      case .reversePlayer: running?.player?.reverse()
      case .stopPlayer:
        guard let player = running?.player else { continue }
        player.onEvent = nil
        player.stop()
        running?.player = nil
      case .settle(let outcome): settle(outcome)
      }
    }
  }

  /// Plays the running transition on a player of its own.
  private func play() {
    guard let current = running else { return }
    var target = writer(for: current.timeline)
    target.applyScene = current.apply
    let player = AnimationPlayer(timeline: current.timeline, target: target, clock: clock)
    running?.player = player
    player.onEvent = { [unowned self] event in
      switch event {
      case .willStart: perform(machine.playerStarted())
      case .didFinishStep: break
      case .didStop: perform(machine.playerStopped())
      }
    }
    player.play(animated: current.request.animated)
  }

  /// Plays the running transition up to the clock's time, then, between
  /// transitions, runs ``betweenTransitions`` and the queued operations.
  /// Does nothing when called from inside an event.
  public func tick() {
    guard let actions = machine.tick(now: clock.now) else { return }
    perform(actions)
    drain()
  }

  /// Turns the running transition back from where it is, when
  /// `shouldReverse` accepts its request: it plays the exact mirror of the
  /// part already played and settles as a cancelled transition (the
  /// request's ``TransitionRequest/rollback``, then the cancelled-transition
  /// events; see ``releaseInteraction(_:)``). How a container implements
  /// the `reverse` ``TransitionInterruption``: a pop issued while its push
  /// runs turns the push back instead of waiting.
  ///
  /// Nothing happens (returning `false`) when no played transition runs,
  /// operations are queued (the new one must wait its turn behind them),
  /// the transition is interactive or already turned back, or from inside
  /// an event.
  ///
  /// - Parameters:
  ///   - completion: the turning-back operation's completion: reported
  ///     ``OperationOutcome/finished`` once the transition has settled on its
  ///     start (and the transition's own operation ``OperationOutcome/cancelled``).
  ///   - shouldReverse: decides from the running request.
  /// - Returns: whether the transition was turned back.
  public func reverseRunning(
    completion: ((OperationOutcome) -> Void)? = nil,
    where shouldReverse: (TransitionRequest) -> Bool
  ) -> Bool {
    guard machine.mayTurnBack(queueIsEmpty: queue.isEmpty), let current = running,
      current.player?.phase == .running, shouldReverse(current.request)
    else { return false }
    if let completion { running?.turnBackCompletions.append(completion) }
    perform(machine.turnBack())
    return true
  }

  // MARK: Interactive transitions

  /// Runs `operation` at once so that the transition it asks for starts
  /// interactively: its will-events are delivered, its counter unit taken,
  /// and it shows progress 0 until ``updateInteraction(_:)`` moves it and
  /// ``releaseInteraction(_:)`` completes it.
  ///
  /// An interaction follows a finger, so it never waits in the queue: it
  /// begins only on an idle driver. A transition of duration 0 has nothing
  /// to follow: it runs at once, exactly as when not interactive, and
  /// there is no interaction to update or release. Operations issued while it runs queue
  /// behind it as usual.
  ///
  /// - Parameters:
  ///   - completion: called once when the operation has ended; see
  ///     ``OperationOutcome``.
  ///   - operation: changes the container's model and calls ``run(_:)`` at
  ///     most once with an animated request.
  /// - Throws: `.invalidState` when a transition runs, operations are
  ///   queued, or it is called from inside an event (nothing changes); the
  ///   operation's own error otherwise.
  public func beginInteractive(
    completion: ((OperationOutcome) -> Void)? = nil,
    _ operation: () throws(TransitError) -> Void
  ) throws(TransitError) {
    try beginInteractive(alongside: nil, completion: completion, operation)
  }

  /// ``beginInteractive(completion:_:)`` with the animations to play
  /// alongside the transition (see ``OperationAlongside``). With
  /// `holdsInstant`, a transition of duration 0 does not run at once: it
  /// waits for the release like any interaction, the picture left as it is
  /// until a finish lands it on its end, while a cancel settles it back on
  /// its start. A back gesture begins so: whatever its back plays, the
  /// gesture decides at the release.
  func beginInteractive(
    alongside: OperationAlongside?, holdsInstant: Bool = false,
    completion: ((OperationOutcome) -> Void)? = nil,
    _ operation: () throws(TransitError) -> Void
  ) throws(TransitError) {
    guard machine.beginInteractive(queueIsEmpty: queue.isEmpty, holdsInstant: holdsInstant) else {
      throw TransitError(
        .invalidState,
        "an interactive transition begins only when no transition runs or waits;"
          + " finish or cancel the current one first")
    }
    let failure: TransitError?
    do {
      try perform(operation, completion: completion, alongside: alongside)
      failure = nil
    } catch {
      failure = error
    }
    machine.endInteractive()
    reportPending(failed: failure != nil)
    // Operations an event of the operation issued run now if nothing started.
    drain()
    if let failure { throw failure }
  }

  /// Shows the interactive transition at `progress` × its duration: with
  /// ``scrubbing`` ``Scrubbing/linear`` (the default) as the transition
  /// with its curves replaced by linear shows it then, with
  /// ``Scrubbing/curve`` exactly as the non-interactive transition shows it
  /// then (the style's own curves). Ignored (returning `false`) when no
  /// interaction is being driven — after its release, say — or when
  /// `progress` is not finite; clamped into 0…1.
  ///
  /// - Parameter progress: the fraction of the transition to show.
  /// - Returns: whether the transition moved.
  @discardableResult
  public func updateInteraction(_ progress: Double) -> Bool {
    guard let actions = machine.update(progress) else { return false }
    perform(actions)
    return true
  }

  /// Lets go of the interactive transition: from where it is, it finishes
  /// or returns to its start as `release` says, on later ``tick()``s (at
  /// once when there is nothing left to play). Ignored (returning `false`)
  /// when no interaction is being driven.
  ///
  /// The completion moves the progress from `p` to its target as
  /// ``InteractionRelease`` says (linearly, or like a spring starting at
  /// the release velocity). After linear scrubbing each step then goes on
  /// from the very progress the scrub showed along its own curve's
  /// remainder, blended in so that its rate at the release is the scrub's:
  /// with `u₀` the fraction of its time a step had run and `c` its curve,
  /// finishing shows `u₀ + (1 − u₀)·((1 − s)·s + s·r)` where
  /// `s = (u − u₀)/(1 − u₀)` and `r = (c(u) − c(u₀))/(1 − c(u₀))`
  /// (cancelling, the mirror). It equals `u₀` at the release with slope 1
  /// (no jump in position, nor in velocity when the release velocity is
  /// the finger's) and 1 at the end, where the last sample is the
  /// timeline's own end, bit for bit.
  ///
  /// A finished transition settles exactly like the non-interactive one:
  /// the same last sample, bookkeeping and did-events. A cancelled one
  /// lands on its start, the request's ``TransitionRequest/rollback`` puts
  /// the container back as it was before the transition began, and the
  /// events are UIKit's for a cancelled interactive transition: the view
  /// that was to be shown gets `viewWillDisappear` and `viewDidDisappear`
  /// (then ``ContainerEvent/didCancelShow(_:animated:)``), the one that was to be
  /// hidden `viewWillAppear` and `viewDidAppear` (then
  /// ``ContainerEvent/didCancelHide(_:animated:)``).
  ///
  /// - Parameter release: finish or cancel, the velocity and completion speed.
  /// - Returns: whether an interaction was released.
  @discardableResult
  public func releaseInteraction(_ release: InteractionRelease) -> Bool {
    guard let timeline = running?.timeline,
      let actions = machine.release(release, now: clock.now, forwardTime: timeline.forwardTime)
    else { return false }
    perform(actions)
    drain()
    return true
  }

  /// Catches the running transition with a gesture, wherever it is: played
  /// (a push or pop running on its own), completing (an interaction
  /// released and not yet settled) or interrupted (turned back by
  /// ``reverseRunning(completion:where:)``). From now on it is an
  /// interaction being driven, exactly as if it had begun with
  /// ``beginInteractive(completion:_:)``: ``updateInteraction(_:)`` moves
  /// it and ``releaseInteraction(_:)`` finishes it (landing bit for bit on
  /// the end) or cancels it (bit for bit on the picture before the
  /// operation began, with the rollback and UIKit's cancelled events).
  ///
  /// The picture does not move: the interaction starts at the progress the
  /// transition had reached, paced as its picture was — a played or
  /// turned-back transition along the style's curves (its own playhead, bit
  /// for bit), a completing one along the completion's pacing — and keeps
  /// that pacing through the drag and its release, so neither the catch nor
  /// the next release jumps.
  ///
  /// - Returns: the transition's velocity when caught, in progress per
  ///   second (negative when it was heading back to its start), for the
  ///   host to carry on from; `nil` when there is nothing to catch (no
  ///   transition runs, it is being driven already, it has nothing left to
  ///   play, or this is called from inside an event).
  public func grabRunning() -> Double? {
    let player = running?.player
    let playhead = player?.phase == .running ? player?.time : nil
    guard let grab = machine.grab(now: clock.now, playhead: playhead) else { return nil }
    perform(grab.actions)
    return grab.velocity
  }

  /// Writes the interaction's sample at `time` paced by `pacing`.
  private func show(time: Double, pacing: Timeline.Pacing) {
    guard var current = running else { return }
    current.timeline.sample(at: time, pacing: pacing, into: &current.scratch)
    running = current
    var writer = writer(for: current.timeline)
    writer.applyScene = current.apply
    writer.apply(current.scratch)
  }

  /// The writer of `timeline`'s samples: states to the container's views,
  /// flying overlays to ``showFlights``.
  private func writer(for timeline: Timeline) -> StateWriter {
    StateWriter(
      write: write, showFlights: timeline.flights.isEmpty ? nil : showFlights,
      firstOverlay: timeline.flights.first?.overlay ?? timeline.initialScene.views.count)
  }

  /// Delivers a container's own event (``ContainerEvent/unloaded(_:)``,
  /// ``ContainerEvent/boundsChanged(_:)``…) to ``observer``.
  ///
  /// - Parameter event: the event.
  public func emit(_ event: ContainerEvent) {
    deliver([event])
  }

  /// The ids the running transition shows and hides: a container still
  /// answers for them while their last events go out, after its bookkeeping
  /// has let them go (a popped child, a cancelled push).
  var runningIDs: [String] {
    guard let request = running?.request else { return [] }
    return [request.shownID, request.hiddenID].compactMap { $0 }
  }

  /// Sees every event before ``observer``: a container's own bookkeeping
  /// of what it has delivered (its children's lifecycle phases).
  var eventTap: ((ContainerEvent) -> Void)?

  private func deliver(_ events: [ContainerEvent]) {
    machine.beginDelivery()
    for event in events {
      eventTap?(event)
      observer?(event)
    }
    // An operation issued from an event delivered outside any transition
    // (a rotation's boundsChanged, say) runs now rather than on the next tick.
    if machine.endDelivery() { drain() }
  }

  /// The transition is on its last sample. Finished: the container's
  /// bookkeeping and the did-events; cancelled (back on its start): the
  /// container's rollback and the cancelled-transition events. Then the
  /// unit goes back and the completions are called: the transition's own
  /// operation's with `outcome`, those of operations that turned it back
  /// with the opposite (a transition turned back, then caught and
  /// finished: the operations that turned it back did not happen).
  private func settle(_ outcome: OperationOutcome) {
    guard let current = running else { return }
    switch outcome {
    case .finished:
      current.request.settle()
      deliver(current.request.didEvents)
    case .cancelled:
      current.request.rollback()
      deliver(current.request.cancelledEvents)
    }
    running = nil
    machine.settled()
    current.activity.end()
    current.completion?(outcome)
    let turnBackOutcome: OperationOutcome = outcome == .finished ? .cancelled : .finished
    for completion in current.turnBackCompletions { completion(turnBackOutcome) }
    drain()
  }

  /// The counter unit a gesture holds while it moves views outside any
  /// transition (a sheet dragged between detents), or `nil`.
  private var hold: AnimationCounter.Activity?

  /// Whether a gesture holds the driver (see ``beginHold()``).
  var isHeld: Bool { machine.isHeld }

  /// Takes one counter unit for a gesture that moves views itself, outside
  /// any transition: while held, operations queue and rotations wait, as
  /// during a transition. Only on an idle driver with nothing queued.
  ///
  /// - Returns: whether the hold was taken.
  func beginHold() -> Bool {
    guard machine.beginHold(queueIsEmpty: queue.isEmpty) else { return false }
    hold = counter.begin()
    return true
  }

  /// Ends the hold: `start` runs first (the gesture's completion, which may
  /// start a transition or layout change), then the hold's unit is given
  /// back, so the counter never passes through 0 in between, then queued
  /// operations run once nothing runs.
  /// The transition `start` begins plays `alongside` with it.
  func endHold(
    alongside: OperationAlongside? = nil, then start: () throws(TransitError) -> Void
  ) throws(TransitError) {
    let activity = hold
    hold = nil
    machine.endHold()
    defer {
      activity?.end()
      drain()
    }
    operationAlongside = alongside
    defer { operationAlongside = nil }
    try start()
  }

  /// Runs queued operations until one starts an animated transition.
  private func drain() {
    guard machine.beginDraining() else { return }
    defer { machine.endDraining() }
    while machine.isIdle {
      betweenTransitions?()
      guard machine.isIdle, !queue.isEmpty else { return }
      let (operation, completion, alongside) = queue.removeFirst()
      do {
        try perform(operation, completion: completion, alongside: alongside)
        reportPending(failed: false)
      } catch {
        emit(.operationFailed(error))
        reportPending(failed: true)
      }
    }
  }
}

/// Hands a player's samples to a driver's writer: the screens' views state
/// by state, the flights' overlays (the top-level views from
/// `firstOverlay` on) as the views that are flying.
struct StateWriter: AnimationTarget {
  let write: (ViewState, String) -> Void
  var showFlights: (([View]) -> Void)? = nil
  var firstOverlay = Int.max
  /// Takes each sample whole instead (a layout change that writes appearance too).
  var applyScene: ((Scene) -> Void)? = nil

  func apply(_ state: ViewState, to id: String) { write(state, id) }

  func apply(_ scene: Scene) {
    if let applyScene {
      applyScene(scene)
      return
    }
    func visit(_ view: View) {
      write(view.state, view.id)
      for child in view.children { visit(child) }
    }
    let views = scene.views
    for view in views.prefix(firstOverlay) { visit(view) }
    guard let showFlights else { return }
    showFlights(views.dropFirst(firstOverlay).filter { !$0.isHidden })
  }
}
