/// The perspective of the flip and rotate styles: a camera at four times the
/// larger side of the container's bounds.
///
/// CoconutKit placed the camera using the *screen's* size, which was wrong
/// for any container smaller than the screen; Transit derives it from the
/// context's bounds, so a 390×844 container looks through a camera 3,376
/// points away (`m34 = −1/3376`).
///
/// The camera is applied after the view's rotation (row vectors: `R · P`),
/// which is what makes the result a true perspective rotation: applied
/// before, `P · R` leaves every point of the view's plane at w = 1 and draws
/// the rotation flat.
enum TransitionCamera {
  /// The camera distance for `bounds`, four times their larger side, or
  /// `nil` (no perspective) when the bounds have no size.
  static func distance(for bounds: Rect) -> Double? {
    let distance = 4 * max(bounds.width, bounds.height)
    return distance > 0 && distance.isFinite ? distance : nil
  }

  /// A relative turn of view `id` by `angle` about the axis (x, y, 0)
  /// through `pivot`, seen through the camera of `bounds`.
  static func turn(
    _ id: String, by angle: Double, axisX x: Double, axisY y: Double, pivot: Displacement,
    bounds: Rect
  ) -> Change {
    .rotate(
      id, by: angle, axis: Vector3(x: x, y: y, z: 0), pivot: Vector3(x: pivot.x, y: pivot.y, z: 0),
      cameraDistance: distance(for: bounds))
  }

  /// The perspective for `bounds`, or the identity when the bounds have no
  /// extent: a camera at distance 0 would put infinities in the matrix.
  static func perspective(for bounds: Rect) -> Transform3D {
    let distance = 4 * max(bounds.width, bounds.height)
    guard distance > 0, distance.isFinite else { return .identity }
    return .perspective(distance: distance)
  }

  /// A rotation by `angle` about the axis (x, y, 0) through the point
  /// `pivot` (relative to the view's centre), seen through `camera`:
  /// `translate(−pivot) · rotate · translate(+pivot) · camera`.
  ///
  /// Points on the axis through `pivot` stay where they are: at angle 0 the
  /// result is exactly `camera`.
  static func rotation(
    by angle: Double, axisX x: Double, axisY y: Double, pivot: Displacement,
    camera: Transform3D
  ) -> Transform3D {
    Transform3D.translation(x: -pivot.x, y: -pivot.y)
      .concatenating(.rotation(angle: angle, x: x, y: y, z: 0))
      .concatenating(.translation(x: pivot.x, y: pivot.y))
      .concatenating(camera)
  }
}
