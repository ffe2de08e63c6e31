import RealModule

/// A 4×4 homogeneous transform with Core Animation's conventions.
///
/// Points are row vectors multiplied on the left, `p' = p · M`, so the
/// translation lives in `m41, m42, m43` and `a.concatenating(b)` applies `a`
/// first and then `b` (CATransform3DConcat). A view's transform is applied
/// about the view's centre. Perspective comes from `m34 = −1 / d`, where `d`
/// is the distance from the camera to the plane z = 0; ``projecting(_:)``
/// performs the homogeneous divide.
///
/// Angles are in radians. With y pointing down, a positive rotation about z
/// turns clockwise on screen, as on iOS.
///
/// ```swift
/// let flip = Transform3D.perspective(distance: 1_000)
///   .rotated(by: .pi / 6, x: 0, y: 1, z: 0)
/// let p = flip.projecting(Point(x: 100, y: 0))
/// ```
public struct Transform3D: Hashable, Codable, Sendable {
  // swift-format-ignore
  /// The first row: how the x axis maps (m11, m12, m13) and the perspective weight x
  /// contributes (m14).
  public var m11, m12, m13, m14: Double
  // swift-format-ignore
  /// The second row: how the y axis maps (m21, m22, m23) and the perspective weight y
  /// contributes (m24).
  public var m21, m22, m23, m24: Double
  // swift-format-ignore
  /// The third row: how the z axis maps (m31, m32, m33) and the perspective weight z
  /// contributes (m34 = −1/d puts a camera at distance d).
  public var m31, m32, m33, m34: Double
  // swift-format-ignore
  /// The fourth row: the translation (m41, m42, m43) and the homogeneous weight m44 (1 for
  /// affine transforms).
  public var m41, m42, m43, m44: Double

  /// Creates a transform from its sixteen entries, row by row.
  public init(
    m11: Double, m12: Double, m13: Double, m14: Double,
    m21: Double, m22: Double, m23: Double, m24: Double,
    m31: Double, m32: Double, m33: Double, m34: Double,
    m41: Double, m42: Double, m43: Double, m44: Double
  ) {
    (self.m11, self.m12, self.m13, self.m14) = (m11, m12, m13, m14)
    (self.m21, self.m22, self.m23, self.m24) = (m21, m22, m23, m24)
    (self.m31, self.m32, self.m33, self.m34) = (m31, m32, m33, m34)
    (self.m41, self.m42, self.m43, self.m44) = (m41, m42, m43, m44)
  }

  /// Creates a transform from sixteen entries in row order.
  ///
  /// Returns `nil` unless `entries` holds exactly sixteen numbers.
  public init?(entries: [Double]) {
    guard entries.count == 16 else { return nil }
    let e = entries
    self.init(
      m11: e[0], m12: e[1], m13: e[2], m14: e[3],
      m21: e[4], m22: e[5], m23: e[6], m24: e[7],
      m31: e[8], m32: e[9], m33: e[10], m34: e[11],
      m41: e[12], m42: e[13], m43: e[14], m44: e[15])
  }

  /// The sixteen entries in row order.
  public var entries: [Double] {
    [m11, m12, m13, m14, m21, m22, m23, m24, m31, m32, m33, m34, m41, m42, m43, m44]
  }

  /// The transform that changes nothing.
  public static let identity = Transform3D(
    m11: 1, m12: 0, m13: 0, m14: 0,
    m21: 0, m22: 1, m23: 0, m24: 0,
    m31: 0, m32: 0, m33: 1, m34: 0,
    m41: 0, m42: 0, m43: 0, m44: 1)

  /// Whether this is exactly the identity.
  public var isIdentity: Bool { self == .identity }

  /// Whether every entry is finite.
  public var isFinite: Bool { entries.allSatisfy(\.isFinite) }

