/// A clock that moves only when told to: the deterministic clock for tests
/// and for offline rendering of animations frame by frame.
///
/// It is a class so that the test, the players and the containers that share
/// it all see the same time. Like the players it drives, it belongs to one
/// isolation domain (it is not `Sendable`).
///
/// ```swift
/// let clock = ManualClock()
/// clock.advance(by: 0.25)
/// clock.now  // 0.25
/// ```
public final class ManualClock: PlaybackClock {
  /// The current time in seconds, starting at the value given to the initialiser.
  public private(set) var now: Double

  /// Creates a clock reading `start` seconds.
  ///
  /// - Parameter start: the clock's first reading, in seconds.
  public init(start: Double = 0) {
    now = start
  }

  /// Moves the clock forward by `seconds`; negative or non-finite amounts are
  /// ignored, because a clock that goes backwards would make players replay
  /// time they have already reported.
  ///
  /// - Parameter seconds: how far to move the clock, in seconds.
  public func advance(by seconds: Double) {
    guard seconds.isFinite, seconds > 0 else { return }
    now += seconds
  }
}
