import Transit

extension Renderer {
  /// A rectangle, in the view's own coordinates, that holds everything the
  /// view (shadow included) and its visible subtree can paint, grown by a
  /// pixel for antialiasing; `nil` when it is unbounded (a descendant
  /// crosses the camera plane).
  ///
  /// Used to clip before `cairo_push_group`, whose surface is as large as the
  /// clip: without it a half-transparent card would cost a full-frame buffer.
  func subtreeExtent(of view: View) -> Rect? {
    let own = view.drawnExtent
    var minX = own.minX
    var minY = own.minY
    var maxX = own.maxX
    var maxY = own.maxY
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

extension View {
  /// Where the view itself paints, in its own coordinates: its bounds, and
  /// its shadow's extent when it has one.
  var drawnExtent: Rect {
    let bounds = Rect(size: frame.size)
    guard let shadow = shadowExtent else { return bounds }
    let minX = min(bounds.minX, shadow.minX)
    let minY = min(bounds.minY, shadow.minY)
    return Rect(
      x: minX, y: minY, width: max(bounds.maxX, shadow.maxX) - minX,
      height: max(bounds.maxY, shadow.maxY) - minY)
  }
}
