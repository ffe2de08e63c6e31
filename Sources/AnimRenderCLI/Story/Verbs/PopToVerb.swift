import Transit

/// `{"popTo": ID}`: every screen above `id` popped at once, played or
/// dragged (`interactive`).
struct PopToVerb: StoryVerb {
  var id: String

  func frames(of operation: ScriptOperation, on model: inout StoryModel) -> StepFrames {
    // A cancelled drag leaves the stack as it was.
    if operation.interactive?.release != .cancel, let index = model.ids.firstIndex(of: id) {
      model.ids.removeSubrange((index + 1)...)
    }
    return StepFrames(operation, default: model.animated)
  }

  func perform(_ operation: ScriptOperation, frames: StepFrames, in story: Story)
    throws(CLIError)
  {
    let ids = story.stack.childIDs
    story.takeTopDuration(operation)
    guard let index = ids.firstIndex(of: id) else {
      throw story.fail(
        operation, "cannot pop to \"\(CLIError.echoed(id))\": it is not on the stack")
    }
    guard index < ids.count - 1 else {
      throw story.fail(operation, "\"\(CLIError.echoed(id))\" is already the top")
    }
    let style = try story.popStyle(operation)
    let alongside = try story.alongside(operation)
    if let interactive = operation.interactive {
      try story.drive(operation, interactive, frames: frames.drawn) { () throws(TransitError) in
        try story.stack.beginInteractivePop(to: id, style: style, alongside: alongside)
      }
    } else {
      story.stack.pop(to: id, style: style, alongside: alongside)
      try story.animate(operation, frames: frames.drawn)
    }
  }
}
