import Transit

/// `{"swap": ID, "slot": I}`: a placeholder shows the screen `id` in slot
/// `I` (the first by default), laid out at the slot's size, in place of
/// the one there, with the operation's style (`cross-dissolve` by
/// default).
struct SwapVerb: StoryVerb {
  var id: String

  func perform(_ operation: ScriptOperation, frames: StepFrames, in story: Story)
    throws(CLIError)
  {
    let placeholder = try story.container(
      story.placeholder, "a placeholder container", for: operation)
    let slot = operation.slot ?? 0
    guard placeholder.slotIDs.indices.contains(slot),
      let frame = placeholder.scene.view(placeholder.slotIDs[slot])?.frame
    else {
      throw story.fail(operation, "no slot \(slot) among \(placeholder.slotIDs.count)")
    }
    guard !placeholder.scene.contains(id) else {
      throw story.fail(operation, "\"\(CLIError.echoed(id))\" is already shown")
    }
    guard let screen = story.file.screen(id, bounds: Rect(size: frame.size)) else {
      throw story.fail(operation, "no screen \"\(CLIError.echoed(id))\"")
    }
    let alongside = try story.alongside(operation) { screen }
    placeholder.setChild(
      screen, inSlot: slot, style: try story.style(operation, default: "cross-dissolve"),
      alongside: alongside)
    try story.animate(operation, frames: frames.drawn)
  }
}
