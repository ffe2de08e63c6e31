/// What a predictive back gesture previews: one of the two motion specs of
/// Android's design guide, or the pop's own style following the finger.
///
/// The two specs are ``PredictiveBackStyle``s: the back progress `b` shows
/// the spec's picture at `b` along cubic-bezier(0.1, 0.1, 0, 1); a commit
/// then plays the rest of the transition (a shared surface fades out), a
/// cancel returns exactly to the picture before.
public enum BackPreview: String, Hashable, Sendable, CaseIterable {
  /// Full screen: the leaving screen scales 1 → 0.9, the one behind
  /// 1.1 → 1, their fades crossing at 35 % of the gesture.
  case fullScreen = "full-screen"
  /// Shared surface: the leaving surface scales to 90 % and shifts by
  /// width/20 − 8 points toward the swipe, leaving an 8-point gap to the
  /// far edge; the screen behind shows as it is.
  case sharedSurface = "shared-surface"
  /// The pop's own style, scrubbed linearly: the finger at `b` shows it at `b`.
  case style

  /// The part of the transition the gesture covers: the rest is the commit's.
  public var share: Double {
    switch self {
    case .fullScreen, .style: 1
    case .sharedSurface: 0.5
    }
  }

  /// How the gesture's progress paces the transition: the specs' own curve,
  /// a style linearly.
  public var scrubbing: Scrubbing { self == .style ? .linear : .curve }
}
