import Transit

/// `{"wait": S}`: the picture as it is, held for `seconds` (one frame by
/// default).
struct WaitVerb: StoryVerb {
  var seconds: Double

  func frames(of operation: ScriptOperation, on model: inout StoryModel) -> StepFrames {
    StepFrames(operation, default: 1)
  }

  func perform(_ operation: ScriptOperation, frames: StepFrames, in story: Story)
    throws(CLIError)
  {
    story.opensOnPictureBefore = true
    try story.hold(frames: frames.drawn, seconds: seconds)
  }
}
