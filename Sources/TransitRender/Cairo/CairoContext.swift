import CTransitCairo
import Transit

/// An owned Cairo drawing context (`cairo_t`) on one surface, destroyed
/// exactly once.
///
/// Cairo contexts keep their first error and ignore every call after it, so
/// drawing code calls ``check(_:)`` at the points where a failure should be
/// named (after each view) rather than after every call. Not Sendable: a
/// context belongs to the thread that renders with it.
final class CairoContext {
  /// The `cairo_t *`, never exposed outside TransitRender.
  let pointer: OpaquePointer
  /// The surface drawn on, kept alive as long as the context.
  let surface: CairoSurface

  /// Creates a context drawing on `surface`.
  init(surface: CairoSurface) throws(RenderError) {
    let context = cairo_create(surface.pointer)!
    try RenderError.check(cairo_status(context), "creating a drawing context") {
      cairo_destroy(context)
    }
    self.pointer = context
    self.surface = surface
  }

  deinit {
    cairo_destroy(pointer)
  }

  /// Throws when any call since the context was made has failed.
  func check(_ what: @autoclosure () -> String) throws(RenderError) {
    try RenderError.check(cairo_status(pointer), what())
  }

  func save() { cairo_save(pointer) }
  func restore() { cairo_restore(pointer) }
  func translate(_ x: Double, _ y: Double) { cairo_translate(pointer, x, y) }
  func scale(_ x: Double, _ y: Double) { cairo_scale(pointer, x, y) }

  /// Multiplies the current transformation by `matrix` (applied first).
  func transform(_ matrix: AffineMatrix) {
    var m = matrix.cairo
    cairo_transform(pointer, &m)
  }

  /// The current transformation from user space to device pixels.
  var matrix: AffineMatrix {
    get {
      var m = cairo_matrix_t()
      cairo_get_matrix(pointer, &m)
      return AffineMatrix(m)
    }
    set {
      var m = newValue.cairo
      cairo_set_matrix(pointer, &m)
    }
  }

  /// Replaces the path with a rectangle whose corners are rounded by
  /// `radii`, fitted to its size first (``CornerRadii/fitted(to:)``).
  func roundedRectangle(_ rect: Rect, radii: CornerRadii) {
    cairo_new_path(pointer)
    appendRoundedRectangle(rect, radii: radii)
  }

  /// Adds a rectangle whose corners are rounded by `radii` to the path as a
  /// new closed sub-path, clockwise from the top-left corner, after scaling
  /// the radii down as CSS does when two adjacent ones would overlap
  /// (``CornerRadii/fitted(to:)``). A corner of radius 0 is square.
  func appendRoundedRectangle(_ rect: Rect, radii: CornerRadii) {
    let r = radii.fitted(to: rect.size)
    guard r.topLeft > 0 || r.topRight > 0 || r.bottomRight > 0 || r.bottomLeft > 0 else {
      cairo_rectangle(pointer, rect.minX, rect.minY, rect.width, rect.height)
      return
    }
    let half = Double.pi / 2
    cairo_new_sub_path(pointer)
    corner(x: rect.maxX, y: rect.minY, radius: r.topRight, dx: -1, dy: 1, from: -half)
    corner(x: rect.maxX, y: rect.maxY, radius: r.bottomRight, dx: -1, dy: -1, from: 0)
    corner(x: rect.minX, y: rect.maxY, radius: r.bottomLeft, dx: 1, dy: -1, from: half)
    corner(x: rect.minX, y: rect.minY, radius: r.topLeft, dx: 1, dy: 1, from: 2 * half)
    cairo_close_path(pointer)
  }

  /// One corner of a rounded rectangle: a quarter circle about the point
  /// `radius` in from the corner (x, y) along (dx, dy), from the angle
  /// `from`; or the corner itself when the radius is 0.
  private func corner(
    x: Double, y: Double, radius: Double, dx: Double, dy: Double, from angle: Double
  ) {
    guard radius > 0 else {
      cairo_line_to(pointer, x, y)
      return
    }
    cairo_arc(pointer, x + dx * radius, y + dy * radius, radius, angle, angle + Double.pi / 2)
  }

