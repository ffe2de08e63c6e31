/// The presentations a container shows over its own screens — full-screen
/// ones and sheets, bottom to top — on that container's one
/// ``TransitionDriver``.
///
/// Every ``PresentingContainer`` (``PresentationContainer``,
/// ``StackContainer``, ``TabBarContainer``) owns one, and its presentation
/// calls (``PresentingContainer/present(_:style:animated:alongside:)``,
/// ``PresentingContainer/present(_:sheet:animated:alongside:)``,
/// ``PresentingContainer/dismiss(animated:alongside:)``, the sheet drag) all go
/// through it: the same model, the same rest picture, the same events,
/// whatever the screens underneath are. Its views are the container's
/// scene's last top-level views: for each presentation, bottom to top, a
/// sheet's dimming layer (`dimming:ID`) and the presented view. It has no
/// public members: use it through the container.
public final class PresentationLayer {
  /// One presentation, bottom to top.
  struct Presentation {
    var id: String
    var kind: Kind
  }

  enum Kind {
    case fullScreen(AnyTransitionStyle)
    case sheet(SheetConfiguration)
  }

  /// The container whose scene, driver and phases the presentations live
  /// in; it owns the layer, so it outlives it.
  unowned let host: any PresentationHost

  var presentations: [Presentation] = []
  /// The screen the first presentation was made over, fixed until the
  /// last one has left (the container refuses to change its screens
  /// meanwhile).
  var basePresenter: String?
  /// Each presenter's and presented view's corner radii as given: a
  /// screen scaled back behind a sheet gets them back.
  var radii: [String: CornerRadii] = [:]
  /// The sheet's height while a gesture moves it, or `nil`.
  var draggedHeight: Double?
  /// The presentation whose dismissal is delivering its last events.
  var leaving: String?
  /// Where a sheet drag began: the sheet's height at its detent and the
  /// picture then (a cancel returns to it), or `nil` when none runs.
  var dragStart: (height: Double, scene: Scene)?

  init(host: any PresentationHost) {
    self.host = host
  }

  var driver: TransitionDriver { host.driver }
  var scene: Scene {
    get { host.scene }
    set { host.scene = newValue }
  }
  var bounds: Rect { host.scene.bounds }

  /// Whether `id` is presented (or its dismissal is delivering its last events).
  func answersFor(_ id: String) -> Bool {
    presentations.contains { $0.id == id } || (leaving == id && driver.isRunning)
  }

  /// Refuses an operation on the screens underneath while something is
  /// presented; see ``PresentingContainer``.
  func checkNothingPresented(_ operation: String) throws(TransitError) {
    guard let top = presentations.last else { return }
    throw TransitError.presentationInTheWay(operation: operation, presented: top.id)
  }
}

/// What a container gives its ``PresentationLayer``: its scene, driver and
/// phases, the screen a presentation is made over, its screens' rest
/// picture, and its own back.
protocol PresentationHost: SceneContainer {
  var driver: TransitionDriver { get }
  var phases: PhaseBook { get set }
  /// The duration full-screen presentations play at, or `nil` for each style's own.
  var transitionDuration: Double? { get }
  /// The screen a first presentation is made over: the one shown.
  var presentingID: String? { get }
  /// `scene` with the container's own screens at rest at its size (the
  /// presentations' views left as they are).
  func restingScreens(_ scene: Scene) throws(TransitError) -> Scene
  /// Runs the container's own back now, from inside an operation (a pop,
  /// a tab history's back), playing the reverse of `style` when given.
  func backUnderneath(style: AnyTransitionStyle?, animated: Bool) throws(TransitError)
  /// Lets rotations through only between transitions.
  var gate: RotationGate<Size> { get }
  /// How the latest rotation let through is played.
  var rotationMotion: RotationMotion { get set }
  /// Applies the latest size the gate let through, if any.
  func applyApprovedSizes()
}

extension PresentationHost {
  /// Asks the gate for `size`; once let through (now or after the running
  /// transition), the container lays out at it, played as `motion` says.
  func requestRotation(to size: Size, motion: RotationMotion) -> RotationOutcome {
    let outcome = gate.request(size)
    if outcome != .refused { rotationMotion = motion }
    applyApprovedSizes()
    return outcome
  }

  /// Binds the driver to the container: its writes into the scene and
  /// the flights' overlays to `showFlights` (through `outlet`, which made
  /// it), approved sizes applied between transitions, phases following the
  /// events delivered.
  func bindDriver(
    through outlet: DriverOutlet, showFlights: @escaping ([View]) -> Void = { _ in }
  ) {
    outlet.bind(to: self, showFlights: showFlights)
    driver.betweenTransitions = { [unowned self] in applyApprovedSizes() }
    driver.eventTap = { [unowned self] event in phases.record(event) }
  }
}

extension RequestInbox where Request == Size {
  /// A rotation gate that leaves the sizes it lets through here.
  func gate(counter: AnimationCounter, policy: RotationPolicy) -> RotationGate<Size> {
    RotationGate(counter: counter, policy: policy) { [self] in post($0) }
  }
}
