/// The two views are the faces of a card that turns over, seen in
/// perspective.
///
/// Steps (the camera is at 4 × the larger side of the context's bounds,
/// `m34 = −1/(4·max(w, h))`, applied after the rotation so that the turn is
/// drawn in true perspective about the view's centre):
/// 1. instant: the appearing view (the card's back) is turned by −π about
///    the axis and its alpha drops to 0;
/// 2. 0.3 s, ease-in: both turn by +π/2, until they are edge-on;
/// 3. instant: the alphas swap, appearing to 1, disappearing to 0;
/// 4. 0.3 s, ease-out: both turn by another +π/2;
/// 5. instant: the appearing view's transform becomes exactly the identity
///    (it was the camera alone, which draws the same).
///
/// At the end the appearing view is at its base layout; the disappearing
/// view is turned by π in perspective, at alpha 0.
///
/// As in CoconutKit, `flip-horizontally` turns about the horizontal (x)
/// axis, so the card tips over top to bottom, and `flip-vertically` about
/// the vertical (y) axis, like a page.
///
/// ## Transforms are set, not added
/// A perspective can only come *after* the rotation (`R · P` in row-vector
/// order), while Transit's relative changes follow the current transform;
/// no chain of relative translations, scales and rotations makes a
/// perspective. So this style sets each step's target transform, which
/// assumes the base layout's identity transform, and frames inside a step
/// are as good as the engine's transform interpolation. With zero-size
/// bounds there is no camera (a distance of 0 would be infinite).
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
  public func animation(in context: TransitionContext) throws(TransitError) -> Animation {
    let (x, y): (Double, Double) = axis == .horizontal ? (1, 0) : (0, 1)
    // Relative turns about the centre through the bounds' camera: every
    // frame lies exactly on the flip's arc, not on an interpolation between
    // two matrices.
    func turn(_ id: String, _ angle: Double) -> Change {
      TransitionCamera.turn(
        id, by: angle, axisX: x, axisY: y, pivot: Displacement(x: 0, y: 0), bounds: context.bounds)
    }
    let appearing = context.appearingViewID
    let disappearing = context.disappearingViewID
    return Animation([
      .instant(changes(for: appearing) { [turn($0, -.pi), .fade($0, by: -1)] }),
      AnimationStep(
        duration: 0.3, curve: .easeIn,
        changes: changes(for: disappearing) { [turn($0, .pi / 2)] }
          + changes(for: appearing) { [turn($0, .pi / 2)] }),
      .instant(
        changes(for: appearing) { [.fade($0, by: 1)] }
          + changes(for: disappearing) { [.fade($0, by: -1)] }),
      AnimationStep(
        duration: 0.3, curve: .easeOut,
        changes: changes(for: disappearing) { [turn($0, .pi / 2)] }
          + changes(for: appearing) { [turn($0, .pi / 2)] }),
      // Four quarter turns leave rounding behind: land on the base layout exactly.
      .instant(changes(for: appearing) { [.transform($0, to: .identity)] }),
    ])
  }

}
