/// What a container reports to its ``StackContainer/observer`` (or
/// ``PlaceholderContainer/observer``): the appearance lifecycle of each
/// child, the delegate-style show and hide notifications, and its own
/// housekeeping.
///
/// The order within one transition is CoconutKit's (HLSContainerStack's
/// `animationWillStart:` and `animationDidStop:`), which follows UIKit's.
/// When the transition starts: `willHide` then `viewWillDisappear` for the
/// child leaving, `willShow` then `viewWillAppear` for the child arriving.
/// When it has ended: `viewDidDisappear` then `didHide` for the child that
/// left, `viewDidAppear` then `didShow` for the child that arrived. Each
/// fires exactly once per transition, `animated` telling whether the
/// transition was animated. Every event of one transition is delivered
/// before anything of the next (see ``TransitionDriver``), and by the time
/// the did-events go out the container has settled: a popped child is
/// gone, children beyond the capacity are unloaded (their
/// ``unloaded(_:)`` comes first).
///
/// A headless model records them so that tests (and a host that forwards
/// them to real view controllers) see exactly what UIKit would.
public enum ContainerEvent: Hashable, Sendable {
  /// The child `id` is about to appear. `isMovingToParent` is true when it
  /// was just added (a push), false when it is revealed (a pop).
  case viewWillAppear(String, animated: Bool, isMovingToParent: Bool)
  /// The child `id` has appeared.
  case viewDidAppear(String, animated: Bool, isMovingToParent: Bool)
  /// The child `id` is about to disappear. `isMovingFromParent` is true when
  /// it is being removed (a pop), false when it is covered (a push).
  case viewWillDisappear(String, animated: Bool, isMovingFromParent: Bool)
  /// The child `id` has disappeared.
  case viewDidDisappear(String, animated: Bool, isMovingFromParent: Bool)
  /// The container is about to send the child `id` away from the front
  /// (CoconutKit's `containerStack:willHideViewController:animated:`).
  case willHide(String, animated: Bool)
  /// The container has sent the child `id` away from the front.
  case didHide(String, animated: Bool)
  /// The container is about to show the child `id` at the front
  /// (`navigationController(_:willShow:animated:)`).
  case willShow(String, animated: Bool)
  /// The container has shown the child `id` at the front.
  case didShow(String, animated: Bool)
  /// An interactive transition that was to show the child `id` was
  /// cancelled: the counterpart of ``didShow(_:animated:)`` for its
  /// ``willShow(_:animated:)``.
  case didCancelShow(String, animated: Bool)
  /// An interactive transition that was to hide the child `id` was
  /// cancelled: it stays at the front. The counterpart of
  /// ``didHide(_:animated:)`` for its ``willHide(_:animated:)``.
  case didCancelHide(String, animated: Bool)
  /// The child `id` went deeper than the capacity: its view left the scene
  /// and is kept as a description.
  case unloaded(String)
  /// The child `id` came back within the capacity: its view is in the scene again.
  case reloaded(String)
  /// The container's size changed (a rotation or resize went through the gate).
  case boundsChanged(Size)
  /// A queued operation could not run (an unknown id, an index out of
  /// range, a style that threw); the queue went on with the next one.
  case operationFailed(TransitError)
}
