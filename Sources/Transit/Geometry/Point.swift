/// A location in a two-dimensional coordinate space whose y axis points down,
/// as in UIKit and Cairo.
public struct Point: Hashable, Codable, Sendable {
  /// The horizontal coordinate.
  public var x: Double
  /// The vertical coordinate, growing downwards.
  public var y: Double

  /// Creates a point from its coordinates.
  public init(x: Double, y: Double) {
    self.x = x
    self.y = y
  }

  /// The origin, (0, 0).
  public static let zero = Point(x: 0, y: 0)
}
