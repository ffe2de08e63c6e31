import Transit

/// An example of a custom transition style: the two screens are faces of a
/// cube that turns a quarter about its vertical axis, the new screen coming
/// in from the right.
///
/// It shows what a style is made of: geometry from `context.bounds` only (so
/// it is right in any container and after a rotation), a camera derived from
/// the bounds (four times the larger side), instant steps that set the stage,
/// and changes that name the context's view ids, leaving out the half whose
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

  public func animation(in context: TransitionContext) throws(TransitError) -> Animation {
    let w = context.bounds.width
    let side = max(context.bounds.width, context.bounds.height)
    // With no size there is nothing to turn: no camera.
    let camera: Double? = side > 0 ? 4 * side : nil
    /// A relative turn about the cube's vertical axis, half a width behind
    /// the screen, seen through the camera: every frame lies on the arc.
    func turn(_ id: String, _ angle: Double) -> Change {
      .rotate(
        id, by: angle, axis: Vector3(x: 0, y: 1, z: 0), pivot: Vector3(x: 0, y: 0, z: -w / 2),
        cameraDistance: camera)
    }
    func changes(_ id: String?, _ body: (String) -> [Change]) -> [Change] { id.map(body) ?? [] }
    let new = context.appearingViewID
    let old = context.disappearingViewID
    // The new face starts a quarter turn round the right-hand edge; both
    // faces turn a quarter together, easing in and then out.
    return Animation([
      .instant(changes(new) { [turn($0, .pi / 2)] }),
      AnimationStep(
        duration: 0.25, curve: .easeIn,
        changes: changes(old) { [turn($0, -.pi / 4)] } + changes(new) { [turn($0, -.pi / 4)] }),
      AnimationStep(
        duration: 0.25, curve: .easeOut,
        changes: changes(old) { [turn($0, -.pi / 4)] } + changes(new) { [turn($0, -.pi / 4)] }),
      // Land exactly on the base layout; the old face leaves.
      .instant(
        changes(old) { [.hidden($0), .transform($0, to: .identity)] }
          + changes(new) { [.transform($0, to: .identity)] }),
    ])
  }

}
