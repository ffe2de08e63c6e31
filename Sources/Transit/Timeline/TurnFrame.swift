/// What a turn in perspective (``TransformOperation/rotateInPerspective``)
/// keeps from sample to sample: the full angle, the camera
/// `C = T(pivot) · P(distance)`, its inverse and the unit axis. Only the
/// sine and cosine of the angle at the sample's progress change.
///
/// A sample builds the rotation `R` as `Transform3D.rotation` does and
/// multiplies `C⁻¹ · R · C` in the same order as
/// ``TransformOperation/turn(_:_:_:_:)``, but leaves out the terms that are
/// a finite number times an exact 0 (the rows of `C`, `C⁻¹` and `R` that are
/// rows of the identity): adding ±0 to a sum changes nothing but, when the
/// sum is itself 0, its sign. So every entry is the same number bit for bit,
/// except that an entry equal to 0 may come out as −0 or +0 the other way
/// round — which no drawing can tell apart.
struct TurnFrame: Hashable, Sendable {
  /// The angle at full progress.
  var angle: Double
  /// The axis divided by its length, as `Transform3D.rotation` divides it.
  var ux: Double, uy: Double, uz: Double
  /// Rows 3 and 4 of `C⁻¹` (rows 1 and 2 are those of the identity).
  var inverse3: SIMD4<Double>, inverse4: SIMD4<Double>
  /// `C`'s m34 and row 4 (rows 1 and 2 are those of the identity, row 3
  /// is (0, 0, 1, m34)).
  var forward34: Double, forward4: SIMD4<Double>

  /// Kept for turns in perspective about an axis with a length and a
  /// finite camera; `nil` for every other operation, which is then applied
  /// the general way.
  init?(_ operation: TransformOperation) {
    guard case .rotateInPerspective(let angle, let axis, let pivot, let distance) = operation
    else { return nil }
    self.angle = angle
    let length = (axis.x * axis.x + axis.y * axis.y + axis.z * axis.z).squareRoot()
    guard length > 0, length.isFinite else { return nil }
    (ux, uy, uz) = (axis.x / length, axis.y / length, axis.z / length)
    let (c, inverse) = TransformOperation.camera(pivot: pivot, distance: distance)
    let identityRows: SIMD8<Double> = [1, 0, 0, 0, 0, 1, 0, 0]
    guard c.hasFiniteEntries, inverse.hasFiniteEntries,
      SIMD8(c.m11, c.m12, c.m13, c.m14, c.m21, c.m22, c.m23, c.m24) == identityRows,
      SIMD8(
        inverse.m11, inverse.m12, inverse.m13, inverse.m14,
        inverse.m21, inverse.m22, inverse.m23, inverse.m24) == identityRows,
      SIMD3(c.m31, c.m32, c.m33) == SIMD3<Double>(0, 0, 1)
    else { return nil }
    inverse3 = SIMD4(inverse.m31, inverse.m32, inverse.m33, inverse.m34)
    inverse4 = SIMD4(inverse.m41, inverse.m42, inverse.m43, inverse.m44)
    forward34 = c.m34
    forward4 = SIMD4(c.m41, c.m42, c.m43, c.m44)
  }

  /// Composes the turn after `m`, in place: `m · (C⁻¹ · R · C)` from the
  /// angle's sine `s` and cosine `c`. The turn's rows are built as the
  /// type's discussion says, then each row of `m` is multiplied by them and
  /// summed in the order ``Transform3D/concatenating(_:)`` sums, so the
  /// numbers are those of `m.concatenating(operation.at(p))`, up to the
  /// sign of a zero (see the type's discussion).
  ///
  /// It takes the frame by pointer, straight from the timeline's array, and
  /// is kept out of line: passing the frame by value made the caller copy
  /// its 144 bytes to the stack first and this read them back at once — a
  /// stall that cost a fifth of a turn — and inlining it made its caller
  /// spill registers.
  @inline(never)
  static func apply(
    _ frame: UnsafePointer<TurnFrame>, to m: inout Transform3D, sine s: Double, cosine c: Double
  ) {
    let (t1, t2, t3, t4) = frame.pointee.rows(sine: s, cosine: c)
    m.multiply(byRows: t1, t2, t3, t4)
  }

  /// Every number the frame holds, as bits: two frames with the same bits
  /// turn everything to the same bits, so a timeline keeps one of them.
  var bitPatterns: [UInt64] {
    [angle, ux, uy, uz, forward34].map(\.bitPattern)
      + [inverse3, inverse4, forward4].flatMap { [$0.x, $0.y, $0.z, $0.w].map(\.bitPattern) }
  }

  /// The rows of `C⁻¹ · R(angle) · C`, from the angle's sine and cosine.
  @inline(__always)
  private func rows(sine s: Double, cosine c: Double) -> (
    SIMD4<Double>, SIMD4<Double>, SIMD4<Double>, SIMD4<Double>
  ) {
    let t = 1 - c
    // R's rows, as Transform3D.rotation(angle:x:y:z:) computes them.
    let r1 = SIMD3(t * ux * ux + c, t * ux * uy + s * uz, t * ux * uz - s * uy)
    let r2 = SIMD3(t * ux * uy - s * uz, t * uy * uy + c, t * uy * uz + s * ux)
    let r3 = SIMD3(t * ux * uz + s * uy, t * uy * uz - s * ux, t * uz * uz + c)
    // Rows 3 and 4 of X = C⁻¹ · R (rows 1 and 2 are R's, with 0 in column 4).
    let x3 = inverse3.x * r1 + inverse3.y * r2 + inverse3.z * r3
    let x4 = inverse4.x * r1 + inverse4.y * r2 + inverse4.z * r3
    let (x34, x44) = (inverse3.w, inverse4.w)
    // X · C.
    let f = forward4
    let fxyz = SIMD3(f.x, f.y, f.z)
    return (
      SIMD4(r1, r1.z * forward34), SIMD4(r2, r2.z * forward34),
      SIMD4(x3 + x34 * fxyz, x3.z * forward34 + x34 * f.w),
      SIMD4(x4 + x44 * fxyz, x4.z * forward34 + x44 * f.w)
    )
  }
}
