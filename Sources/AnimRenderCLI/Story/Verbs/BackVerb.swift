import Transit

/// `{"back": true}` or `{"back": {gesture}}`: the stack's back, played
/// with the preview's style or driven by a back gesture's touches (one
/// frame per touch, then the completion). On tabs it undoes the latest
/// step of the tab history: a push is popped, a selection turned back.
struct BackVerb: StoryVerb {
  var spec: BackSpec

  func frames(of operation: ScriptOperation, on model: inout StoryModel) -> StepFrames {
    guard case .gesture(let gesture) = spec else {
      // With something presented, back dismisses it.
      if model.presented > 0 {
        model.presented -= 1
      } else if !model.ids.isEmpty {
        model.ids.removeLast()
      }
      return StepFrames(operation, default: model.animated)
    }
    // A cancelled gesture leaves the stack as it was.
    if gesture.release != .cancel {
      if model.presented > 0 {
        model.presented -= 1
      } else if !model.ids.isEmpty {
        model.ids.removeLast()
      }
    }
    return StepFrames(operation, default: model.animated, dragged: gesture.touches.count)
  }

  func perform(_ operation: ScriptOperation, frames: StepFrames, in story: Story)
    throws(CLIError)
  {
    story.takeTopDuration(operation)
    let alongside = try story.alongside(operation)
    let presented = !(story.presenting?.presentedIDs.isEmpty ?? true)
    if presented, case .played = spec, let host = story.presenting {
      // Back with something presented dismisses it.
      host.dismiss(alongside: alongside)
      try story.animate(operation, frames: frames.drawn)
      return
    }
    if let tabs = story.tabs {
      guard tabs.historyCount > 0 else {
        throw story.fail(operation, "cannot go back: no selection or push before it to undo")
      }
      tabs.back(alongside: alongside)
      try story.animate(operation, frames: frames.drawn)
      return
    }
    let ids = story.stack.childIDs
    guard ids.count > 1 || presented else {
      throw story.fail(
        operation, "cannot go back: \(ids.count) screen on the stack, and a back needs two")
    }
    story.poppedID = ids.last
    try story.back(spec, operation, frames: frames.drawn, alongside: alongside)
  }
}

extension Story {
  /// The stack's back: played with the preview's style, or driven by a
  /// ``BackGesture`` fed the touches one per 1/60 s.
  fileprivate func back(
    _ spec: BackSpec, _ operation: ScriptOperation, frames count: Int, alongside: [Animation]
  ) throws(CLIError) {
    let preview = operation.preview ?? .style
    switch spec {
    case .played:
      let style: (any TransitionStyle)? =
        preview == .style ? try popStyle(operation) : PredictiveBackStyle(preview: preview)
      stack.pop(style: style, alongside: alongside)
      try animate(operation, frames: count)
    case .gesture(let gesture):
      var tracker: BackGesture
      do {
        tracker = try BackGesture(edge: gesture.edge, width: bounds.width, preview: preview)
      } catch { throw fail(operation, error.message) }
      let progress = gesture.touches.enumerated().map { i, touch in
        tracker.transitionProgress(afterTouch: touch[0], at: Double(i) / 60)
      }
      let interaction = InteractiveSpec(
        progress: progress, release: gesture.release == .commit ? .finish : .cancel,
        velocity: min(max(tracker.transitionVelocity, -1000), 1000), scrub: preview.scrubbing)
      try drive(operation, interaction, frames: count) { () throws(TransitError) in
        try stack.beginBack(preview: preview, edge: gesture.edge, alongside: alongside)
      }
    }
  }
}
