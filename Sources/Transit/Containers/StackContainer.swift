/// A headless navigation stack: the model of a container that pushes and
/// pops children with transitions, as UINavigationController or
/// CoconutKit's HLSStackController do, without any UI framework.
///
/// The container holds a ``Scene`` of its own size whose top-level views are
/// the loaded children's root views, bottom to top, each laid out at the
/// container's bounds. A push plays its style's animation; a pop plays the
/// reverse of the child's push style *rebuilt from the current bounds*, so
/// that after a rotation it lands exactly on the base layout at the new size
/// (CoconutKit's issue #9).
///
/// ```swift
/// let clock = ManualClock()
/// let stack = StackContainer(size: Size(width: 390, height: 844), clock: clock)
/// stack.observer = { print($0) }
/// stack.push(View(id: "root", frame: .zero), style: fade, animated: false)
/// stack.push(View(id: "detail", frame: .zero), style: slide)
/// stack.pop()  // queued: runs when the push has finished
/// while stack.isAnimating || stack.pendingOperationCount > 0 {
///   clock.advance(by: 1.0 / 60)
///   stack.tick()
/// }
/// ```
///
/// ## Queueing
/// Every operation and transition runs on a ``TransitionDriver``.
/// Operations issued while a transition runs — from outside or from an
/// observer's callback — wait in its queue and run in order, each from the
/// state the previous one left, once the previous transition has settled
/// and delivered all of its events. CoconutKit refused them instead, so
/// three animated removals in a row removed one (its issue #25).
/// Non-animated operations complete synchronously when nothing is ahead of
/// them, and land on exactly the states the animated ones land on.
///
/// ## Capacity
/// Children deeper than ``capacity`` below the top are unloaded: their view
/// leaves the scene (it is kept as a description) and comes back, laid out
/// at the current bounds, before a pop reveals it.
///
/// ## Rotation
/// Every transition counts in ``counter`` from its start until it has
/// settled; ``rotate(to:)`` goes
/// through ``gate``, so a rotation never happens mid-transition: it is
/// refused or deferred until the transition has settled, at counter 0
/// (before the next queued operation starts), by the ``RotationPolicy``.
/// A rotation requested from an observer's callback counts as
/// mid-transition.
///
/// ## Threads
/// Like its players, a container is confined to one isolation domain.
public final class StackContainer: PresentingContainer {
  /// One child of the stack.
  public struct Child: Hashable, Sendable {
    /// The child's root view as last known: the live one is in ``StackContainer/scene``
    /// while the child is loaded.
    public var view: View
    /// The style it was pushed (or inserted) with; its pop plays the reverse.
    public var style: AnyTransitionStyle
    /// Whether its view is in the scene.
    public var isLoaded: Bool

    /// The child's id.
    public var id: String { view.id }
  }

  /// The loaded children's views, bottom to top, in their current state.
  public internal(set) var scene: Scene
  /// The children, bottom to top (the last one is shown).
  public internal(set) var children: [Child] = []
  /// How many children below the top stay loaded (at least 1: the one a pop reveals).
  public let capacity: Int
  /// The duration every transition plays at, or `nil` for each style's own.
  public var transitionDuration: Double?
  /// Whether a pop issued during its push (or a push of the view being
  /// popped) waits or turns the running transition back; see
  /// ``TransitionInterruption``.
  public var interruptions: TransitionInterruption = .queue
  /// Whether the operations that run from now on fly their matched
  /// elements, and how (see <doc:MatchedElements>); read when an operation
  /// runs, as ``transitionDuration`` is.
  public var matching: Matching = .enabled
  /// The ids of the flight overlays at the end of ``scene``'s top-level views.
  var flightIDs: [String] = []
  /// Lets rotations through only between transitions.
  public let gate: RotationGate<Size>

  /// Runs every operation and transition of the stack; see
  /// ``DrivenContainer/driver``. The stack applies the sizes its ``gate``
  /// lets through in the driver's ``TransitionDriver/betweenTransitions``.
  public let driver: TransitionDriver
  /// Sizes the gate let through, waiting to be applied at a safe point.
  let approvedSizes = RequestInbox<Size>()
  /// How the latest rotation asked for is played when the gate lets it
  /// through: its duration (0: instantly) and curve.
  var rotationMotion = RotationMotion.instant
  /// The phases the delivered events put the children in.
  var phases = PhaseBook()
  /// The presentations over the top child; see ``PresentingContainer``.
  public private(set) lazy var presentationLayer = PresentationLayer(host: self)

