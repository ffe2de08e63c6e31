import Transit

extension Renderer {
  /// A rectangle, in the view's own coordinates, that holds everything the
  /// view and its visible subtree can paint, grown by a pixel for
  /// antialiasing; `nil` when it is unbounded (a descendant crosses the
  /// camera plane).
  ///
  /// Used to clip before `cairo_push_group`, whose surface is as large as the
  /// clip: without it a half-transparent card would cost a full-frame buffer.
  func subtreeExtent(of view: View) -> Rect? {
    var minX = 0.0
    var minY = 0.0
    var maxX = view.frame.width
    var maxY = view.frame.height
    if !view.clipsToBounds {
      for child in view.children where !child.isHidden && child.alpha > 0 {
        guard let childExtent = subtreeExtent(of: child) else { return nil }
        let corners = [
          Point(x: childExtent.minX, y: childExtent.minY),
          Point(x: childExtent.maxX, y: childExtent.minY),
          Point(x: childExtent.maxX, y: childExtent.maxY),
          Point(x: childExtent.minX, y: childExtent.maxY),
        ]
        let placement = Homography(placing: child)
        for corner in corners {
          guard let p = placement.apply(corner) else { return nil }
          minX = min(minX, p.x)
          minY = min(minY, p.y)
          maxX = max(maxX, p.x)
          maxY = max(maxY, p.y)
        }
      }
    }
    return Rect(x: minX - 1, y: minY - 1, width: maxX - minX + 2, height: maxY - minY + 2)
  }
}
