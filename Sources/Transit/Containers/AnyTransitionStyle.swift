/// A type-erased ``TransitionStyle`` that is `Hashable` by name, so that
/// containers can store the style of each child in plain value types.
public struct AnyTransitionStyle: TransitionStyle, Hashable {
  /// The wrapped style.
  public let base: any TransitionStyle

  /// Wraps `style` (unwrapping it first if it is already erased).
  public init(_ style: any TransitionStyle) {
    base = (style as? AnyTransitionStyle)?.base ?? style
  }

  /// The wrapped style's name.
  public var name: String { base.name }
  /// The wrapped style's intrinsic duration.
  public var intrinsicDuration: Double { base.intrinsicDuration }

  /// The wrapped style's forward animation.
  public func animation(in context: TransitionContext) throws(TransitError) -> Animation {
    try base.animation(in: context)
  }

  /// The wrapped style's own reverse, if any.
  public func reverseAnimation(in context: TransitionContext) throws(TransitError) -> Animation? {
    try base.reverseAnimation(in: context)
  }

  /// Styles compare by name: names are unique and stable.
  public static func == (lhs: AnyTransitionStyle, rhs: AnyTransitionStyle) -> Bool {
    lhs.name == rhs.name
  }

  public func hash(into hasher: inout Hasher) { hasher.combine(name) }
}
