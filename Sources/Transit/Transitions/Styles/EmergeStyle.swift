/// The appearing view emerges from the centre: it grows from 0.8 to full
/// size as it fades in.
///
/// Steps:
/// 1. instant: the appearing view shrinks to 0.8 about its centre and its
///    alpha drops to 0;
/// 2. 0.4 s, ease-in-out: it grows back to full size and fades in; with
///    `pushesToBack`, the disappearing view shrinks to 0.95 meanwhile.
///
/// At the end the appearing view is at its base layout (0.8 × 1.25 is
/// exactly 1); the disappearing view is unchanged (or scaled by 0.95).
public struct EmergeStyle: TransitionStyle, Hashable {
  /// Whether the disappearing view shrinks to 0.95 meanwhile.
  public var pushesToBack: Bool

  /// Creates the style.
  public init(pushesToBack: Bool = false) {
    self.pushesToBack = pushesToBack
  }

  /// `emerge-from-center`, followed by `-push-to-back` when it pushes to
  /// the back.
  public var name: String { "emerge-from-center" + (pushesToBack ? "-push-to-back" : "") }
  /// 0.4 seconds.
  public var intrinsicDuration: Double { 0.4 }

  /// The two steps described above.
  public func intrinsicAnimation(in context: TransitionContext) throws(TransitError) -> Animation {
    let scale = StyleMetrics.emergeScale
    var emerge = context.appearing {
      [.scale($0, by: StyleMetrics.exactInverse(of: scale)), .fade($0, by: 1)]
    }
    if pushesToBack {
      emerge += context.disappearing {
        [.scale($0, by: StyleMetrics.pushToBackScale)]
      }
    }
    return Animation([
      .instant(context.appearing { [.scale($0, by: scale), .fade($0, by: -1)] }),
      AnimationStep(duration: 0.4, changes: emerge),
    ])
  }
}
