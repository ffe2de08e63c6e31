extension TransitionStyle {
  /// The forward animation as the context asks it to be played: at
  /// `context.duration` when one is given (every step and overlap rescaled
  /// uniformly, 0 making every step instant), else at the style's intrinsic
  /// duration.
  ///
  /// This is the one place where a context's duration is honoured; styles
  /// build their animation at the intrinsic duration in
  /// ``intrinsicAnimation(in:)`` and never look at `context.duration`.
  ///
  /// ```swift
  /// let context = TransitionContext(
  ///   bounds: Rect(x: 0, y: 0, width: 390, height: 844),
  ///   appearingViewID: "new", disappearingViewID: "old", duration: 0.8)
  /// let slow = try PushStyle(from: .right).animation(for: context)
  /// // slow.duration == 0.8, twice the intrinsic 0.4
  /// ```
  ///
  /// - Throws: ``TransitError`` from the style, or `.invalidValue` when the
  ///   context's duration is negative or not finite.
  public func animation(for context: TransitionContext) throws(TransitError) -> Animation {
    try Self.played(intrinsicAnimation(in: context), in: context)
  }

  /// The style's own reverse as the context asks it to be played (see
  /// ``animation(for:)``), or `nil` when the style has none.
  public func reverseAnimation(for context: TransitionContext) throws(TransitError) -> Animation? {
    guard let reverse = try intrinsicReverseAnimation(in: context) else { return nil }
    return try Self.played(reverse, in: context)
  }

  private static func played(_ animation: Animation, in context: TransitionContext)
    throws(TransitError) -> Animation
  {
    guard let duration = context.duration else { return animation }
    return try animation.withDuration(duration)
  }
}