  /// Creates an empty stack.
  ///
  /// - Parameters:
  ///   - size: the container's size; its bounds start at the origin.
  ///   - clock: the clock the transitions play on; ``tick()`` reads it.
  ///   - capacity: children below the top kept loaded; values below 1 count as 1.
  ///   - rotationPolicy: what a rotation requested mid-transition does.
  ///   - counter: the counter transitions count in; share one to make other
  ///     animations hold rotations too.
  public init(
    size: Size, clock: any PlaybackClock, capacity: Int = 2,
    rotationPolicy: RotationPolicy = .defer, counter: AnimationCounter = AnimationCounter()
  ) {
    scene = Scene(size: size)
    self.capacity = max(capacity, 1)
    gate = approvedSizes.gate(counter: counter, policy: rotationPolicy)
    let outlet = DriverOutlet()
    driver = outlet.driver(clock: clock, counter: counter, flies: true)
    bindDriver(through: outlet) { [unowned self] overlays in
      scene.showFlights(overlays, replacing: &flightIDs, in: nil)
    }
  }

  /// Where the child `id` stands in its lifecycle, from the events the
  /// stack has delivered (see ``ChildPhase``): ``ChildPhase/initialized``
  /// for a child inserted below the top and never shown; `nil` when the
  /// stack does not hold it (popped, removed, or a cancelled push) once the
  /// transition that let it go has delivered its last event.
  ///
  /// - Parameter id: a child's id.
  /// - Returns: its phase, or `nil`.
  public func phase(of id: String) -> ChildPhase? {
    guard children.contains(where: { $0.id == id }) else {
      return driver.runningIDs.contains(id) || presentationLayer.answersFor(id) ? phases[id] : nil
    }
    return phases[id] ?? .initialized
  }

  /// The container's bounds.
  public var bounds: Rect { scene.bounds }
  /// The children's ids, bottom to top.
  public var childIDs: [String] { children.map(\.id) }
  /// The id of the shown child, if any.
  public var topID: String? { children.last?.id }

  // MARK: Operations

  /// Pushes `view` on top with `style`; the style is kept for its pop.
  /// The view's frame and state are replaced by the base layout. With
  /// ``interruptions`` set to ``TransitionInterruption/reverse``, a push of
  /// the view whose pop is running turns that pop back instead (the view
  /// keeps its place and push style).
  ///
  /// - Parameters:
  ///   - view: the new child's root view; its id must not be in the stack.
  ///   - style: the transition that shows it.
  ///   - animated: `false` completes the push at once.
  ///   - alongside: animations of any of the stack's views played with the
  ///     transition, on its clock (see <doc:BuildingAContainer>).
  ///   - completion: called once the push has ended, after its last event:
  ///     ``OperationOutcome/finished`` or ``OperationOutcome/cancelled``.
  public func push(
    _ view: View, style: any TransitionStyle, animated: Bool = true,
    alongside: [Animation] = [], completion: ((OperationOutcome) -> Void)? = nil
  ) {
    if interruptions == .reverse, animated,
      driver.reverseRunning(
        completion: completion, where: { $0.isReversed && $0.hiddenID == view.id })
    {
      return
    }
    enqueue(
      .insert(view, index: nil, style: AnyTransitionStyle(style), animated: animated),
      completion: completion, alongside: alongside)
  }

  /// Pops the top child with the reverse of its push style, or of `style`
  /// when given; does nothing on a stack of one child (there would be
  /// nothing to show) but report ``ContainerEvent/operationFailed(_:)``.
  /// With ``interruptions`` set to ``TransitionInterruption/reverse``, an
  /// animated pop without a style of its own issued while the top's push
  /// runs turns that push back from where it is; one with a style queues,
  /// as its animation is not the mirror of what is running.
  ///
  /// Either way the pop is the reverse of a push *built now*: the push of
  /// the top over the child it reveals, in the current bounds, so after a
  /// rotation it lands on the layout at the new size.
  ///
  /// ```swift
  /// stack.push(detail, style: slide)
  /// stack.pop(style: fade)  // detail leaves as a fade-in played backwards
  /// ```
  ///
  /// - Parameters:
  ///   - style: the push whose reverse plays, instead of the top's own push
  ///     style; `nil` for the top's own.
  ///   - animated: `false` completes the pop at once.
  ///   - alongside: animations of any of the stack's views played with the
  ///     transition, on its clock (see <doc:BuildingAContainer>).
  ///   - completion: called once the pop has ended, after its last event.
  public func pop(
    style: (any TransitionStyle)? = nil, animated: Bool = true,
    alongside: [Animation] = [], completion: ((OperationOutcome) -> Void)? = nil
  ) {
    if style == nil, interruptions == .reverse, animated, let top = topID,
      driver.reverseRunning(
        completion: completion, where: { !$0.isReversed && $0.shownID == top })
    {
      return
    }
    enqueue(
      .pop(to: .below, style: style.map(AnyTransitionStyle.init), animated: animated),
      completion: completion, alongside: alongside)
  }

