import RealModule

extension Transform3D {
  /// The transform a fraction `p` of the way from `a` to `b`, as Core
  /// Animation and CSS transitions interpolate transforms.
  ///
  /// Each matrix is decomposed into translation, scale, skew, a rotation
  /// quaternion and perspective (the "decomposing a 3D matrix" algorithm of
  /// CSS Transforms Level 2, written here for Transit's row-vector
  /// convention). The components are interpolated linearly, the rotation by
  /// spherical linear interpolation along the shorter arc, and the result is
  /// recomposed. This keeps a rotation a rotation in between (element-wise
  /// interpolation would shrink a view turning through 90°).
  ///
  /// When either matrix cannot be decomposed (it is singular, as a scale to
  /// 0 is, or has m44 = 0), the entries are interpolated one by one instead.
  ///
  /// - Returns: exactly `a` when `p == 0` and exactly `b` when `p == 1`, so an
  ///   animation starts and ends bit for bit on its values. Other `p`, also
  ///   outside 0…1, extrapolate the components.
  public static func interpolate(
    from a: Transform3D, to b: Transform3D, progress p: Double
  ) -> Transform3D {
    if p == 0 { return a }
    if p == 1 { return b }
    return TransformInterpolation(from: a, to: b).at(p)
  }
}

/// Two transforms decomposed once and interpolated as often as wanted: a
/// timeline keeps one for each absolute transform target, so sampling it
/// costs a slerp and a recomposition and allocates nothing.
///
/// Everything that does not depend on progress is worked out here, once:
/// both decompositions, the differences between their components and the
/// arc between their rotations. `a + (b − a)·p` with `b − a` computed
/// beforehand is the same number as computed at every sample.
///
/// The parts are stored flat, not behind an optional, and visible to the
/// module: a timeline reads them in place from its array, part by part
/// (`Tracks.interpolated`), where unwrapping an optional or calling a method
/// on the element would copy the whole of it at every sample.
struct TransformInterpolation: Hashable, Sendable {
  /// The transforms at progress 0 and 1, returned exactly there.
  let from: Transform3D, to: Transform3D
  /// Whether both decompose; when not, the entries are interpolated one by
  /// one and the parts below are unused.
  let isDecomposed: Bool
  /// `from` decomposed.
  let start: DecomposedTransform3D
  /// `to`'s translation, scale, skew and perspective minus `from`'s.
  let change: DecomposedTransform3D.Change
  /// The part of the slerp between the two rotations that does not depend
  /// on progress.
  let arc: DecomposedTransform3D.Arc

  init(from: Transform3D, to: Transform3D) {
    self.from = from
    self.to = to
    if let start = DecomposedTransform3D(from), let end = DecomposedTransform3D(to) {
      isDecomposed = true
      self.start = start
      change = DecomposedTransform3D.Change(from: start, to: end)
      arc = DecomposedTransform3D.Arc(start.quaternion, end.quaternion)
    } else {
      isDecomposed = false
      (start, change, arc) = Self.unused
    }
  }

  /// The parts of an interpolation that does not decompose: never read (the
  /// entries are interpolated one by one instead), but stored, so worked out
  /// once — the identity's — for every such interpolation to compare and
  /// hash alike.
  private static let unused:
    (DecomposedTransform3D, DecomposedTransform3D.Change, DecomposedTransform3D.Arc) = {
      let start = DecomposedTransform3D(.identity)!
      return (
        start, DecomposedTransform3D.Change(from: start, to: start),
        DecomposedTransform3D.Arc(start.quaternion, start.quaternion)
      )
    }()

  /// The transform a fraction `p` of the way; see
  /// ``Transform3D/interpolate(from:to:progress:)``.
  @inline(__always)
  func at(_ p: Double) -> Transform3D {
    if p == 0 { return from }
    if p == 1 { return to }
    guard isDecomposed else { return entryByEntry(p) }
    return start.advanced(by: change, along: arc, progress: p).recomposed
  }

