/// Both views turn together about a hinge along one edge of the container,
/// in perspective: the old one swings away as the new one swings in.
///
/// Steps (seen through ``TransitionCamera``; every turn is relative, about
/// the hinge, `C⁻¹ · R · C` with `C = translate(e) · camera` and `e` the
/// hinge's offset from the view's centre, so the hinge edge stays fixed on
/// screen):
/// 1. instant: the appearing view is turned about the hinge by +π/2
///    (clockwise) or −π/2 (counterclockwise), edge-on;
/// 2. 0.3 s, ease-in: both turn by ∓π/4;
/// 3. 0.3 s, ease-out: both turn by another ∓π/4;
/// 4. instant: the disappearing view, now edge-on, is hidden, and the
///    appearing view's transform becomes exactly the identity (its turns
///    add up to none, but three of them leave rounding behind).
///
/// At the end the appearing view is at its base layout; the disappearing
/// view is turned by ∓π/2 about the hinge and hidden.
///
/// A hinge at the top or bottom turns the views about a horizontal axis
/// (`rotate-horizontally-from-…`), one at the left or right about a vertical
/// axis (`rotate-vertically-from-…`). "Clockwise" follows CoconutKit: the
/// appearing view starts at +π/2 about the axis.
///
/// Like ``FlipStyle``, this style turns the views by relative changes
/// (``TransitionCamera/turn(_:by:about:pivot:)``), which compose with the
/// turns before them: every frame lies on the arc, and only the last step
/// sets a transform. With zero-size bounds there is no camera and the turns
/// are drawn flat.
public struct RotateStyle: TransitionStyle, Hashable {
  /// The edge the views turn about.
  public var hinge: TransitionEdge
  /// Whether the views turn clockwise (see the discussion above).
  public var clockwise: Bool

  /// Creates the style.
  ///
  /// - Parameters:
  ///   - hinge: the edge that stays fixed on screen while both views turn
  ///     about it: the top or bottom turns them about a horizontal axis,
  ///     the left or right about a vertical one.
  ///   - clockwise: `true` starts the appearing view turned by +π/2 about
  ///     that axis (CoconutKit's "clockwise"), `false` by −π/2; every turn
  ///     after that changes sign with it.
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
  public func intrinsicAnimation(in context: TransitionContext) throws(TransitError) -> Animation {
    let (w, h) = (context.bounds.width, context.bounds.height)
    let axis = isHorizontal ? Vector3(x: 1, y: 0, z: 0) : Vector3(x: 0, y: 1, z: 0)
    let pivot: Vector3
    switch hinge {
    case .top: pivot = Vector3(x: 0, y: -h / 2, z: 0)
    case .bottom: pivot = Vector3(x: 0, y: h / 2, z: 0)
    case .left: pivot = Vector3(x: -w / 2, y: 0, z: 0)
    case .right: pivot = Vector3(x: w / 2, y: 0, z: 0)
    }
    // Turns of π/4 about the hinge, relative to where each view is: the
    // appearing view starts at 2 and comes back to 0, the disappearing one
    // goes from 0 to −2; counterclockwise flips every sign. Relative turns
    // keep every frame on the arc with the hinge fixed.
    let camera = TransitionCamera(bounds: context.bounds)
    let sign: Double = clockwise ? 1 : -1
    func turn(_ id: String, _ eighths: Double) -> Change {
      camera.turn(id, by: sign * eighths * (.pi / 4), about: axis, pivot: pivot)
    }
    return Animation([
      .instant(context.appearing { [turn($0, 2)] }),
      AnimationStep(
        duration: 0.3, curve: .easeIn,
        changes: context.disappearing { [turn($0, -1)] }
          + context.appearing { [turn($0, -1)] }),
      AnimationStep(
        duration: 0.3, curve: .easeOut,
        changes: context.disappearing { [turn($0, -1)] }
          + context.appearing { [turn($0, -1)] }),
      .instant(
        context.disappearing { [.hidden($0)] }
          + context.appearing { [.transform($0, to: .identity)] }),
    ])
  }
}
