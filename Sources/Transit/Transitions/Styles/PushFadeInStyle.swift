/// The disappearing view slides out through one side, then the appearing
/// view, which does not move, fades in as the old one fades out.
///
/// Steps (w, h: the bounds' width and height):
/// 1. instant: the appearing view's alpha drops to 0;
/// 2. 0.4 s, ease-in-out: the disappearing view translates away from the
///    named edge (from the right: by (−w, 0));
/// 3. 0.2 s, ease-in-out: cross-fade, the appearing view to alpha 1, the
///    disappearing one to 0;
/// 4. instant: the disappearing view is hidden.
///
/// At the end the appearing view is at its base layout; the disappearing
/// view is translated, at alpha 0 and hidden.
public struct PushFadeInStyle: TransitionStyle, Hashable {
  /// The edge named by the style: the disappearing view leaves through the
  /// opposite one, as in ``PushStyle``.
  public var edge: TransitionEdge

  /// Creates the style.
  public init(from edge: TransitionEdge) {
    self.edge = edge
  }

  /// `push-from-<edge>-fade-in`.
  public var name: String { "push-from-\(edge.rawValue)-fade-in" }
  /// 0.6 seconds.
  public var intrinsicDuration: Double { 0.6 }

  /// The four steps described above.
  public func intrinsicAnimation(in context: TransitionContext) throws(TransitError) -> Animation {
    let offset = edge.offset(in: context.bounds)
    return Animation([
      .instant(context.appearing { [.fade($0, by: -1)] }),
      AnimationStep(
        duration: 0.4, changes: context.disappearing { [.translate($0, by: -offset)] }),
      AnimationStep(
        duration: 0.2,
        changes: context.disappearing { [.fade($0, by: -1)] }
          + context.appearing { [.fade($0, by: 1)] }),
      .instant(context.disappearing { [.hidden($0)] }),
    ])
  }
}
