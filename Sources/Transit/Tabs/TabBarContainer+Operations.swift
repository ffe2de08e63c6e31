extension TabBarContainer {
  /// Whether `request` is a switch between tabs (or its reverse): neither
  /// screen moves to or from the parent.
  func isSwitch(_ request: TransitionRequest) -> Bool {
    !request.shownIsMovingToParent && !request.hiddenIsMovingFromParent
  }

  /// Lands the running transition on its end; it settles on the tick.
  func jumpToEnd() {
    driver.showFrame(1, of: 2)
    driver.tick()
  }

  /// Every id in the container.
  private func holds(_ id: String) -> Bool {
    stacks.contains { $0.contains { $0.view.id == id } }
  }

  /// The container's model and picture, for an operation that fails or
  /// is cancelled.
  struct Snapshot {
    var scene: Scene
    var stacks: [[Screen]]
    var loaded: Set<Int>
    var selected: Int
    var history: [Step]
  }

  var snapshot: Snapshot {
    Snapshot(
      scene: scene, stacks: stacks, loaded: loaded, selected: selectedIndex, history: history)
  }

  /// Puts the container back as `before`, bit for bit.
  func restore(_ before: Snapshot) {
    scene = before.scene
    stacks = before.stacks
    loaded = before.loaded
    selectedIndex = before.selected
    history = before.history
  }

  private func remember(_ step: Step) {
    history.append(step)
    if history.count > historyLimit { history.removeFirst(history.count - historyLimit) }
  }

  /// The push of screen `index` of tab `tab` over the screen below it.
  func pushTransition(tab: Int, index: Int) -> Transition {
    let stack = stacks[tab]
    return Transition(
      style: stack[index].style, appearingViewID: stack[index].view.id,
      disappearingViewID: index > 0 ? stack[index - 1].view.id : nil,
      duration: transitionDuration)
  }

  /// The switch from tab `from`'s top to tab `to`'s top.
  func switchTransition(from: Int, to: Int, style: AnyTransitionStyle) -> Transition {
    Transition(
      style: style, appearingViewID: stacks[to].last?.view.id,
      disappearingViewID: stacks[from].last?.view.id, duration: transitionDuration)
  }

  /// `scene` at rest at its bounds, from the model: the selected tab's
  /// screens where their pushes leave them (the top at the bounds), every
  /// other tab's screens hidden.
  func rest(_ scene: Scene) throws(TransitError) -> Scene {
    var scene = scene
    let bounds = scene.bounds
    for tab in loaded {
      let stack = stacks[tab]
      for (i, screen) in stack.enumerated() {
        var state = ViewState(frame: bounds)
        if tab == selectedIndex {
          let push = i == stack.count - 1 ? i : i + 1
          if push > 0 {
            state =
              try pushTransition(tab: tab, index: push).endState(at: bounds)[screen.view.id]
              ?? state
          }
        } else {
          state.isHidden = true
        }
        scene.updateView(screen.view.id) { $0.state = state }
      }
    }
    return scene
  }

  /// Puts tab `tab`'s screens last in the scene (on top), loading the tab
  /// the first time; all but its top stay hidden until the switch settles.
  private func bringForward(_ tab: Int) {
    var views = scene.views
    let ids = Set(stacks[tab].map(\.view.id))
    var moved = views.filter { ids.contains($0.id) }
    views.removeAll { ids.contains($0.id) }
    if moved.isEmpty {
      moved = stacks[tab].map { screen in
        var view = screen.view
        view.state = ViewState(frame: bounds, isHidden: true)
        return view
      }
      loaded.insert(tab)
    }
    scene.views = views + moved
  }

  func switchTab(to index: Int, style: AnyTransitionStyle, animated: Bool, remember: Bool)
    throws(TransitError)
  {
    guard stacks.indices.contains(index) else {
      throw TransitError.noSuchItem("tab", index: index, count: stacks.count)
    }
    guard index != selectedIndex else { return }
    try presentationLayer.checkNothingPresented("select a tab")
    let before = snapshot
    let from = selectedIndex
    let transition = switchTransition(from: from, to: index, style: style)
    bringForward(index)
    let views = [transition.disappearingViewID, transition.appearingViewID].compactMap { id in
      id.flatMap { scene.view($0) }
    }
    let request = TransitionRequest(
      transition: transition, isReversed: false, bounds: bounds, views: views,
      animated: animated, shownIsMovingToParent: false, hiddenIsMovingFromParent: false,
      settle: { [unowned self] in
        selectedIndex = index
        if remember { self.remember(.select(from: from, to: index, style: style)) }
        scene = (try? rest(scene)) ?? scene
      },
      rollback: { [unowned self] in restore(before) }, matching: .disabled)
    do { try driver.run(request) } catch {
      restore(before)
      throw error
    }
  }

  func pushScreen(_ view: View, style: AnyTransitionStyle, animated: Bool) throws(TransitError) {
    try presentationLayer.checkNothingPresented("push")
    guard !holds(view.id) else {
      throw TransitError(.duplicateView, "the container already holds a screen '\(view.id)'")
    }
    let tab = selectedIndex
    let before = snapshot
    var new = view
    new.state = ViewState(frame: bounds)
    let below = scene.view(topID)
    stacks[tab].append(Screen(view: view, style: style))
    let request = TransitionRequest(
      transition: pushTransition(tab: tab, index: stacks[tab].count - 1), isReversed: false,
      bounds: bounds, views: [new] + (below.map { [$0] } ?? []), animated: animated,
      shownIsMovingToParent: true, hiddenIsMovingFromParent: false,
      settle: { [unowned self] in remember(.push(tab: tab, id: view.id)) },
      rollback: { [unowned self] in restore(before) }, matching: .disabled)
    scene.views.append(new)
    do { try driver.run(request) } catch {
      restore(before)
      throw error
    }
  }

  /// Pops the selected tab's top with the reverse of its push, or of
  /// `style` (a predictive back's preview).
  func popScreen(animated: Bool, style: AnyTransitionStyle? = nil) throws(TransitError) {
    try presentationLayer.checkNothingPresented("pop")
    let tab = selectedIndex
    let before = snapshot
    let stack = stacks[tab]
    guard stack.count > 1 else {
      throw TransitError(.invalidState, "tab \(tab) is at its root: nothing to pop")
    }
    let top = stack[stack.count - 1].view.id
    let views = [top, stack[stack.count - 2].view.id].compactMap { scene.view($0) }
    var transition = pushTransition(tab: tab, index: stack.count - 1)
    if let style { transition.style = style }
    let request = TransitionRequest(
      transition: transition, isReversed: true,
      bounds: bounds, views: views, animated: animated, shownIsMovingToParent: false,
      hiddenIsMovingFromParent: true,
      settle: { [unowned self] in
        stacks[tab].removeLast()
        scene.views.removeAll { $0.id == top }
        if let last = history.lastIndex(of: .push(tab: tab, id: top)) {
          history.remove(at: last)
        }
      }, rollback: { [unowned self] in restore(before) }, matching: .disabled)
    try driver.run(request)
  }

  /// Undoes the latest remembered step, playing the reverse of `style`
  /// instead of the step's own when given (a predictive back's preview).
  func goBack(animated: Bool, style override: AnyTransitionStyle? = nil) throws(TransitError) {
    guard let step = history.last else {
      throw TransitError(.invalidState, "nothing to go back to")
    }
    switch step {
    case .push:
      try popScreen(animated: animated, style: override)
    case .select(let from, let to, let style):
      guard to == selectedIndex, stacks.indices.contains(from) else {
        history.removeLast()
        throw TransitError(.invalidState, "the selection to undo is no longer the shown one")
      }
      let before = snapshot
      let transition = switchTransition(from: from, to: to, style: override ?? style)
      bringForward(from)
      // The tab being left stays on top while the switch plays backwards.
      bringForward(to)
      let views = [transition.disappearingViewID, transition.appearingViewID].compactMap { id in
        id.flatMap { scene.view($0) }
      }
      let request = TransitionRequest(
        transition: transition, isReversed: true, bounds: bounds, views: views,
        animated: animated, shownIsMovingToParent: false, hiddenIsMovingFromParent: false,
        settle: { [unowned self] in
          selectedIndex = from
          history.removeLast()
          bringForward(from)
          scene = (try? rest(scene)) ?? scene
        }, rollback: { [unowned self] in restore(before) }, matching: .disabled)
      do { try driver.run(request) } catch {
        restore(before)
        throw error
      }
    }
  }

  /// Applies the latest size the gate let through: the rest layout at the
  /// new bounds, animated when the rotation asked for a duration.
  func applyApprovedSizes() {
    let sizes = approvedSizes.takeAll()
    guard let size = sizes.last, size != scene.size else { return }
    let before = scene
    scene.size = size
    do { scene = try rest(scene) } catch { emit(.operationFailed(error)) }
    presentationLayer.resized()
    emit(.boundsChanged(size))
    presentationLayer.animateResize(from: before, motion: rotationMotion)
  }
}
