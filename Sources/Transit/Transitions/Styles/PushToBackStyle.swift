/// Like ``PushStyle``, but the disappearing view also shrinks to half its
/// size, about its own centre, as it is pushed out: it seems to fall back.
///
/// Steps (w, h: the bounds' width and height):
/// 1. instant: the appearing view moves just beyond the edge it comes from;
/// 2. 0.4 s, ease-in-out: both views translate by the opposite amount, the
///    disappearing one shrinking to 0.5 meanwhile;
/// 3. instant: the disappearing view is hidden.
///
/// At the end the appearing view is at its base layout; the disappearing
/// view is scaled by 0.5, translated (from the right: by (−w, 0)) and hidden.
public struct PushToBackStyle: TransitionStyle, Hashable {
  /// The edge the appearing view comes from.
  public var edge: TransitionEdge

  /// Creates the style.
  public init(from edge: TransitionEdge) {
    self.edge = edge
  }

  /// `push-to-back-from-<edge>`.
  public var name: String { "push-to-back-from-\(edge.rawValue)" }
  /// 0.4 seconds.
  public var intrinsicDuration: Double { 0.4 }

  /// The three steps described above.
  public func intrinsicAnimation(in context: TransitionContext) throws(TransitError) -> Animation {
    PushStyle.animation(
      from: edge, in: context, disappearingScale: StyleMetrics.pushToBackPushScale)
  }

}
