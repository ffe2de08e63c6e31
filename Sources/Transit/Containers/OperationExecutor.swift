/// A container whose operations are values (``StackContainer``'s pushes
/// and pops, ``PlaceholderContainer``'s swaps) that one function performs:
/// queued or begun interactively, each runs on the driver through
/// ``execute(_:)`` when its turn comes.
protocol OperationExecutor: AlongsideHost {
  /// One operation as the user issued it.
  associatedtype Operation
  /// Performs `operation` now, starting its transition on the driver.
  func execute(_ operation: Operation) throws(TransitError)
}

extension OperationExecutor {
  /// Queues `operation` behind the running transition and the operations
  /// waiting before it, its transition playing `animations` alongside.
  func enqueue(
    _ operation: Operation, completion: ((OperationOutcome) -> Void)? = nil,
    alongside animations: [Animation] = []
  ) {
    enqueue(alongside: animations, completion: completion) {
      [unowned self] () throws(TransitError) in
      try execute(operation)
    }
  }

  /// Runs `operation` at once as an interactive transition; see
  /// ``TransitionDriver/beginInteractive(completion:_:)``.
  func beginInteractive(
    _ operation: Operation, completion: ((OperationOutcome) -> Void)? = nil,
    alongside animations: [Animation] = []
  ) throws(TransitError) {
    try driver.beginInteractive(alongside: alongside(animations), completion: completion) {
      [unowned self] () throws(TransitError) in
      try execute(operation)
    }
  }
}

extension StackContainer: OperationExecutor {}
extension PlaceholderContainer: OperationExecutor {}