  /// Whether the transform maps the plane z = 0 by a two-dimensional affine
  /// map: no perspective (`m14 = m24 = m34 = 0`, `m44 = 1`) and no depth
  /// taken from x or y (`m13 = m23 = 0`).
  ///
  /// Such a transform is described by six entries: a point (x, y) goes to
  /// (x·m11 + y·m21 + m41, x·m12 + y·m22 + m42), with w = 1, so straight
  /// lines stay straight and parallel lines parallel. A renderer can draw
  /// it with a plain 2-D matrix; any other transform needs the projective
  /// divide of ``projecting(_:)``.
  public var isAffine2D: Bool {
    m14 == 0 && m24 == 0 && m34 == 0 && m44 == 1 && m13 == 0 && m23 == 0
  }

  /// A translation by (tx, ty, tz).
  public static func translation(x tx: Double, y ty: Double, z tz: Double = 0) -> Transform3D {
    var t = Transform3D.identity
    (t.m41, t.m42, t.m43) = (tx, ty, tz)
    return t
  }

  /// A scale by (sx, sy, sz) about the origin (a view's centre).
  public static func scale(x sx: Double, y sy: Double, z sz: Double = 1) -> Transform3D {
    var t = Transform3D.identity
    (t.m11, t.m22, t.m33) = (sx, sy, sz)
    return t
  }

  /// A rotation by `angle` radians about the axis (x, y, z), which need not be
  /// of unit length. A zero axis gives the identity, as in Core Animation.
  public static func rotation(angle: Double, x: Double, y: Double, z: Double) -> Transform3D {
    let length = (x * x + y * y + z * z).squareRoot()
    guard length > 0, length.isFinite else { return .identity }
    let (ux, uy, uz) = (x / length, y / length, z / length)
    let c = Double.cos(angle)
    let s = Double.sin(angle)
    let t = 1 - c
    return Transform3D(
      m11: t * ux * ux + c, m12: t * ux * uy + s * uz, m13: t * ux * uz - s * uy, m14: 0,
      m21: t * ux * uy - s * uz, m22: t * uy * uy + c, m23: t * uy * uz + s * ux, m24: 0,
      m31: t * ux * uz + s * uy, m32: t * uy * uz - s * ux, m33: t * uz * uz + c, m34: 0,
      m41: 0, m42: 0, m43: 0, m44: 1)
  }

  /// A perspective projection with the camera `distance` points in front of
  /// the plane z = 0: `m34 = −1 / distance`.
  ///
  /// Things nearer the camera (positive z) are drawn larger.
  public static func perspective(distance: Double) -> Transform3D {
    var t = Transform3D.identity
    t.m34 = -1 / distance
    return t
  }

  /// `self` followed by `other`: the product `self · other` (CATransform3DConcat).
  public func concatenating(_ other: Transform3D) -> Transform3D {
    let b = other
    var product = self
    product.multiply(
      byRows: SIMD4(b.m11, b.m12, b.m13, b.m14), SIMD4(b.m21, b.m22, b.m23, b.m24),
      SIMD4(b.m31, b.m32, b.m33, b.m34), SIMD4(b.m41, b.m42, b.m43, b.m44))
    return product
  }

  /// Multiplies by `B` on the right, in place (`self = self · B`), `B`
  /// given by its rows: each row (x, y, z, w) of `self` becomes
  /// `x·b1 + y·b2 + z·b3 + w·b4`, summed in that order. What
  /// ``concatenating(_:)`` computes; a turn whose rows are already in vector
  /// registers calls it directly and saves the matrix's trip through memory.
  @inline(__always)
  mutating func multiply(
    byRows b1: SIMD4<Double>, _ b2: SIMD4<Double>, _ b3: SIMD4<Double>, _ b4: SIMD4<Double>
  ) {
    let r1 = m11 * b1 + m12 * b2 + m13 * b3 + m14 * b4
    let r2 = m21 * b1 + m22 * b2 + m23 * b3 + m24 * b4
    let r3 = m31 * b1 + m32 * b2 + m33 * b3 + m34 * b4
    let r4 = m41 * b1 + m42 * b2 + m43 * b3 + m44 * b4
    (m11, m12, m13, m14) = (r1.x, r1.y, r1.z, r1.w)
    (m21, m22, m23, m24) = (r2.x, r2.y, r2.z, r2.w)
    (m31, m32, m33, m34) = (r3.x, r3.y, r3.z, r3.w)
    (m41, m42, m43, m44) = (r4.x, r4.y, r4.z, r4.w)
  }

