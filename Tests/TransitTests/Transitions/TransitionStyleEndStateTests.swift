import Testing
import Transit

@Suite("Transition styles end where the table says")
struct TransitionStyleEndStateTests {
  typealias F = TransitionFixtures

  /// The disappearing view's end state at 390×844, from the design's table,
  /// computed here independently of the styles.
  static func expectedDisappearing(_ name: String) -> (state: ViewState, exact: Bool) {
    let (w, h) = (390.0, 844.0)
    var state = ViewState(frame: F.portrait)
    func offset(_ edge: String) -> (Double, Double) {
      switch edge {
      case "top": return (0, -h)
      case "bottom": return (0, h)
      case "left": return (-w, 0)
      default: return (w, 0)
      }
    }
    let edge = ["top", "bottom", "left", "right"].first { name.contains("-\($0)") } ?? ""
    let (dx, dy) = offset(edge)
    let camera = Transform3D.perspective(distance: 4 * max(w, h))
    if name.hasSuffix("push-to-back") && !name.hasPrefix("push-") {
      state.transform = .scale(x: 0.95, y: 0.95)
    } else if name == "cross-dissolve" {
      state.alpha = 0
    } else if name.hasPrefix("push-to-back-from-") {
      state.transform = Transform3D.scale(x: 0.5, y: 0.5).translated(x: -dx, y: -dy)
      state.isHidden = true
    } else if name.hasPrefix("push-from-") || name.hasPrefix("flow-from-") {
      state.transform = .translation(x: -dx, y: -dy)
      state.isHidden = true
      if name.hasSuffix("-fade-in") { state.alpha = 0 }
    } else if name.hasPrefix("flip-") {
      let axis: (Double, Double) = name == "flip-horizontally" ? (1, 0) : (0, 1)
      state.transform = Transform3D.rotation(angle: .pi, x: axis.0, y: axis.1, z: 0)
        .concatenating(camera)
      state.alpha = 0
      return (state, false)
    } else if name.hasPrefix("rotate-") {
      let horizontal = name.hasPrefix("rotate-horizontally")
      let angle = name.hasSuffix("counterclockwise") ? Double.pi / 2 : -Double.pi / 2
      let hinge = (dx == 0 ? 0 : dx / 2, dy == 0 ? 0 : dy / 2)
      state.transform = Transform3D.translation(x: -hinge.0, y: -hinge.1)
        .rotated(by: angle, x: horizontal ? 1 : 0, y: horizontal ? 0 : 1, z: 0)
        .translated(x: hinge.0, y: hinge.1)
        .concatenating(camera)
      state.isHidden = true
      return (state, false)
    }
    return (state, true)
  }

  @Test("end states at 390×844", arguments: TransitionStyles.builtIn.names)
  func endStates(name: String) throws {
    let style = try F.style(name)
    let end = try F.transition(style).forwardTimeline(from: F.scene(F.portrait), bounds: F.portrait)
      .endScene
    // The appearing view: at the bounds, alpha 1, identity, visible.
    #expect(end.state(of: F.appearing) == ViewState(frame: F.portrait))
    #expect(end.state(of: F.appearing)?.transform.isIdentity == true)
    let expected = Self.expectedDisappearing(name)
    let actual = try #require(end.state(of: F.disappearing))
    if expected.exact {
      #expect(actual == expected.state)
    } else {
      #expect(actual.frame == expected.state.frame)
      #expect(actual.alpha == expected.state.alpha)
      #expect(actual.isHidden == expected.state.isHidden)
      #expect(F.isCloseOnPlane(actual.transform, expected.state.transform, tolerance: 1e-9))
    }
    // Children are never touched.
    #expect(end.view(F.appearing + ".label") == F.scene(F.portrait).view(F.appearing + ".label"))
  }

  @Test("the edges of the rotate styles: bottom hinges sit at y = h, right hinges at x = w")
  func hingeGeometry() {
    // A check of the test's own expectation for one case, by hand.
    let expected = Self.expectedDisappearing("rotate-horizontally-from-bottom-clockwise").state
    let corner = Point(x: 0, y: 844)
    let projected = F.project(corner, frame: F.portrait, transform: expected.transform)
    #expect(projected.map { abs($0.x - 0) < 1e-9 && abs($0.y - 844) < 1e-9 } == true)
  }
}
