import Transit

/// `{"grab": …}`: the transition the operation before left running caught
/// at this operation's `after` and dragged (one frame per progress value,
/// then the completion).
struct GrabVerb: StoryVerb {
  var spec: GrabSpec

  func frames(of operation: ScriptOperation, on model: inout StoryModel) -> StepFrames {
    StepFrames(operation, default: model.animated, dragged: spec.progress.count)
  }

  func perform(_ operation: ScriptOperation, frames: StepFrames, in story: Story)
    throws(CLIError)
  {
    try story.grab(spec, operation, frames: frames.drawn)
  }
}

extension Story {
  /// Catches the transition the previous operation left running (see
  /// ``cut(_:duration:)``) and drags it: one frame per progress value,
  /// then the completion as ``drive(_:_:frames:begin:)`` draws it.
  fileprivate func grab(_ spec: GrabSpec, _ operation: ScriptOperation, frames count: Int)
    throws(CLIError)
  {
    guard turnedBackAt != nil else {
      throw fail(
        operation,
        "nothing to grab: no transition runs then (a grab's \"after\" must fall inside the transition before it)"
      )
    }
    turnedBackAt = nil
    do { try stack.grabTransition() } catch { throw fail(operation, error.message) }
    let interaction = InteractiveSpec(
      progress: spec.progress, release: spec.release, velocity: spec.velocity,
      scrub: stack.scrubbing)
    try drive(operation, interaction, frames: count, begin: {})
  }
}
