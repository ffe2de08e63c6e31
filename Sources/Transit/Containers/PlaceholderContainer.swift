/// A headless container with fixed slots, each showing at most one child:
/// the model of CoconutKit's HLSPlaceholderViewController (a tab or split
/// container is one of these with a chrome around it).
///
/// The scene's top-level views are the slots, as given; a slot's child is
/// the slot view's only subview, laid out at the slot's own bounds. Setting
/// a slot's child plays a transition inside the slot, built from the slot's
/// bounds: the old child disappears, the new one appears above it, and the
/// old one leaves the scene when the transition ends. Either may be absent.
///
/// ```swift
/// let tabs = PlaceholderContainer(
///   size: Size(width: 390, height: 844),
///   slots: [View(id: "content", frame: Rect(x: 0, y: 0, width: 390, height: 780))],
///   clock: clock)
/// tabs.setChild(View(id: "home", frame: .zero), inSlot: 0, style: fade)
/// ```
///
/// Every swap and resize runs on a ``TransitionDriver``. Lifecycle events
/// follow ``ContainerEvent``'s order, both children moving (to and from the
/// parent). Operations issued during a transition — from outside or from an
/// observer's callback — queue, across all slots, and run in order once it
/// has settled and delivered all of its events; non-animated ones complete
/// synchronously when nothing is ahead of them, on exactly the states the
/// animated ones reach. Each transition holds one unit of ``counter`` from
/// its start until it has settled: share it with a gate (or a
/// ``StackContainer``) so rotations wait for them.
public final class PlaceholderContainer: DrivenContainer {
  /// The slots and their children, in their current state.
  public internal(set) var scene: Scene
  /// The slot views' ids, in slot order.
  public let slotIDs: [String]
  /// The duration every transition plays at, or `nil` for each style's own.
  public var transitionDuration: Double?
  /// Whether the swaps that run from now on fly their matched elements,
  /// and how (see <doc:MatchedElements>); read when a swap runs. Flights
  /// fly inside the slot, above both children, in the slot's coordinates.
  public var matching: Matching = .enabled
  /// The ids of the flight overlays at the end of the swapping slot's children.
  private var flightIDs: [String] = []
  /// The slot whose swap is running.
  private var flyingSlot: String?
  /// The phases the delivered events put the children in.
  private var phases = PhaseBook()

  enum Operation {
    case swap(view: View?, slot: Int, style: AnyTransitionStyle, animated: Bool)
    case resize(size: Size, slotFrames: [Rect]?)
  }

  /// Runs every operation and transition of the container; see
  /// ``DrivenContainer/driver``.
  public let driver: TransitionDriver

  /// Creates a container whose slots are `slots` (their frames place them;
  /// any subviews they have are replaced by their children).
  ///
  /// - Parameters:
  ///   - size: the container's size; its bounds start at the origin.
  ///   - slots: the slot views, in slot order; their ids must be unique.
  ///   - clock: the clock the transitions play on; ``tick()`` reads it.
  ///   - counter: the counter transitions count in; share it with a gate so
  ///     that rotations wait for them.
  public init(
    size: Size, slots: [View], clock: any PlaybackClock,
    counter: AnimationCounter = AnimationCounter()
  ) {
    scene = Scene(
      size: size,
      views: slots.map { slot in
        var slot = slot
        slot.children = []
        return slot
      })
    slotIDs = slots.map(\.id)
    let outlet = DriverOutlet()
    driver = outlet.driver(clock: clock, counter: counter, flies: true)
    outlet.bind(to: self) { [unowned self] overlays in
      guard let slot = flyingSlot else { return }
      scene.showFlights(overlays, replacing: &flightIDs, in: slot)
    }
    driver.eventTap = { [unowned self] event in phases.record(event) }
  }

  /// Where the child `id` stands in its lifecycle, from the events the
  /// container has delivered (see ``ChildPhase``); `nil` when no slot holds it.
  ///
  /// - Parameter id: a child's id.
  /// - Returns: its phase, or `nil`.
  public func phase(of id: String) -> ChildPhase? {
    let held = scene.views.contains { slot in slot.children.contains { $0.id == id } }
    guard held else { return driver.runningIDs.contains(id) ? phases[id] : nil }
    return phases[id] ?? .initialized
  }

  /// The id of the child shown in slot `index`, if any.
  ///
  /// - Parameter index: the slot's index in ``slotIDs``.
  /// - Returns: the id of the slot's child, or `nil` when the slot is empty
  ///   or `index` is out of range.
  public func childID(inSlot index: Int) -> String? {
    guard slotIDs.indices.contains(index) else { return nil }
    return scene.view(slotIDs[index])?.children.last?.id
  }

  /// Shows `view` (or nothing) in slot `index` with `style`, replacing the
  /// slot's current child.
  ///
  /// - Parameters:
  ///   - view: the new child, laid out at the slot's bounds; `nil` empties the slot.
  ///   - index: the slot's index in ``slotIDs``; an out-of-range index fails
  ///     the operation with ``ContainerEvent/operationFailed(_:)``.
  ///   - style: the transition from the old child to the new one.
  ///   - animated: `false` completes the transition at once.
  ///   - alongside: animations of any of the container's views (the other
  ///     slots included) played with the transition, on its clock (see
  ///     <doc:BuildingAContainer>).
  ///   - completion: called once the swap has ended, after its last event:
  ///     ``OperationOutcome/finished`` or ``OperationOutcome/cancelled``.
  public func setChild(
    _ view: View?, inSlot index: Int, style: any TransitionStyle, animated: Bool = true,
    alongside: [Animation] = [], completion: ((OperationOutcome) -> Void)? = nil
  ) {
    enqueue(
      .swap(view: view, slot: index, style: AnyTransitionStyle(style), animated: animated),
      completion: completion, alongside: alongside)
  }