  /// Every entry from `from` to `to`, for transforms that do not decompose.
  @inline(never)
  private func entryByEntry(_ p: Double) -> Transform3D {
    func mix(_ x: Double, _ y: Double) -> Double { x + (y - x) * p }
    let (a, b) = (from, to)
    return Transform3D(
      m11: mix(a.m11, b.m11), m12: mix(a.m12, b.m12), m13: mix(a.m13, b.m13),
      m14: mix(a.m14, b.m14),
      m21: mix(a.m21, b.m21), m22: mix(a.m22, b.m22), m23: mix(a.m23, b.m23),
      m24: mix(a.m24, b.m24),
      m31: mix(a.m31, b.m31), m32: mix(a.m32, b.m32), m33: mix(a.m33, b.m33),
      m34: mix(a.m34, b.m34),
      m41: mix(a.m41, b.m41), m42: mix(a.m42, b.m42), m43: mix(a.m43, b.m43),
      m44: mix(a.m44, b.m44))
  }
}

/// A transform taken apart into the components CSS interpolates.
///
/// With rows as Transit stores them (`p' = p · M`), a matrix normalised to
/// m44 = 1 is `[[L, L·q], [t, t·q + w]]`, where `t` is the translation, the
/// perspective column is `(q, w)`, and the 3×3 part `L = S · K · R` is a
/// scale `S = diag(scale)`, a lower unit-triangular skew
/// `K = [[1, 0, 0], [xy, 1, 0], [xz, yz, 1]]` and a rotation `R`.
///
/// Plain SIMD values, so that decomposing, interpolating and recomposing
/// allocate nothing: a timeline decomposes an absolute target once, when it
/// is bound, and samples it at the cost of a slerp and a recomposition.
/// Every sum is written out in the order of the first, array-based version
/// (`0 + a₀b₀ + a₁b₁ + a₂b₂`), so the results are the same to the bit.
struct DecomposedTransform3D: Hashable, Sendable {
  var translation: SIMD3<Double>
  var scale: SIMD3<Double>
  /// The xy, xz and yz shear factors.
  var skew: SIMD3<Double>
  /// (q, w): the perspective column solved out of the matrix.
  var perspective: SIMD4<Double>
  /// (x, y, z, w), unit length: a rotation by θ about the unit axis u is
  /// (u·sin(θ/2), cos(θ/2)), as for `Transform3D.rotation(angle:x:y:z:)`.
  var quaternion: SIMD4<Double>

  /// Decomposes `transform`, or returns `nil` when it is singular (also
  /// when only rounding keeps its determinant from 0), has m44 = 0 or
  /// holds non-finite entries.
  init?(_ transform: Transform3D) {
    let t = transform
    guard t.hasFiniteEntries, t.m44 != 0 else { return nil }
    let w = t.m44
    let rows = (
      SIMD3(t.m11 / w, t.m12 / w, t.m13 / w), SIMD3(t.m21 / w, t.m22 / w, t.m23 / w),
      SIMD3(t.m31 / w, t.m32 / w, t.m33 / w)
    )
    let lastColumn = SIMD3(t.m14 / w, t.m24 / w, t.m34 / w)
    translation = SIMD3(t.m41 / w, t.m42 / w, t.m43 / w)
    guard let inverse = Self.inverse3(rows) else { return nil }

    // L·q = last column, so q = last column · L⁻ᵀ; then w from m44 = 1.
    if lastColumn == .zero {
      perspective = SIMD4(0, 0, 0, 1)
    } else {
      let q = SIMD3(
        Self.dot(inverse.0, lastColumn), Self.dot(inverse.1, lastColumn),
        Self.dot(inverse.2, lastColumn))
      perspective = SIMD4(q, 1 - Self.dot(translation, q))
    }

    // Gram–Schmidt on the rows of L.
    var r0 = rows.0
    var scale = SIMD3(Self.length(r0), 0, 0)
    r0 = r0 / scale.x
    var xy = Self.dot(r0, rows.1)
    var r1 = rows.1 + -xy * r0
    scale.y = Self.length(r1)
    r1 = r1 / scale.y
    xy /= scale.y
    var xz = Self.dot(r0, rows.2)
    var r2 = rows.2 + -xz * r0
    var yz = Self.dot(r1, r2)
    r2 = r2 + -yz * r1
    scale.z = Self.length(r2)
    r2 = r2 / scale.z
    xz /= scale.z
    yz /= scale.z
    // A reflection: negate the scales and the rows so that R is a rotation.
    if Self.dot(r0, Self.cross(r1, r2)) < 0 {
      scale = -scale
      (r0, r1, r2) = (-r0, -r1, -r2)
    }
    self.scale = scale
    skew = SIMD3(xy, xz, yz)
    quaternion = Self.quaternion(rows: (r0, r1, r2))
    // A matrix whose rows are dependent up to rounding (a scale to 0 turned
    // by a rotation) has a determinant of 1e-19 rather than 0: it passes the
    // inverse above, then Gram–Schmidt divides by a zero length. Such a
    // matrix is singular in all but rounding, so it does not decompose.
    guard scale.x != 0, scale.y != 0, scale.z != 0, isFinite else { return nil }
  }

