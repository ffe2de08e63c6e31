/// Both views step back a little, slide along together like cards on a
/// table, then come forward again.
///
/// Steps (w, h: the bounds' width and height):
/// 1. instant: the appearing view moves just beyond the edge it comes from;
/// 2. 0.2 s, ease-in-out: both views shrink to 0.95, each about its own
///    centre;
/// 3. 0.2 s, ease-in-out: both translate by the opposite of the offset;
/// 4. 0.2 s, ease-in-out: both grow back to full size about their centres;
/// 5. instant: the disappearing view is hidden.
///
/// At the end the appearing view is at its base layout, identity transform
/// bit for bit (the growth factor is chosen so that 0.95 × it is exactly 1);
/// the disappearing view is translated (from the right: by (−w, 0)) and
/// hidden.
public struct FlowStyle: TransitionStyle, Hashable {
  /// The edge the appearing view comes from.
  public var edge: TransitionEdge

  /// Creates the style.
  public init(from edge: TransitionEdge) {
    self.edge = edge
  }

  /// `flow-from-<edge>`.
  public var name: String { "flow-from-\(edge.rawValue)" }
  /// 0.6 seconds.
  public var intrinsicDuration: Double { 0.6 }

  /// The five steps described above.
  public func intrinsicAnimation(in context: TransitionContext) throws(TransitError) -> Animation {
    let offset = edge.offset(in: context.bounds)
    let shrink = StyleMetrics.pushToBackScale
    let grow = StyleMetrics.exactInverse(of: shrink)
    return Animation([
      .instant(context.appearing { [.translate($0, by: offset)] }),
      AnimationStep(
        duration: 0.2,
        changes: context.disappearing {
          StyleMetrics.scaleInPlace($0, by: shrink, translatedBy: .zero)
        }
          + context.appearing {
            StyleMetrics.scaleInPlace($0, by: shrink, translatedBy: offset)
          }),
      AnimationStep(
        duration: 0.2,
        changes: context.disappearing { [.translate($0, by: -offset)] }
          + context.appearing { [.translate($0, by: -offset)] }),
      AnimationStep(
        duration: 0.2,
        changes: context.disappearing {
          StyleMetrics.scaleInPlace($0, by: grow, translatedBy: -offset)
        }
          + context.appearing {
            StyleMetrics.scaleInPlace($0, by: grow, translatedBy: .zero)
          }),
      .instant(context.disappearing { [.hidden($0)] }),
    ])
  }
}
