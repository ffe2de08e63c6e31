/// A line drawn inside a view's edge, following its corner radius.
public struct Border: Hashable, Codable, Sendable {
  /// The line's width in points; 0 draws nothing.
  public var width: Double
  /// The line's colour.
  public var color: Color

  /// Creates a border.
  public init(width: Double, color: Color) {
    self.width = width
    self.color = color
  }

  /// No border.
  public static let none = Border(width: 0, color: .clear)
}
