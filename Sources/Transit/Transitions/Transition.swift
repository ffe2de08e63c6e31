/// One transition between two views of a container, as pure functions of
/// the container's bounds: the push, the pop, and the state to restore
/// after the bounds change.
///
/// A container keeps one `Transition` per shown child (the style, and which
/// views appeared and disappeared). Everything is rebuilt from the *current*
/// bounds and the **base layout**, never from live frames:
///
/// - the base layout puts both views at the bounds, identity transform,
///   alpha 1, visible;
/// - ``forwardTimeline(from:bounds:)`` is the push: the style's animation
///   bound to the base layout;
/// - ``endState(at:)`` is where the push leaves the views, to apply
///   instantly when the bounds change (a rotation);
/// - ``reverseTimeline(from:bounds:)`` is the pop: it starts exactly on
///   that end state and ends exactly where the push started, at the bounds
///   given.
///
/// ```swift
/// let push = Transition(
///   style: PushStyle(from: .right), appearingViewID: "detail", disappearingViewID: "list")
/// let portrait = Rect(x: 0, y: 0, width: 390, height: 844)
/// let landscape = Rect(x: 0, y: 0, width: 844, height: 390)
/// var scene = try push.forwardTimeline(from: scene, bounds: portrait).endScene
/// scene = try push.applyingEndState(to: scene, at: landscape)   // rotation
/// let pop = try push.reverseTimeline(from: scene, bounds: landscape)
/// // pop.endScene: "list" exactly at the landscape base layout
/// ```
///
/// This is CoconutKit's issue #9 fixed by construction: a pop after a
/// rotation lands on the layout at the new bounds.
public struct Transition: Sendable {
  /// The style of the push.
  public var style: any TransitionStyle
  /// The view the push brings in, or `nil`.
  public var appearingViewID: String?
  /// The view the push sends away, or `nil`.
  public var disappearingViewID: String?
  /// The duration to play at (see ``TransitionContext/duration``).
  public var duration: Double?

  /// Creates a transition.
  public init(
    style: any TransitionStyle, appearingViewID: String?, disappearingViewID: String?,
    duration: Double? = nil
  ) {
    self.style = style
    self.appearingViewID = appearingViewID
    self.disappearingViewID = disappearingViewID
    self.duration = duration
  }

  /// The context the style is built in at `bounds`.
  public func context(bounds: Rect) -> TransitionContext {
    TransitionContext(
      bounds: bounds, appearingViewID: appearingViewID, disappearingViewID: disappearingViewID,
      duration: duration)
  }

  /// `scene` resized to `bounds` with the transition's views at the base
  /// layout: frame = `bounds`, identity transform, alpha 1, visible. Other
  /// views and every other property are kept.
  ///
  /// - Throws: ``TransitError`` with code `.unknownView` when the scene lacks
  ///   one of the transition's views.
  public func baseLayout(of scene: Scene, at bounds: Rect) throws(TransitError) -> Scene {
    var result = scene
    result.size = bounds.size
    for id in viewIDs {
      guard result.updateView(id, { $0.state = ViewState(frame: bounds) }) else {
        throw TransitError.viewNotInScene(id: id)
      }
    }
    return result
  }

  /// The push at `bounds`: the style's animation (at ``duration`` if set)
  /// bound to the base layout of `baseScene`.
  ///
  /// Its frame 0 is the base layout with the style's setup applied; its end
  /// is ``endState(at:)``.
  ///
  /// - Throws: ``TransitError`` from the style, the binding, or
  ///   ``baseLayout(of:at:)``.
  public func forwardTimeline(from baseScene: Scene, bounds: Rect) throws(TransitError)
    -> Timeline
  {
    let scene = try baseLayout(of: baseScene, at: bounds)
    return try style.animation(for: context(bounds: bounds)).timeline(from: scene)
  }

  /// The pop at `bounds`, rebuilt in the current context.
  ///
  /// Without a custom reverse from the style this is the exact reverse of
  /// ``forwardTimeline(from:bounds:)`` (``Timeline/reversed()``): it starts
  /// on the push's end state and ends bit for bit on the push's frame 0 at
  /// `bounds` — the view that stayed at its base layout, the popped view
  /// where the style's setup put it. A style's own reverse is bound to the
  /// push's end state instead.
  ///
  /// ## Instant pops
  /// With ``duration`` 0 every step of the push is instant, so the push's
  /// "frame 0" and its end are the same moment and its exact reverse could
  /// only land on the end. An instant pop is the same pop sampled at its
  /// end instead: one instant step that sets each view (frame, alpha,
  /// transform, visibility) to where the animated pop lands, so that
  /// instant and animated pops leave exactly the same states.
  ///
  /// - Throws: ``TransitError`` as ``forwardTimeline(from:bounds:)`` does.
  public func reverseTimeline(from baseScene: Scene, bounds: Rect) throws(TransitError)
    -> Timeline
  {
    let forward = try forwardTimeline(from: baseScene, bounds: bounds)
    if let custom = try style.reverseAnimation(for: context(bounds: bounds)) {
      return try custom.timeline(from: forward.endScene)
    }
    guard duration == 0, forward.duration == 0 else { return forward.reversed() }
    var animated = self
    animated.duration = nil
    let pop = try animated.reverseTimeline(from: baseScene, bounds: bounds)
    guard pop.duration > 0 else { return forward.reversed() }
    let end = pop.endScene
    var changes: [Change] = []
    for id in viewIDs {
      guard let state = end.state(of: id) else { continue }
      changes += [
        .frame(id, to: state.frame), .alpha(id, to: state.alpha),
        .transform(id, to: state.transform), .hidden(id, state.isHidden),
      ]
    }
    return try Animation([.instant(changes)]).timeline(from: forward.endScene)
  }

  /// The states the push leaves its views in at `bounds`, by view id: what
  /// a container applies instantly when its bounds change while the
  /// transition's views are shown.
  ///
  /// Derived on a scene holding only the transition's views, so a style
  /// must not change other views (the built-in ones never do).
  ///
  /// - Throws: ``TransitError`` from the style or the binding.
  public func endState(at bounds: Rect) throws(TransitError) -> [String: ViewState] {
    let scene = Scene(
      size: bounds.size, views: viewIDs.map { View(id: $0, frame: bounds) })
    let end = try forwardTimeline(from: scene, bounds: bounds).endScene
    var states: [String: ViewState] = [:]
    for id in viewIDs { states[id] = end.state(of: id) }
    return states
  }

  /// `scene` resized to `bounds`, with the transition's views in
  /// ``endState(at:)``: the rotation of a container whose last transition
  /// is this one.
  ///
  /// - Throws: ``TransitError`` from ``endState(at:)``, or `.unknownView`
  ///   when the scene lacks one of the transition's views.
  public func applyingEndState(to scene: Scene, at bounds: Rect) throws(TransitError) -> Scene {
    let states = try endState(at: bounds)
    var result = scene
    result.size = bounds.size
    for (id, state) in states {
      guard result.updateView(id, { $0.state = state }) else {
        throw TransitError.viewNotInScene(id: id)
      }
    }
    return result
  }

  /// The ids of the views present, appearing first.
  private var viewIDs: [String] {
    [appearingViewID, disappearingViewID].compactMap { $0 }
  }
}
