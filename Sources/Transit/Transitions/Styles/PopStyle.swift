/// The navigation pop: `push-from-right` played backwards, with the roles
/// swapped.
///
/// When a view was pushed with ``PushStyle`` from the right, popping it
/// makes the view beneath *appear* again and the pushed view *disappear*.
/// Seen with those roles, the reverse of the push is: the appearing view
/// (the one the push had moved out to the left) comes back from the left,
/// while the disappearing view (the pushed one) slides out to the right.
///
/// Steps (w: the bounds' width), each mirroring a step of the push:
/// 1. instant: the appearing view moves to (−w, 0), where the push left it;
/// 2. 0.4 s, the push's curve mirrored in time (ease-in-out mirrors to its
///    own shape, to within one unit in the last place of its control
///    points): both views translate by (w, 0);
/// 3. instant: the disappearing view, now outside the bounds, is hidden
///    (the push's reverse would leave it visible there; hiding it follows
///    the styles' convention and draws the same).
///
/// Frame for frame this shows what the exact reverse of the push shows.
/// Registered as `pop`; a container popping a view it pushed should rather
/// play ``Transition/reverseTimeline(from:bounds:)`` of the push, which is
/// exact by construction.
public struct PopStyle: TransitionStyle, Hashable {
  /// Creates the style.
  public init() {}

  /// `pop`.
  public var name: String { "pop" }
  /// 0.4 seconds, like the push.
  public var intrinsicDuration: Double { 0.4 }

  /// The three steps described above.
  public func intrinsicAnimation(in context: TransitionContext) throws(TransitError) -> Animation {
    let offset = TransitionEdge.left.offset(in: context.bounds)
    return Animation([
      .instant(context.appearing { [.translate($0, by: offset)] }),
      AnimationStep(
        duration: 0.4, curve: TimingCurve.easeInOut.mirrored,
        changes: context.appearing { [.translate($0, by: -offset)] }
          + context.disappearing { [.translate($0, by: -offset)] }),
      .instant(context.disappearing { [.hidden($0)] }),
    ])
  }
}
