extension StackContainer {
  /// The stack's back — a pop of the top — begun for a predictive back
  /// gesture: with ``BackPreview/style`` the pop's own style scrubbed
  /// linearly, with a motion spec the ``PredictiveBackStyle`` of `preview`
  /// along its own curve. Feed it a ``BackGesture``'s
  /// ``BackGesture/transitionProgress`` through ``updateInteraction(progress:)``,
  /// then commit with ``finishInteraction(velocity:completionSpeed:)`` or
  /// cancel with ``cancelInteraction(velocity:completionSpeed:)``: a cancel
  /// lands bit for bit on the picture before, a commit exactly as a pop.
  /// Matched elements fly inside the same timeline, so they follow the
  /// gesture rather than run on their own.
  ///
  /// Every container that can go back offers this same entry point — a
  /// presentation's dismissal or a tab history's back begins its own
  /// operation here with the same ``BackPreview`` — so one ``BackGesture``
  /// drives whichever back applies.
  ///
  /// - Parameters:
  ///   - preview: what the gesture previews.
  ///   - edge: the edge the swipe starts from (it mirrors the shared surface's shift).
  ///   - alongside: animations played with the back, previewed with the gesture.
  ///   - completion: called once the back has been committed or cancelled.
  /// - Throws: as ``beginInteractivePop(style:completion:)``.
  public func beginBack(
    preview: BackPreview, edge: BackGesture.Edge = .left, alongside: [Animation] = [],
    completion: ((OperationOutcome) -> Void)? = nil
  ) throws(TransitError) {
    let saved = scrubbing
    scrubbing = preview.scrubbing
    defer { scrubbing = saved }
    let style: (any TransitionStyle)? =
      preview == .style ? nil : PredictiveBackStyle(preview: preview, edge: edge)
    try beginInteractivePop(style: style, alongside: alongside, completion: completion)
  }
}
