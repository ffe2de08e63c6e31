/// The two views are the faces of a card that turns over, seen in
/// perspective, as CoconutKit's flips: the card moves away from the camera
/// while it turns edge-on and comes back while it turns face-on.
///
/// Steps (the camera is at `c` = 4 × the larger side of the context's
/// bounds, `m34 = −1/c`, applied after the rotation so that the turn is
/// drawn in true perspective about the view's centre):
/// 1. instant: the appearing view (the card's back) is turned by −π about
///    the axis and its alpha drops to 0;
/// 2. 0.3 s, ease-in: both turn by +π/2, until they are edge-on, and move
///    c/5 away from the camera;
/// 3. instant: the alphas swap, appearing to 1, disappearing to 0;
/// 4. 0.3 s, ease-out: both turn by another +π/2 and come c/5 back;
/// 5. instant: the appearing view's transform becomes exactly the identity
///    (its turns add up to none, but four of them leave rounding behind).
///
/// At the end the appearing view is at its base layout; the disappearing
/// view is turned by π in perspective, at alpha 0.
///
/// As in CoconutKit, `flip-horizontally` turns about the horizontal (x)
/// axis, so the card tips over top to bottom, and `flip-vertically` about
/// the vertical (y) axis, like a page.
///
/// ## How the card moves
/// Each step is relative: a turn through the camera,
/// `P⁻¹ · R(θ) · P`, followed by a move in depth through the same camera,
/// `P⁻¹ · T(0, 0, z) · P`, which compose to `P⁻¹ · R · T · P`: the card
/// turns about its centre, then the turned card moves back, then the
/// camera projects it, exactly as Core Animation composes a layer's
/// transform with its parent's sublayer transform in CoconutKit. The second
/// turn pivots about the card's centre where the push has taken it, c/5
/// behind, so it still turns in place: `T(−z) · R · T(z)` after a push by
/// `z` is `R` before it. Every frame lies exactly on that path rather than
/// on an interpolation between two matrices. With zero-size bounds there
/// is no camera (``TransitionCamera/distance`` is `nil`) and no move.
///
/// ## Differences from CoconutKit's geometry
/// - The camera distance. CoconutKit used 4 × the *screen's* application
///   frame, its width for flip-vertically and its height for
///   flip-horizontally, so its flips looked different in a container
///   smaller than the screen; Transit takes geometry from the context's
///   bounds only and uses 4 × their larger side for both axes, as the
///   rotate styles do, so at 390 × 844 both flips look through a
///   camera 3,376 points away where CoconutKit's flip-vertically used
///   1,560.
/// - The camera and the push belong to each view, not to the container:
///   CoconutKit set them on the container's sublayer transform, whose
///   perspective is about the container's centre; Transit's is about each
///   view's centre. The two agree for views centred in the container, as a
///   container's children are.
public struct FlipStyle: TransitionStyle, Hashable {
  /// The axis the card turns about.
  public enum Axis: String, Hashable, Sendable, Codable, CaseIterable {
    /// About the horizontal (x) axis: `flip-horizontally`.
    case horizontal = "horizontally"
    /// About the vertical (y) axis: `flip-vertically`.
    case vertical = "vertically"
  }

  /// The axis the card turns about.
  public var axis: Axis

  /// Creates the style.
  public init(axis: Axis) {
    self.axis = axis
  }

  /// `flip-horizontally` or `flip-vertically`.
  public var name: String { "flip-\(axis.rawValue)" }
  /// 0.6 seconds.
  public var intrinsicDuration: Double { 0.6 }

  /// The five steps described above.
  public func intrinsicAnimation(in context: TransitionContext) throws(TransitError) -> Animation {
    let (x, y): (Double, Double) = axis == .horizontal ? (1, 0) : (0, 1)
    // Relative turns about the centre through the bounds' camera: every
    // frame lies exactly on the flip's arc, not on an interpolation between
    // two matrices.
    let camera = TransitionCamera(bounds: context.bounds)
    let axis = Vector3(x: x, y: y, z: 0)
    // CoconutKit pushes the card back by a fifth of the camera distance
    // while it turns edge-on, and brings it forward again.
    let depth = camera.distance.map { $0 / 5 } ?? 0
    /// A turn about the card's centre, `behind` points behind where it was
    /// laid out (where the push has taken it).
    func turn(_ id: String, _ angle: Double, behind: Double = 0) -> Change {
      camera.turn(id, by: angle, about: axis, pivot: Vector3(x: 0, y: 0, z: -behind))
    }
    func push(_ id: String, _ z: Double) -> [Change] {
      guard let distance = camera.distance else { return [] }
      return [.translate(id, by: Vector3(x: 0, y: 0, z: z), cameraDistance: distance)]
    }
    return Animation([
      .instant(context.appearing { [turn($0, -.pi), .fade($0, by: -1)] }),
      AnimationStep(
        duration: 0.3, curve: .easeIn,
        changes: context.disappearing { [turn($0, .pi / 2)] + push($0, -depth) }
          + context.appearing { [turn($0, .pi / 2)] + push($0, -depth) }),
      .instant(
        context.appearing { [.fade($0, by: 1)] }
          + context.disappearing { [.fade($0, by: -1)] }),
      AnimationStep(
        duration: 0.3, curve: .easeOut,
        changes: context.disappearing { [turn($0, .pi / 2, behind: depth)] + push($0, depth) }
          + context.appearing { [turn($0, .pi / 2, behind: depth)] + push($0, depth) }),
      // Four quarter turns leave rounding behind: land on the base layout exactly.
      .instant(context.appearing { [.transform($0, to: .identity)] }),
    ])
  }
}
