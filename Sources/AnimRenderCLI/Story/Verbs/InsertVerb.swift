import Transit

/// `{"insert": ID, "at": I}`: the screen `id` put into the stack at
/// `index`; at the top it is pushed (animated), below it appears at once
/// (one frame by default).
struct InsertVerb: StoryVerb {
  var id: String
  var index: Int

  func frames(of operation: ScriptOperation, on model: inout StoryModel) -> StepFrames {
    let atTop = index == model.ids.count
    if (0...model.ids.count).contains(index) { model.ids.insert(id, at: index) }
    return StepFrames(operation, default: atTop || !model.exact ? model.animated : 1)
  }

  func perform(_ operation: ScriptOperation, frames: StepFrames, in story: Story)
    throws(CLIError)
  {
    let ids = story.stack.childIDs
    story.durations[id] = operation.duration
    guard !ids.contains(id) else {
      throw story.fail(operation, "\"\(CLIError.echoed(id))\" is already on the stack")
    }
    guard (0...ids.count).contains(index) else {
      throw story.fail(
        operation,
        "cannot insert at \(index): the stack holds \(ids.count) screens (0…\(ids.count))")
    }
    let atTop = index == ids.count
    let alongside = try story.alongside(operation) { story.file.screen(id, bounds: story.bounds) }
    story.stack.insert(
      try story.screen(id, operation), at: index, style: try story.style(operation),
      animated: atTop, alongside: alongside)
    if atTop {
      try story.animate(operation, frames: frames.drawn)
    } else {
      try story.check(operation)
      try story.hold(frames: frames.drawn, seconds: 0)
    }
  }
}
