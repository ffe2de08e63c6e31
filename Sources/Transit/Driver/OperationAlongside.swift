/// The animations an operation plays alongside the transition it starts,
/// and where the container's views come from: what a container's
/// `alongside:` parameter hands its ``TransitionDriver`` with the
/// operation, until the operation's transition takes them (into
/// ``TransitionRequest/alongside`` and ``TransitionRequest/alongsideViews``,
/// or into a layout change's timeline).
///
/// The views are read when the transition starts, not when the operation
/// is queued: a queued operation plays its alongside animations from the
/// picture the operations before it left.
struct OperationAlongside {
  /// The animations, in the order given.
  var animations: [Animation]
  /// The container's top-level views as they are now.
  var views: () -> [View]
}

/// A container whose alongside animations may change any view of its
/// scene: its operations hand the driver ``OperationAlongside`` built here.
protocol AlongsideHost: DrivenContainer {
  /// Every view the container shows.
  var scene: Scene { get }
}

extension AlongsideHost {
  /// `animations` with this container's views, or `nil` when there are none.
  func alongside(_ animations: [Animation]) -> OperationAlongside? {
    guard !animations.isEmpty else { return nil }
    return OperationAlongside(animations: animations) { [unowned self] in scene.views }
  }

  /// Queues `operation`, whose transition plays `alongside` with it.
  func enqueue(
    alongside animations: [Animation], completion: ((OperationOutcome) -> Void)? = nil,
    _ operation: @escaping () throws(TransitError) -> Void
  ) {
    driver.enqueue(alongside: alongside(animations), completion: completion, operation)
  }
}

extension StackContainer: AlongsideHost {}
extension PlaceholderContainer: AlongsideHost {}
extension PresentationContainer: AlongsideHost {}
extension TabBarContainer: AlongsideHost {}
