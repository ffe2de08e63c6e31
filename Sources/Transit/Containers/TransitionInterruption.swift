/// What a container does with an operation that undoes the transition
/// still running: wait for it, or turn it back.
///
/// With ``queue`` (the default)
/// every operation waits for the running transition to settle. With
/// ``reverse``, a pop issued while the push of the top is still running
/// turns that push back from where it is — the exact mirror of the part
/// already played — and the stack ends bit for bit as it was before the
/// push; the push's views get the cancelled-transition events
/// (``ContainerEvent/didCancelShow(_:animated:)``…). Likewise a push of
/// the view being popped, issued while its pop runs, brings it back. Every
/// other combination queues, as does an operation issued while others wait.
public enum TransitionInterruption: String, Hashable, Sendable, CaseIterable {
  /// Operations wait for the running transition to settle.
  case queue
  /// An operation that undoes the running transition turns it back.
  case reverse
}
