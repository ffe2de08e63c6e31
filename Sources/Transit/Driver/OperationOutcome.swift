/// How one container operation ended, as its completion reports it.
///
/// An operation's completion (`push(_:style:animated:completion:)`, and
/// every other operation's) is called exactly once, after the operation's
/// last event has been delivered and its counter unit given back, as
/// UIKit's `completion` of a transition: ``finished`` when the operation
/// did what it was asked (a push landed, a pop removed the top, a change
/// without a transition was made), ``cancelled`` when it did not (an
/// interactive transition released to cancel, a transition turned back by
/// a later operation, or an operation that failed and was reported as
/// ``ContainerEvent/operationFailed(_:)``: nothing changed).
public enum OperationOutcome: String, Hashable, Sendable, CaseIterable {
  /// The operation completed.
  case finished
  /// The container is as it was before the operation.
  case cancelled
}
