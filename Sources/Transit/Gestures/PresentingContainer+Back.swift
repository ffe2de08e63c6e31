extension PresentingContainer {
  /// The container's back — whatever ``PresentingContainer/back(animated:alongside:)``
  /// would do now: the top presentation's dismissal when one is up, else a
  /// stack's pop or a tab history's back — begun for a predictive back
  /// gesture: with ``BackPreview/style`` the operation's own style scrubbed
  /// linearly, with a motion spec the ``PredictiveBackStyle`` of `preview`
  /// along its own curve (a sheet always slides down: its dismissal is a
  /// move, not a transition between screens). Feed it a ``BackGesture``'s
  /// ``BackGesture/transitionProgress`` through
  /// ``DrivenContainer/updateInteraction(progress:)``, then commit with
  /// ``DrivenContainer/finishInteraction(velocity:completionSpeed:)`` or
  /// cancel with ``DrivenContainer/cancelInteraction(velocity:completionSpeed:)``:
  /// a cancel lands bit for bit on the picture before, a commit exactly as
  /// the non-interactive back. A back of duration 0 (a presentation made
  /// with the `none` style, say) has nothing to preview: the picture stays
  /// as it is until the release, which commits it or leaves it undone. A stack's matched elements fly inside the
  /// same timeline, so they follow the gesture rather than run on their own.
  ///
  /// One entry point for every container that goes back, so one
  /// ``BackGesture`` drives whichever back applies.
  ///
  /// - Parameters:
  ///   - preview: what the gesture previews.
  ///   - edge: the edge the swipe starts from (it mirrors the shared surface's shift).
  ///   - alongside: animations of any of the container's views played with
  ///     the back, scrubbed with the gesture and cancelled with it.
  ///   - completion: called once the back has been committed or cancelled.
  /// - Throws: `.invalidState` while another transition runs or waits (a
  ///   gesture does not queue) or when there is nothing to go back to.
  public func beginBack(
    preview: BackPreview, edge: BackGesture.Edge = .left, alongside: [Animation] = [],
    completion: ((OperationOutcome) -> Void)? = nil
  ) throws(TransitError) {
    let saved = scrubbing
    scrubbing = preview.scrubbing
    defer { scrubbing = saved }
    let style =
      preview == .style
      ? nil : AnyTransitionStyle(PredictiveBackStyle(preview: preview, edge: edge))
    let layer = presentationLayer
    // A back of duration 0 (a `none` style, a sheet or a container of
    // duration 0) waits for the release too, so that a cancel leaves it undone.
    try driver.beginInteractive(
      alongside: operationAlongside(alongside), holdsInstant: true, completion: completion
    ) { () throws(TransitError) in
      try layer.back(style: style, animated: true)
    }
  }
}
