import Transit

/// An example of a custom transition style: the two screens are faces of a
/// cube that turns a quarter about its vertical axis, the new screen coming
/// in from the right.
///
/// It shows what a style is made of, and that it is written with the same
/// tools as the built-in styles: geometry from `context.bounds` only (so it
/// is right in any container and after a rotation), the
/// ``TransitionCamera`` the flips and rotations turn in front of, instant
/// steps that set the stage and clean up, and changes written through
/// ``TransitionContext/appearing(_:)`` and
/// ``TransitionContext/disappearing(_:)``, which leave out the half whose
/// view is absent. It supplies no reverse of its own: a pop plays the exact
/// reverse of the forward animation.
///
/// Register it by name to use it anywhere a style name is accepted:
///
/// ```swift
/// var styles = TransitionStyles.builtIn
/// styles.register(CubeStyle())
/// let cube = try styles.style(named: "cube")
/// ```
public struct CubeStyle: TransitionStyle, Hashable {
  public init() {}

  public var name: String { "cube" }
  public var intrinsicDuration: Double { 0.5 }

  public func intrinsicAnimation(in context: TransitionContext) throws(TransitError) -> Animation {
    let camera = TransitionCamera(bounds: context.bounds)
    // The cube's vertical axis, half a width behind the screen.
    let axis = Vector3(x: 0, y: 1, z: 0)
    let centre = Vector3(x: 0, y: 0, z: -context.bounds.width / 2)
    func turn(_ id: String, _ angle: Double) -> [Change] {
      [camera.turn(id, by: angle, about: axis, pivot: centre)]
    }
    /// Both faces turn together, an eighth of a turn.
    let eighth =
      context.disappearing { turn($0, -.pi / 4) } + context.appearing { turn($0, -.pi / 4) }
    // The new face starts a quarter turn round the right-hand edge; both
    // faces turn a quarter together, easing in and then out.
    return Animation([
      .instant(context.appearing { turn($0, .pi / 2) }),
      AnimationStep(duration: 0.25, curve: .easeIn, changes: eighth),
      AnimationStep(duration: 0.25, curve: .easeOut, changes: eighth),
      // Land exactly on the base layout; the old face leaves.
      .instant(
        context.disappearing { [.hidden($0), .transform($0, to: .identity)] }
          + context.appearing { [.transform($0, to: .identity)] }),
    ])
  }
}
