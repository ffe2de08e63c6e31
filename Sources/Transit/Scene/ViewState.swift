/// The properties of a view that animations change: frame, alpha, transform
/// and visibility.
///
/// Timelines sample into this type; reversal is proven by comparing these
/// values bit for bit.
public struct ViewState: Hashable, Codable, Sendable {
  /// Position and size in the parent's coordinate space.
  public var frame: Rect
  /// Opacity, 0…1.
  public var alpha: Double
  /// 3D transform about the frame's centre.
  public var transform: Transform3D
  /// Whether the view is not drawn.
  public var isHidden: Bool

  /// Creates a state.
  public init(
    frame: Rect, alpha: Double = 1, transform: Transform3D = .identity, isHidden: Bool = false
  ) {
    self.frame = frame
    self.alpha = alpha
    self.transform = transform
    self.isHidden = isHidden
  }
}
