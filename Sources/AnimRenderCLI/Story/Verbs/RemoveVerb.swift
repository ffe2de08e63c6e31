import Transit

/// `{"remove": I}`: the screen at `index` taken out of the stack; the top
/// is popped (animated), one below disappears at once (one frame by
/// default).
struct RemoveVerb: StoryVerb {
  var index: Int

  func frames(of operation: ScriptOperation, on model: inout StoryModel) -> StepFrames {
    let atTop = index == model.ids.count - 1
    if model.ids.indices.contains(index) { model.ids.remove(at: index) }
    return StepFrames(operation, default: atTop || !model.exact ? model.animated : 1)
  }

  func perform(_ operation: ScriptOperation, frames: StepFrames, in story: Story)
    throws(CLIError)
  {
    let ids = story.stack.childIDs
    story.takeTopDuration(operation)
    guard ids.indices.contains(index) else {
      throw story.fail(operation, "cannot remove at \(index): the stack holds \(ids.count) screens")
    }
    guard ids.count > 1 else { throw story.fail(operation, "cannot remove the only screen") }
    story.stack.remove(at: index, alongside: try story.alongside(operation))
    if index == ids.count - 1 {
      try story.animate(operation, frames: frames.drawn)
    } else {
      try story.check(operation)
      try story.hold(frames: frames.drawn, seconds: 0)
    }
  }
}
