import RealModule

/// How an interactive transition completes once the finger lifts: where it
/// goes, how fast, and whether it moves like a spring.
///
/// The completion starts exactly where the drag left the transition
/// (progress `p`), so the picture never jumps when the finger lifts, and it
/// lands exactly on its end: the last sample is the timeline's own end
/// (progress 1) when finishing, its start (progress 0) when cancelling.
///
/// Timing follows UIKit's `UIPercentDrivenInteractiveTransition`: with a
/// transition of duration `D`, the rest takes `(1 − p) · D / completionSpeed`
/// to finish and `p · D / completionSpeed` to cancel. Without a velocity the
/// progress moves linearly (the style's own curves still shape the
/// picture); with one, it follows a critically damped spring that starts at
/// exactly the release velocity and is corrected to arrive exactly at the
/// end of that same duration.
public struct InteractionRelease: Hashable, Sendable {
  /// Whether the transition completes (`true`) or returns to its start.
  public var finishes: Bool
  /// The progress per second at which the finger lifted, if known.
  public var velocity: Double?
  /// UIKit's `completionSpeed`: 1 plays the rest in real time, 2 twice as fast.
  public var completionSpeed: Double

  /// Creates a release.
  ///
  /// - Parameters:
  ///   - finishes: `true` to finish the transition, `false` to cancel it.
  ///   - velocity: the progress per second at release; `nil` completes linearly.
  ///   - completionSpeed: how fast the rest plays; must be finite and positive.
  /// - Throws: `.invalidValue` for a speed that is not finite and positive,
  ///   or a velocity that is not finite.
  public init(finishes: Bool, velocity: Double? = nil, completionSpeed: Double = 1)
    throws(TransitError)
  {
    guard completionSpeed.isFinite, completionSpeed > 0 else {
      throw TransitError(
        .invalidValue, "a completion speed must be finite and positive, got \(completionSpeed)")
    }
    if let velocity, !velocity.isFinite {
      throw TransitError(.invalidValue, "a release velocity must be finite, got \(velocity)")
    }
    self.finishes = finishes
    self.velocity = velocity
    self.completionSpeed = completionSpeed
  }

  /// The progress the completion ends on.
  public var target: Double { finishes ? 1 : 0 }

  /// How long the completion takes from `progress` for a transition of
  /// `duration`: UIKit's `(1 − p) · D / completionSpeed` to finish,
  /// `p · D / completionSpeed` to cancel. Public, with
  /// ``progress(at:from:total:)``, so that a host can move its own chrome
  /// (a navigation bar, a shadow) along the same completion.
  ///
  /// - Parameters:
  ///   - progress: the progress at release.
  ///   - duration: the transition's duration.
  /// - Returns: the completion's duration in seconds.
  public func completionDuration(from progress: Double, duration: Double) -> Double {
    abs(target - progress) * duration / completionSpeed
  }

  /// The progress `elapsed` seconds after a release at `progress`, for a
  /// completion that takes `total` seconds. Exactly `progress` at 0; the
  /// caller lands on ``target`` itself once `elapsed` reaches `total`.
  ///
  /// - Parameters:
  ///   - elapsed: seconds since the release.
  ///   - progress: the progress at release.
  ///   - total: the completion's duration, ``completionDuration(from:duration:)``.
  /// - Returns: the progress to show, 0…1.
  public func progress(at elapsed: Double, from progress: Double, total: Double) -> Double {
    guard total > 0, elapsed > 0 else { return progress }
    guard elapsed < total else { return target }
    let offset = progress - target
    guard let velocity else { return progress - offset * (elapsed / total) }
    // A critically damped spring x(t) = (A + B·t)·e^(−ω·t) around the target,
    // x(0) = offset, x'(0) = velocity, stiff enough to have nearly settled at
    // `total`; the residual at `total` is taken out along (t/total)², which
    // leaves the start velocity exactly the release velocity and arrives
    // exactly.
    let omega = 8 / total
    func spring(_ t: Double) -> Double {
      (offset + (velocity + omega * offset) * t) * Double.exp(-omega * t)
    }
    let residual = spring(total)
    let fraction = elapsed / total
    let value = target + spring(elapsed) - residual * (fraction * fraction)
    return min(max(value, 0), 1)
  }

  /// The rate of ``progress(at:from:total:)``, in progress per second,
  /// `elapsed` seconds after a release at `progress`: what a gesture that
  /// catches the completion carries on from. The release velocity itself
  /// at 0 when one was given; 0 once the completion is over.
  ///
  /// - Parameters:
  ///   - elapsed: seconds since the release.
  ///   - progress: the progress at release.
  ///   - total: the completion's duration.
  /// - Returns: progress per second.
  public func velocity(at elapsed: Double, from progress: Double, total: Double) -> Double {
    guard total > 0, elapsed < total else { return 0 }
    let t = max(elapsed, 0)
    let offset = progress - target
    guard let velocity else { return -offset / total }
    let omega = 8 / total
    let b = velocity + omega * offset
    let residual = (offset + b * total) * Double.exp(-omega * total)
    let rate = (b - omega * (offset + b * t)) * Double.exp(-omega * t)
    return rate - residual * 2 * t / (total * total)
  }
}
