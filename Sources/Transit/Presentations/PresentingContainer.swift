/// A container that presents screens over its own — full-screen with any
/// transition style, or as sheets with detents — on its one
/// ``TransitionDriver``: ``PresentationContainer`` (over one base screen),
/// ``StackContainer`` (over its top child) and ``TabBarContainer`` (over
/// the selected tab's top screen) answer to the same calls, written once
/// on their ``presentationLayer``.
///
/// ```swift
/// tabs.present(filters, sheet: SheetConfiguration(detents: [.medium, .large]))
/// tabs.setDetent(.large)   // the tab's screen scales back, its corners round
/// tabs.back()              // back dismisses the sheet: the tab comes back bit for bit
/// ```
///
/// Presentations play on the container's driver, counter and rotation
/// gate: they queue with its other operations, hold one unit of
/// ``DrivenContainer/counter`` each until settled (a sheet drag from its
/// begin to its settle), and a rotation re-resolves every sheet's detent
/// and re-derives every full-screen presentation at the new bounds,
/// exactly as a container created at that size would show them.
///
/// ## While something is presented
/// The presented screens cover the container's own. UIKit lets a
/// navigation or tab bar controller push, pop and select underneath a
/// presentation, which changes the screen a sheet has scaled back (and the
/// one a dismissal returns to) out of sight. Transit refuses them instead:
/// a push, pop, insert, removal or selection that runs while something is
/// presented fails with ``ContainerEvent/operationFailed(_:)``
/// (`.invalidState`; its completion reports ``OperationOutcome/cancelled``),
/// so the screen a presentation leaves is always the one it comes back to.
/// ``back(animated:alongside:)`` is the way out: it dismisses the top presentation.
///
/// ## Events
/// UIKit's for presentations. Full-screen: the presenting screen gets
/// `willHide`/`viewWillDisappear` and the presented one `willShow`/
/// `viewWillAppear(isMovingToParent: true)` when it starts, their
/// did-events when it ends (as a push; a dismissal as a pop). A sheet
/// leaves the presenting screen on screen, so only the sheet gets events
/// (`willShow`, `viewWillAppear`… `viewDidAppear`, `didShow`; on dismissal
/// `willHide`, `viewWillDisappear(isMovingFromParent: true)`…), as for
/// UIKit's page and form sheets. Moving between detents sends none.
public protocol PresentingContainer: DrivenContainer {
  /// The container's screens and, last, the presentations' views, in
  /// their current state.
  var scene: Scene { get }
  /// The presentations over the container's screens; see ``PresentationLayer``.
  var presentationLayer: PresentationLayer { get }
}

extension PresentingContainer {
  /// The presented views' ids, bottom to top.
  public var presentedIDs: [String] { presentationLayer.presentations.map(\.id) }

  /// The detent the top sheet rests at, or `nil` when the top is not a sheet.
  public var detent: SheetDetent? {
    guard case .sheet(let sheet) = presentationLayer.presentations.last?.kind else { return nil }
    return sheet.detent
  }

