import Transit

/// `{"pop": true}`: the top screen popped, played or dragged
/// (`interactive`), with the reverse of its push unless the pop gives a
/// style or curve of its own; on tabs, the selected tab's top.
struct PopVerb: StoryVerb {
  func frames(of operation: ScriptOperation, on model: inout StoryModel) -> StepFrames {
    // A cancelled drag leaves the stack as it was.
    if operation.interactive?.release != .cancel, !model.ids.isEmpty { model.ids.removeLast() }
    return StepFrames(operation, default: model.animated)
  }

  func perform(_ operation: ScriptOperation, frames: StepFrames, in story: Story)
    throws(CLIError)
  {
    story.takeTopDuration(operation)
    let alongside = try story.alongside(operation)
    if let tabs = story.tabs {
      guard tabs.stackIDs(ofTab: tabs.selectedIndex).count > 1 else {
        throw story.fail(operation, "cannot pop: the selected tab shows its root")
      }
      tabs.pop(alongside: alongside)
      try story.animate(operation, frames: frames.drawn)
      return
    }
    let ids = story.stack.childIDs
    guard ids.count > 1 else {
      let what =
        ids.isEmpty
        ? "nothing is on the stack"
        : "only one screen (\"\(CLIError.echoed(ids[0]))\") is on the stack"
      throw story.fail(operation, "cannot pop: \(what), and a pop needs two")
    }
    story.poppedID = ids.last
    let style = try story.popStyle(operation)
    if let interactive = operation.interactive {
      try story.drive(operation, interactive, frames: frames.drawn) { () throws(TransitError) in
        try story.stack.beginInteractivePop(style: style, alongside: alongside)
      }
    } else {
      story.stack.pop(style: style, alongside: alongside)
      try story.animate(operation, frames: frames.drawn)
    }
  }
}
