/// Everything a ``TransitionStyle`` may look at: the container's bounds, which
/// views appear and disappear, the orientation, and an optional duration.
///
/// Styles build their geometry from `bounds` only, never from the views' live
/// frames (which may be mid-animation or under a transform). That is what
/// lets a pop after a rotation land right: the pop is rebuilt from the
/// *current* context, at the new bounds.
public struct TransitionContext: Hashable, Sendable {
  /// The container's bounds; views are laid out to fill them.
  public var bounds: Rect
  /// The id of the view that comes in, or `nil` (then only the other half plays).
  public var appearingViewID: String?
  /// The id of the view that goes away, or `nil` (then only the other half plays).
  public var disappearingViewID: String?
  /// The container's orientation.
  public var orientation: Orientation
  /// The duration to play the style at, rescaling every step uniformly;
  /// `nil` keeps the style's intrinsic duration and 0 makes it instant.
  public var duration: Double?

  /// Creates a context. The orientation defaults to the one the bounds' shape
  /// suggests.
  public init(
    bounds: Rect,
    appearingViewID: String?,
    disappearingViewID: String?,
    orientation: Orientation? = nil,
    duration: Double? = nil
  ) {
    self.bounds = bounds
    self.appearingViewID = appearingViewID
    self.disappearingViewID = disappearingViewID
    self.orientation = orientation ?? Orientation(for: bounds.size)
    self.duration = duration
  }
}

/// Which way up a container is.
public enum Orientation: String, Hashable, Sendable, Codable, CaseIterable {
  /// Taller than wide (or square).
  case portrait
  /// Wider than tall.
  case landscape

  /// The orientation a size's shape suggests: landscape when wider than tall.
  public init(for size: Size) {
    self = size.width > size.height ? .landscape : .portrait
  }
}
