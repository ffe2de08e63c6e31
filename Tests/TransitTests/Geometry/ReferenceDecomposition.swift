import RealModule

@testable import Transit

// The first, array-based decomposition, kept as the reference model that
// DecomposedTransform3D (SIMD values, no allocation) must match bit for bit.

/// A transform taken apart into the components CSS interpolates.
///
/// With rows as Transit stores them (`p' = p · M`), a matrix normalised to
/// m44 = 1 is `[[L, L·q], [t, t·q + w]]`, where `t` is the translation, the
/// perspective column is `(q, w)`, and the 3×3 part `L = S · K · R` is a
/// scale `S = diag(scale)`, a lower unit-triangular skew
/// `K = [[1, 0, 0], [xy, 1, 0], [xz, yz, 1]]` and a rotation `R`.
struct ReferenceDecomposition {
  var translation: [Double]
  var scale: [Double]
  /// The xy, xz and yz shear factors.
  var skew: [Double]
  /// (q, w): the perspective column solved out of the matrix.
  var perspective: [Double]
  /// (x, y, z, w), unit length: a rotation by θ about the unit axis u is
  /// (u·sin(θ/2), cos(θ/2)), as for `Transform3D.rotation(angle:x:y:z:)`.
  var quaternion: [Double]

  /// Decomposes `transform`, or returns `nil` when it is singular, has
  /// m44 = 0 or holds non-finite entries.
  init?(_ transform: Transform3D) {
    guard transform.isFinite, transform.m44 != 0 else { return nil }
    let e = transform.entries.map { $0 / transform.m44 }
    let rows: [[Double]] = [[e[0], e[1], e[2]], [e[4], e[5], e[6]], [e[8], e[9], e[10]]]
    let lastColumn = [e[3], e[7], e[11]]
    translation = [e[12], e[13], e[14]]
    guard let inverse = Self.inverse3(rows) else { return nil }

    // L·q = last column, so q = last column · L⁻ᵀ; then w from m44 = 1.
    if lastColumn.allSatisfy({ $0 == 0 }) {
      perspective = [0, 0, 0, 1]
    } else {
      let q = (0..<3).map { i in Self.dot(inverse[i], lastColumn) }
      perspective = q + [1 - Self.dot(translation, q)]
    }

    // Gram–Schmidt on the rows of L.
    var r0 = rows[0]
    var scale = [Self.length(r0), 0, 0]
    r0 = r0.map { $0 / scale[0] }
    var xy = Self.dot(r0, rows[1])
    var r1 = Self.combine(rows[1], r0, -xy)
    scale[1] = Self.length(r1)
    r1 = r1.map { $0 / scale[1] }
    xy /= scale[1]
    var xz = Self.dot(r0, rows[2])
    var r2 = Self.combine(rows[2], r0, -xz)
    var yz = Self.dot(r1, r2)
    r2 = Self.combine(r2, r1, -yz)
    scale[2] = Self.length(r2)
    r2 = r2.map { $0 / scale[2] }
    xz /= scale[2]
    yz /= scale[2]
    // A reflection: negate the scales and the rows so that R is a rotation.
    if Self.dot(r0, Self.cross(r1, r2)) < 0 {
      scale = scale.map { -$0 }
      (r0, r1, r2) = (r0.map { -$0 }, r1.map { -$0 }, r2.map { -$0 })
    }
    self.scale = scale
    skew = [xy, xz, yz]
    quaternion = Self.quaternion(rows: [r0, r1, r2])
  }

  /// Linear interpolation of every component, slerp of the rotation.
  func interpolated(to other: ReferenceDecomposition, progress p: Double) -> ReferenceDecomposition
  {
    func mix(_ a: [Double], _ b: [Double]) -> [Double] {
      zip(a, b).map { $0 + ($1 - $0) * p }
    }
    var result = self
    result.translation = mix(translation, other.translation)
    result.scale = mix(scale, other.scale)
    result.skew = mix(skew, other.skew)
    result.perspective = mix(perspective, other.perspective)
    result.quaternion = Self.slerp(quaternion, other.quaternion, p)
    return result
  }

  /// The matrix these components describe, `[[L, L·q], [t, t·q + w]]`.
  var recomposed: Transform3D {
    let r = Self.rotationRows(quaternion)
    let rows = [
      r[0].map { $0 * scale[0] },
      Self.combine(r[1], r[0], skew[0]).map { $0 * scale[1] },
      Self.combine(Self.combine(r[2], r[0], skew[1]), r[1], skew[2]).map { $0 * scale[2] },
    ]
    let q = Array(perspective.prefix(3))
    let lastColumn = rows.map { Self.dot($0, q) }
    let m44 = Self.dot(translation, q) + perspective[3]
    return Transform3D(
      entries: rows[0] + [lastColumn[0]] + rows[1] + [lastColumn[1]] + rows[2] + [lastColumn[2]]
        + translation + [m44])!
  }