  /// Changes the container's size (a rotation, a window resize): each slot
  /// takes its new frame and its child is laid out again at the slot's new
  /// bounds.
  ///
  /// Like every operation it waits for a running transition to end, so a
  /// resize never lands mid-transition; ``ContainerEvent/boundsChanged(_:)``
  /// reports it when it is applied.
  ///
  /// - Parameters:
  ///   - size: the container's new size.
  ///   - slotFrames: the slots' new frames, one per slot in ``slotIDs``
  ///     order; `nil` scales every slot frame by the change of size, which
  ///     keeps a layout made of proportions (a content area above a bar
  ///     keeps its share). A wrong count or a non-finite or negative frame
  ///     fails the operation with ``ContainerEvent/operationFailed(_:)``.
  ///   - completion: called once the resize has been applied (or has failed).
  public func setBounds(
    _ size: Size, slotFrames: [Rect]? = nil, completion: ((OperationOutcome) -> Void)? = nil
  ) {
    enqueue(.resize(size: size, slotFrames: slotFrames), completion: completion)
  }

  private func emit(_ event: ContainerEvent) { driver.emit(event) }

  func execute(_ operation: Operation) throws(TransitError) {
    switch operation {
    case .swap(let view, let slot, let style, let animated):
      try swap(view, inSlot: slot, style: style, animated: animated)
    case .resize(let size, let slotFrames):
      try resize(to: size, slotFrames: slotFrames)
    }
  }

  private func resize(to size: Size, slotFrames: [Rect]?) throws(TransitError) {
    guard size.width.isFinite, size.height.isFinite, size.width >= 0, size.height >= 0 else {
      throw TransitError.notFiniteOrNegative("a container size", got: "\(size)")
    }
    let old = scene.size
    let frames: [Rect]
    if let slotFrames {
      guard slotFrames.count == slotIDs.count else {
        throw TransitError(
          .invalidValue, "\(slotFrames.count) slot frames for \(slotIDs.count) slots")
      }
      frames = slotFrames
    } else {
      let sx = old.width > 0 ? size.width / old.width : 1
      let sy = old.height > 0 ? size.height / old.height : 1
      frames = slotIDs.map { id in
        let f = scene.view(id)?.frame ?? .zero
        return Rect(x: f.minX * sx, y: f.minY * sy, width: f.width * sx, height: f.height * sy)
      }
    }
    for (id, frame) in zip(slotIDs, frames) {
      guard frame.isFinite, frame.width >= 0, frame.height >= 0 else {
        throw TransitError(
          .invalidValue, "slot '\(id)': frame \(frame) must be finite and not negative")
      }
    }
    scene.size = size
    for (id, frame) in zip(slotIDs, frames) {
      scene.updateView(id) { slot in
        slot.frame = frame
        let bounds = Rect(size: frame.size)
        for i in slot.children.indices {
          slot.children[i].state = ViewState(frame: bounds)
        }
      }
    }
    emit(.boundsChanged(size))
  }

  private func swap(_ view: View?, inSlot index: Int, style: AnyTransitionStyle, animated: Bool)
    throws(TransitError)
  {
    let operation = (view: view, slot: index, style: style, animated: animated)
    guard slotIDs.indices.contains(operation.slot) else {
      throw TransitError.noSuchItem("slot", index: operation.slot, count: slotIDs.count)
    }
    let slotID = slotIDs[operation.slot]
    guard let slot = scene.view(slotID) else {
      throw TransitError(.unknownView, "slot '\(slotID)' is missing from the scene")
    }
    let old = slot.children.last
    if let new = operation.view {
      guard new.id != old?.id, !scene.contains(new.id) else {
        throw TransitError(.duplicateView, "the container already shows a view '\(new.id)'")
      }
    }
    guard old != nil || operation.view != nil else { return }
    let bounds = Rect(size: slot.frame.size)
    let before = scene
    var new = operation.view
    new?.state = ViewState(frame: bounds)
    let request = TransitionRequest(
      transition: Transition(
        style: operation.style, appearingViewID: new?.id, disappearingViewID: old?.id,
        duration: transitionDuration),
      isReversed: false, bounds: bounds, views: [old, new].compactMap { $0 },
      animated: operation.animated, shownIsMovingToParent: true, hiddenIsMovingFromParent: true,
      settle: { [unowned self] in
        if let old { scene.updateView(slotID) { $0.children.removeAll { $0.id == old.id } } }
      },
      rollback: { [unowned self] in scene = before }, matching: matching)
    flyingSlot = slotID
    flightIDs = []
    if let new { scene.updateView(slotID) { $0.children.append(new) } }
    do {
      try driver.run(request)
    } catch {
      // The style failed to bind: nothing started, the slot stays as it was.
      if let new { scene.updateView(slotID) { $0.children.removeAll { $0.id == new.id } } }
      throw error
    }
  }
}
