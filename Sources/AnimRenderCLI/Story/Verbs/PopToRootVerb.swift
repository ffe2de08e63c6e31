import Transit

/// `{"popToRoot": true}`: every screen above the root popped at once.
struct PopToRootVerb: StoryVerb {
  func frames(of operation: ScriptOperation, on model: inout StoryModel) -> StepFrames {
    model.ids = Array(model.ids.prefix(1))
    return StepFrames(operation, default: model.animated)
  }

  func perform(_ operation: ScriptOperation, frames: StepFrames, in story: Story)
    throws(CLIError)
  {
    let ids = story.stack.childIDs
    story.takeTopDuration(operation)
    guard ids.count > 1 else {
      let what = ids.isEmpty ? "nothing is on the stack" : "the root is the top"
      throw story.fail(operation, "cannot pop to the root: \(what)")
    }
    story.stack.popToRoot(
      style: try story.popStyle(operation), alongside: try story.alongside(operation))
    try story.animate(operation, frames: frames.drawn)
  }
}
