import Transit

extension Renderer {
  /// A rectangle, in the view's own coordinates, that holds everything the
  /// view (shadow included) and its visible subtree can paint, grown by a
  /// pixel for antialiasing; `nil` when it is unbounded (a descendant
  /// crosses the camera plane).
  ///
  /// Used to clip before `cairo_push_group`, whose surface is as large as the
  /// clip: without it a half-transparent card would cost a full-frame buffer.
  /// A view that paints nothing itself (no background, border, image, text
  /// or shadow: a container, or a flight's content layer over its shell)
  /// holds only its children's extents, cut to its bounds when it clips
  /// them: a fading layer whose one child is a title bar costs a group the
  /// size of the title bar, not of the layer.
  func subtreeExtent(of view: View) -> Rect? {
    let paintsItself = view.paintsItself
    var minX = Double.infinity
    var minY = Double.infinity
    var maxX = -Double.infinity
    var maxY = -Double.infinity
    if paintsItself {
      let own = view.drawnExtent
      (minX, minY, maxX, maxY) = (own.minX, own.minY, own.maxX, own.maxY)
    }
    if !view.clipsToBounds || !paintsItself {
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
      if view.clipsToBounds {
        // The children are cut to the bounds.
        minX = max(minX, 0)
        minY = max(minY, 0)
        maxX = min(maxX, view.frame.width)
        maxY = min(maxY, view.frame.height)
      }
    }
    // Nothing painted at all: an empty extent, which draws nothing.
    guard minX <= maxX, minY <= maxY else { return .zero }
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

extension View {
  /// Whether the view paints anything of its own under its children: a
  /// background, border, image, text or shadow.
  var paintsItself: Bool {
    backgroundColor.alpha > 0 || (border.width > 0 && border.color.alpha > 0) || content != nil
      || text != nil || shadowExtent != nil
  }
}
