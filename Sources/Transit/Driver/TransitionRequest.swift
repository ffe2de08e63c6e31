/// One transition a container asks its ``TransitionDriver`` to run: what to
/// play, on which live views, at which bounds, and who is shown and hidden.
///
/// A container describes the transition; the driver does the rest (binds
/// it, plays it, counts it, reports it). The roles follow the push: a
/// forward request plays ``Transition/forwardTimeline(from:bounds:)`` and
/// shows the transition's appearing view; a reversed request (a pop) plays
/// ``Transition/reverseTimeline(from:bounds:)`` of the push being undone and
/// shows the push's *disappearing* view again.
///
/// ```swift
/// // A pop of "detail", pushed over "list" with a slide:
/// let request = TransitionRequest(
///   transition: Transition(style: slide, appearingViewID: "detail", disappearingViewID: "list"),
///   isReversed: true, bounds: bounds, views: [list, detail], animated: true,
///   shownIsMovingToParent: false, hiddenIsMovingFromParent: true,
///   settle: { children.removeLast() })
/// ```
public struct TransitionRequest {
  /// The push this request plays (forward) or undoes (reversed).
  public var transition: Transition
  /// Whether to play the reverse of ``transition`` (a pop).
  public var isReversed: Bool
  /// The bounds the style is built at: the container's (or the slot's) current bounds.
  public var bounds: Rect
  /// The live views of the transition (its appearing and disappearing views,
  /// as they are in the container now). Only their content is used: the
  /// driver binds the style to their base layout at ``bounds``.
  public var views: [View]
  /// `false` lands on the end at once; events then report `animated: false`.
  public var animated: Bool
  /// The `isMovingToParent` flag of the shown view's appearance events.
  public var shownIsMovingToParent: Bool
  /// The `isMovingFromParent` flag of the hidden view's disappearance events.
  public var hiddenIsMovingFromParent: Bool
  /// The container's bookkeeping once the last sample has been written and
  /// before the did-events go out (remove a popped child, unload what went
  /// beyond the capacity), so that observers see the settled container.
  public var settle: () -> Void
  /// Puts the container back as it was before the operation when an
  /// interactive transition is cancelled, after its last sample (the
  /// transition's start) has been written and before the cancelled-transition
  /// events go out: remove a pushed child, bring back what a pop-to took away.
  public var rollback: () -> Void
  /// Whether the transition's matched elements fly, and how; see
  /// <doc:MatchedElements>. A driver created without a flight writer flies
  /// nothing, whatever this says.
  public var matching: Matching
  /// The events of a request that is not a transition between two children
  /// (a sheet sliding up, a layout change), given by the container in
  /// place of those the ids would give; `nil`: the ids' events.
  var events: (will: [ContainerEvent], did: [ContainerEvent], cancelled: [ContainerEvent])? = nil
  /// Animations played alongside the transition, on its clock: animated,
  /// scrubbed, completed, turned back and cancelled with it (UIKit's
  /// `animate(alongsideTransition:)`). Each may change any view of the
  /// transition's screens or of ``alongsideViews``, but not a property the
  /// transition (or another alongside animation) changes on the same view;
  /// one longer than the transition is compressed to end with it. See
  /// <doc:BuildingAContainer>.
  public var alongside: [Animation] = []
  /// The container's views outside the transition's two screens (its
  /// chrome: a title bar, a dimming view, a tab bar), as they are now,
  /// that ``alongside`` may change; the driver writes their states with
  /// the transition's. Only the top-level ones holding a view an alongside
  /// animation names are used.
  public var alongsideViews: [View] = []

  /// Creates a request.
  ///
  /// - Parameters:
  ///   - transition: the push to play, or to undo when `isReversed`.
  ///   - isReversed: whether this is the push's pop.
  ///   - bounds: the bounds the style is built at.
  ///   - views: the live appearing and disappearing views.
  ///   - animated: `false` lands on the end at once.
  ///   - shownIsMovingToParent: the flag of the shown view's appearance events.
  ///   - hiddenIsMovingFromParent: the flag of the hidden view's disappearance events.
  ///   - settle: the container's bookkeeping before the did-events.
  ///   - rollback: the container's undo when an interactive transition is cancelled.
  ///   - matching: whether and how matched elements fly.
  public init(
    transition: Transition, isReversed: Bool, bounds: Rect, views: [View], animated: Bool,
    shownIsMovingToParent: Bool, hiddenIsMovingFromParent: Bool,
    settle: @escaping () -> Void = {}, rollback: @escaping () -> Void = {},
    matching: Matching = .enabled
  ) {
    self.transition = transition
    self.isReversed = isReversed
    self.bounds = bounds
    self.views = views
    self.animated = animated
    self.shownIsMovingToParent = shownIsMovingToParent
    self.hiddenIsMovingFromParent = hiddenIsMovingFromParent
    self.settle = settle
    self.rollback = rollback
    self.matching = matching
  }

