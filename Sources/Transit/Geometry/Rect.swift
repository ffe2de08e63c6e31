/// A rectangle given by its origin (top-left corner) and its size.
///
/// Frames of views are rects in their parent's coordinate space. Transit keeps
/// the values exactly as given (no standardisation of negative sizes), so that
/// what is stored is what is compared bit for bit by the reversal tests.
public struct Rect: Hashable, Codable, Sendable {
  /// The top-left corner.
  public var origin: Point
  /// The extents.
  public var size: Size

  /// Creates a rect from an origin and a size.
  public init(origin: Point, size: Size) {
    self.origin = origin
    self.size = size
  }

  /// Creates a rect from its four numbers.
  public init(x: Double, y: Double, width: Double, height: Double) {
    self.init(origin: Point(x: x, y: y), size: Size(width: width, height: height))
  }

  /// Creates a rect at the origin with the given size, the bounds of a container.
  public init(size: Size) {
    self.init(origin: .zero, size: size)
  }

  /// The empty rect at the origin.
  public static let zero = Rect(origin: .zero, size: .zero)

  /// The smallest x, the left edge.
  public var minX: Double { origin.x }
  /// The smallest y, the top edge.
  public var minY: Double { origin.y }
  /// The largest x, the right edge.
  public var maxX: Double { origin.x + size.width }
  /// The largest y, the bottom edge.
  public var maxY: Double { origin.y + size.height }
  /// The horizontal centre.
  public var midX: Double { origin.x + size.width / 2 }
  /// The vertical centre.
  public var midY: Double { origin.y + size.height / 2 }
  /// The width.
  public var width: Double { size.width }
  /// The height.
  public var height: Double { size.height }
  /// The centre point.
  public var center: Point { Point(x: midX, y: midY) }

  /// The rect moved by the given offsets.
  public func offsetBy(dx: Double, dy: Double) -> Rect {
    Rect(x: origin.x + dx, y: origin.y + dy, width: size.width, height: size.height)
  }

  /// The rect shrunk by the given amounts on every side (grown when negative).
  public func insetBy(dx: Double, dy: Double) -> Rect {
    Rect(
      x: origin.x + dx, y: origin.y + dy,
      width: size.width - 2 * dx, height: size.height - 2 * dy)
  }

  /// Whether every number is finite (neither NaN nor infinite).
  public var isFinite: Bool {
    origin.x.isFinite && origin.y.isFinite && size.width.isFinite && size.height.isFinite
  }
}
