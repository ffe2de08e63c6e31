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
/// The scene's top-level views are the base, then for each presentation,
/// bottom to top, a sheet's dimming layer (`dimming:ID`, black, its alpha
/// following the sheet's height) and the presented view.
///
/// Everything runs on one ``TransitionDriver``: a full-screen presentation
/// is a transition between the presenting screen and the presented one
/// (its dismissal the reverse, built at the bounds of the moment); a sheet
/// moving (sliding up, between detents, away) is a layout change
/// (``TransitionDriver/runLayoutChange(_:animated:settle:)``) from the
/// picture as it is to the picture at rest. Operations queue behind the
/// running one, each holds one unit of ``counter`` until it has settled,
/// and rotations go through ``gate``: the rest picture is derived from the
/// model at the current bounds (detents re-resolved, full-screen end states
/// re-derived), so after a rotation every view sits exactly where a
/// container created at the new size would put it.
///
/// ## Events
/// UIKit's for presentations. Full-screen: the presenting screen gets
/// `willHide`/`viewWillDisappear` and the presented one `willShow`/
/// `viewWillAppear(isMovingToParent: true)` when it starts, their did-events
/// when it ends (as a push; a dismissal as a pop). A sheet leaves the
/// presenting screen on screen, so only the sheet gets events
/// (`willShow`, `viewWillAppear`… `viewDidAppear`, `didShow`; on
/// dismissal `willHide`, `viewWillDisappear(isMovingFromParent: true)`…),
/// as for UIKit's page and form sheets. Moving between detents sends none.
/// ``phase(of:)`` answers from the events delivered.
public final class PresentationContainer: DrivenContainer {
  /// One presentation, bottom to top.
  struct Presentation {
    var id: String
    var kind: Kind
  }

  enum Kind {
    case fullScreen(AnyTransitionStyle)
    case sheet(SheetConfiguration)
  }

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

  var presentations: [Presentation] = []
  /// Each view's corner radii as given: the presenting screen gets them back.
  var radii: [String: CornerRadii] = [:]
  var phases = PhaseBook()
  let approvedSizes = RequestInbox<Size>()
  var rotationMotion = RotationMotion.instant
  /// The sheet's height while a gesture moves it, or `nil`.
  var draggedHeight: Double?
  /// The presentation whose dismissal is delivering its last events.
  var leaving: String?
  /// Where a sheet drag began: the sheet's height at its detent and the
  /// picture then (a cancel returns to it), or `nil` when none runs.
  var dragStart: (height: Double, scene: Scene)?

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
    baseID = base.id
    radii[base.id] = base.cornerRadii
    let inbox = approvedSizes
    gate = RotationGate(counter: counter, policy: rotationPolicy) { inbox.post($0) }
    var write: (ViewState, String) -> Void = { _, _ in }
    driver = TransitionDriver(clock: clock, counter: counter, write: { write($0, $1) })
    write = { [unowned self] state, id in scene.apply(state, to: id) }
    driver.betweenTransitions = { [unowned self] in applyApprovedSizes() }
    driver.eventTap = { [unowned self] event in phases.record(event) }
    // The base is on screen from the start.
    phases.add(base.id, as: .appeared)
  }

  /// The container's bounds.
  public var bounds: Rect { scene.bounds }

  /// The presented views' ids, bottom to top.
  public var presentedIDs: [String] { presentations.map(\.id) }

  /// The id of the screen on top: the last presented, or the base.
  public var topID: String { presentations.last?.id ?? baseID }

  /// The detent the top sheet rests at, or `nil` when the top is not a sheet.
  public var detent: SheetDetent? {
    guard case .sheet(let sheet) = presentations.last?.kind else { return nil }
    return sheet.detent
  }

  /// Where the child `id` stands in its lifecycle, from the events
  /// delivered so far; `nil` when the container does not hold it.
  ///
  /// - Parameter id: the base's or a presented view's id.
  /// - Returns: its phase; see ``ChildPhase``.
  public func phase(of id: String) -> ChildPhase? {
    guard id == baseID || presentations.contains(where: { $0.id == id }) else {
      return leaving == id && driver.isRunning ? phases[id] : nil
    }
    return phases[id]
  }

  // MARK: Operations

  /// Presents `view` full-screen over the top screen with `style`; its
  /// dismissal plays the reverse of `style`, built at the bounds of the
  /// moment.
  ///
  /// - Parameters:
  ///   - view: the screen to present; its id must be new to the container.
  ///   - style: any transition style (the 48 built-in ones, your own).
  ///   - animated: `false` completes it at once, on the same states.
  ///   - alongside: animations of any of the container's views played with
  ///     the transition, on its clock (see <doc:BuildingAContainer>).
  public func present(
    _ view: View, style: any TransitionStyle, animated: Bool = true, alongside: [Animation] = []
  ) {
    let style = AnyTransitionStyle(style)
    enqueue(alongside: alongside) { [unowned self] () throws(TransitError) in
      try presentFullScreen(view, style: style, animated: animated)
    }
  }

  /// Presents `view` as a sheet over the top screen: it slides up to
  /// `sheet.detent` while the screen below dims (unless the detent is at
  /// or below the largest undimmed one) and, at the large detent, scales
  /// back with rounded corners.
  ///
  /// - Parameters:
  ///   - view: the sheet's content; its id must be new to the container.
  ///   - sheet: its detents, starting detent and dimming.
  ///   - animated: `false` completes it at once, on the same states.
  ///   - alongside: animations of any of the container's views played with
  ///     the transition, on its clock (see <doc:BuildingAContainer>).
  public func present(
    _ view: View, sheet: SheetConfiguration, animated: Bool = true, alongside: [Animation] = []
  ) {
    enqueue(alongside: alongside) { [unowned self] () throws(TransitError) in
      try presentSheet(view, sheet: sheet, animated: animated)
    }
  }

  /// Dismisses the top presentation: a sheet slides away (the screen below
  /// un-dims, comes back to scale and gets its corners back), a
  /// full-screen presentation plays the reverse of its style. Nothing
  /// presented fails the operation with ``ContainerEvent/operationFailed(_:)``.
  ///
  /// - Parameters:
  ///   - animated: `false` completes it at once, on the same states.
  ///   - alongside: animations of any of the container's views played with
  ///     the transition, on its clock (see <doc:BuildingAContainer>).
  public func dismiss(animated: Bool = true, alongside: [Animation] = []) {
    enqueue(alongside: alongside) { [unowned self] () throws(TransitError) in
      try dismissTop(animated: animated)
    }
  }

  /// Moves the top sheet to `detent`, one of its detents; the dimming and
  /// the scale-back follow. No events: the sheet stays on screen.
  ///
  /// - Parameters:
  ///   - detent: where to rest; not one of the sheet's detents, or the top
  ///     not being a sheet, fails the operation.
  ///   - animated: `false` moves it at once.
  public func setDetent(_ detent: SheetDetent, animated: Bool = true) {
    driver.enqueue { [unowned self] () throws(TransitError) in
      try moveSheet(to: detent, animated: animated)
    }
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
    let motion = try RotationMotion(duration: duration, curve: curve)
    let outcome = gate.request(size)
    if outcome != .refused { rotationMotion = motion }
    applyApprovedSizes()
    return outcome
  }

  func emit(_ event: ContainerEvent) { driver.emit(event) }
}
