extension PresentationLayer {
  /// The id of a sheet's dimming layer.
  static func dimmingID(of id: String) -> String { "dimming:\(id)" }

  /// The id of the screen presentation `index` is presented over.
  func presenterID(of index: Int) -> String? {
    index == 0 ? basePresenter : presentations[index - 1].id
  }

  /// Whether presentation `index` is a sheet.
  func isSheet(_ index: Int) -> Bool {
    guard presentations.indices.contains(index) else { return false }
    if case .sheet = presentations[index].kind { return true }
    return false
  }

  /// The transition of full-screen presentation `index`: the presented
  /// screen over its presenter, or alone over a sheet (which stays where it
  /// rests beneath it).
  func transition(of index: Int, style: AnyTransitionStyle) -> Transition {
    Transition(
      style: style, appearingViewID: presentations[index].id,
      disappearingViewID: isSheet(index - 1) ? nil : presenterID(of: index),
      duration: host.transitionDuration)
  }

  /// `scene` with every top-level view in its rest state at the current
  /// bounds, from the model alone: the container's own screens where it
  /// rests them, each full-screen presentation at its transition's end
  /// state re-derived here, each sheet at its detent (or, for the top
  /// sheet, `topHeight`), its dimming layer and its presenter's
  /// scale-back as its height says.
  func rest(_ scene: Scene, topHeight: Double? = nil) throws(TransitError) -> Scene {
    var scene = try host.restingScreens(scene)
    let size = scene.size
    let bounds = Rect(size: size)
    if let base = basePresenter {
      scene.updateView(base) { $0.cornerRadii = radii[base] ?? .zero }
    }
    for (index, presentation) in presentations.enumerated() {
      let presenter = presenterID(of: index)
      switch presentation.kind {
      case .fullScreen(let style):
        let states = try transition(of: index, style: style).endState(at: bounds)
        for (id, state) in states { scene.updateView(id) { $0.state = state } }
        scene.updateView(presentation.id) { $0.cornerRadii = radii[presentation.id] ?? .zero }
      case .sheet(let sheet):
        let height =
          index == presentations.count - 1
          ? topHeight ?? sheet.detent.height(in: size)
          : sheet.detent.height(in: size)
        let frame = sheetFrame(height: height, in: size)
        scene.updateView(presentation.id) {
          $0.state = ViewState(frame: frame)
          $0.cornerRadii = Self.sheetCorners
        }
        scene.updateView(Self.dimmingID(of: presentation.id)) {
          $0.state = ViewState(
            frame: bounds,
            alpha: SheetConfiguration.dimmingAlpha * sheet.dimming(height: height, in: size))
        }
        let back = sheet.scaleBack(height: height, in: size)
        if back > 0, let presenter {
          let original = isSheet(index - 1) ? Self.sheetCorners : radii[presenter] ?? .zero
          scene.updateView(presenter) { view in
            let scale = 1 - (1 - SheetConfiguration.scaleBack) * back
            view.transform = .scale(x: scale, y: scale)
            view.cornerRadii = Self.mix(original, SheetConfiguration.cornerRadius, back)
          }
        }
      }
    }
    return scene
  }

  /// A sheet's corners: the top ones rounded.
  static let sheetCorners = CornerRadii(
    topLeft: SheetConfiguration.cornerRadius, topRight: SheetConfiguration.cornerRadius,
    bottomRight: 0, bottomLeft: 0)

  /// `radii` a fraction `t` of the way to `radius` on every corner.
  static func mix(_ radii: CornerRadii, _ radius: Double, _ t: Double) -> CornerRadii {
    func corner(_ r: Double) -> Double { t >= 1 ? radius : r + (radius - r) * t }
    return CornerRadii(
      topLeft: corner(radii.topLeft), topRight: corner(radii.topRight),
      bottomRight: corner(radii.bottomRight), bottomLeft: corner(radii.bottomLeft))
  }

  func sheetFrame(height: Double, in size: Size) -> Rect {
    Rect(x: 0, y: size.height - height, width: size.width, height: height)
  }

  /// Plays the change from the scene as it is to `target` on the driver
  /// (appearance included), then `settle`; `rollback` puts the container
  /// back when a gesture cancels it.
  func change(
    to target: Scene, duration: Double, curve: TimingCurve = .easeInOut, animated: Bool,
    events: (will: [ContainerEvent], did: [ContainerEvent], cancelled: [ContainerEvent]) = (
      [], [], []
    ),
    settle: @escaping () -> Void = {}, rollback: @escaping () -> Void = {}
  ) throws(TransitError) {
    let change = try LayoutChange(
      from: scene, to: target, duration: animated ? duration : 0, curve: curve)
    scene = change.timeline.initialScene
    try driver.runLayoutChange(
      change.timeline, animated: animated, events: events,
      apply: { [unowned self] sample in scene.apply(sample) }, settle: settle, rollback: rollback)
  }

  /// After the container's size has changed (its screens already at rest
  /// there): the presentations at rest at the new bounds — sheets on the
  /// same detents re-resolved, a sheet being dragged at its finger's height.
  func resized() {
    guard !presentations.isEmpty else { return }
    do {
      scene = try rest(scene, topHeight: draggedHeight)
    } catch {
      driver.emit(.operationFailed(error))
    }
  }

  /// Plays the change from `before` to the scene as it is now (a rotation
  /// already applied) when `motion` has a duration and nothing else
  /// started meanwhile (an operation an observer issued on `boundsChanged`
  /// runs on the new layout instead, which the scene already shows).
  func animateResize(from before: Scene, motion: RotationMotion) {
    guard motion.duration > 0, !driver.isRunning else { return }
    let target = scene
    scene = before
    do {
      try change(to: target, duration: motion.duration, curve: motion.curve, animated: true)
    } catch {
      scene = target
      driver.emit(.operationFailed(error))
    }
  }
}
