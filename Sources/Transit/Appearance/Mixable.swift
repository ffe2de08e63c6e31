/// A value that a timeline mixes between two absolute ends by one rule of
/// its own, and brings back into range when an overshooting curve (back,
/// elastic, spring) takes it out: colours and shadows, which a timeline
/// samples by the same fold whatever the rule.
protocol Mixable: Hashable, Sendable {
  /// The value `p` of the way to `other`; progress 0 and 1 give the two
  /// ends bit for bit.
  func interpolated(to other: Self, progress p: Double) -> Self
  /// The value brought into the range a renderer can draw.
  var bounded: Self { get }
}

extension Color: Mixable {}

extension Shadow: Mixable {}
