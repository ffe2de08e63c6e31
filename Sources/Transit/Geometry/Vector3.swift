/// A point or a direction in three dimensions, in points, with z towards the
/// viewer: a rotation's axis or its pivot relative to a view's centre.
public struct Vector3: Hashable, Codable, Sendable {
  /// Rightwards.
  public var x: Double
  /// Downwards.
  public var y: Double
  /// Towards the viewer.
  public var z: Double

  /// Creates a vector from its components.
  public init(x: Double, y: Double, z: Double) {
    self.x = x
    self.y = y
    self.z = z
  }

  /// (0, 0, 0): a view's centre, as a pivot.
  public static let zero = Vector3(x: 0, y: 0, z: 0)

  /// Whether every component is finite.
  public var isFinite: Bool { x.isFinite && y.isFinite && z.isFinite }
}
