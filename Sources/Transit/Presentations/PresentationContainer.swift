/// A headless container that presents screens modally over a base screen,
/// as UIKit's `present(_:animated:)`: full-screen with any transition
/// style, or as a sheet with detents over a dimmed, scaled-back screen
/// (`UISheetPresentationController`). Presentations stack: a sheet over a
/// sheet, a full-screen over a sheet.
///
/// ```swift
/// let modal = PresentationContainer(size: Size(width: 390, height: 844), base: inbox, clock: clock)
/// modal.present(compose, sheet: SheetConfiguration(detents: [.medium, .large], detent: .medium))
/// modal.setDetent(.large)     // the inbox scales back, its corners round
/// modal.dismiss()             // the sheet slides away, the inbox comes back bit for bit
/// ```
///
/// It is the one-base-screen ``PresentingContainer``: ``StackContainer``
/// and ``TabBarContainer`` present over their own screens with the same
/// calls. The scene's top-level views are the base, then for each
/// presentation, bottom to top, a sheet's dimming layer (`dimming:ID`,
/// black, its alpha following the sheet's height) and the presented view.
///
/// Everything runs on one ``TransitionDriver``: a full-screen presentation
/// is a transition between the presenting screen and the presented one
/// (its dismissal the reverse, built at the bounds of the moment); a sheet
/// moving (sliding up, between detents, away) is a layout change
/// (``TransitionDriver/runLayoutChange(_:animated:settle:)``) from the
/// picture as it is to the picture at rest. Operations queue behind the
/// running one, each holds one unit of ``DrivenContainer/counter`` until it
/// has settled, and rotations go through ``gate``: the rest picture is
/// derived from the model at the current bounds (detents re-resolved,
/// full-screen end states re-derived), so after a rotation every view sits
/// exactly where a container created at the new size would put it.
///
/// Events are UIKit's for presentations (see ``PresentingContainer``);
/// ``phase(of:)`` answers from the events delivered.
public final class PresentationContainer: PresentingContainer, PresentationHost {
  /// The base and the presented views, in their current state.
  public internal(set) var scene: Scene
  /// The base screen's id.
  public let baseID: String
  /// The duration full-screen transitions play at, or `nil` for each style's own.
  public var transitionDuration: Double?
  /// Lets rotations through only between transitions.
  public let gate: RotationGate<Size>
  /// Runs every operation and transition; see ``DrivenContainer/driver``.
  public let driver: TransitionDriver
  /// The presentations over the base; see ``PresentingContainer``.
  public private(set) lazy var presentationLayer = PresentationLayer(host: self)

  var phases = PhaseBook()
  let approvedSizes = RequestInbox<Size>()
  var rotationMotion = RotationMotion.instant

  /// Creates a container showing `base`, laid out at its bounds.
  ///
  /// - Parameters:
  ///   - size: the container's size.
  ///   - base: the screen presentations are made over; its frame and state
  ///     are replaced by the bounds.
  ///   - clock: the clock the transitions play on.
  ///   - rotationPolicy: what a rotation requested mid-transition does.
  ///   - counter: the counter transitions count in.
  public init(
    size: Size, base: View, clock: any PlaybackClock, rotationPolicy: RotationPolicy = .defer,
    counter: AnimationCounter = AnimationCounter()
  ) {
    var root = base
    root.state = ViewState(frame: Rect(size: size))
    scene = Scene(size: size, views: [root])
    // The base is on screen from the start.
    phases.add(base.id, as: .appeared)
    baseID = base.id
    gate = approvedSizes.gate(counter: counter, policy: rotationPolicy)
    let outlet = DriverOutlet()
    driver = outlet.driver(clock: clock, counter: counter)
    bindDriver(through: outlet)
  }

  /// The container's bounds.
  public var bounds: Rect { scene.bounds }

  /// The id of the screen on top: the last presented, or the base.
  public var topID: String { presentedIDs.last ?? baseID }

  /// Where the child `id` stands in its lifecycle, from the events
  /// delivered so far; `nil` when the container does not hold it.
  ///
  /// - Parameter id: the base's or a presented view's id.
  /// - Returns: its phase; see ``ChildPhase``.
  public func phase(of id: String) -> ChildPhase? {
    id == baseID || presentationLayer.answersFor(id) ? phases[id] : nil
  }

  /// How far a release at `velocity` (points per second) carries a sheet,
  /// in points, as UIScrollView's deceleration projects a flick: with the
  /// normal deceleration rate r = 0.998 per millisecond, a scroll moving at
  /// v points per second comes to rest `(v / 1000) · r / (1 − r)` points
  /// further on (about half a second's worth of the velocity).
  ///
  /// - Parameter velocity: points per second, positive downwards.
  /// - Returns: points, positive downwards.
  public static func projectedDistance(velocity: Double) -> Double {
    let rate = 0.998
    return velocity / 1000 * rate / (1 - rate)
  }

  /// A height past the large detent, rubber-banded as UIScrollView does
  /// past its edge: `d · (1 − 1 / (x · c / d + 1))` for `x` points past it,
  /// with c = 0.55 and d the container's height, so the sheet follows the
  /// finger less and less and never gets more than `d` past the edge.
  ///
  /// - Parameters:
  ///   - overshoot: points the finger has gone past the large detent, ≥ 0.
  ///   - dimension: the container's height.
  /// - Returns: points the sheet goes past it.
  public static func rubberBand(_ overshoot: Double, dimension: Double) -> Double {
    guard overshoot > 0, dimension > 0 else { return 0 }
    return dimension * (1 - 1 / (overshoot * 0.55 / dimension + 1))
  }

  /// Asks to resize the container (a rotation); applied between
  /// transitions, refused or deferred by the gate during one. Every view
  /// lands on its rest layout at the new bounds: sheets on the same
  /// detents re-resolved there.
  ///
  /// - Parameters:
  ///   - size: the new size.
  ///   - duration: seconds the change animates over; 0 is instant.
  ///   - curve: the curve it moves along.
  /// - Returns: whether it was applied, deferred or refused.
  /// - Throws: `.invalidValue` for a duration that is not finite or is negative.
  @discardableResult
  public func rotate(to size: Size, duration: Double = 0, curve: TimingCurve = .easeInOut)
    throws(TransitError) -> RotationOutcome
  {
    requestRotation(to: size, motion: try RotationMotion(duration: duration, curve: curve))
  }

  // MARK: PresentationHost

  var presentingID: String? { baseID }

  func restingScreens(_ scene: Scene) throws(TransitError) -> Scene {
    var scene = scene
    let bounds = scene.bounds
    scene.updateView(baseID) { $0.state = ViewState(frame: bounds) }
    return scene
  }

  func backUnderneath(style: AnyTransitionStyle?, animated: Bool) throws(TransitError) {
    throw TransitError.nothingPresented(to: "go back from")
  }

  /// Applies the latest size the gate let through: the rest layout at the
  /// new bounds, animated when the rotation asked for a duration.
  func applyApprovedSizes() {
    let sizes = approvedSizes.takeAll()
    guard let size = sizes.last, size != scene.size else { return }
    let before = scene
    scene.size = size
    do { scene = try restingScreens(scene) } catch { driver.emit(.operationFailed(error)) }
    presentationLayer.resized()
    driver.emit(.boundsChanged(size))
    presentationLayer.animateResize(from: before, motion: rotationMotion)
  }
}
