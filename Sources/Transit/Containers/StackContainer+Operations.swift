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
    case pop(to: PopTarget, animated: Bool)
    case remove(index: Int, animated: Bool)
  }

  func enqueue(_ operation: Operation) {
    queue.append(operation)
    drain()
  }

  /// Runs queued operations until one starts an animated transition.
  /// Re-entrant calls (from a non-animated transition finishing inside
  /// `execute`) return at once: the outer loop carries on.
  func drain() {
    guard !isDraining else { return }
    isDraining = true
    defer { isDraining = false }
    while player == nil, !queue.isEmpty {
      let operation = queue.removeFirst()
      do {
        try execute(operation)
      } catch {
        emit(.operationFailed(error))
      }
    }
  }

  private func execute(_ operation: Operation) throws(TransitError) {
    switch operation {
    case .insert(let view, let index, let style, let animated):
      guard !children.contains(where: { $0.id == view.id }) else {
        throw TransitError(.duplicateView, "the stack already has a child '\(view.id)'")
      }
      let index = index ?? children.count
      guard (0...children.count).contains(index) else {
        throw TransitError(
          .invalidValue, "cannot insert at \(index) in a stack of \(children.count) children")
      }
      if index == children.count {
        try push(view, style: style, animated: animated)
      } else {
        let child = Child(
          view: TransitionBinding.base(view, in: bounds), style: style, isLoaded: false)
        children.insert(child, at: index)
        updateLoading(topIndex: children.count - 1)
        relayout()
      }
    case .pop(let target, let animated):
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
      try popTop(revealing: targetIndex, animated: animated)
    case .remove(let index, let animated):
      guard children.indices.contains(index) else {
        throw TransitError(
          .invalidValue, "cannot remove at \(index) in a stack of \(children.count) children")
      }
      if index == children.count - 1 {
        try popTop(revealing: index - 1, animated: animated)
      } else {
        let child = children.remove(at: index)
        if child.isLoaded { syncScene() }
        updateLoading(topIndex: children.count - 1)
        relayout()
      }
    }
  }

  private func push(_ view: View, style: AnyTransitionStyle, animated: Bool) throws(TransitError) {
    let new = TransitionBinding.base(view, in: bounds)
    let below = children.last.map { scene.view($0.id) ?? $0.view }
    let context = TransitionContext(
      bounds: bounds, appearingViewID: new.id, disappearingViewID: below?.id,
      duration: transitionDuration)
    let timeline = try TransitionBinding.forward(
      style: style, context: context, appearing: new, disappearing: below)
    children.append(Child(view: new, style: style, isLoaded: true))
    scene.views.append(new)
    play(
      timeline, animated: animated,
      willStart: { [unowned self] in
        emit(.willShow(new.id, animated: animated))
        if let below {
          emit(.viewWillDisappear(below.id, animated: animated, isMovingFromParent: false))
        }
        emit(.viewWillAppear(new.id, animated: animated, isMovingToParent: true))
      },
      didStop: { [unowned self] in
        if let below {
          emit(.viewDidDisappear(below.id, animated: animated, isMovingFromParent: false))
        }
        emit(.viewDidAppear(new.id, animated: animated, isMovingToParent: true))
        emit(.didShow(new.id, animated: animated))
        updateLoading(topIndex: children.count - 1)
      })
  }

  /// Removes the top with the reverse of its push style, revealing the child
  /// at `targetIndex` (−1: none, the stack becomes empty); children in
  /// between leave at once, without appearance events.
  private func popTop(revealing targetIndex: Int, animated: Bool) throws(TransitError) {
    let top = children[children.count - 1]
    let topView = scene.view(top.id) ?? top.view
    let target = targetIndex >= 0 ? children[targetIndex] : nil
    let targetView = target.map { scene.view($0.id) ?? $0.view }
    let context = TransitionContext(
      bounds: bounds, appearingViewID: top.id, disappearingViewID: target?.id,
      duration: transitionDuration)
    let timeline = try TransitionBinding.backward(
      style: top.style, context: context, appearing: topView, disappearing: targetView)

    children.removeSubrange((targetIndex + 1)..<(children.count - 1))
    syncScene()
    // Load what the pop will reveal, and what comes within the capacity after it.
    updateLoading(topIndex: targetIndex)
    play(
      timeline, animated: animated,
      willStart: { [unowned self] in
        if let target { emit(.willShow(target.id, animated: animated)) }
        emit(.viewWillDisappear(top.id, animated: animated, isMovingFromParent: true))
        if let target {
          emit(.viewWillAppear(target.id, animated: animated, isMovingToParent: false))
        }
      },
      didStop: { [unowned self] in
        children.removeLast()
        syncScene()
        emit(.viewDidDisappear(top.id, animated: animated, isMovingFromParent: true))
        if let target {
          emit(.viewDidAppear(target.id, animated: animated, isMovingToParent: false))
          emit(.didShow(target.id, animated: animated))
        }
      })
  }

  /// Plays `timeline` into the scene, counting in ``counter``. When it
  /// stops, `didStop` runs, then a size the gate let through is applied, then
  /// the queue moves on.
  private func play(
    _ timeline: Timeline, animated: Bool, willStart: @escaping () -> Void,
    didStop: @escaping () -> Void
  ) {
    let player = AnimationPlayer(
      timeline: timeline, target: SceneWriter(owner: self), clock: clock, counter: counter)
    player.onEvent = { [unowned self] event in
      switch event {
      case .willStart: willStart()
      case .didFinishStep: break
      case .didStop:
        self.player = nil
        didStop()
        applyApprovedSizes()
        drain()
      }
    }
    self.player = player
    player.play(animated: animated)
  }
}
