import Transit

/// `{"grab": …}`: the transition the operation before left running caught
/// at this operation's `after` and dragged (one frame per progress value,
/// then the completion).
struct GrabVerb: StoryVerb {
  var spec: GrabSpec

  func frames(of operation: ScriptOperation, on model: inout StoryModel) -> StepFrames {
    StepFrames(operation, default: model.animated, dragged: spec.progress.count)
  }

  /// Catches the transition the previous operation left running (Story's
  /// `cut(_:duration:)` stopped drawing it there) and drags it: one frame
  /// per progress value, then the completion as
  /// ``Story/drive(_:_:frames:begin:)`` draws it.
  func perform(_ operation: ScriptOperation, frames: StepFrames, in story: Story)
    throws(CLIError)
  {
    guard story.turnedBackAt != nil else {
      throw story.fail(
        operation,
        "nothing to grab: no transition runs then (a grab's \"after\" must fall inside the transition before it)"
      )
    }
    story.turnedBackAt = nil
    do { try story.stack.grabTransition() } catch { throw story.fail(operation, error.message) }
    let interaction = InteractiveSpec(
      progress: spec.progress, release: spec.release, velocity: spec.velocity,
      scrub: story.stack.scrubbing)
    try story.drive(operation, interaction, frames: frames.drawn, begin: {})
  }
}
