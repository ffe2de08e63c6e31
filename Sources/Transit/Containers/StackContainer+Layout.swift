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
        children[i].view = baseLayout(children[i].view)
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
  /// bounds: where the push of the child above it leaves it (as the
  /// disappearing view), or, for the top, where its own push leaves it.
  /// Derived from the base layout at the current bounds by the same
  /// ``Transition`` a pop plays, so it is the same bits a pop starts from.
  func derivedState(of i: Int) -> ViewState {
    let pushIndex = i == children.count - 1 ? i : i + 1
    do {
      let states = try pushTransition(of: pushIndex).endState(at: bounds)
      return states[children[i].id] ?? ViewState(frame: bounds)
    } catch {
      emit(.operationFailed(error))
      return ViewState(frame: bounds)
    }
  }

  /// `view` laid out at the bounds in the base state: identity transform,
  /// alpha 1, visible. Its children are left as the user gave them.
  func baseLayout(_ view: View) -> View {
    var view = view
    view.state = ViewState(frame: bounds)
    return view
  }

  /// Lays every child out at the current bounds and applies, instantly, the
  /// end state of each shown child's transition re-derived at these bounds.
  func relayout() {
    for i in children.indices {
      if children[i].isLoaded {
        let state = derivedState(of: i)
        scene.updateView(children[i].id) { $0.state = state }
      } else {
        children[i].view = baseLayout(children[i].view)
      }
    }
  }

  /// Applies the latest size the gate let through, if any.
  func applyApprovedSizes() {
    let sizes = approvedSizes.takeAll()
    guard let size = sizes.last, size != scene.size else { return }
    let before = scene
    scene.size = size
    relayout()
    presentationLayer.resized()
    emit(.boundsChanged(size))
    animateLayoutChange(from: before, motion: rotationMotion)
  }

  /// Plays the change from `before` to the scene as it is now on the
  /// driver, when `motion` has a duration and nothing else started
  /// meanwhile (an operation an observer issued on `boundsChanged` runs on
  /// the new layout instead, which the scene already shows).
  func animateLayoutChange(from before: Scene, motion: RotationMotion) {
    presentationLayer.animateResize(from: before, motion: motion)
  }
}
