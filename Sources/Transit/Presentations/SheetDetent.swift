/// A height a sheet rests at, as UIKit's `UISheetPresentationController.Detent`:
/// resolved from the container's **current** bounds, so that after a
/// rotation a sheet sits on the same detent at the new size.
///
/// With `h` the container's height:
///
/// | detent | sheet height |
/// |---|---|
/// | ``medium`` | `h / 2` |
/// | ``large`` | `h − max(20, 0.06·h)`: the presenting screen shows above it, scaled back |
/// | ``points(_:)`` | the points given |
/// | ``fraction(_:)`` | the fraction given of `h` |
///
/// Every height is clamped into 0…the large height.
public enum SheetDetent: Hashable, Sendable {
  /// About half the height.
  case medium
  /// The full height but a strip at the top.
  case large
  /// A height in points (UIKit's `.custom` returning a constant).
  case points(Double)
  /// A height in fractions of the container's height.
  case fraction(Double)

  /// The large detent's height at `size`.
  static func largeHeight(in size: Size) -> Double {
    size.height - max(20, 0.06 * size.height)
  }

  /// The sheet's height at this detent in a container of `size`.
  ///
  /// - Parameter size: the container's size now.
  /// - Returns: the height, 0…the large height.
  public func height(in size: Size) -> Double {
    let large = Self.largeHeight(in: size)
    let raw: Double
    switch self {
    case .medium: raw = size.height / 2
    case .large: raw = large
    case .points(let points): raw = points
    case .fraction(let fraction): raw = fraction * size.height
    }
    return min(max(raw, 0), max(large, 0))
  }

  /// Whether the detent's number is finite and not negative.
  var isValid: Bool {
    switch self {
    case .medium, .large: true
    case .points(let value), .fraction(let value): value.isFinite && value >= 0
    }
  }
}
