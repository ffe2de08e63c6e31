import Transit

/// `{"back": true}` or `{"back": {gesture}}`: the stack's back, played
/// with the preview's style or driven by a back gesture's touches (one
/// frame per touch, then the completion).
struct BackVerb: StoryVerb {
  var spec: BackSpec

  func frames(of operation: ScriptOperation, on model: inout StoryModel) -> StepFrames {
    guard case .gesture(let gesture) = spec else {
      if !model.ids.isEmpty { model.ids.removeLast() }
      return StepFrames(operation, default: model.animated)
    }
    // A cancelled gesture leaves the stack as it was.
    if gesture.release != .cancel, !model.ids.isEmpty { model.ids.removeLast() }
    return StepFrames(operation, default: model.animated, dragged: gesture.touches.count)
  }

  func perform(_ operation: ScriptOperation, frames: StepFrames, in story: Story)
    throws(CLIError)
  {
    let ids = story.stack.childIDs
    story.takeTopDuration(operation)
    guard ids.count > 1 else {
      throw story.fail(
        operation, "cannot go back: \(ids.count) screen on the stack, and a back needs two")
    }
    story.poppedID = ids.last
    try story.back(spec, operation, frames: frames.drawn)
  }
}

extension Story {
  /// The stack's back: played with the preview's style, or driven by a
  /// ``BackGesture`` fed the touches one per 1/60 s.
  fileprivate func back(_ spec: BackSpec, _ operation: ScriptOperation, frames count: Int)
    throws(CLIError)
  {
    let preview = operation.preview ?? .style
    switch spec {
    case .played:
      let style: (any TransitionStyle)? =
        preview == .style ? try popStyle(operation) : PredictiveBackStyle(preview: preview)
      stack.pop(style: style)
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
        try stack.beginBack(preview: preview, edge: gesture.edge)
      }
    }
  }
}
