/// A source of time for players and containers, in seconds.
///
/// Players never read the system time themselves: they ask the clock they
/// were given, so that tests can drive them frame by frame with a
/// ``ManualClock`` and get the same callbacks and samples every run, while
/// an app uses a ``MonotonicClock``. Only differences between two readings
/// matter; the origin is arbitrary.
///
/// ```swift
/// let clock = ManualClock()
/// let player = AnimationPlayer(timeline: timeline, target: scene, clock: clock)
/// player.play()
/// clock.advance(by: 1.0 / 60)
/// player.tick()
/// ```
public protocol PlaybackClock {
  /// The current time in seconds. It must never decrease.
  var now: Double { get }
}
