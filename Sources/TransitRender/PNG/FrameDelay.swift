/// How long one animation frame stays on screen, as the exact fraction
/// `numerator / denominator` seconds that the `fcTL` chunk stores.
///
/// Fractions keep frame rates exact: at 60 frames per second every frame is
/// 1/60 s, which no whole number of milliseconds expresses.
///
/// ```swift
/// let sixtieth = FrameDelay(numerator: 1, denominator: 60)
/// let hold = FrameDelay(numerator: 1, denominator: 2)  // half a second
/// ```
public struct FrameDelay: Hashable, Sendable {
  /// Seconds on top.
  public var numerator: UInt16
  /// Seconds below; must not be 0 (APNG would read 0 as 100).
  public var denominator: UInt16

  /// Creates a delay of `numerator / denominator` seconds.
  public init(numerator: UInt16, denominator: UInt16) {
    self.numerator = numerator
    self.denominator = denominator
  }

  /// One frame at `framesPerSecond`, i.e. `1 / framesPerSecond` seconds.
  public init(framesPerSecond: UInt16) {
    self.init(numerator: 1, denominator: framesPerSecond)
  }

  /// The delay in seconds.
  public var seconds: Double { Double(numerator) / Double(denominator) }
}
