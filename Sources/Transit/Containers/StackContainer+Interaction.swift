extension StackContainer {
  /// Begins a push that a gesture drives: `view` is added on top and shown
  /// at progress 0; ``updateInteraction(progress:)`` moves it and
  /// ``finishInteraction(velocity:completionSpeed:)`` or
  /// ``cancelInteraction(velocity:completionSpeed:)`` completes it.
  /// `viewWillDisappear` and `viewWillAppear` go out now, as in UIKit.
  ///
  /// A cancelled push leaves the stack bit for bit as it was before; a
  /// finished one exactly as the non-interactive push leaves it. The
  /// stack's ``counter`` is held from now until the completion settles, so
  /// a rotation meanwhile is deferred or refused by the rotation policy,
  /// and operations issued meanwhile queue behind it.
  ///
  /// - Parameters:
  ///   - view: the new child's root view; its id must not be in the stack.
  ///   - style: the transition that shows it, and whose reverse pops it.
  ///   - alongside: animations played with the push, scrubbed with the
  ///     gesture and cancelled with it (see <doc:BuildingAContainer>).
  ///   - completion: called once the push has finished or been cancelled,
  ///     after its last event.
  /// - Throws: `.invalidState` while another transition runs or waits (a
  ///   gesture does not queue), or the push's own error (`.duplicateView`,
  ///   a style that throws); nothing changes then.
  public func beginInteractivePush(
    _ view: View, style: any TransitionStyle, alongside: [Animation] = [],
    completion: ((OperationOutcome) -> Void)? = nil
  ) throws(TransitError) {
    try beginInteractive(
      .insert(view, index: nil, style: AnyTransitionStyle(style), animated: true),
      completion: completion, alongside: alongside)
  }

  /// Begins a pop of the top that a gesture drives (the swipe back); see
  /// ``beginInteractivePush(_:style:alongside:completion:)``. A cancelled pop leaves the top where it was.
  ///
  /// - Parameters:
  ///   - style: the push whose reverse the gesture drives, instead of the
  ///     top's own push style; `nil` for its own.
  ///   - alongside: animations played with the pop, scrubbed with the gesture.
  ///   - completion: called once the pop has finished or been cancelled.
  /// - Throws: `.invalidState` while another transition runs or waits, or
  ///   on a stack of fewer than two children.
  public func beginInteractivePop(
    style: (any TransitionStyle)? = nil, alongside: [Animation] = [],
    completion: ((OperationOutcome) -> Void)? = nil
  ) throws(TransitError) {
    try beginInteractive(
      .pop(to: .below, style: style.map(AnyTransitionStyle.init), animated: true),
      completion: completion, alongside: alongside)
  }

  /// Begins a pop to the child `id` that a gesture drives; see
  /// ``beginInteractivePush(_:style:alongside:completion:)``. A cancelled pop-to brings back the
  /// children in between exactly as they were.
  ///
  /// - Parameters:
  ///   - id: the child to reveal.
  ///   - style: the push whose reverse the gesture drives, instead of the
  ///     top's own push style; `nil` for its own.
  ///   - alongside: animations played with the pop, scrubbed with the gesture.
  ///   - completion: called once the pop has finished or been cancelled.
  /// - Throws: `.invalidState` while another transition runs or waits;
  ///   `.unknownView` when `id` is not below the top.
  public func beginInteractivePop(
    to id: String, style: (any TransitionStyle)? = nil, alongside: [Animation] = [],
    completion: ((OperationOutcome) -> Void)? = nil
  ) throws(TransitError) {
    try beginInteractive(
      .pop(to: .id(id), style: style.map(AnyTransitionStyle.init), animated: true),
      completion: completion, alongside: alongside)
  }
}
