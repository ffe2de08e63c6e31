extension PlaceholderContainer {
  /// Begins a swap in slot `index` that a gesture drives: `view` (or
  /// nothing) joins the slot at progress 0; ``updateInteraction(progress:)``
  /// moves the transition and ``finishInteraction(velocity:completionSpeed:)``
  /// or ``cancelInteraction(velocity:completionSpeed:)`` completes it, as
  /// for ``StackContainer/beginInteractivePush(_:style:alongside:completion:)``. A cancelled swap
  /// leaves the container bit for bit as it was.
  ///
  /// - Parameters:
  ///   - view: the new child; `nil` empties the slot.
  ///   - index: the slot's index in ``slotIDs``.
  ///   - style: the transition from the old child to the new one.
  ///   - alongside: animations played with the swap, scrubbed with the gesture.
  ///   - completion: called once the swap has finished or been cancelled.
  /// - Throws: `.invalidState` while another transition runs or waits; the
  ///   swap's own error (`.invalidValue` for a bad slot, `.duplicateView`,
  ///   a style that throws). Nothing changes then.
  public func beginInteractiveSwap(
    _ view: View?, inSlot index: Int, style: any TransitionStyle, alongside: [Animation] = [],
    completion: ((OperationOutcome) -> Void)? = nil
  ) throws(TransitError) {
    try beginInteractive(
      .swap(view: view, slot: index, style: AnyTransitionStyle(style), animated: true),
      completion: completion, alongside: alongside)
  }
}
