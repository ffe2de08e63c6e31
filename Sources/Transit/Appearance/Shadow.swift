/// A drop shadow behind a view's rounded shape, as `CALayer` describes one:
/// a colour, an opacity, a blur radius and an offset.
///
/// A timeline interpolates a shadow component by component: the colour as
/// every colour is (see ``Color/interpolated(to:progress:)``), the opacity,
/// the radius and the two offsets linearly.
public struct Shadow: Hashable, Codable, Sendable {
  /// The shadow's colour; its alpha multiplies ``opacity``.
  public var color: Color
  /// How opaque the shadow is, 0…1 (`CALayer.shadowOpacity`).
  public var opacity: Double
  /// The blur radius in points, not negative (`CALayer.shadowRadius`).
  public var radius: Double
  /// How far the shadow is moved from the view, in points; positive
  /// `width` moves it right, positive `height` down (`CALayer.shadowOffset`).
  public var offset: Size

  /// Creates a shadow.
  public init(color: Color = .black, opacity: Double, radius: Double, offset: Size = .zero) {
    self.color = color
    self.opacity = opacity
    self.radius = radius
    self.offset = offset
  }

  /// No shadow: black at opacity 0, not blurred, not moved.
  public static let none = Shadow(color: .black, opacity: 0, radius: 0)

  /// Whether every number is finite, the colour valid, the opacity in 0…1
  /// and the radius not negative.
  public var isValid: Bool {
    color.isValid && opacity.isFinite && opacity >= 0 && opacity <= 1 && radius.isFinite
      && radius >= 0 && offset.width.isFinite && offset.height.isFinite
  }

  /// The shadow `progress` of the way to `other`, component by component.
  /// Progress 0 and 1 give the two ends bit for bit.
  @inline(__always)
  public func interpolated(to other: Shadow, progress p: Double) -> Shadow {
    if p == 0 { return self }
    if p == 1 { return other }
    return Shadow(
      color: color.interpolated(to: other.color, progress: p),
      opacity: Interpolation.lerp(opacity, other.opacity, p),
      radius: Interpolation.lerp(radius, other.radius, p),
      offset: Size(
        width: Interpolation.lerp(offset.width, other.offset.width, p),
        height: Interpolation.lerp(offset.height, other.offset.height, p)))
  }
}

extension Shadow {
  /// The colour and opacity brought into 0…1 and the radius to 0 or more
  /// (an overshooting curve's sample).
  @inline(__always)
  var bounded: Shadow {
    Shadow(
      color: color.bounded, opacity: min(1, max(0, opacity)), radius: max(0, radius),
      offset: offset)
  }
}
