/// A relative transform change as a timeline keeps it: evaluable at any
/// progress, and composed after whatever the transform is doing.
///
/// Binding copies each relative transform ``Change`` into one of these
/// (see ``StepChanges``) and stores it once; a transform ``Segment`` then
/// names its operations by a range into ``Tracks/operations``. Sampling
/// scales an operation by its step's progress and composes it
/// (``apply(to:progress:)``): scaling the operation, not interpolating the
/// matrices, is what keeps a turn on its arc at every frame.
enum TransformOperation: Hashable, Sendable {
  case translate(Double, Double, Double)
  case scale(Double, Double, Double)
  case rotate(Double, Double, Double, Double)
  case rotateInPerspective(Double, Vector3, Vector3, Double?)
  case translateInPerspective(Vector3, Double?)

  /// `C = translation(pivot) · perspective(distance)` and its inverse, for
  /// conjugating a rotation so that it turns about the pivot behind the camera.
  static func camera(pivot: Vector3, distance: Double?) -> (Transform3D, Transform3D) {
    var forward = Transform3D.translation(x: pivot.x, y: pivot.y, z: pivot.z)
    var inverse = Transform3D.translation(x: -pivot.x, y: -pivot.y, z: -pivot.z)
    if let distance {
      forward = forward.concatenating(.perspective(distance: distance))
      inverse = Transform3D.perspective(distance: -distance).concatenating(inverse)
    }
    return (forward, inverse)
  }

  static func turn(_ angle: Double, _ axis: Vector3, _ pivot: Vector3, _ distance: Double?)
    -> Transform3D
  {
    let (c, inverse) = camera(pivot: pivot, distance: distance)
    return inverse.concatenating(.rotation(angle: angle, x: axis.x, y: axis.y, z: axis.z))
      .concatenating(c)
  }

  /// The operation at full progress, with the given numbers exactly.
  var full: Transform3D {
    switch self {
    case .translate(let x, let y, let z): return .translation(x: x, y: y, z: z)
    case .scale(let x, let y, let z): return .scale(x: x, y: y, z: z)
    case .rotate(let angle, let x, let y, let z):
      return .rotation(angle: angle, x: x, y: y, z: z)
    case .rotateInPerspective(let angle, let axis, let pivot, let distance):
      return TransformOperation.turn(angle, axis, pivot, distance)
    case .translateInPerspective(let offset, let distance):
      return TransformOperation.move(offset, distance)
    }
  }

  /// `P⁻¹ · T(offset) · P`: a translation behind the camera.
  static func move(_ offset: Vector3, _ distance: Double?) -> Transform3D {
    let (c, inverse) = camera(pivot: .zero, distance: distance)
    return inverse.concatenating(.translation(x: offset.x, y: offset.y, z: offset.z))
      .concatenating(c)
  }

  /// The operation a fraction `p` of the way: translations and angles
  /// proportional, scales linear from 1 to the factor.
  func at(_ p: Double) -> Transform3D {
    if p == 1 { return full }
    switch self {
    case .translate(let x, let y, let z): return .translation(x: x * p, y: y * p, z: z * p)
    case .scale(let x, let y, let z):
      return .scale(x: 1 + (x - 1) * p, y: 1 + (y - 1) * p, z: 1 + (z - 1) * p)
    case .rotate(let angle, let x, let y, let z):
      return .rotation(angle: angle * p, x: x, y: y, z: z)
    case .rotateInPerspective(let angle, let axis, let pivot, let distance):
      return TransformOperation.turn(angle * p, axis, pivot, distance)
    case .translateInPerspective(let offset, let distance):
      return TransformOperation.move(
        Vector3(x: offset.x * p, y: offset.y * p, z: offset.z * p), distance)
    }
  }

  /// Follows `m` by the operation at progress `p`, in place. Translations
  /// and scales touch only the entries they change; the result equals
  /// `m.concatenating(at(p))` up to the sign of zero.
  @inline(__always)
  func apply(to m: inout Transform3D, progress p: Double) {
    switch self {
    case .translate(let x, let y, let z):
      // Each row (a, b, c, w) gains w·(tx, ty, tz).
      let t = p == 1 ? (x, y, z) : (x * p, y * p, z * p)
      Self.shift(&m.m11, &m.m12, &m.m13, by: m.m14, t)
      Self.shift(&m.m21, &m.m22, &m.m23, by: m.m24, t)
      Self.shift(&m.m31, &m.m32, &m.m33, by: m.m34, t)
      Self.shift(&m.m41, &m.m42, &m.m43, by: m.m44, t)
    case .scale(let x, let y, let z):
      // Each row (a, b, c, w) becomes (a·sx, b·sy, c·sz, w).
      let s = p == 1 ? (x, y, z) : (1 + (x - 1) * p, 1 + (y - 1) * p, 1 + (z - 1) * p)
      Self.stretch(&m.m11, &m.m12, &m.m13, by: s)
      Self.stretch(&m.m21, &m.m22, &m.m23, by: s)
      Self.stretch(&m.m31, &m.m32, &m.m33, by: s)
      Self.stretch(&m.m41, &m.m42, &m.m43, by: s)
    case .rotate, .rotateInPerspective, .translateInPerspective:
      m = m.concatenating(at(p))
    }
  }

  /// One row of a translation's product: `(a, b, c) += w·t`.
  @inline(__always)
  private static func shift(
    _ a: inout Double, _ b: inout Double, _ c: inout Double, by w: Double,
    _ t: (Double, Double, Double)
  ) {
    a += w * t.0
    b += w * t.1
    c += w * t.2
  }

  /// One row of a scale's product: `(a, b, c) *= s`.
  @inline(__always)
  private static func stretch(
    _ a: inout Double, _ b: inout Double, _ c: inout Double, by s: (Double, Double, Double)
  ) {
    a *= s.0
    b *= s.1
    c *= s.2
  }
}
