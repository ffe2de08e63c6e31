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

  private struct Running {
    var request: TransitionRequest
    var timeline: Timeline
    /// Plays a non-interactive transition; `nil` for an interactive one.
    var player: AnimationPlayer<StateWriter>?
    /// Drives an interactive transition; `nil` for a played one.
    var interaction: Interaction?
    var activity: AnimationCounter.Activity
    /// Turned back by ``reverseRunning(completion:where:)``: it settles as cancelled.
    var isTurnedBack = false
    /// The completion of the operation that started the transition.
    var completion: ((OperationOutcome) -> Void)?
    /// The completions of operations that turned it back: they have done
    /// what they asked once it settles back on its start.
    var turnBackCompletions: [(OperationOutcome) -> Void] = []
  }

  /// An interactive transition: where the finger holds it, then how it completes.
  private struct Interaction {
    var progress: Double = 0
    var release: InteractionRelease?
    /// The progress at release and the clock time it happened.
    var releasedAt = (progress: 0.0, time: 0.0)
    var scratch: Scene
    /// How the finger's progress paces the picture: linear scrubbing, the
    /// curves, or, for a transition caught part-way, the pacing of the
    /// picture it was caught on.
    var dragPacing: Timeline.Pacing
    /// How the picture is paced now: ``dragPacing`` while the finger holds
    /// it, the completion's pacing after the release.
    var pacing: Timeline.Pacing
  }

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
  private var isDraining = false
  private var deliveryDepth = 0
  /// Set while ``beginInteractive(completion:_:)`` runs its operation: the request it
  /// runs starts interactively.
  private var startsInteractive = false

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
  public var isRunning: Bool { running != nil }

  /// Operations waiting for their turn.
  public var pendingOperationCount: Int { queue.count }

  /// The duration of the running transition's timeline, or `nil` when none runs.
  public var runningDuration: Double? { running?.timeline.duration }

  /// Whether an interactive transition is being driven by ``updateInteraction(_:)``
  /// (begun and not yet released).
  public var isInteracting: Bool {
    guard let interaction = running?.interaction else { return false }
    return interaction.release == nil
  }

  /// The progress the running interactive transition shows, 0…1, or `nil`
  /// when none runs. After the release it follows the completion.
  public var interactionProgress: Double? { running?.interaction?.progress }

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
    guard deliveryDepth == 0 else { return }
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
    guard running == nil else {
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
    if startsInteractive, timeline.duration > 0 {
      startsInteractive = false
      startInteraction(request, timeline: timeline)
      return
    }
    play(request, timeline: timeline)
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
    guard running == nil else {
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
    play(request, timeline: timeline, apply: apply)
  }

  private func play(
    _ request: TransitionRequest, timeline: Timeline, apply: ((Scene) -> Void)? = nil
  ) {
    var target = writer(for: timeline)
    target.applyScene = apply
    let player = AnimationPlayer(timeline: timeline, target: target, clock: clock)
    running = Running(
      request: request, timeline: timeline, player: player, interaction: nil,
      activity: counter.begin(), completion: operationCompletion)
    operationCompletion = nil
    player.onEvent = { [unowned self] event in
      switch event {
      case .willStart: deliver(request.willEvents)
      case .didFinishStep: break
      case .didStop:
        if running?.isTurnedBack == true { settleCancelled() } else { settle() }
      }
    }
    player.play(animated: request.animated)
  }

  /// Plays the running transition up to the clock's time, then, between
  /// transitions, runs ``betweenTransitions`` and the queued operations.
  /// Does nothing when called from inside an event.
  public func tick() {
    guard deliveryDepth == 0 else { return }
    if running?.interaction != nil {
      advanceInteraction()
    } else {
      running?.player?.tick()
    }
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
    guard deliveryDepth == 0, queue.isEmpty, var current = running, !current.isTurnedBack,
      let player = current.player, player.phase == .running, shouldReverse(current.request)
    else { return false }
    current.isTurnedBack = true
    if let completion { current.turnBackCompletions.append(completion) }
    running = current
    player.reverse()
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
  /// alongside the transition (see ``OperationAlongside``).
  func beginInteractive(
    alongside: OperationAlongside?, completion: ((OperationOutcome) -> Void)? = nil,
    _ operation: () throws(TransitError) -> Void
  ) throws(TransitError) {
    guard running == nil, queue.isEmpty, deliveryDepth == 0, !isDraining else {
      throw TransitError(
        .invalidState,
        "an interactive transition begins only when no transition runs or waits;"
          + " finish or cancel the current one first")
    }
    isDraining = true
    startsInteractive = true
    let failure: TransitError?
    do {
      try perform(operation, completion: completion, alongside: alongside)
      failure = nil
    } catch {
      failure = error
    }
    startsInteractive = false
    isDraining = false
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
    guard isInteracting, deliveryDepth == 0, progress.isFinite else { return false }
    show(progress: min(max(progress, 0), 1))
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
    guard isInteracting, deliveryDepth == 0, var current = running,
      var interaction = current.interaction
    else { return false }
    interaction.release = release
    interaction.releasedAt = (interaction.progress, clock.now)
    if interaction.dragPacing == .linear {
      // Continue from the scrubbed picture along the curves, re-timed.
      let duration = current.timeline.duration
      let from = current.timeline.forwardTime(interaction.progress * duration)
      let to = current.timeline.forwardTime(release.target * duration)
      interaction.pacing = .continuing(from: from, toEnd: to > from)
    }
    current.interaction = interaction
    running = current
    advanceInteraction()
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
    guard deliveryDepth == 0, var current = running else { return nil }
    let duration = current.timeline.duration
    guard duration > 0 else { return nil }
    let velocity: Double
    let time: Double?
    var interaction: Interaction
    if let player = current.player {
      guard player.phase == .running else { return nil }
      velocity = (current.isTurnedBack ? -1 : 1) / duration
      time = player.time
      player.onEvent = nil
      player.stop()
      current.player = nil
      interaction = Interaction(
        progress: player.time / duration, scratch: current.timeline.initialScene,
        dragPacing: .curves, pacing: .curves)
      // Whoever turned it back asked for a start the gesture now decides.
      current.isTurnedBack = false
    } else if var driven = current.interaction, let release = driven.release {
      let elapsed = clock.now - driven.releasedAt.time
      let total = release.completionDuration(from: driven.releasedAt.progress, duration: duration)
      guard elapsed < total else { return nil }
      velocity = release.velocity(at: elapsed, from: driven.releasedAt.progress, total: total)
      time = nil
      driven.release = nil
      driven.dragPacing = driven.pacing
      interaction = driven
    } else {
      return nil
    }
    interaction.progress = min(max(interaction.progress, 0), 1)
    current.interaction = interaction
    running = current
    show(progress: interaction.progress, time: time)
    return velocity
  }

  private func startInteraction(_ request: TransitionRequest, timeline: Timeline) {
    let pacing: Timeline.Pacing = scrubbing == .linear ? .linear : .curves
    running = Running(
      request: request, timeline: timeline, player: nil,
      interaction: Interaction(
        scratch: timeline.initialScene, dragPacing: pacing, pacing: pacing),
      activity: counter.begin(), completion: operationCompletion)
    operationCompletion = nil
    deliver(request.willEvents)
    show(progress: 0)
  }

  /// Writes the sample at `progress` × duration (exactly the end points at
  /// 0 and 1), or at `time` itself when given (a caught transition's own
  /// playhead, so that its picture does not move by a rounding).
  private func show(progress: Double, time exactTime: Double? = nil) {
    guard var current = running, var interaction = current.interaction else { return }
    let duration = current.timeline.duration
    let time = exactTime ?? (progress >= 1 ? duration : progress * duration)
    current.timeline.sample(at: time, pacing: interaction.pacing, into: &interaction.scratch)
    interaction.progress = progress
    current.interaction = interaction
    running = current
    let writer = writer(for: current.timeline)
    writer.apply(interaction.scratch)
  }

  /// Moves a released interaction on to the clock's time; lands and settles it at the end.
  private func advanceInteraction() {
    guard let current = running, let interaction = current.interaction,
      let release = interaction.release
    else { return }
    let start = interaction.releasedAt
    let total = release.completionDuration(
      from: start.progress, duration: current.timeline.duration)
    let elapsed = clock.now - start.time
    if elapsed >= total {
      show(progress: release.target)
      if release.finishes { settle() } else { settleCancelled() }
    } else {
      show(progress: release.progress(at: elapsed, from: start.progress, total: total))
    }
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
    deliveryDepth += 1
    for event in events {
      eventTap?(event)
      observer?(event)
    }
    deliveryDepth -= 1
    // An operation issued from an event delivered outside any transition
    // (a rotation's boundsChanged, say) runs now rather than on the next tick.
    if deliveryDepth == 0 { drain() }
  }

  /// The transition has reached its end: bookkeeping, did-events, then the unit back.
  private func settle() {
    guard let current = running else { return }
    current.request.settle()
    deliver(current.request.didEvents)
    running = nil
    current.activity.end()
    current.completion?(.finished)
    // A transition turned back, then caught and finished: the operations
    // that turned it back did not happen.
    for completion in current.turnBackCompletions { completion(.cancelled) }
    drain()
  }

  /// A cancelled interaction is back on its start: the container's
  /// rollback, the cancelled-transition events, then the unit back.
  private func settleCancelled() {
    guard let current = running else { return }
    current.request.rollback()
    deliver(current.request.cancelledEvents)
    running = nil
    current.activity.end()
    current.completion?(.cancelled)
    for completion in current.turnBackCompletions { completion(.finished) }
    drain()
  }

  /// The counter unit a gesture holds while it moves views outside any
  /// transition (a sheet dragged between detents), or `nil`.
  private var hold: AnimationCounter.Activity?

  /// Whether a gesture holds the driver (see ``beginHold()``).
  var isHeld: Bool { hold != nil }

  /// Takes one counter unit for a gesture that moves views itself, outside
  /// any transition: while held, operations queue and rotations wait, as
  /// during a transition. Only on an idle driver with nothing queued.
  ///
  /// - Returns: whether the hold was taken.
  func beginHold() -> Bool {
    guard running == nil, hold == nil, queue.isEmpty, deliveryDepth == 0, !isDraining else {
      return false
    }
    hold = counter.begin()
    return true
  }

  /// Ends the hold: `start` runs first (the gesture's completion, which may
  /// start a transition or layout change), then the hold's unit is given
  /// back, so the counter never passes through 0 in between, then queued
  /// operations run once nothing runs.
  func endHold(then start: () throws(TransitError) -> Void) throws(TransitError) {
    let activity = hold
    hold = nil
    defer {
      activity?.end()
      drain()
    }
    try start()
  }

  /// Runs queued operations until one starts an animated transition.
  private func drain() {
    guard !isDraining, deliveryDepth == 0, hold == nil else { return }
    isDraining = true
    defer { isDraining = false }
    while running == nil {
      betweenTransitions?()
      guard running == nil, !queue.isEmpty else { return }
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
