/// A side of the container: where a view comes from, or where a hinge is.
///
/// Styles that slide a view in from a side (``PushStyle``, ``FlowStyle``, …)
/// place it just beyond that edge first; ``RotateStyle`` turns the views
/// about a hinge along it. The raw value is the word used in style names
/// (`push-from-left`).
public enum TransitionEdge: String, Hashable, Sendable, Codable, CaseIterable {
  /// The top edge; a view coming from here starts one height above.
  case top
  /// The bottom edge; a view coming from here starts one height below.
  case bottom
  /// The left edge; a view coming from here starts one width to the left.
  case left
  /// The right edge; a view coming from here starts one width to the right.
  case right

  /// Where a view laid out at `bounds` must be translated to sit just beyond
  /// this edge: (0, −h), (0, h), (−w, 0) or (w, 0).
  ///
  /// - Parameter bounds: the context's bounds.
  /// - Returns: the displacement; its opposite brings the view back.
  public func offset(in bounds: Rect) -> Displacement {
    switch self {
    case .top: return Displacement(x: 0, y: -bounds.height)
    case .bottom: return Displacement(x: 0, y: bounds.height)
    case .left: return Displacement(x: -bounds.width, y: 0)
    case .right: return Displacement(x: bounds.width, y: 0)
    }
  }
}
