extension StackContainer {
  /// Asks to resize the container and animates the change: every loaded
  /// child goes from where it is to where it rests at the new bounds (the
  /// end state of its transition re-derived there), and views whose layout
  /// an observer changes on ``ContainerEvent/boundsChanged(_:)`` (with
  /// ``updateContent(ofChild:_:)``: relative children, autoresizing rows)
  /// move from their old frames to their new ones, all along `curve`.
  ///
  /// The rotation goes through the ``gate`` like ``rotate(to:)``: applied
  /// between transitions, refused or deferred during one. Once applied, the
  /// layout is the new one at once (``bounds``, ``ContainerEvent/boundsChanged(_:)``),
  /// and the picture follows on the driver as a layout change
  /// (``TransitionDriver/runLayoutChange(_:animated:settle:)``): it holds
  /// one unit of ``counter`` until it has landed, operations issued
  /// meanwhile wait for it, and it lands bit for bit on the layout
  /// ``rotate(to:)`` applies at once. A duration of 0 is ``rotate(to:)``.
  ///
  /// ```swift
  /// stack.rotate(to: Size(width: 844, height: 390), duration: 0.4)
  /// clock.advance(by: 0.4)
  /// stack.tick()   // landed: exactly the instant rotation's picture
  /// ```
  ///
  /// - Parameters:
  ///   - size: the container's new size.
  ///   - duration: seconds the change takes; 0 is instant.
  ///   - curve: the curve every view moves along.
  /// - Returns: whether the new size was applied, deferred or refused.
  /// - Throws: `.invalidValue` for a duration that is not finite or is
  ///   negative; nothing is asked then.
  @discardableResult
  public func rotate(to size: Size, duration: Double, curve: TimingCurve = .easeInOut)
    throws(TransitError) -> RotationOutcome
  {
    requestRotation(to: size, motion: try RotationMotion(duration: duration, curve: curve))
  }
}
