/// The camera a style turns views in front of: four times the larger side
/// of the container's bounds away, as in CoconutKit's flips and rotations.
///
/// A turn about an axis in the screen's plane (a flip, a hinge, a cube)
/// looks flat without perspective: the far edge must shrink and the near
/// one grow. Core Animation draws that with `m34 = −1/d`, a camera `d`
/// points in front of the plane, and the camera here is where the built-in
/// ``FlipStyle`` and ``RotateStyle`` stand; a style of your own that uses it
/// turns in the same perspective as they do.
///
/// The distance comes from the context's bounds, never from a screen:
/// CoconutKit placed its camera using the screen's size, which was wrong
/// for any container smaller than the screen. A 390×844 container looks
/// through a camera 3,376 points away (`m34 = −1/3376`); a container with
/// no size has no camera at all (a distance of 0 would put infinities in
/// the matrix), and its turns are drawn flat.
///
/// The camera is applied after the view's rotation (row vectors: `R · P`),
/// which is what makes the result a true perspective rotation: applied
/// before, `P · R` leaves every point of the view's plane at w = 1 and draws
/// the rotation flat. ``turn(_:by:about:pivot:)`` builds exactly that
/// change, relative to wherever the view already is, so that every frame
/// lies on the arc rather than on an interpolation between two matrices.
///
/// ```swift
/// let camera = TransitionCamera(bounds: Rect(x: 0, y: 0, width: 390, height: 844))
/// camera.distance  // 3376.0
/// // A quarter turn about the vertical axis through the view's centre:
/// let turn = camera.turn("new", by: .pi / 2, about: Vector3(x: 0, y: 1, z: 0))
/// ```
public struct TransitionCamera: Hashable, Sendable {
  /// How far in front of the views' plane the camera stands, in points:
  /// 4 × the larger side of the bounds, or `nil` (no perspective) when the
  /// bounds have no size or are not finite.
  public let distance: Double?

  /// The camera for a container with these bounds.
  ///
  /// - Parameter bounds: the context's bounds; only their size matters.
  public init(bounds: Rect) {
    let distance = 4 * max(bounds.width, bounds.height)
    self.distance = distance > 0 && distance.isFinite ? distance : nil
  }

  /// A relative turn of view `id` by `angle` radians about `axis` through
  /// `pivot`, seen through this camera.
  ///
  /// The pivot is relative to the view's centre: (0, −h/2, 0) hinges the
  /// view on its top edge, (0, 0, −w/2) turns it about an axis half a width
  /// behind the screen, as a face of a cube. Points on the axis through the
  /// pivot stay where they are. The change is
  /// ``Change/rotate(_:by:axis:pivot:cameraDistance:)`` with this camera's
  /// ``distance``; like any relative change it composes with the turns
  /// before and after it, so two eighth turns land where one quarter turn
  /// does.
  ///
  /// - Parameters:
  ///   - id: the view to turn.
  ///   - angle: radians, signed as in ``Transform3D/rotation(angle:x:y:z:)``
  ///     (Core Animation's convention).
  ///   - axis: the direction of the axis; its length does not matter.
  ///   - pivot: a point of the axis, relative to the view's centre.
  /// - Returns: the change, to put in an ``AnimationStep``.
  public func turn(_ id: String, by angle: Double, about axis: Vector3, pivot: Vector3 = .zero)
    -> Change
  {
    .rotate(id, by: angle, axis: axis, pivot: pivot, cameraDistance: distance)
  }
}
