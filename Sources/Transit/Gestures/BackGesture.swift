import RealModule

/// Android's predictive back gesture: touch positions in, the progress the
/// screen behind is previewed at out, exactly as AOSP computes it.
///
/// **Progress from the touch** (AOSP `BackTouchTracker.getProgress`): the
/// distance `d` the touch has moved away from the swipe edge since the
/// gesture began (never negative) is linear up to `linearDistance`, then
/// eases toward 1 at `maxDistance` (the container's width):
///
///     initialTarget = linear + (max − linear) · nonLinearFactor
///     d ≤ linear:  progress = d / initialTarget
///     d > linear:  progress = d / lerp(initialTarget, max, (d − linear) / (max − linear))
///
/// clamped into 0…1 (and `d / max` when `linearDistance ≥ maxDistance`).
/// AOSP's thresholds come from SystemUI's `EdgeBackGestureHandler`
/// (`updateBackAnimationThresholds`): `maxDistance` is the display's width,
/// `linearDistance` is `min(width, navigation_edge_action_progress_threshold)`,
/// a dimension resource of 412 dp (the value compiled into Pixel builds of
/// SystemUI; a device overlay may change it, and the debug property
/// `persist.wm.debug.predictive_back_linear_distance` overrides it), and
/// `nonLinearFactor` is the resource `back_progress_non_linear_factor` (0.2).
///
/// **Smoothing** (AOSP `BackProgressAnimator`): the progress shown follows
/// that raw progress through a spring of stiffness 1500 and damping ratio 1
/// (`SpringForce.STIFFNESS_MEDIUM`, `DAMPING_RATIO_NO_BOUNCY`, unit mass):
/// each touch sets the spring's target, and the shown progress at a touch's
/// time is the spring moved there exactly (critically damped,
/// `x(t) = (x₀ + (v₀ + ω·x₀)·t)·e^(−ω·t)` about the target, `ω = √1500`)
/// from the previous touch, toward the previous touch's raw progress. The
/// first touch shows 0.
///
/// ```swift
/// var back = BackGesture(edge: .left, width: 390)
/// try stack.beginBack(preview: .fullScreen)
/// for (touch, time) in touches {
///   stack.updateInteraction(progress: back.transitionProgress(afterTouch: touch, at: time))
/// }
/// try stack.finishInteraction(velocity: back.transitionVelocity)   // commit
/// ```
public struct BackGesture: Hashable, Sendable {
  /// The edge a back swipe starts from.
  public enum Edge: String, Hashable, Sendable, CaseIterable {
    /// From the left edge, moving right.
    case left
    /// From the right edge, moving left.
    case right
  }

  /// AOSP's spring stiffness for the back progress (`STIFFNESS_MEDIUM`).
  public static let stiffness = 1500.0
  /// AOSP's damping ratio for the back progress (`DAMPING_RATIO_NO_BOUNCY`).
  public static let dampingRatio = 1.0
  /// AOSP's `navigation_edge_action_progress_threshold`, 412 dp, in
  /// points: the linear part of the progress, capped at the width.
  public static let defaultLinearDistance = 412.0
  /// AOSP's `back_progress_non_linear_factor`.
  public static let defaultNonLinearFactor = 0.2

  /// The edge the swipe starts from.
  public let edge: Edge
  /// Where progress stops growing linearly: at most ``maxDistance``.
  public let linearDistance: Double
  /// The distance at which progress reaches 1: the container's width.
  public let maxDistance: Double
  /// How far past ``linearDistance`` the linear part aims, as a fraction of the rest.
  public let nonLinearFactor: Double
  /// How the shown progress maps onto the transition's progress; see ``BackPreview``.
  public let preview: BackPreview

  private var start: Double?
  private var lastTime = 0.0
  private var target = 0.0
  /// The smoothed progress shown, 0…1.
  public private(set) var progress = 0.0
  /// The smoothed progress's rate at the last touch, per second.
  public private(set) var velocity = 0.0

  /// Creates a gesture for a container `width` wide.
  ///
  /// - Parameters:
  ///   - edge: the edge the swipe starts from.
  ///   - width: the container's width (AOSP's maximum distance).
  ///   - preview: what the progress drives; ``BackPreview/style`` by default.
  ///   - linearDistance: where the linear part ends (capped at `width`).
  ///   - nonLinearFactor: AOSP's non-linear factor.
  /// - Throws: `.invalidValue` for a width, distance or factor that is not
  ///   finite, or not positive (a factor may be 0…1).
  public init(
    edge: Edge, width: Double, preview: BackPreview = .style,
    linearDistance: Double = BackGesture.defaultLinearDistance,
    nonLinearFactor: Double = BackGesture.defaultNonLinearFactor
  ) throws(TransitError) {
    guard width.isFinite, width > 0, linearDistance.isFinite, linearDistance > 0 else {
      throw TransitError(
        .invalidValue,
        "a back gesture needs a finite positive width and linear distance, got \(width), \(linearDistance)"
      )
    }
    guard nonLinearFactor.isFinite, (0...1).contains(nonLinearFactor) else {
      throw TransitError(
        .invalidValue, "a non-linear factor must be in 0…1, got \(nonLinearFactor)")
    }
    self.edge = edge
    self.maxDistance = width
    self.linearDistance = min(width, linearDistance)
    self.nonLinearFactor = nonLinearFactor
    self.preview = preview
  }

  /// AOSP's raw progress for a touch at `x` when the gesture began at `startX`.
  public func rawProgress(touchX x: Double, startX: Double) -> Double {
    let distance = edge == .left ? x - startX : startX - x
    let delta = max(0, distance)
    let progress: Double
    if linearDistance < maxDistance {
      let nonLinearDistance = maxDistance - linearDistance
      let initialTarget = linearDistance + nonLinearDistance * nonLinearFactor
      if delta <= linearDistance {
        progress = delta / initialTarget
      } else {
        let amount = (delta - linearDistance) / nonLinearDistance
        progress = delta / (initialTarget + (maxDistance - initialTarget) * amount)
      }
    } else {
      progress = delta / maxDistance
    }
    return min(max(progress, 0), 1)
  }

  /// Takes the touch at `x` at `time` seconds and returns the smoothed
  /// progress shown then; see the type's discussion. A touch that is not
  /// finite, or earlier than the one before, is ignored.
  @discardableResult
  public mutating func touch(x: Double, at time: Double) -> Double {
    guard x.isFinite, time.isFinite else { return progress }
    guard let start else {
      self.start = x
      lastTime = time
      target = 0
      return progress
    }
    guard time >= lastTime else { return progress }
    // The critically damped spring toward the previous target, moved exactly.
    let omega = Double.sqrt(Self.stiffness)
    let t = time - lastTime
    let x0 = progress - target
    let b = velocity + omega * x0
    let decay = Double.exp(-omega * t)
    progress = target + (x0 + b * t) * decay
    velocity = (b - omega * (x0 + b * t)) * decay
    lastTime = time
    target = rawProgress(touchX: x, startX: start)
    return progress
  }

  /// The transition's progress for the shown progress: ``BackPreview/share``
  /// of it, the rest being the commit's.
  public var transitionProgress: Double { min(max(progress, 0), 1) * preview.share }

  /// Takes a touch and returns ``transitionProgress``.
  public mutating func transitionProgress(afterTouch x: Double, at time: Double) -> Double {
    touch(x: x, at: time)
    return transitionProgress
  }

  /// The smoothed progress's rate in the transition's progress per second,
  /// for the release.
  public var transitionVelocity: Double { velocity * preview.share }
}
