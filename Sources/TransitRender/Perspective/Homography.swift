import Transit

/// A projective map of the plane, a 3×3 matrix acting on column vectors
/// `(x, y, 1)`: `x' = (a·x + b·y + c) / (g·x + h·y + i)`, and likewise `y'`
/// with `d, e, f`.
///
/// A view's 4×4 transform, restricted to its own plane z = 0 and followed by
/// the perspective divide, is exactly such a map; composing it with Cairo's
/// affine matrix of the parent keeps it one, which is how a 3D-flipped card
/// inside a scaled parent lands in the right device pixels.
struct Homography {
  // swift-format-ignore
  var a, b, c, d, e, f, g, h, i: Double

  /// The map from a view's own coordinates (0, 0)…(width, height) to its
  /// parent's, through its transform about the frame's centre.
  ///
  /// With Core Animation's row vectors, a centred point (u, v) goes to
  /// `X = u·m11 + v·m21 + m41`, `Y = u·m12 + v·m22 + m42`,
  /// `W = u·m14 + v·m24 + m44`; z is dropped after the divide, as Core
  /// Animation flattens a layer into its parent. Adding the centre back in
  /// homogeneous form, `X + cx·W`, keeps the whole a single matrix.
  init(placing view: View) {
    let t = view.transform
    let (hw, hh) = (view.frame.width / 2, view.frame.height / 2)
    let (cx, cy) = (view.frame.midX, view.frame.midY)
    let wRow = (t.m14, t.m24, t.m44 - hw * t.m14 - hh * t.m24)
    let xRow = (t.m11, t.m21, t.m41 - hw * t.m11 - hh * t.m21)
    let yRow = (t.m12, t.m22, t.m42 - hw * t.m12 - hh * t.m22)
    self.init(
      a: xRow.0 + cx * wRow.0, b: xRow.1 + cx * wRow.1, c: xRow.2 + cx * wRow.2,
      d: yRow.0 + cy * wRow.0, e: yRow.1 + cy * wRow.1, f: yRow.2 + cy * wRow.2,
      g: wRow.0, h: wRow.1, i: wRow.2)
  }

  init(
    a: Double, b: Double, c: Double, d: Double, e: Double, f: Double, g: Double, h: Double,
    i: Double
  ) {
    (self.a, self.b, self.c, self.d, self.e, self.f, self.g, self.h, self.i) =
      (a, b, c, d, e, f, g, h, i)
  }

  /// `self` followed by the affine `matrix` (Cairo's current transformation).
  func followed(by m: AffineMatrix) -> Homography {
    Homography(
      a: m.xx * a + m.xy * d + m.x0 * g, b: m.xx * b + m.xy * e + m.x0 * h,
      c: m.xx * c + m.xy * f + m.x0 * i,
      d: m.yx * a + m.yy * d + m.y0 * g, e: m.yx * b + m.yy * e + m.y0 * h,
      f: m.yx * c + m.yy * f + m.y0 * i,
      g: g, h: h, i: i)
  }

  /// `self` after a translation by (x, y) (applied first): the map from
  /// coordinates whose origin is the point (x, y) of `self`'s.
  func translated(x: Double, y: Double) -> Homography {
    Homography(
      a: a, b: b, c: a * x + b * y + c, d: d, e: e, f: d * x + e * y + f, g: g, h: h,
      i: g * x + h * y + i)
  }

  /// The homogeneous weight of the image of `p`; positive means in front of
  /// the camera.
  func weight(_ p: Point) -> Double { g * p.x + h * p.y + i }

  /// The image of `p`, or `nil` when it lies at or behind the camera.
  func apply(_ p: Point) -> Point? {
    let w = weight(p)
    guard w > 0 else { return nil }
    return Point(x: (a * p.x + b * p.y + c) / w, y: (d * p.x + e * p.y + f) / w)
  }

  /// The inverse map, scaled so that the weight of a preimage is `1 / w`
  /// where `w` is the forward weight: positive exactly for points in front
  /// of the camera. `nil` when the map is singular.
  var inverse: Homography? {
    let ca = e * i - f * h
    let cb = -(b * i - c * h)
    let cc = b * f - c * e
    let cd = -(d * i - f * g)
    let ce = a * i - c * g
    let cf = -(a * f - c * d)
    let cg = d * h - e * g
    let ch = -(a * h - b * g)
    let ci = a * e - b * d
    let determinant = a * ca + b * cd + c * cg
    guard determinant != 0, determinant.isFinite else { return nil }
    let s = 1 / determinant
    return Homography(
      a: ca * s, b: cb * s, c: cc * s, d: cd * s, e: ce * s, f: cf * s, g: cg * s, h: ch * s,
      i: ci * s)
  }
}
