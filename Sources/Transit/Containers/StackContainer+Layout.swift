extension StackContainer {
  /// Rebuilds the scene's views from the loaded children, bottom to top,
  /// keeping each loaded view's live state.
  func syncScene() {
    scene.views = children.filter(\.isLoaded).map { scene.view($0.id) ?? $0.view }
  }

  /// Loads the children within ``capacity`` below `topIndex` (and any
  /// above it), unloads the others.
  func updateLoading(topIndex: Int) {
    var reloaded: [Int] = []
    var unloaded: [String] = []
    for i in children.indices {
      let shouldLoad = i >= topIndex - capacity
      if shouldLoad && !children[i].isLoaded {
        children[i].isLoaded = true
        children[i].view = TransitionBinding.base(children[i].view, in: bounds)
        reloaded.append(i)
      } else if !shouldLoad && children[i].isLoaded {
        children[i].view = scene.view(children[i].id) ?? children[i].view
        children[i].isLoaded = false
        unloaded.append(children[i].id)
      }
    }
    guard !reloaded.isEmpty || !unloaded.isEmpty else { return }
    syncScene()
    for i in reloaded { scene.apply(derivedState(of: i), to: children[i].id) }
    for id in unloaded { emit(.unloaded(id)) }
    for i in reloaded { emit(.reloaded(children[i].id)) }
  }

  /// The state child `i` rests in between transitions at the current
  /// bounds: the end state of the push of the child above it (as the
  /// disappearing view), or, for the top, the end state of its own push.
  /// Derived from the base layout, so it is the same bits a pop starts from.
  func derivedState(of i: Int) -> ViewState {
    let base = ViewState(frame: bounds)
    let pushIndex = i == children.count - 1 ? i : i + 1
    guard pushIndex >= 1 else { return base }
    let appearing = children[pushIndex]
    let disappearing = children[pushIndex - 1]
    let context = TransitionContext(
      bounds: bounds, appearingViewID: appearing.id, disappearingViewID: disappearing.id,
      duration: transitionDuration)
    do {
      let timeline = try TransitionBinding.forward(
        style: appearing.style, context: context, appearing: appearing.view,
        disappearing: disappearing.view)
      return timeline.state(of: children[i].id, at: timeline.duration) ?? base
    } catch {
      emit(.operationFailed(error))
      return base
    }
  }

  /// Lays every child out at the current bounds and applies, instantly, the
  /// end state of each shown child's transition re-derived at these bounds.
  func relayout() {
    for i in children.indices {
      if children[i].isLoaded {
        let state = derivedState(of: i)
        scene.updateView(children[i].id) { $0.state = state }
      } else {
        children[i].view = TransitionBinding.base(children[i].view, in: bounds)
      }
    }
  }

  /// Applies the latest size the gate let through, if any.
  func applyApprovedSizes() {
    let sizes = approvedSizes.takeAll()
    guard let size = sizes.last, size != scene.size else { return }
    scene.size = size
    relayout()
    emit(.boundsChanged(size))
  }
}
