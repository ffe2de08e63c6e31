import Transit

/// Containers, scenes and checks shared by the transition tests.
enum TransitionFixtures {
  static let portrait = Rect(x: 0, y: 0, width: 390, height: 844)
  static let landscape = Rect(x: 0, y: 0, width: 844, height: 390)
  static let square = Rect(x: 0, y: 0, width: 500, height: 500)
  static let zero = Rect.zero
  static let allBounds = [portrait, landscape, square, zero]

  /// The id of the view that appears in the tests' transitions.
  static let appearing = "new"
  /// The id of the view that disappears.
  static let disappearing = "old"

  /// Every built-in style's name, and the pop.
  static let styleNames = TransitionStyles.builtIn.names + ["pop"]

  static func style(_ name: String) throws -> any TransitionStyle {
    try TransitionStyles.builtIn.style(named: name)
  }

  /// A container at `bounds` with the disappearing view below the appearing
  /// one, each holding a child; either can be left out.
  static func scene(
    _ bounds: Rect, appearing hasAppearing: Bool = true, disappearing hasDisappearing: Bool = true
  ) -> Scene {
    func view(_ id: String) -> View {
      View(
        id: id, frame: bounds,
        backgroundColor: Color(red: 0.2, green: 0.4, blue: 0.8),
        children: [View(id: id + ".label", frame: Rect(x: 10, y: 20, width: 100, height: 30))])
    }
    var views: [View] = []
    if hasDisappearing { views.append(view(disappearing)) }
    if hasAppearing { views.append(view(appearing)) }
    return Scene(size: bounds.size, views: views)
  }

  static func transition(_ style: any TransitionStyle, duration: Double? = nil) -> Transition {
    Transition(
      style: style, appearingViewID: appearing, disappearingViewID: disappearing,
      duration: duration)
  }

  /// Whether every number of every view of the scene is finite.
  static func isFinite(_ scene: Scene) -> Bool {
    scene.allViews().allSatisfy { entry in
      let state = entry.view.state
      return state.frame.isFinite && state.alpha.isFinite && state.transform.isFinite
    }
  }

  /// Whether two transforms agree entry by entry within `tolerance`.
  static func isClose(_ a: Transform3D, _ b: Transform3D, tolerance: Double = 1e-12) -> Bool {
    zip(a.entries, b.entries).allSatisfy { abs($0 - $1) <= tolerance }
  }

  /// Whether two transforms do the same to every point of a view's plane
  /// (z = 0): rows 1, 2 and 4 agree. The third row multiplies z and never
  /// reaches a view's pixels, so turns written as `C⁻¹ · R · C` and as
  /// `R · C` draw the same although their third rows differ.
  static func isCloseOnPlane(_ a: Transform3D, _ b: Transform3D, tolerance: Double = 1e-12)
    -> Bool
  {
    let rows = [0, 1, 2, 3, 4, 5, 6, 7, 12, 13, 14, 15]
    let x = a.entries
    let y = b.entries
    return rows.allSatisfy { abs(x[$0] - y[$0]) <= tolerance }
  }

  /// Where a point of the container lands when the view laid out at
  /// `frame` has `transform` (applied about the frame's centre).
  static func project(_ point: Point, frame: Rect, transform: Transform3D) -> Point? {
    let local = Point(x: point.x - frame.midX, y: point.y - frame.midY)
    guard let p = transform.projecting(local) else { return nil }
    return Point(x: p.x + frame.midX, y: p.y + frame.midY)
  }
}
