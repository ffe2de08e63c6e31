/// One end of a flight: a matched element as the container shows it at the
/// transition's start (the source) or end (the destination), in the
/// container's coordinates.
///
/// Lengths the element draws in its own points (corner radii, border
/// width, shadow blur and offset) are multiplied by ``scale``, the scale
/// its ancestors and its own transform give it, so that the flight starts
/// and ends looking exactly as the element does on its screen.
struct FlightEnd: Hashable, Sendable {
  /// The element's rect in the container's coordinates: its frame through
  /// every ancestor's frame and transform.
  var rect: Rect
  /// The uniform scale from the element's own points to the container's.
  var scale: Double
  /// The opacity the element is drawn with: its alpha times every ancestor's.
  var alpha: Double
  var backgroundColor: Color
  /// Corner radii in the container's points.
  var cornerRadii: CornerRadii
  /// The border, its width in the container's points.
  var border: Border
  /// The shadow, its blur and offset in the container's points.
  var shadow: Shadow
  var imagePlacement: ImagePlacement
  /// The element itself, as the screen holds it (its content and children).
  var view: View

  /// The end of the element at `path` (child indices from the top level)
  /// in `scene`, or `nil` when it cannot fly from or to there: it or an
  /// ancestor is hidden, the product of their alphas is 0, a transform on
  /// the way is more than a translation and a positive uniform scale (a
  /// rotation, a shear, a mirror, a turn in 3-D), or its rect does not
  /// overlap the container's bounds (off screen).
  init?(at path: [Int], in scene: Scene) {
    guard let first = path.first, scene.views.indices.contains(first) else { return nil }
    // The map from the current view's own coordinates to the container's:
    // point ↦ scale · point + offset.
    var (scale, offsetX, offsetY) = (1.0, 0.0, 0.0)
    var alpha = 1.0
    var view = scene.views[first]
    var depth = 0
    while true {
      guard !view.isHidden, let affine = FlightEnd.scaleAndTranslation(view.transform) else {
        return nil
      }
      alpha *= view.alpha
      // A point q of the view is at c + s·(origin + q − c) + t in its parent.
      let f = view.frame
      let (cx, cy) = (f.midX, f.midY)
      let px = cx + affine.scale * (f.minX - cx) + affine.x
      let py = cy + affine.scale * (f.minY - cy) + affine.y
      offsetX += scale * px
      offsetY += scale * py
      scale *= affine.scale
      depth += 1
      guard depth < path.count else { break }
      guard view.children.indices.contains(path[depth]) else { return nil }
      view = view.children[path[depth]]
    }
    let rect = Rect(
      x: offsetX, y: offsetY, width: view.frame.width * scale, height: view.frame.height * scale)
    let bounds = scene.bounds
    guard alpha > 0, scale > 0, scale.isFinite, rect.isFinite,
      rect.maxX > bounds.minX, rect.minX < bounds.maxX, rect.maxY > bounds.minY,
      rect.minY < bounds.maxY
    else { return nil }
    self.rect = rect
    self.scale = scale
    self.alpha = alpha
    self.backgroundColor = view.backgroundColor
    let r = view.cornerRadii
    self.cornerRadii = CornerRadii(
      topLeft: r.topLeft * scale, topRight: r.topRight * scale,
      bottomRight: r.bottomRight * scale, bottomLeft: r.bottomLeft * scale)
    self.border = Border(width: view.border.width * scale, color: view.border.color)
    var shadow = view.shadow
    shadow.radius *= scale
    shadow.offset = Size(width: shadow.offset.width * scale, height: shadow.offset.height * scale)
    self.shadow = shadow
    self.imagePlacement = view.imagePlacement
    self.view = view
  }

  /// This end faded out: the same place and look at opacity 0, where an
  /// element whose partner cannot be reached goes.
  var fadedOut: FlightEnd {
    var end = self
    end.alpha = 0
    return end
  }

  /// The scale and translation `transform` applies to the plane z = 0, or
  /// `nil` when it does more: rotates, shears, mirrors, scales the axes
  /// differently or projects the plane in perspective. A camera alone
  /// (`m34`) leaves the plane as it is.
  static func scaleAndTranslation(_ t: Transform3D) -> (scale: Double, x: Double, y: Double)? {
    guard t.m12 == 0, t.m21 == 0, t.m14 == 0, t.m24 == 0, t.m44 > 0, t.m44.isFinite else {
      return nil
    }
    let (sx, sy) = (t.m11 / t.m44, t.m22 / t.m44)
    guard sx > 0, sy > 0, sx.isFinite, sy.isFinite,
      abs(sx - sy) <= 1e-9 * max(sx, sy)
    else { return nil }
    return (sx, t.m41 / t.m44, t.m42 / t.m44)
  }
}
