/// The appearing view pushes the disappearing one out: both slide together,
/// the new one in from a side, the old one out through the opposite side.
///
/// Steps (w, h: the bounds' width and height):
/// 1. instant: the appearing view moves just beyond the edge it comes from
///    (from the right: by (w, 0));
/// 2. 0.4 s, ease-in-out: both views translate by the opposite amount;
/// 3. instant: the disappearing view, now outside the bounds, is hidden.
///
/// At the end the appearing view is at its base layout; the disappearing
/// view is translated by (−w, 0) (from the right) and hidden.
///
/// `PushStyle(from: .right)` is the navigation push, also registered as
/// `push` (and `push-left`, naming the way the content moves).
public struct PushStyle: TransitionStyle, Hashable {
  /// The edge the appearing view comes from.
  public var edge: TransitionEdge

  /// Creates the style.
  public init(from edge: TransitionEdge) {
    self.edge = edge
  }

  /// `push-from-<edge>`.
  public var name: String { "push-from-\(edge.rawValue)" }
  /// 0.4 seconds.
  public var intrinsicDuration: Double { 0.4 }

  /// The three steps described above.
  public func intrinsicAnimation(in context: TransitionContext) throws(TransitError) -> Animation {
    PushStyle.animation(from: edge, in: context, disappearingScale: nil)
  }

  /// The push shared with ``PushToBackStyle``: both views translate by the
  /// bounds' extent; the disappearing view may also shrink to
  /// `disappearingScale`.
  static func animation(
    from edge: TransitionEdge, in context: TransitionContext, disappearingScale: Double?
  ) -> Animation {
    let offset = edge.offset(in: context.bounds)
    return Animation([
      .instant(context.appearing { [.translate($0, by: offset)] }),
      AnimationStep(
        duration: 0.4,
        // Scale first, while the view is still centred, so that it shrinks
        // about its own centre; the translation then moves it whole.
        changes: context.disappearing { id in
          (disappearingScale.map { [Change.scale(id, by: $0)] } ?? []) + [
            .translate(id, by: -offset)
          ]
        } + context.appearing { [.translate($0, by: -offset)] }),
      .instant(context.disappearing { [.hidden($0)] }),
    ])
  }

}
