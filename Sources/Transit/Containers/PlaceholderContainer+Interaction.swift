extension PlaceholderContainer {
  /// Begins a swap in slot `index` that a gesture drives: `view` (or
  /// nothing) joins the slot at progress 0; ``updateInteraction(progress:)``
  /// moves the transition and ``finishInteraction(velocity:completionSpeed:)``
  /// or ``cancelInteraction(velocity:completionSpeed:)`` completes it, as
  /// for ``StackContainer/beginInteractivePush(_:style:)``. A cancelled swap
  /// leaves the container bit for bit as it was.
  ///
  /// - Parameters:
  ///   - view: the new child; `nil` empties the slot.
  ///   - index: the slot's index in ``slotIDs``.
  ///   - style: the transition from the old child to the new one.
  /// - Throws: `.invalidState` while another transition runs or waits; the
  ///   swap's own error (`.invalidValue` for a bad slot, `.duplicateView`,
  ///   a style that throws). Nothing changes then.
  public func beginInteractiveSwap(_ view: View?, inSlot index: Int, style: any TransitionStyle)
    throws(TransitError)
  {
    try driver.beginInteractive { [unowned self] () throws(TransitError) in
      try execute(.swap(view: view, slot: index, style: AnyTransitionStyle(style), animated: true))
    }
  }

  /// Whether a gesture drives a swap now (begun, not yet released).
  public var isInteracting: Bool { driver.isInteracting }

  /// The running transition's duration in seconds, or `nil` when none
  /// runs: progress p shows its frame at p × this.
  public var runningTransitionDuration: Double? { driver.runningDuration }

  /// The progress the interactive swap shows, or `nil` when none runs.
  public var interactionProgress: Double? { driver.interactionProgress }

  /// Shows the interactive swap at `progress` × its duration; ignored after the release.
  ///
  /// - Parameter progress: 0…1 (clamped); a value that is not finite is ignored.
  /// - Returns: whether the transition moved.
  @discardableResult
  public func updateInteraction(progress: Double) -> Bool {
    driver.updateInteraction(progress)
  }

  /// Lets the interactive swap finish from where it is; see
  /// ``StackContainer/finishInteraction(velocity:completionSpeed:)``.
  ///
  /// - Parameters:
  ///   - velocity: the progress per second when the finger lifted; `nil` completes linearly.
  ///   - completionSpeed: UIKit's `completionSpeed`; finite and positive.
  /// - Returns: whether an interaction was released.
  /// - Throws: `.invalidValue` for a bad speed or velocity.
  @discardableResult
  public func finishInteraction(velocity: Double? = nil, completionSpeed: Double = 1)
    throws(TransitError) -> Bool
  {
    driver.releaseInteraction(
      try InteractionRelease(finishes: true, velocity: velocity, completionSpeed: completionSpeed))
  }

  /// Lets the interactive swap return to its start; see
  /// ``StackContainer/cancelInteraction(velocity:completionSpeed:)``.
  ///
  /// - Parameters:
  ///   - velocity: the progress per second when the finger lifted; `nil` completes linearly.
  ///   - completionSpeed: UIKit's `completionSpeed`; finite and positive.
  /// - Returns: whether an interaction was released.
  /// - Throws: `.invalidValue` for a bad speed or velocity.
  @discardableResult
  public func cancelInteraction(velocity: Double? = nil, completionSpeed: Double = 1)
    throws(TransitError) -> Bool
  {
    driver.releaseInteraction(
      try InteractionRelease(finishes: false, velocity: velocity, completionSpeed: completionSpeed))
  }
}
