import Transit

/// How a view turned exactly edge-on is drawn: as its edge, one device
/// pixel thick.
///
/// Edge-on, the four projected corners of a view lie on one line and the
/// projection has no area, so a renderer that draws only areas draws
/// nothing, and a flip with an odd number of frames shows an empty middle
/// frame. Turned a little less, the view is its picture squeezed into a
/// thin quad; at exactly edge-on it is drawn as that limit, held at one
/// device pixel: the corners on either side of the line (the two ends of
/// the axis that collapsed) move half a pixel apart across it, and the
/// picture is mapped onto that quad as any turned view is, with the
/// perspective along the line kept. The sliver faces the camera (its
/// corners wind as a front face's do), so one view turned either way shows.
struct EdgeOnSliver {
  /// The view's own coordinates → device pixels, onto ``quad``.
  var toDevice: Homography
  /// The sliver's corners in device pixels, in the order of the view's
  /// (0, 0), (width, 0), (width, height), (0, height).
  var quad: [(x: Double, y: Double)]

  /// The thickness of the sliver, in device pixels.
  static let thickness = 1.0

  /// The sliver for a view of `width` × `height` points whose corners
  /// project (in device pixels) onto the line through `line`; `nil` when
  /// they meet in one point.
  init?(line: [(x: Double, y: Double)], width: Double, height: Double) {
    guard line.count == 4 else { return nil }
    func length(_ p: (x: Double, y: Double), _ q: (x: Double, y: Double)) -> Double {
      ((q.x - p.x) * (q.x - p.x) + (q.y - p.y) * (q.y - p.y)).squareRoot()
    }
    // The axis that collapsed is the one whose edges came out shorter:
    // along x, corners 0 and 3 (x = 0) face corners 1 and 2 (x = width).
    let alongX = length(line[0], line[1]) + length(line[3], line[2])
    let alongY = length(line[0], line[3]) + length(line[1], line[2])
    let xCollapsed = alongX < alongY
    // The line's direction: the long edges, added.
    let (dx, dy) =
      xCollapsed
      ? (
        line[3].x - line[0].x + line[2].x - line[1].x, line[3].y - line[0].y + line[2].y - line[1].y
      )
      : (
        line[1].x - line[0].x + line[2].x - line[3].x, line[1].y - line[0].y + line[2].y - line[3].y
      )
    let norm = (dx * dx + dy * dy).squareRoot()
    guard norm > 0, norm.isFinite else { return nil }
    var (nx, ny) = (-dy / norm * Self.thickness / 2, dx / norm * Self.thickness / 2)
    // The corners at the far end of the collapsed axis go to +n, the rest to −n.
    let far: [Bool] = xCollapsed ? [false, true, true, false] : [false, false, true, true]
    func moved() -> [(x: Double, y: Double)] {
      (0..<4).map { k in
        let sign = far[k] ? 1.0 : -1.0
        return (line[k].x + sign * nx, line[k].y + sign * ny)
      }
    }
    var quad = moved()
    if Self.doubleArea(quad) < 0 {
      (nx, ny) = (-nx, -ny)
      quad = moved()
    }
    guard Self.doubleArea(quad) > 0,
      let map = Homography(mappingWidth: width, height: height, onto: quad)
    else { return nil }
    self.toDevice = map
    self.quad = quad
  }

  /// Twice the signed area; positive for a front face (y pointing down).
  static func doubleArea(_ points: [(x: Double, y: Double)]) -> Double {
    var sum = 0.0
    for k in points.indices {
      let (p, q) = (points[k], points[(k + 1) % points.count])
      sum += p.x * q.y - q.x * p.y
    }
    return sum
  }
}

extension Homography {
  /// The projective map taking the rectangle (0, 0)…(width, height) onto
  /// `quad` (its corners in the rectangle's order), as Heckbert's
  /// square-to-quad map; `nil` when the quad is degenerate. The weight is 1
  /// at (0, 0) and positive at every corner of a convex quad.
  init?(mappingWidth width: Double, height: Double, onto quad: [(x: Double, y: Double)]) {
    guard quad.count == 4, width > 0, height > 0 else { return nil }
    let (x0, y0, x1, y1) = (quad[0].x, quad[0].y, quad[1].x, quad[1].y)
    let (x2, y2, x3, y3) = (quad[2].x, quad[2].y, quad[3].x, quad[3].y)
    let (sx, sy) = (x0 - x1 + x2 - x3, y0 - y1 + y2 - y3)
    let (dx1, dy1, dx2, dy2) = (x1 - x2, y1 - y2, x3 - x2, y3 - y2)
    let determinant = dx1 * dy2 - dx2 * dy1
    guard determinant != 0, determinant.isFinite else { return nil }
    let g = (sx * dy2 - dx2 * sy) / determinant
    let h = (dx1 * sy - sx * dy1) / determinant
    // (u, v) in the unit square; the rectangle's (x, y) is (u·width, v·height).
    self.init(
      a: (x1 - x0 + g * x1) / width, b: (x3 - x0 + h * x3) / height, c: x0,
      d: (y1 - y0 + g * y1) / width, e: (y3 - y0 + h * y3) / height, f: y0,
      g: g / width, h: h / height, i: 1)
    for corner in [(0.0, 0.0), (width, 0), (width, height), (0, height)]
    where weight(Point(x: corner.0, y: corner.1)) <= 0 {
      return nil
    }
  }
}
