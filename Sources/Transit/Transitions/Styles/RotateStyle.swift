/// Both views turn together about a hinge along one edge of the container,
/// in perspective: the old one swings away as the new one swings in.
///
/// Steps (the camera is at 4 × the larger side of the context's bounds,
/// `m34 = −1/(4·max(w, h))`; every rotation is about the hinge, i.e.
/// `translate(−e) · rotate · translate(+e) · camera` with `e` the hinge's
/// offset from the view's centre, so the hinge edge stays fixed on screen):
/// 1. instant: the appearing view is turned about the hinge by +π/2
///    (clockwise) or −π/2 (counterclockwise), edge-on;
/// 2. 0.3 s, ease-in: both turn by ∓π/4;
/// 3. 0.3 s, ease-out: both turn by another ∓π/4;
/// 4. instant: the disappearing view, now edge-on, is hidden, and the
///    appearing view's transform becomes exactly the identity (it was the
///    camera alone, which draws the same).
///
/// At the end the appearing view is at its base layout; the disappearing
/// view is turned by ∓π/2 about the hinge and hidden.
///
/// A hinge at the top or bottom turns the views about a horizontal axis
/// (`rotate-horizontally-from-…`), one at the left or right about a vertical
/// axis (`rotate-vertically-from-…`). "Clockwise" follows CoconutKit: the
/// appearing view starts at +π/2 about the axis.
///
/// Like ``FlipStyle``, this style sets each step's target transform (a
/// perspective cannot be added by relative changes), assuming the base
/// layout's identity transform; with zero-size bounds there is no camera.
public struct RotateStyle: TransitionStyle, Hashable {
  /// The edge the views turn about.
  public var hinge: TransitionEdge
  /// Whether the views turn clockwise (see the discussion above).
  public var clockwise: Bool

  /// Creates the style.
  public init(hinge: TransitionEdge, clockwise: Bool) {
    self.hinge = hinge
    self.clockwise = clockwise
  }

  /// `rotate-horizontally-from-<top|bottom>-<clockwise|counterclockwise>` or
  /// `rotate-vertically-from-<left|right>-<…>`.
  public var name: String {
    let axis = isHorizontal ? "horizontally" : "vertically"
    return "rotate-\(axis)-from-\(hinge.rawValue)-\(clockwise ? "clockwise" : "counterclockwise")"
  }
  /// 0.6 seconds.
  public var intrinsicDuration: Double { 0.6 }

  private var isHorizontal: Bool { hinge == .top || hinge == .bottom }

  /// The four steps described above.
  public func animation(in context: TransitionContext) throws(TransitError) -> Animation {
    let bounds = context.bounds
    let (x, y): (Double, Double) = isHorizontal ? (1, 0) : (0, 1)
    let pivot: Displacement
    switch hinge {
    case .top: pivot = Displacement(x: 0, y: -bounds.height / 2)
    case .bottom: pivot = Displacement(x: 0, y: bounds.height / 2)
    case .left: pivot = Displacement(x: -bounds.width / 2, y: 0)
    case .right: pivot = Displacement(x: bounds.width / 2, y: 0)
    }
    // Quarter turns of π/4 about the hinge, relative to where each view is:
    // the appearing view starts at 2 and comes back to 0, the disappearing
    // one goes from 0 to −2; counterclockwise flips every sign. Relative
    // turns keep every frame on the arc with the hinge fixed.
    let sign: Double = clockwise ? 1 : -1
    func turn(_ id: String, _ eighths: Double) -> Change {
      TransitionCamera.turn(
        id, by: sign * eighths * (.pi / 4), axisX: x, axisY: y, pivot: pivot, bounds: bounds)
    }
    let appearing = context.appearingViewID
    let disappearing = context.disappearingViewID
    return Animation([
      .instant(changes(for: appearing) { [turn($0, 2)] }),
      AnimationStep(
        duration: 0.3, curve: .easeIn,
        changes: changes(for: disappearing) { [turn($0, -1)] }
          + changes(for: appearing) { [turn($0, -1)] }),
      AnimationStep(
        duration: 0.3, curve: .easeOut,
        changes: changes(for: disappearing) { [turn($0, -1)] }
          + changes(for: appearing) { [turn($0, -1)] }),
      .instant(
        changes(for: disappearing) { [.hidden($0)] }
          + changes(for: appearing) { [.transform($0, to: .identity)] }),
    ])
  }

}
