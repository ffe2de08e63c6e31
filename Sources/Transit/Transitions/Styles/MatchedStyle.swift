/// The style for a transition told by its matched elements: the screens
/// cross-dissolve beneath the flights, so that nothing but the flying
/// elements moves (see <doc:MatchedElements>).
///
/// Steps, as `cross-dissolve`'s: instant, the appearing view fades to
/// alpha 0; 0.4 s, it fades in while the disappearing view fades out.
/// Registered as `matched`, beside the 48 built-in styles.
///
/// ```swift
/// stack.push(detail, style: MatchedStyle())  // the photo flies; the rest dissolves
/// ```
public struct MatchedStyle: TransitionStyle, Hashable {
  /// Creates the style.
  public init() {}

  /// `matched`.
  public var name: String { "matched" }
  /// 0.4 seconds, like `cross-dissolve`.
  public var intrinsicDuration: Double { 0.4 }

  /// The screens cross-dissolving.
  public func intrinsicAnimation(in context: TransitionContext) throws(TransitError) -> Animation {
    try FadeStyle(.crossDissolve).intrinsicAnimation(in: context)
  }
}
