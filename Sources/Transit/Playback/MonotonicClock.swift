/// The clock of real time: seconds elapsed since the clock was created, read
/// from the standard library's `ContinuousClock`.
///
/// Monotonic (never jumps back when the wall clock is changed) and free of
/// Foundation, so it works wherever Swift does. Use it for players driven by
/// a display link or any other frame callback.
///
/// ```swift
/// let player = AnimationPlayer(timeline: timeline, target: scene, clock: MonotonicClock())
/// ```
public struct MonotonicClock: PlaybackClock, Sendable {
  private let origin: ContinuousClock.Instant

  /// Creates a clock reading 0 now.
  public init() {
    origin = ContinuousClock.now
  }

  /// Seconds since the clock was created.
  public var now: Double {
    let elapsed = ContinuousClock.now - origin
    let (seconds, attoseconds) = elapsed.components
    return Double(seconds) + Double(attoseconds) * 1e-18
  }
}
