/// The radius of each corner of a view's rounded rectangle, in points,
/// clockwise from the top left as CSS's `border-radius` lists them.
///
/// A timeline interpolates each corner on its own, linearly. Radii may be
/// larger than the view can hold (two adjacent corners wider than the side
/// between them): they are kept as given, so that an animation's values stay
/// the ones written, and are scaled down only when drawn, by
/// ``fitted(to:)``.
public struct CornerRadii: Hashable, Codable, Sendable {
  /// The top-left corner's radius.
  public var topLeft: Double
  /// The top-right corner's radius.
  public var topRight: Double
  /// The bottom-right corner's radius.
  public var bottomRight: Double
  /// The bottom-left corner's radius.
  public var bottomLeft: Double

  /// Creates radii corner by corner.
  public init(topLeft: Double, topRight: Double, bottomRight: Double, bottomLeft: Double) {
    self.topLeft = topLeft
    self.topRight = topRight
    self.bottomRight = bottomRight
    self.bottomLeft = bottomLeft
  }

  /// The same radius on all four corners: the common case, a view's
  /// ``View/cornerRadius``.
  public init(uniform radius: Double) {
    self.init(topLeft: radius, topRight: radius, bottomRight: radius, bottomLeft: radius)
  }

  /// Square corners.
  public static let zero = CornerRadii(uniform: 0)

  /// Whether the four radii have the same bits (so −0 and +0 differ: a
  /// uniform radius read back is the very number written).
  public var isUniform: Bool {
    let bits = topLeft.bitPattern
    return topRight.bitPattern == bits && bottomRight.bitPattern == bits
      && bottomLeft.bitPattern == bits
  }

  /// Whether every radius is finite and not negative.
  public var isValid: Bool {
    // Comparisons only, no array: the renderer asks this of every view it
    // draws, and drawing allocates nothing to check its numbers.
    topLeft.isFinite && topLeft >= 0 && topRight.isFinite && topRight >= 0
      && bottomRight.isFinite && bottomRight >= 0 && bottomLeft.isFinite && bottomLeft >= 0
  }

  /// The radii a rectangle of `size` can draw: all four scaled by one
  /// factor, so that no two adjacent corners overlap, as CSS Backgrounds 3
  /// §5.5 ("Overlapping Curves") prescribes.
  ///
  /// With each side's length `Lᵢ` and the sum `Sᵢ` of the radii of the two
  /// corners on it, the factor is `f = min(Lᵢ / Sᵢ)` over the four sides
  /// (sides whose sum is 0 left out); when `f < 1` every radius is
  /// multiplied by `f`, otherwise the radii are returned as they are. One
  /// factor for all four keeps the shape's proportions: a pill stays a pill
  /// as it shrinks. Negative sizes count as 0.
  ///
  /// This is a rule for drawing, not for animating: a timeline
  /// interpolates the radii as written, and the renderer fits each sample.
  public func fitted(to size: Size) -> CornerRadii {
    let width = max(size.width, 0)
    let height = max(size.height, 0)
    var f = 1.0
    func limit(_ length: Double, _ sum: Double) {
      if sum > 0 { f = min(f, length / sum) }
    }
    limit(width, topLeft + topRight)
    limit(width, bottomLeft + bottomRight)
    limit(height, topLeft + bottomLeft)
    limit(height, topRight + bottomRight)
    guard f < 1 else { return self }
    return CornerRadii(
      topLeft: topLeft * f, topRight: topRight * f, bottomRight: bottomRight * f,
      bottomLeft: bottomLeft * f)
  }
}

extension CornerRadii {
  /// Adds `delta · p` corner by corner (`delta` itself at `p` = 1).
  @inline(__always)
  mutating func add(_ delta: CornerRadii, progress p: Double) {
    if p == 1 {
      topLeft += delta.topLeft
      topRight += delta.topRight
      bottomRight += delta.bottomRight
      bottomLeft += delta.bottomLeft
    } else {
      topLeft += delta.topLeft * p
      topRight += delta.topRight * p
      bottomRight += delta.bottomRight * p
      bottomLeft += delta.bottomLeft * p
    }
  }

  /// The radii `progress` of the way to `other`, corner by corner; progress
  /// 0 and 1 give the two ends bit for bit.
  func interpolated(to other: CornerRadii, progress p: Double) -> CornerRadii {
    if p == 0 { return self }
    if p == 1 { return other }
    return CornerRadii(
      topLeft: Interpolation.lerp(topLeft, other.topLeft, p),
      topRight: Interpolation.lerp(topRight, other.topRight, p),
      bottomRight: Interpolation.lerp(bottomRight, other.bottomRight, p),
      bottomLeft: Interpolation.lerp(bottomLeft, other.bottomLeft, p))
  }

  /// The difference `self − other`, corner by corner: a relative segment's
  /// motion.
  func minus(_ other: CornerRadii) -> CornerRadii {
    CornerRadii(
      topLeft: topLeft - other.topLeft, topRight: topRight - other.topRight,
      bottomRight: bottomRight - other.bottomRight, bottomLeft: bottomLeft - other.bottomLeft)
  }

  /// Every radius brought to 0 or more (an overshooting curve's sample).
  @inline(__always)
  var bounded: CornerRadii {
    CornerRadii(
      topLeft: max(0, topLeft), topRight: max(0, topRight), bottomRight: max(0, bottomRight),
      bottomLeft: max(0, bottomLeft))
  }
}
