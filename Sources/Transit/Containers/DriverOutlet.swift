/// Where a container's ``TransitionDriver`` writes: the container's own
/// scene and, for a container whose matched views fly, its flights'
/// overlays.
///
/// The driver is one of the container's stored properties, and an init may
/// capture `self` only once every stored property is set. So the init
/// makes its driver writing through an outlet, and binds the outlet to
/// itself once it is whole:
///
/// ```swift
/// let outlet = DriverOutlet()
/// driver = outlet.driver(clock: clock, counter: counter)
/// outlet.bind(to: self)
/// ```
final class DriverOutlet {
  private var write: (ViewState, String) -> Void = { _, _ in }
  private var showFlights: ([View]) -> Void = { _ in }

  /// A driver whose writes go through this outlet.
  ///
  /// - Parameter flies: whether the driver flies matched views (it hands
  ///   their overlays to the `showFlights` given to ``bind(to:showFlights:)``);
  ///   without, matching is off.
  func driver(clock: any PlaybackClock, counter: AnimationCounter, flies: Bool = false)
    -> TransitionDriver
  {
    TransitionDriver(
      clock: clock, counter: counter, write: { self.write($0, $1) },
      showFlights: flies ? { self.showFlights($0) } : nil)
  }

  /// Sends the driver's writes into `container`'s scene, and the overlays
  /// of the flights flying now to `showFlights`.
  func bind<Container: SceneContainer>(
    to container: Container, showFlights: @escaping ([View]) -> Void = { _ in }
  ) {
    write = { [unowned container] state, id in container.scene.apply(state, to: id) }
    self.showFlights = showFlights
  }
}

/// A container that owns the scene its driver writes into.
protocol SceneContainer: AnyObject {
  /// Every view the container shows.
  var scene: Scene { get set }
}

extension StackContainer: SceneContainer {}
extension PlaceholderContainer: SceneContainer {}
extension PresentationContainer: SceneContainer {}
extension TabBarContainer: SceneContainer {}
