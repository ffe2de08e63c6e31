import CTransitCairo
import Transit

/// A 2D affine transform in Cairo's layout: `x' = xx·x + xy·y + x0`,
/// `y' = yx·x + yy·y + y0`.
struct AffineMatrix: Equatable {
  var xx, yx, xy, yy, x0, y0: Double

  static let identity = AffineMatrix(xx: 1, yx: 0, xy: 0, yy: 1, x0: 0, y0: 0)

  init(xx: Double, yx: Double, xy: Double, yy: Double, x0: Double, y0: Double) {
    (self.xx, self.yx, self.xy, self.yy, self.x0, self.y0) = (xx, yx, xy, yy, x0, y0)
  }

  init(_ m: cairo_matrix_t) {
    self.init(xx: m.xx, yx: m.yx, xy: m.xy, yy: m.yy, x0: m.x0, y0: m.y0)
  }

  /// The 2D part of a Core Animation transform. With row vectors,
  /// `x' = x·m11 + y·m21 + m41` and `y' = x·m12 + y·m22 + m42`.
  init(_ t: Transform3D) {
    self.init(xx: t.m11, yx: t.m12, xy: t.m21, yy: t.m22, x0: t.m41, y0: t.m42)
  }

  var cairo: cairo_matrix_t { cairo_matrix_t(xx: xx, yx: yx, xy: xy, yy: yy, x0: x0, y0: y0) }

  /// The determinant; 0 means the transform squashes everything to a line,
  /// which Cairo refuses (and which draws nothing anyway).
  var determinant: Double { xx * yy - xy * yx }

  /// Maps a point.
  func apply(_ p: Point) -> Point {
    Point(x: xx * p.x + xy * p.y + x0, y: yx * p.x + yy * p.y + y0)
  }
}
