/// The appearing view fades in where it stands, above the disappearing one.
///
/// Steps:
/// 1. instant: the appearing view's alpha drops to 0;
/// 2. 0.4 s, ease-in-out: it fades back to 1, and according to the variant
///    the disappearing view stays as it is (`fade-in`), shrinks to 0.95
///    about its centre (`fade-in-push-to-back`), or fades out to 0
///    (`cross-dissolve`).
///
/// At the end the appearing view is at its base layout; the disappearing
/// view is unchanged, scaled by 0.95, or at alpha 0 (still not hidden).
public struct FadeStyle: TransitionStyle, Hashable {
  /// What happens to the disappearing view while the appearing one fades in.
  public enum Variant: String, Hashable, Sendable, Codable, CaseIterable {
    /// Nothing: `fade-in`.
    case fadeIn = "fade-in"
    /// It shrinks to 0.95 about its centre: `fade-in-push-to-back`.
    case fadeInPushToBack = "fade-in-push-to-back"
    /// It fades out to alpha 0 at the same pace: `cross-dissolve`.
    case crossDissolve = "cross-dissolve"
  }

  /// What happens to the disappearing view.
  public var variant: Variant

  /// Creates the style.
  public init(_ variant: Variant) {
    self.variant = variant
  }

  /// `fade-in`, `fade-in-push-to-back` or `cross-dissolve`.
  public var name: String { variant.rawValue }
  /// 0.4 seconds.
  public var intrinsicDuration: Double { 0.4 }

  /// The two steps described above.
  public func intrinsicAnimation(in context: TransitionContext) throws(TransitError) -> Animation {
    var fade = context.appearing { [.fade($0, by: 1)] }
    switch variant {
    case .fadeIn: break
    case .fadeInPushToBack:
      fade += context.disappearing { [.scale($0, by: StyleMetrics.pushToBackScale)] }
    case .crossDissolve:
      fade += context.disappearing { [.fade($0, by: -1)] }
    }
    return Animation([
      .instant(context.appearing { [.fade($0, by: -1)] }),
      AnimationStep(duration: 0.4, changes: fade),
    ])
  }
}