  /// Whether every component is finite.
  private var isFinite: Bool {
    // x·0 is 0 for every finite x and NaN otherwise.
    let vectors: SIMD3<Double> = translation * 0 + scale * 0 + skew * 0
    let quaternions: SIMD4<Double> = perspective * 0 + quaternion * 0
    return vectors.sum() + quaternions.sum() == 0
  }

  /// How the linear components differ between two decompositions: `end −
  /// start`, component by component.
  struct Change: Hashable, Sendable {
    var translation: SIMD3<Double>
    var scale: SIMD3<Double>
    var skew: SIMD3<Double>
    var perspective: SIMD4<Double>

    init(from start: DecomposedTransform3D, to end: DecomposedTransform3D) {
      translation = end.translation - start.translation
      scale = end.scale - start.scale
      skew = end.skew - start.skew
      perspective = end.perspective - start.perspective
    }
  }

  /// Linear interpolation of every component and slerp of the rotation, a
  /// fraction `p` of the way to the decomposition that differs from this
  /// one by `change` and whose rotation ends `arc`
  /// (`Change(from: self, to: other)` and `Arc(quaternion, other.quaternion)`,
  /// worked out once when binding).
  @inline(__always)
  func advanced(by change: Change, along arc: Arc, progress p: Double) -> DecomposedTransform3D {
    var result = self
    result.translation = translation + change.translation * p
    result.scale = scale + change.scale * p
    result.skew = skew + change.skew * p
    result.perspective = perspective + change.perspective * p
    result.quaternion = arc.at(p)
    return result
  }

  /// The matrix these components describe, `[[L, L·q], [t, t·q + w]]`.
  @inline(__always)
  var recomposed: Transform3D {
    let r = Self.rotationRows(quaternion)
    let row0 = r.0 * scale.x
    let row1 = (r.1 + skew.x * r.0) * scale.y
    let row2 = ((r.2 + skew.y * r.0) + skew.z * r.1) * scale.z
    let q = SIMD3(perspective.x, perspective.y, perspective.z)
    let m44 = Self.dot(translation, q) + perspective.w
    return Transform3D(
      m11: row0.x, m12: row0.y, m13: row0.z, m14: Self.dot(row0, q),
      m21: row1.x, m22: row1.y, m23: row1.z, m24: Self.dot(row1, q),
      m31: row2.x, m32: row2.y, m33: row2.z, m34: Self.dot(row2, q),
      m41: translation.x, m42: translation.y, m43: translation.z, m44: m44)
  }

  // MARK: - Small vector helpers

  @inline(__always)
  private static func dot(_ a: SIMD3<Double>, _ b: SIMD3<Double>) -> Double {
    0 + a.x * b.x + a.y * b.y + a.z * b.z
  }

  @inline(__always)
  private static func dot(_ a: SIMD4<Double>, _ b: SIMD4<Double>) -> Double {
    0 + a.x * b.x + a.y * b.y + a.z * b.z + a.w * b.w
  }

  private static func length(_ a: SIMD3<Double>) -> Double { dot(a, a).squareRoot() }

  private static func cross(_ a: SIMD3<Double>, _ b: SIMD3<Double>) -> SIMD3<Double> {
    SIMD3(a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x)
  }

  typealias Rows = (SIMD3<Double>, SIMD3<Double>, SIMD3<Double>)

  /// The inverse of a 3×3 matrix given by rows, or `nil` when singular.
  private static func inverse3(_ m: Rows) -> Rows? {
    let c0 = cross(m.1, m.2)
    let c1 = cross(m.2, m.0)
    let c2 = cross(m.0, m.1)
    let det = dot(m.0, c0)
    guard det != 0, det.isFinite else { return nil }
    // The inverse's columns are c0, c1, c2 divided by the determinant.
    return (
      SIMD3(c0.x / det, c1.x / det, c2.x / det), SIMD3(c0.y / det, c1.y / det, c2.y / det),
      SIMD3(c0.z / det, c1.z / det, c2.z / det)
    )
  }

