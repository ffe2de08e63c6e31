extension TransitionContext {
  /// The changes `make` gives for the appearing view, or none when the
  /// context has no appearing view.
  ///
  /// A style must leave out the half of a transition whose view is absent
  /// (a container showing its first child has nothing disappearing; one
  /// removing its last child has nothing appearing). Writing each half
  /// through this method and ``disappearing(_:)`` does that without an
  /// `if let` per step, and lets a step read as the changes it makes:
  ///
  /// ```swift
  /// let w = context.bounds.width
  /// let slide = Animation([
  ///   .instant(context.appearing { [.translate($0, x: w, y: 0)] }),
  ///   AnimationStep(
  ///     duration: 0.3,
  ///     changes: context.appearing { [.translate($0, x: -w, y: 0)] }
  ///       + context.disappearing { [.fade($0, by: -1)] }),
  /// ])
  /// ```
  ///
  /// - Parameter make: the changes for a view, given its id.
  /// - Returns: `make(appearingViewID)`, or `[]` without calling `make`.
  /// - Complexity: one call of `make`, or none.
  public func appearing(_ make: (String) -> [Change]) -> [Change] {
    appearingViewID.map(make) ?? []
  }

  /// The changes `make` gives for the disappearing view, or none when the
  /// context has no disappearing view; see ``appearing(_:)``.
  ///
  /// - Parameter make: the changes for a view, given its id.
  /// - Returns: `make(disappearingViewID)`, or `[]` without calling `make`.
  /// - Complexity: one call of `make`, or none.
  public func disappearing(_ make: (String) -> [Change]) -> [Change] {
    disappearingViewID.map(make) ?? []
  }
}
