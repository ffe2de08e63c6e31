/// A width and a height.
public struct Size: Hashable, Codable, Sendable {
  /// The horizontal extent.
  public var width: Double
  /// The vertical extent.
  public var height: Double

  /// Creates a size from its extents.
  public init(width: Double, height: Double) {
    self.width = width
    self.height = height
  }

  /// A size with zero width and height.
  public static let zero = Size(width: 0, height: 0)

  /// The same size turned a quarter: width and height swapped.
  ///
  /// Rotating a device from portrait to landscape turns a container's bounds
  /// this way, for example 390×844 into 844×390.
  public var transposed: Size { Size(width: height, height: width) }
}