  // MARK: - Small vector helpers

  private static func dot(_ a: [Double], _ b: [Double]) -> Double {
    zip(a, b).reduce(0) { $0 + $1.0 * $1.1 }
  }

  private static func length(_ a: [Double]) -> Double { dot(a, a).squareRoot() }

  /// a + k·b
  private static func combine(_ a: [Double], _ b: [Double], _ k: Double) -> [Double] {
    zip(a, b).map { $0 + k * $1 }
  }

  private static func cross(_ a: [Double], _ b: [Double]) -> [Double] {
    [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]]
  }

  /// The inverse of a 3×3 matrix given by rows, or `nil` when singular.
  private static func inverse3(_ m: [[Double]]) -> [[Double]]? {
    let c0 = cross(m[1], m[2])
    let c1 = cross(m[2], m[0])
    let c2 = cross(m[0], m[1])
    let det = dot(m[0], c0)
    guard det != 0, det.isFinite else { return nil }
    // The inverse's columns are c0, c1, c2 divided by the determinant.
    return (0..<3).map { i in [c0[i] / det, c1[i] / det, c2[i] / det] }
  }

  // MARK: - Quaternions

  /// The rotation rows for `p' = p · R`: the transpose of the usual
  /// column-vector matrix of the quaternion.
  private static func rotationRows(_ q: [Double]) -> [[Double]] {
    let (x, y, z, w) = (q[0], q[1], q[2], q[3])
    return [
      [1 - 2 * (y * y + z * z), 2 * (x * y + z * w), 2 * (x * z - y * w)],
      [2 * (x * y - z * w), 1 - 2 * (x * x + z * z), 2 * (y * z + x * w)],
      [2 * (x * z + y * w), 2 * (y * z - x * w), 1 - 2 * (x * x + y * y)],
    ]
  }

  /// The quaternion of rotation rows (the inverse of ``rotationRows(_:)``),
  /// by Shepperd's method: it divides by the largest of the four candidates,
  /// which stays accurate where the CSS specification's square roots of
  /// differences lose half their digits.
  private static func quaternion(rows r: [[Double]]) -> [Double] {
    // c[i][j] is the column-vector matrix, the transpose of the rows.
    let c: [[Double]] = (0..<3).map { i in (0..<3).map { j in r[j][i] } }
    let trace = c[0][0] + c[1][1] + c[2][2]
    let q: [Double]
    if trace > 0 {
      let s = (trace + 1).squareRoot() * 2
      q = [(c[2][1] - c[1][2]) / s, (c[0][2] - c[2][0]) / s, (c[1][0] - c[0][1]) / s, s / 4]
    } else if c[0][0] > c[1][1], c[0][0] > c[2][2] {
      let s = (1 + c[0][0] - c[1][1] - c[2][2]).squareRoot() * 2
      q = [s / 4, (c[0][1] + c[1][0]) / s, (c[0][2] + c[2][0]) / s, (c[2][1] - c[1][2]) / s]
    } else if c[1][1] > c[2][2] {
      let s = (1 + c[1][1] - c[0][0] - c[2][2]).squareRoot() * 2
      q = [(c[0][1] + c[1][0]) / s, s / 4, (c[1][2] + c[2][1]) / s, (c[0][2] - c[2][0]) / s]
    } else {
      let s = (1 + c[2][2] - c[0][0] - c[1][1]).squareRoot() * 2
      q = [(c[0][2] + c[2][0]) / s, (c[1][2] + c[2][1]) / s, s / 4, (c[1][0] - c[0][1]) / s]
    }
    let norm = length(q)
    return q.map { $0 / norm }
  }

  /// Spherical linear interpolation along the shorter arc; linear (then
  /// normalised) when the two are so close that sin θ would lose precision.
  private static func slerp(_ a: [Double], _ b: [Double], _ p: Double) -> [Double] {
    var b = b
    var cosine = dot(a, b)
    if cosine < 0 {
      b = b.map { -$0 }
      cosine = -cosine
    }
    if cosine > 0.9995 {
      let mixed = zip(a, b).map { $0 + ($1 - $0) * p }
      let norm = length(mixed)
      return mixed.map { $0 / norm }
    }
    let angle = Double.acos(min(cosine, 1))
    let sine = Double.sin(angle)
    let wa = Double.sin((1 - p) * angle) / sine
    let wb = Double.sin(p * angle) / sine
    return zip(a, b).map { wa * $0 + wb * $1 }
  }
}
