import Transit

/// `{"show": ID}`: a fresh stack holding the screen `id` alone, drawn in
/// one frame by default.
struct ShowVerb: StoryVerb {
  var id: String

  func frames(of operation: ScriptOperation, on model: inout StoryModel) -> StepFrames {
    model.ids = [id]
    return StepFrames(operation, default: 1)
  }

  func perform(_ operation: ScriptOperation, frames: StepFrames, in story: Story)
    throws(CLIError)
  {
    story.durations[id] = operation.duration
    story.stack = Story.makeStack(
      file: story.file, size: story.bounds.size, clock: story.clock, log: story.failures)
    story.stack.push(
      try story.screen(id, operation), style: try story.style(operation), animated: false)
    try story.check(operation)
    try story.hold(frames: frames.drawn, seconds: 0)
  }
}