  /// `self` followed by a translation (CATransform3DTranslate applies it first;
  /// this applies it after, in the parent's space).
  public func translated(x tx: Double, y ty: Double, z tz: Double = 0) -> Transform3D {
    concatenating(.translation(x: tx, y: ty, z: tz))
  }

  /// `self` followed by a scale about the view's centre.
  public func scaled(x sx: Double, y sy: Double, z sz: Double = 1) -> Transform3D {
    concatenating(.scale(x: sx, y: sy, z: sz))
  }

  /// `self` followed by a rotation about the axis (x, y, z).
  public func rotated(by angle: Double, x: Double, y: Double, z: Double) -> Transform3D {
    concatenating(.rotation(angle: angle, x: x, y: y, z: z))
  }

  /// The inverse transform, or `nil` when the matrix is singular (a scale to
  /// zero, a view turned exactly edge-on under an affine projection).
  public var inverted: Transform3D? {
    // Gauss–Jordan elimination with partial pivoting on [M | I]: each
    // column's largest remaining entry becomes its pivot, which keeps the
    // rounding small; a zero pivot means the matrix is singular.
    var m = entries
    var inverse = Transform3D.identity.entries
    for column in 0..<4 {
      let pivotRow = (column..<4).max { abs(m[4 * $0 + column]) < abs(m[4 * $1 + column]) }!
      let pivot = m[4 * pivotRow + column]
      guard pivot != 0, pivot.isFinite else { return nil }
      for k in 0..<4 {
        m.swapAt(4 * column + k, 4 * pivotRow + k)
        inverse.swapAt(4 * column + k, 4 * pivotRow + k)
      }
      for k in 0..<4 {
        m[4 * column + k] /= pivot
        inverse[4 * column + k] /= pivot
      }
      for row in 0..<4 where row != column {
        let factor = m[4 * row + column]
        guard factor != 0 else { continue }
        for k in 0..<4 {
          m[4 * row + k] -= factor * m[4 * column + k]
          inverse[4 * row + k] -= factor * inverse[4 * column + k]
        }
      }
    }
    guard let result = Transform3D(entries: inverse), result.isFinite else { return nil }
    return result
  }

  /// Maps a point of the plane z = 0 through the transform and divides by w.
  ///
  /// Returns `nil` when the point lands at or behind the camera (w ≤ 0), where
  /// no projection exists.
  public func projecting(_ point: Point) -> Point? {
    let x = point.x * m11 + point.y * m21 + m41
    let y = point.x * m12 + point.y * m22 + m42
    let w = point.x * m14 + point.y * m24 + m44
    guard w > 0 else { return nil }
    return Point(x: x / w, y: y / w)
  }

  /// Maps a point of the plane z = 0 to homogeneous coordinates (x, y, z, w)
  /// without the divide, for callers that clip or interpolate before dividing.
  public func homogeneous(_ point: Point) -> (x: Double, y: Double, z: Double, w: Double) {
    (
      point.x * m11 + point.y * m21 + m41,
      point.x * m12 + point.y * m22 + m42,
      point.x * m13 + point.y * m23 + m43,
      point.x * m14 + point.y * m24 + m44
    )
  }
}

extension Transform3D {
  /// Codes as an array of sixteen numbers in row order.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    let values = try container.decode([Double].self)
    guard let transform = Transform3D(entries: values) else {
      throw DecodingError.dataCorruptedError(
        in: container, debugDescription: "a transform needs 16 numbers, got \(values.count)")
    }
    self = transform
  }

  /// Codes as an array of sixteen numbers in row order.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(entries)
  }
}
