import Transit

/// `{"push": ID}`: the screen `id` pushed with the operation's style,
/// played or dragged (`interactive`); on tabs, on the selected tab's stack.
struct PushVerb: StoryVerb {
  var id: String

  func frames(of operation: ScriptOperation, on model: inout StoryModel) -> StepFrames {
    // A cancelled drag leaves the stack as it was.
    if operation.interactive?.release != .cancel { model.ids.append(id) }
    return StepFrames(operation, default: model.animated)
  }

  func perform(_ operation: ScriptOperation, frames: StepFrames, in story: Story)
    throws(CLIError)
  {
    story.durations[id] = operation.duration
    let alongside = try story.alongside(operation) { story.file.screen(id, bounds: story.bounds) }
    if let tabs = story.tabs {
      guard tabs.phase(of: id) == nil else {
        throw story.fail(operation, "\"\(CLIError.echoed(id))\" is already in a tab")
      }
      tabs.push(
        try story.screen(id, operation), style: try story.style(operation), alongside: alongside)
      try story.animate(operation, frames: frames.drawn)
      return
    }
    let bringsBack = story.turnedBackAt != nil && id == story.poppedID
    guard !story.stack.childIDs.contains(id) || bringsBack else {
      throw story.fail(operation, "\"\(CLIError.echoed(id))\" is already on the stack")
    }
    let screen = try story.screen(id, operation)
    let style = try story.style(operation)
    if let interactive = operation.interactive {
      try story.drive(operation, interactive, frames: frames.drawn) { () throws(TransitError) in
        try story.stack.beginInteractivePush(screen, style: style, alongside: alongside)
      }
    } else {
      story.stack.push(screen, style: style, alongside: alongside)
      try story.animate(operation, frames: frames.drawn)
    }
    story.poppedID = nil
  }
}
