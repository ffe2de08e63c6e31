/// No animation at all: the appearing view is simply there, above the
/// disappearing one, which stays as it was.
///
/// Steps: none. Duration: 0. Name: `none`.
public struct NoneStyle: TransitionStyle, Hashable {
  /// Creates the style.
  public init() {}

  /// `none`.
  public var name: String { "none" }
  /// 0 seconds.
  public var intrinsicDuration: Double { 0 }

  /// The empty animation.
  public func intrinsicAnimation(in context: TransitionContext) throws(TransitError) -> Animation {
    .empty
  }
}