  /// Whether a gesture is dragging the top sheet.
  public var isDraggingSheet: Bool { presentationLayer.dragStart != nil }

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
    let layer = presentationLayer
    driver.enqueue(alongside: operationAlongside(alongside)) { () throws(TransitError) in
      try layer.presentFullScreen(view, style: style, animated: animated)
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
    let layer = presentationLayer
    driver.enqueue(alongside: operationAlongside(alongside)) { () throws(TransitError) in
      try layer.presentSheet(view, sheet: sheet, animated: animated)
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
    let layer = presentationLayer
    driver.enqueue(alongside: operationAlongside(alongside)) { () throws(TransitError) in
      try layer.dismissTop(animated: animated)
    }
  }

  /// Moves the top sheet to `detent`, one of its detents; the dimming and
  /// the scale-back follow. No events: the sheet stays on screen.
  ///
  /// - Parameters:
  ///   - detent: where to rest; not one of the sheet's detents, or the top
  ///     not being a sheet, fails the operation.
  ///   - animated: `false` moves it at once.
  ///   - alongside: animations of any of the container's views played with
  ///     the transition, on its clock (see <doc:BuildingAContainer>).
  public func setDetent(_ detent: SheetDetent, animated: Bool = true, alongside: [Animation] = []) {
    let layer = presentationLayer
    driver.enqueue(alongside: operationAlongside(alongside)) { () throws(TransitError) in
      try layer.moveSheet(to: detent, animated: animated)
    }
  }

  /// Goes back, as a back button or `{"back": true}` does: dismisses the
  /// top presentation when one is up (that is what back means then), else
  /// the container's own back — a stack pops its top, a tab container
  /// undoes the latest step of its history (see
  /// ``TabBarContainer``), a ``PresentationContainer`` with nothing
  /// presented has none. Nothing to go back to fails the operation with
  /// ``ContainerEvent/operationFailed(_:)``.
  ///
  /// - Parameters:
  ///   - animated: `false` completes it at once.
  ///   - alongside: animations of any of the container's views played with
  ///     the transition, on its clock (see <doc:BuildingAContainer>).
  public func back(animated: Bool = true, alongside: [Animation] = []) {
    let layer = presentationLayer
    driver.enqueue(alongside: operationAlongside(alongside)) { () throws(TransitError) in
      try layer.back(style: nil, animated: animated)
    }
  }

  /// `animations` with the container's views, read when the transition
  /// starts; `nil` when there are none.
  func operationAlongside(_ animations: [Animation]) -> OperationAlongside? {
    OperationAlongside(animations) { [unowned self] in scene }
  }

  // MARK: Sheet drags

  /// Begins dragging the top sheet. From now until the release settles, the
  /// container's ``DrivenContainer/counter`` holds one unit: operations
  /// queue and a rotation is deferred or refused by the rotation policy.
  ///
  /// - Throws: `.invalidState` when the top is not a sheet, or a transition
  ///   runs or waits; nothing changes then.
  public func beginSheetDrag() throws(TransitError) {
    try presentationLayer.beginSheetDrag()
  }

  /// Moves the sheet with the finger: `offset` points down from where the
  /// drag began (negative: up), 1:1, rubber-banded past the large detent
  /// (``PresentationContainer/rubberBand(_:dimension:)``), never below the
  /// bottom edge. The dimming and the scale-back follow.
  ///
  /// - Parameter offset: the finger's vertical offset; a value that is not
  ///   finite is ignored.
  /// - Returns: whether the sheet moved.
  @discardableResult
  public func updateSheetDrag(offset: Double) -> Bool {
    presentationLayer.updateSheetDrag(offset: offset)
  }

  /// Lets go of the sheet. Where it goes: the height it is at, moved on by
  /// ``PresentationContainer/projectedDistance(velocity:)``, picks the
  /// nearest detent — or, when that projection is below half the smallest
  /// detent's height, the sheet is dismissed. It gets there as a
  /// critically damped spring that starts at the release velocity, and
  /// lands exactly on the detent's rest picture (a drag that returns to the
  /// detent it began on leaves the container bit for bit as it was).
  ///
  /// - Parameters:
  ///   - velocity: the finger's velocity in points per second, positive
  ///     downwards; not finite counts as 0.
  ///   - alongside: animations of any of the container's views played with
  ///     the settle (or the dismissal), on its clock; a release that lands
  ///     where the drag began plays nothing, and neither do they.
  /// - Returns: the detent the sheet settles on, or `nil` when it is dismissed.
  /// - Throws: `.invalidState` when no drag runs; an alongside animation's
  ///   error (see ``TransitionRequest/alongside``), the sheet then back where
  ///   the drag began.
  @discardableResult
  public func endSheetDrag(velocity: Double = 0, alongside: [Animation] = []) throws(TransitError)
    -> SheetDetent?
  {
    try presentationLayer.endSheetDrag(velocity: velocity, alongside: operationAlongside(alongside))
  }

  /// Puts the sheet back where the drag began, bit for bit, at once.
  ///
  /// - Throws: `.invalidState` when no drag runs.
  public func cancelSheetDrag() throws(TransitError) {
    try presentationLayer.cancelSheetDrag()
  }
}
