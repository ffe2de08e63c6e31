extension StackContainer {
  /// Where a pop goes.
  enum PopTarget: Hashable {
    case below
    case root
    case id(String)
  }

  /// A queued operation, as the user issued it.
  enum Operation {
    case insert(View, index: Int?, style: AnyTransitionStyle, animated: Bool)
    /// `style`: the push whose reverse plays, or nil for the top's own.
    case pop(to: PopTarget, style: AnyTransitionStyle?, animated: Bool)
    case remove(index: Int, animated: Bool)
  }

  func execute(_ operation: Operation) throws(TransitError) {
    try presentationLayer.checkNothingPresented("change the stack")
    switch operation {
    case .insert(let view, let index, let style, let animated):
      guard !children.contains(where: { $0.id == view.id }) else {
        throw TransitError(.duplicateView, "the stack already has a child '\(view.id)'")
      }
      let index = index ?? children.count
      guard (0...children.count).contains(index) else {
        throw TransitError.stackIndexOutOfRange(
          operation: "insert", index: index, count: children.count)
      }
      if index == children.count {
        try push(view, style: style, animated: animated)
      } else {
        let child = Child(view: baseLayout(view), style: style, isLoaded: false)
        children.insert(child, at: index)
        updateLoading(topIndex: children.count - 1)
        relayout()
      }
    case .pop(let target, let style, let animated):
      guard children.count >= 2 else {
        throw TransitError(.invalidState, "a stack of \(children.count) children cannot pop")
      }
      let targetIndex: Int
      switch target {
      case .below: targetIndex = children.count - 2
      case .root: targetIndex = 0
      case .id(let id):
        guard let index = children.firstIndex(where: { $0.id == id }), index < children.count - 1
        else {
          throw TransitError(.unknownView, "no child '\(id)' below the top to pop to")
        }
        targetIndex = index
      }
      try popTop(revealing: targetIndex, style: style, animated: animated)
    case .remove(let index, let animated):
      guard children.indices.contains(index) else {
        throw TransitError.stackIndexOutOfRange(
          operation: "remove", index: index, count: children.count)
      }
      if index == children.count - 1 {
        try popTop(revealing: index - 1, style: nil, animated: animated)
      } else {
        let child = children.remove(at: index)
        if child.isLoaded { syncScene() }
        updateLoading(topIndex: children.count - 1)
        relayout()
      }
    }
  }

  /// The transition of the push of child `index` over the child below it.
  func pushTransition(of index: Int) -> Transition {
    Transition(
      style: children[index].style, appearingViewID: children[index].id,
      disappearingViewID: index > 0 ? children[index - 1].id : nil,
      duration: transitionDuration)
  }

  /// The live view of child `index`.
  func liveView(_ index: Int) -> View {
    scene.view(children[index].id) ?? children[index].view
  }

  private func push(_ view: View, style: AnyTransitionStyle, animated: Bool) throws(TransitError) {
    let snapshot = Snapshot(children: children, scene: scene)
    let new = baseLayout(view)
    children.append(Child(view: new, style: style, isLoaded: true))
    let index = children.count - 1
    let views = [new] + (index > 0 ? [liveView(index - 1)] : [])
    let request = TransitionRequest(
      transition: pushTransition(of: index), isReversed: false, bounds: bounds, views: views,
      animated: animated, shownIsMovingToParent: true, hiddenIsMovingFromParent: false,
      settle: { [unowned self] in updateLoading(topIndex: children.count - 1) },
      rollback: { [unowned self] in restore(snapshot) }, matching: matching)
    scene.views.append(new)
    do {
      try driver.run(request)
    } catch {
      children.removeLast()
      syncScene()
      throw error
    }
  }

  /// Removes the top with the reverse of its push style (or of `style`),
  /// revealing the child at `targetIndex` (−1: none, the stack becomes
  /// empty); children in between leave at once, without appearance events.
  private func popTop(
    revealing targetIndex: Int, style: AnyTransitionStyle?, animated: Bool
  ) throws(TransitError) {
    let snapshot = Snapshot(children: children, scene: scene)
    // Bind once before changing anything, so that a style that throws leaves
    // the stack as it was.
    _ = try popRequest(revealing: targetIndex, style: style, animated: animated).timeline()
    children.removeSubrange((targetIndex + 1)..<(children.count - 1))
    syncScene()
    // Load what the pop will reveal, and what comes within the capacity
    // after it. The events this sends may rotate the container (nothing is
    // running): the pop is built afterwards, at the bounds it will play at.
    updateLoading(topIndex: targetIndex)
    var request = popRequest(revealing: children.count - 2, style: style, animated: animated)
    request.rollback = { [unowned self] in restore(snapshot) }
    try driver.run(request)
  }

  /// The stack as it was before an operation changed it.
  struct Snapshot {
    var children: [Child]
    var scene: Scene
  }

  /// Puts the stack back as `snapshot` (a cancelled interactive transition):
  /// the same children and, bit for bit, the same scene. Children whose
  /// loading the operation changed are reported again, the other way.
  func restore(_ snapshot: Snapshot) {
    let wasLoaded = Set(snapshot.children.filter(\.isLoaded).map(\.id))
    let isLoaded = Set(children.filter(\.isLoaded).map(\.id))
    // Children a pop-to took away left without events, and come back without them.
    let unloadedNow = Set(children.filter { !$0.isLoaded }.map(\.id))
    let sizeChanged = snapshot.scene.size != scene.size
    let size = scene.size
    children = snapshot.children
    scene = snapshot.scene
    if sizeChanged {
      // A rotation went through while the operation set up (between its
      // reload events and the transition): keep the new size.
      scene.size = size
      relayout()
    }
    for child in children where isLoaded.contains(child.id) && !wasLoaded.contains(child.id) {
      emit(.unloaded(child.id))
    }
    for child in children where wasLoaded.contains(child.id) && unloadedNow.contains(child.id) {
      emit(.reloaded(child.id))
    }
  }

  /// The pop of the top revealing the child at `targetIndex` (−1: none),
  /// built at the current bounds from the live views: the reverse of the
  /// top's push with its own style, or with `style` when given.
  private func popRequest(
    revealing targetIndex: Int, style: AnyTransitionStyle?, animated: Bool
  ) -> TransitionRequest {
    let topID = children[children.count - 1].id
    // The transition undone is the top's push over the child it will reveal.
    var transition = pushTransition(of: children.count - 1)
    if let style { transition.style = style }
    transition.disappearingViewID = targetIndex >= 0 ? children[targetIndex].id : nil
    var views = [liveView(children.count - 1)]
    if targetIndex >= 0 { views.append(liveView(targetIndex)) }
    return TransitionRequest(
      transition: transition, isReversed: true, bounds: bounds, views: views,
      animated: animated, shownIsMovingToParent: false, hiddenIsMovingFromParent: true,
      settle: { [unowned self] in
        children.removeAll { $0.id == topID }
        syncScene()
      }, matching: matching)
  }
}
