/// A type-erased ``TransitionStyle`` that is `Hashable` by name, so that
/// containers can store the style of each child in plain value types.
public struct AnyTransitionStyle: TransitionStyle, Hashable {
  /// The wrapped style.
  public let base: any TransitionStyle

  /// Wraps `style` (unwrapping it first if it is already erased).
  ///
  /// - Parameter style: the style to wrap.
  public init(_ style: any TransitionStyle) {
    base = (style as? AnyTransitionStyle)?.base ?? style
  }

  /// The wrapped style's name.
  public var name: String { base.name }
  /// The wrapped style's intrinsic duration.
  public var intrinsicDuration: Double { base.intrinsicDuration }

  /// The wrapped style's forward animation.
  ///
  /// - Parameter context: the container's bounds, the views' ids and the duration.
  /// - Returns: the animation the wrapped style builds in `context`.
  /// - Throws: ``TransitError`` when the wrapped style does.
  public func intrinsicAnimation(in context: TransitionContext) throws(TransitError) -> Animation {
    try base.intrinsicAnimation(in: context)
  }

  /// The wrapped style's own reverse, if any.
  ///
  /// - Parameter context: the context the forward animation was built in.
  /// - Returns: the wrapped style's reverse animation, or `nil` when it has
  ///   none and the exact reverse of the forward applies.
  /// - Throws: ``TransitError`` when the wrapped style does.
  public func intrinsicReverseAnimation(in context: TransitionContext) throws(TransitError)
    -> Animation?
  {
    try base.intrinsicReverseAnimation(in: context)
  }

  /// Styles compare by name: names are unique and stable.
  ///
  /// - Parameters:
  ///   - lhs: a style.
  ///   - rhs: another style.
  /// - Returns: whether the two styles have the same name.
  public static func == (lhs: AnyTransitionStyle, rhs: AnyTransitionStyle) -> Bool {
    lhs.name == rhs.name
  }

  /// Hashes the style's name, consistently with ``==(_:_:)``.
  ///
  /// - Parameter hasher: the hasher to feed.
  public func hash(into hasher: inout Hasher) { hasher.combine(name) }
}