  /// The id of the view the request brings to the front, if any.
  public var shownID: String? {
    isReversed ? transition.disappearingViewID : transition.appearingViewID
  }

  /// The id of the view the request sends away, if any.
  public var hiddenID: String? {
    isReversed ? transition.appearingViewID : transition.disappearingViewID
  }

  /// The timeline the driver plays: the transition (or its reverse) bound
  /// to the base layout of the live views at ``bounds``, with the flights
  /// of its matched elements (per ``matching``) as overlay views `match:KEY`
  /// above both screens.
  ///
  /// - Throws: ``TransitError`` from the binding; `.unknownView` when one
  ///   of the transition's views was not given; `.duplicateMatchKey` when a
  ///   screen holds a match key twice; `.invalidValue` for a flight
  ///   duration (``FlightOptions/duration``) that is not finite, negative,
  ///   or longer than the transition; for ``alongside``, an error naming
  ///   the animation (see ``alongside``).
  public func timeline() throws(TransitError) -> Timeline {
    try timeline(matching: matching)
  }

  /// The timeline with the flights `matching` asks for.
  func timeline(matching: Matching) throws(TransitError) -> Timeline {
    let ids = [transition.disappearingViewID, transition.appearingViewID].compactMap { $0 }
    var scene = Scene(size: bounds.size)
    for id in ids {
      guard let view = views.first(where: { $0.id == id }) else {
        throw TransitError(.unknownView, "the transition's view '\(id)' was not given")
      }
      scene.views.append(view)
    }
    let played =
      isReversed
      ? try transition.reverseTimeline(from: scene, bounds: bounds)
      : try transition.forwardTimeline(from: scene, bounds: bounds)
    return try played.addingAlongside(alongside, extraViews: alongsideViews).addingFlights(
      between: Timeline.FlightScreens(hidden: hiddenID, shown: shownID, fadesUnpaired: isReversed),
      matching: matching)
  }

  /// CoconutKit's order when the transition starts: the hidden view's
  /// `willHide` and `viewWillDisappear`, then the shown view's `willShow`
  /// and `viewWillAppear`.
  var willEvents: [ContainerEvent] {
    if let given = self.events { return given.will }
    var events: [ContainerEvent] = []
    if let hidden = hiddenID {
      events.append(.willHide(hidden, animated: animated))
      events.append(
        .viewWillDisappear(hidden, animated: animated, isMovingFromParent: hiddenIsMovingFromParent)
      )
    }
    if let shown = shownID {
      events.append(.willShow(shown, animated: animated))
      events.append(
        .viewWillAppear(shown, animated: animated, isMovingToParent: shownIsMovingToParent))
    }
    return events
  }

  /// CoconutKit's order when it ends: `viewDidDisappear` then `didHide` for
  /// the hidden view, `viewDidAppear` then `didShow` for the shown one.
  var didEvents: [ContainerEvent] {
    if let given = self.events { return given.did }
    var events: [ContainerEvent] = []
    if let hidden = hiddenID {
      events.append(
        .viewDidDisappear(hidden, animated: animated, isMovingFromParent: hiddenIsMovingFromParent))
      events.append(.didHide(hidden, animated: animated))
    }
    if let shown = shownID {
      events.append(
        .viewDidAppear(shown, animated: animated, isMovingToParent: shownIsMovingToParent))
      events.append(.didShow(shown, animated: animated))
    }
    return events
  }

  /// UIKit's order when an interactive transition is cancelled: the view
  /// that was to be hidden comes back (`viewWillAppear`), the one that was
  /// to be shown goes (`viewWillDisappear`), then their did-events, then
  /// the cancelled counterparts of `willShow` and `willHide`.
  var cancelledEvents: [ContainerEvent] {
    if let given = self.events { return given.cancelled }
    var events: [ContainerEvent] = []
    if let hidden = hiddenID {
      events.append(.viewWillAppear(hidden, animated: animated, isMovingToParent: false))
    }
    if let shown = shownID {
      events.append(
        .viewWillDisappear(shown, animated: animated, isMovingFromParent: shownIsMovingToParent))
      events.append(
        .viewDidDisappear(shown, animated: animated, isMovingFromParent: shownIsMovingToParent))
    }
    if let hidden = hiddenID {
      events.append(.viewDidAppear(hidden, animated: animated, isMovingToParent: false))
      events.append(.didCancelHide(hidden, animated: animated))
    }
    if let shown = shownID {
      events.append(.didCancelShow(shown, animated: animated))
    }
    return events
  }
}