  /// Adds a plain rectangle to the path.
  func appendRectangle(_ rect: Rect) {
    cairo_rectangle(pointer, rect.minX, rect.minY, rect.width, rect.height)
  }

  /// Fills the path with `color` whose alpha is multiplied by `alpha`.
  func fill(_ color: Color, alpha: Double = 1, evenOdd: Bool = false) {
    cairo_set_source_rgba(pointer, color.red, color.green, color.blue, color.alpha * alpha)
    cairo_set_fill_rule(pointer, evenOdd ? CAIRO_FILL_RULE_EVEN_ODD : CAIRO_FILL_RULE_WINDING)
    cairo_fill(pointer)
  }

  /// Intersects the clip with the path and clears the path.
  func clip() { cairo_clip(pointer) }

  /// Starts drawing into a temporary group, sized to the current clip.
  func pushGroup() { cairo_push_group(pointer) }

  /// Ends the group and paints it once with `alpha`.
  func popGroupAndPaint(alpha: Double) {
    cairo_pop_group_to_source(pointer)
    cairo_paint_with_alpha(pointer, alpha)
  }

  /// Paints `source` with its top-left corner at (x, y) in user space,
  /// sampled with Cairo's "good" filter and padded at its edges so that a
  /// scaled image does not fade out at its border.
  func paint(_ source: CairoSurface, x: Double, y: Double, alpha: Double, smooth: Bool = true) {
    cairo_set_source_surface(pointer, source.pointer, x, y)
    let pattern = cairo_get_source(pointer)
    cairo_pattern_set_filter(pattern, smooth ? CAIRO_FILTER_GOOD : CAIRO_FILTER_NEAREST)
    if smooth { cairo_pattern_set_extend(pattern, CAIRO_EXTEND_PAD) }
    if alpha >= 1 {
      cairo_paint(pointer)
    } else {
      cairo_paint_with_alpha(pointer, alpha)
    }
  }

  /// The device pixels `x0..<x1`, `y0..<y1` of ``surface`` that drawing
  /// now reaches, when that is all there is to know about where drawing
  /// lands: the context draws straight on ``surface``, a surface of pixels
  /// (not a vector one: SVG, PDF), with no group pushed, and
  /// the clip is one rectangle on whole pixels. `nil` otherwise (a rounded
  /// or partial-pixel clip, a group): then only Cairo knows how a paint is
  /// cut.
  var pixelAlignedClip: (x0: Int, y0: Int, x1: Int, y1: Int)? {
    guard cairo_surface_get_type(surface.pointer) == CAIRO_SURFACE_TYPE_IMAGE,
      cairo_get_group_target(pointer) == surface.pointer
    else { return nil }
    save()
    cairo_identity_matrix(pointer)
    let list = cairo_copy_clip_rectangle_list(pointer)
    restore()
    guard let list else { return nil }
    defer { cairo_rectangle_list_destroy(list) }
    guard list.pointee.status == CAIRO_STATUS_SUCCESS, list.pointee.num_rectangles == 1,
      let r = list.pointee.rectangles?.pointee
    else { return nil }
    // No array: shadows ask this once per view per frame.
    func whole(_ v: Double) -> Bool { v == v.rounded() && abs(v) < 1e6 }
    let (x0, y0, x1, y1) = (r.x, r.y, r.x + r.width, r.y + r.height)
    guard whole(x0), whole(y0), whole(x1), whole(y1) else { return nil }
    return (Int(x0), Int(y0), Int(x1), Int(y1))
  }

  /// The clip's bounding box in device pixels, (x1, y1, x2, y2).
  var deviceClipExtents: (Double, Double, Double, Double) {
    save()
    cairo_identity_matrix(pointer)
    var (x1, y1, x2, y2) = (0.0, 0.0, 0.0, 0.0)
    cairo_clip_extents(pointer, &x1, &y1, &x2, &y2)
    restore()
    return (x1, y1, x2, y2)
  }
}