  /// Pops every child above `id` in one transition (the top's reverse);
  /// the children in between leave without appearance events.
  ///
  /// - Parameters:
  ///   - id: the child to reveal; an id that is not below the top fails the
  ///     operation with ``ContainerEvent/operationFailed(_:)``.
  ///   - style: the push whose reverse plays (the top's push over `id`,
  ///     built now), instead of the top's own push style; `nil` for its own.
  ///   - animated: `false` completes the pop at once.
  ///   - alongside: animations of any of the stack's views played with the
  ///     transition, on its clock (see <doc:BuildingAContainer>).
  ///   - completion: called once the pop has ended, after its last event.
  public func pop(
    to id: String, style: (any TransitionStyle)? = nil, animated: Bool = true,
    alongside: [Animation] = [], completion: ((OperationOutcome) -> Void)? = nil
  ) {
    enqueue(
      .pop(to: .id(id), style: style.map(AnyTransitionStyle.init), animated: animated),
      completion: completion, alongside: alongside)
  }

  /// Pops every child above the root in one transition.
  ///
  /// - Parameters:
  ///   - style: the push whose reverse plays, instead of the top's own push
  ///     style; `nil` for its own.
  ///   - animated: `false` completes the pop at once.
  ///   - alongside: animations of any of the stack's views played with the
  ///     transition, on its clock (see <doc:BuildingAContainer>).
  ///   - completion: called once the pop has ended, after its last event.
  public func popToRoot(
    style: (any TransitionStyle)? = nil, animated: Bool = true,
    alongside: [Animation] = [], completion: ((OperationOutcome) -> Void)? = nil
  ) {
    enqueue(
      .pop(to: .root, style: style.map(AnyTransitionStyle.init), animated: animated),
      completion: completion, alongside: alongside)
  }

  /// Inserts `view` at `index` (0 is the bottom). Inserting at the top index
  /// is a push; below the top the child is added without a transition or
  /// appearance events (it is not shown), and `style` is kept for its pop.
  ///
  /// - Parameters:
  ///   - view: the new child's root view; its id must not be in the stack.
  ///   - index: where it goes, from 0 (the bottom) to the number of children.
  ///   - style: the transition that shows it, and whose reverse pops it.
  ///   - animated: `false` completes a push at once.
  ///   - alongside: animations of any of the stack's views played with the
  ///     transition, on its clock (see <doc:BuildingAContainer>).
  ///   - completion: called once the insertion has ended, after its last event.
  public func insert(
    _ view: View, at index: Int, style: any TransitionStyle, animated: Bool = true,
    alongside: [Animation] = [], completion: ((OperationOutcome) -> Void)? = nil
  ) {
    enqueue(
      .insert(view, index: index, style: AnyTransitionStyle(style), animated: animated),
      completion: completion, alongside: alongside)
  }

  /// Removes the child at `index`. The top is popped (reverse of its push
  /// style, revealing the child below; the last child simply disappears);
  /// a child below the top leaves without a transition or appearance events.
  ///
  /// - Parameters:
  ///   - index: the child's index, 0 being the bottom.
  ///   - animated: `false` completes a pop at once.
  ///   - alongside: animations of any of the stack's views played with the
  ///     transition, on its clock (see <doc:BuildingAContainer>).
  ///   - completion: called once the removal has ended, after its last event.
  public func remove(
    at index: Int, animated: Bool = true, alongside: [Animation] = [],
    completion: ((OperationOutcome) -> Void)? = nil
  ) {
    enqueue(.remove(index: index, animated: animated), completion: completion, alongside: alongside)
  }

  /// Asks to resize the container, typically for a rotation. Applied at
  /// once between transitions; during one, refused or deferred by the
  /// gate's policy (a deferred size is applied when the transition ends,
  /// before the next queued operation).
  ///
  /// - Parameter size: the container's new size.
  /// - Returns: whether the new size was applied, deferred or refused.
  @discardableResult
  public func rotate(to size: Size) -> RotationOutcome {
    requestRotation(to: size, motion: .instant)
  }

  /// The same as ``rotate(to:)``: any bounds change goes through the gate.
  ///
  /// - Parameter size: the container's new size.
  /// - Returns: whether the new size was applied, deferred or refused.
  @discardableResult
  public func setBounds(_ size: Size) -> RotationOutcome { rotate(to: size) }

  func emit(_ event: ContainerEvent) { driver.emit(event) }
}
