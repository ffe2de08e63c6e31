/// A push whose pop is one of Android's predictive back motion specs: what
/// a container's back plays when a ``BackGesture`` previews
/// ``BackPreview/fullScreen`` or ``BackPreview/sharedSurface``.
///
/// Its push only hides the screen below (the state a stack's push leaves);
/// its pop, at duration D, is the spec:
///
/// - full screen: over the whole of D along cubic-bezier(0.1, 0.1, 0, 1),
///   the leaving screen's transform goes to a scale of 0.9 and the entering
///   one's from 1.1 to identity; over the first 0.7·D, linearly, the
///   leaving alpha goes 1 → 0 and the entering 0 → 1 (equal at 0.35·D).
/// - shared surface: over the first D/2 along the same curve, the leaving
///   surface's transform goes to a scale of 0.9 followed by a shift of
///   `s · (width/20 − 8)` (s = +1 from the left edge, −1 from the right),
///   which leaves an 8-point gap to the far edge; over the second D/2,
///   ease-out, it fades out (the commit).
///
/// Every target is absolute, so the pop lands bit for bit on the base layout.
public struct PredictiveBackStyle: TransitionStyle, Hashable {
  /// Which spec the pop plays.
  public let preview: BackPreview
  /// The edge the swipe starts from.
  public let edge: BackGesture.Edge

  /// Creates the style of `preview` (``BackPreview/fullScreen`` or
  /// ``BackPreview/sharedSurface``; ``BackPreview/style`` plays as full screen).
  public init(preview: BackPreview, edge: BackGesture.Edge = .left) {
    self.preview = preview
    self.edge = edge
  }

  /// `predictive-back-<preview>-from-<edge>`.
  public var name: String { "predictive-back-\(preview.rawValue)-from-\(edge.rawValue)" }
  /// 0.3 s of gesture (and, for a shared surface, 0.3 s of commit).
  public var intrinsicDuration: Double { preview == .sharedSurface ? 0.6 : 0.3 }

  /// The spec's interpolator, cubic-bezier(0.1, 0.1, 0, 1).
  public static let curve = try! TimingCurve.cubicBezier(0.1, 0.1, 0, 1)

  public func intrinsicAnimation(in context: TransitionContext) throws(TransitError) -> Animation {
    guard let below = context.disappearingViewID else { return Animation([]) }
    return Animation([.instant([.hidden(below)])])
  }

  public func intrinsicReverseAnimation(in context: TransitionContext) throws(TransitError)
    -> Animation?
  {
    let leaving = context.appearingViewID
    let entering = context.disappearingViewID
    var setup: [Change] = []
    if let entering { setup.append(.hidden(entering, false)) }
    switch preview {
    case .sharedSurface:
      let d = intrinsicDuration / 2
      let sign: Double = edge == .left ? 1 : -1
      let shift = sign * (context.bounds.width / 20 - 8)
      var scale: [Change] = []
      var fade: [Change] = []
      if let leaving {
        scale.append(
          .transform(leaving, to: Transform3D.scale(x: 0.9, y: 0.9).translated(x: shift, y: 0)))
        fade.append(.alpha(leaving, to: 0))
      }
      return Animation([
        .instant(setup),
        AnimationStep(duration: d, curve: Self.curve, changes: scale),
        AnimationStep(duration: d, curve: .easeOut, changes: fade),
      ])
    case .fullScreen, .style:
      let d = intrinsicDuration
      var scale: [Change] = []
      var fade: [Change] = []
      if let entering {
        setup.append(.alpha(entering, to: 0))
        setup.append(.transform(entering, to: .scale(x: 1.1, y: 1.1)))
        scale.append(.transform(entering, to: .identity))
        fade.append(.alpha(entering, to: 1))
      }
      if let leaving {
        scale.append(.transform(leaving, to: .scale(x: 0.9, y: 0.9)))
        fade.append(.alpha(leaving, to: 0))
      }
      return Animation([
        .instant(setup),
        AnimationStep(duration: d, curve: Self.curve, changes: scale),
        AnimationStep(duration: 0.7 * d, curve: .linear, overlap: d, changes: fade),
      ])
    }
  }
}
