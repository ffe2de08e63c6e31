/// A colour as red, green, blue and alpha components in 0…1, not premultiplied.
public struct Color: Hashable, Codable, Sendable {
  /// The red component, 0…1.
  public var red: Double
  /// The green component, 0…1.
  public var green: Double
  /// The blue component, 0…1.
  public var blue: Double
  /// The opacity, 0 (transparent) …1 (opaque).
  public var alpha: Double

  /// Creates a colour from its components, each in 0…1.
  public init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
    self.red = red
    self.green = green
    self.blue = blue
    self.alpha = alpha
  }

  /// Fully transparent black: draws nothing.
  public static let clear = Color(red: 0, green: 0, blue: 0, alpha: 0)
  /// Opaque black.
  public static let black = Color(red: 0, green: 0, blue: 0)
  /// Opaque white.
  public static let white = Color(red: 1, green: 1, blue: 1)

  /// Whether every component is a finite number in 0…1.
  public var isValid: Bool {
    // Written out rather than over an array: renderers ask this of every
    // colour they draw, and an array literal allocates.
    (0...1).contains(red) && (0...1).contains(green) && (0...1).contains(blue)
      && (0...1).contains(alpha)
  }

  /// The complementary colour (1 − r, 1 − g, 1 − b) with the same alpha.
  public var inverted: Color { Color(red: 1 - red, green: 1 - green, blue: 1 - blue, alpha: alpha) }
}