  // MARK: - Quaternions

  /// The rotation rows for `p' = p · R`: the transpose of the usual
  /// column-vector matrix of the quaternion.
  @inline(__always)
  private static func rotationRows(_ q: SIMD4<Double>) -> Rows {
    let (x, y, z, w) = (q.x, q.y, q.z, q.w)
    return (
      SIMD3(1 - 2 * (y * y + z * z), 2 * (x * y + z * w), 2 * (x * z - y * w)),
      SIMD3(2 * (x * y - z * w), 1 - 2 * (x * x + z * z), 2 * (y * z + x * w)),
      SIMD3(2 * (x * z + y * w), 2 * (y * z - x * w), 1 - 2 * (x * x + y * y))
    )
  }

  /// The quaternion of rotation rows (the inverse of ``rotationRows(_:)``),
  /// by Shepperd's method: it divides by the largest of the four candidates,
  /// which stays accurate where the CSS specification's square roots of
  /// differences lose half their digits.
  private static func quaternion(rows r: Rows) -> SIMD4<Double> {
    // cij is the column-vector matrix, the transpose of the rows.
    let (c00, c01, c02) = (r.0.x, r.1.x, r.2.x)
    let (c10, c11, c12) = (r.0.y, r.1.y, r.2.y)
    let (c20, c21, c22) = (r.0.z, r.1.z, r.2.z)
    let trace = c00 + c11 + c22
    let q: SIMD4<Double>
    if trace > 0 {
      let s = (trace + 1).squareRoot() * 2
      q = SIMD4((c21 - c12) / s, (c02 - c20) / s, (c10 - c01) / s, s / 4)
    } else if c00 > c11, c00 > c22 {
      let s = (1 + c00 - c11 - c22).squareRoot() * 2
      q = SIMD4(s / 4, (c01 + c10) / s, (c02 + c20) / s, (c21 - c12) / s)
    } else if c11 > c22 {
      let s = (1 + c11 - c00 - c22).squareRoot() * 2
      q = SIMD4((c01 + c10) / s, s / 4, (c12 + c21) / s, (c02 - c20) / s)
    } else {
      let s = (1 + c22 - c00 - c11).squareRoot() * 2
      q = SIMD4((c02 + c20) / s, (c12 + c21) / s, s / 4, (c10 - c01) / s)
    }
    return q / dot(q, q).squareRoot()
  }

  /// Spherical linear interpolation from `a` to `b` along the shorter arc;
  /// linear (then normalised) when the two are so close that sin θ would
  /// lose precision. Everything but the progress is worked out once: the
  /// end on the near side, the angle θ between them and sin θ.
  struct Arc: Hashable, Sendable {
    var a: SIMD4<Double>
    var b: SIMD4<Double>
    /// θ, or `nil` for the linear case.
    var angle: Double?
    var sine: Double

    init(_ a: SIMD4<Double>, _ b: SIMD4<Double>) {
      var b = b
      var cosine = DecomposedTransform3D.dot(a, b)
      if cosine < 0 {
        b = -b
        cosine = -cosine
      }
      self.a = a
      self.b = b
      if cosine > 0.9995 {
        angle = nil
        sine = 0
      } else {
        let angle = Double.acos(min(cosine, 1))
        self.angle = angle
        sine = Double.sin(angle)
      }
    }

    @inline(__always)
    func at(_ p: Double) -> SIMD4<Double> {
      guard let angle else {
        let mixed = a + (b - a) * p
        return mixed / DecomposedTransform3D.dot(mixed, mixed).squareRoot()
      }
      let wa = Double.sin((1 - p) * angle) / sine
      let wb = Double.sin(p * angle) / sine
      return wa * a + wb * b
    }
  }
}

extension Transform3D {
  /// Whether all sixteen entries are finite, without building an array.
  var hasFiniteEntries: Bool {
    // x·0 is 0 for every finite x and NaN otherwise.
    let zero =
      (m11 * 0 + m12 * 0 + m13 * 0 + m14 * 0) + (m21 * 0 + m22 * 0 + m23 * 0 + m24 * 0)
      + (m31 * 0 + m32 * 0 + m33 * 0 + m34 * 0) + (m41 * 0 + m42 * 0 + m43 * 0 + m44 * 0)
    return zero == 0
  }
}
