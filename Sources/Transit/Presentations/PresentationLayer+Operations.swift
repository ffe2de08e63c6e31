extension PresentationLayer {
  /// Checks that `view`'s id is new to the container.
  private func checkNew(_ view: View) throws(TransitError) {
    guard !scene.contains(view.id), !scene.contains(Self.dimmingID(of: view.id)) else {
      throw TransitError(.duplicateView, "the container already holds a view '\(view.id)'")
    }
  }

  /// The model as it is, for a presentation that fails or is cancelled.
  private struct Snapshot {
    var scene: Scene
    var presentations: [Presentation]
    var radii: [String: CornerRadii]
    var basePresenter: String?
  }

  private var snapshot: Snapshot {
    Snapshot(
      scene: scene, presentations: presentations, radii: radii, basePresenter: basePresenter)
  }

  private func restore(_ before: Snapshot, forgetting id: String) {
    scene = before.scene
    presentations = before.presentations
    radii = before.radii
    basePresenter = before.basePresenter
    host.phases.remove(id)
  }

  /// Adds `view` to the model on top, the first presentation fixing the
  /// screen presentations are made over.
  private func add(_ view: View, kind: Kind) {
    if presentations.isEmpty, let presenter = host.presentingID {
      basePresenter = presenter
      radii[presenter] = scene.view(presenter)?.cornerRadii
    }
    radii[view.id] = view.cornerRadii
    presentations.append(Presentation(id: view.id, kind: kind))
    host.phases.add(view.id)
  }

  func presentFullScreen(_ view: View, style: AnyTransitionStyle, animated: Bool)
    throws(TransitError)
  {
    try checkNew(view)
    let before = snapshot
    var new = view
    new.state = ViewState(frame: bounds)
    add(view, kind: .fullScreen(style))
    let transition = transition(of: presentations.count - 1, style: style)
    var views = [new]
    if let presenter = transition.disappearingViewID, let live = scene.view(presenter) {
      views.append(live)
    }
    let request = TransitionRequest(
      transition: transition, isReversed: false, bounds: bounds, views: views, animated: animated,
      shownIsMovingToParent: true, hiddenIsMovingFromParent: false,
      rollback: { [unowned self] in restore(before, forgetting: view.id) }, matching: .disabled)
    scene.views.append(new)
    do {
      try driver.run(request)
    } catch {
      restore(before, forgetting: view.id)
      throw error
    }
  }

  func presentSheet(_ view: View, sheet: SheetConfiguration, animated: Bool) throws(TransitError) {
    try sheet.validate()
    try checkNew(view)
    let before = snapshot
    let size = scene.size
    let height = sheet.detent.height(in: size)
    var new = view
    new.state = ViewState(frame: sheetFrame(height: height, in: size).offsetBy(dx: 0, dy: height))
    new.cornerRadii = Self.sheetCorners
    let dimming = View(
      id: Self.dimmingID(of: view.id), frame: bounds, alpha: 0, backgroundColor: .black)
    scene.views += [dimming, new]
    add(view, kind: .sheet(sheet))
    let target: Scene
    do { target = try rest(scene) } catch {
      restore(before, forgetting: view.id)
      throw error
    }
    try change(
      to: target, duration: sheet.duration, animated: animated,
      events: Self.sheetEvents(view.id, arriving: true, animated: animated))
  }

  /// UIKit's events for a sheet arriving or leaving: the sheet's alone, as
  /// the screen below stays on screen. A cancelled (interactive) dismissal
  /// brings the sheet back.
  static func sheetEvents(_ id: String, arriving: Bool, animated: Bool) -> (
    will: [ContainerEvent], did: [ContainerEvent], cancelled: [ContainerEvent]
  ) {
    guard arriving else {
      return (
        [
          .willHide(id, animated: animated),
          .viewWillDisappear(id, animated: animated, isMovingFromParent: true),
        ],
        [
          .viewDidDisappear(id, animated: animated, isMovingFromParent: true),
          .didHide(id, animated: animated),
        ],
        [
          .viewWillAppear(id, animated: animated, isMovingToParent: false),
          .viewDidAppear(id, animated: animated, isMovingToParent: false),
          .didCancelHide(id, animated: animated),
        ]
      )
    }
    return (
      [
        .willShow(id, animated: animated),
        .viewWillAppear(id, animated: animated, isMovingToParent: true),
      ],
      [
        .viewDidAppear(id, animated: animated, isMovingToParent: true),
        .didShow(id, animated: animated),
      ],
      []
    )
  }

  /// Dismisses the top presentation: a full-screen one with the reverse of
  /// its style (or of `style`, a predictive back's preview), a sheet by
  /// sliding it away.
  func dismissTop(
    animated: Bool, style override: AnyTransitionStyle? = nil, curve: TimingCurve = .easeInOut,
    duration: Double? = nil
  ) throws(TransitError) {
    guard let top = presentations.last else {
      throw TransitError.nothingPresented(to: "dismiss")
    }
    let before = snapshot
    let index = presentations.count - 1
    switch top.kind {
    case .fullScreen(let style):
      let transition = transition(of: index, style: override ?? style)
      var views = scene.view(top.id).map { [$0] } ?? []
      if let presenter = transition.disappearingViewID, let live = scene.view(presenter) {
        views.append(live)
      }
      let request = TransitionRequest(
        transition: transition, isReversed: true, bounds: bounds, views: views,
        animated: animated, shownIsMovingToParent: false, hiddenIsMovingFromParent: true,
        settle: { [unowned self] in remove(top.id) },
        rollback: { [unowned self] in restoreDismissal(before) }, matching: .disabled)
      try driver.run(request)
    case .sheet(let sheet):
      // The picture without the sheet, the sheet below the bottom edge and
      // its dimming clear: where the change lands before they leave.
      presentations.removeLast()
      var target: Scene
      do { target = try rest(scene) } catch {
        presentations.append(top)
        throw error
      }
      presentations.append(top)
      let height = scene.view(top.id)?.frame.height ?? 0
      target.updateView(top.id) {
        $0.state = ViewState(
          frame: sheetFrame(height: height, in: scene.size).offsetBy(dx: 0, dy: height))
      }
      target.updateView(Self.dimmingID(of: top.id)) { $0.alpha = 0 }
      try change(
        to: target, duration: duration ?? sheet.duration, curve: curve, animated: animated,
        events: Self.sheetEvents(top.id, arriving: false, animated: animated),
        settle: { [unowned self] in remove(top.id) },
        rollback: { [unowned self] in restoreDismissal(before) })
    }
  }

  /// A cancelled dismissal: the picture before it, bit for bit.
  private func restoreDismissal(_ before: Snapshot) {
    scene = before.scene
  }

  /// Takes the top presentation and its views out, once it has left.
  private func remove(_ id: String) {
    leaving = id
    presentations.removeAll { $0.id == id }
    scene.views.removeAll { $0.id == id || $0.id == Self.dimmingID(of: id) }
    radii[id] = nil
    host.phases.remove(id)
    if presentations.isEmpty, let base = basePresenter {
      radii[base] = nil
      basePresenter = nil
    }
  }

  func moveSheet(to detent: SheetDetent, animated: Bool) throws(TransitError) {
    guard case .sheet(var sheet) = presentations.last?.kind else {
      throw TransitError.topIsNotASheet
    }
    guard sheet.detents.contains(detent) else {
      throw TransitError.detentNotOffered(detent, detents: sheet.detents)
    }
    let before = presentations
    sheet.detent = detent
    presentations[presentations.count - 1].kind = .sheet(sheet)
    do {
      try change(to: try rest(scene), duration: sheet.duration, animated: animated)
    } catch {
      // An alongside animation the change refuses: the sheet stays put.
      presentations = before
      throw error
    }
  }

  /// The container's back, run now from inside an operation: the top
  /// presentation's dismissal when one is up, else the container's own back.
  func back(style: AnyTransitionStyle?, animated: Bool) throws(TransitError) {
    if presentations.isEmpty {
      try host.backUnderneath(style: style, animated: animated)
    } else {
      try dismissTop(animated: animated, style: style)
    }
  }
}
