import Transit

/// `{"present": ID, "style": S}` or `{"present": ID, "sheet": {…}}`: the
/// screen `id` presented over the stack's top or the selected tab's top,
/// full-screen with the style (`cover-from-bottom` by default, as UIKit's
/// cover vertical), or as a sheet at its detent over the dimmed, and at
/// the large detent scaled-back, screen below. A sheet slides over its
/// `duration` (the library's 0.35 s by default) and clips its contents,
/// laid out from its top at the large detent's size.
struct PresentVerb: StoryVerb {
  var id: String
  var sheet: SheetSpec?

  /// The id of a sheet's dimming layer, as the library names it.
  static func dimmingID(of id: String) -> String { "dimming:\(id)" }

  func frames(of operation: ScriptOperation, on model: inout StoryModel) -> StepFrames {
    model.presented += 1
    return StepFrames(operation, default: model.animated)
  }

  func perform(_ operation: ScriptOperation, frames: StepFrames, in story: Story)
    throws(CLIError)
  {
    let host = try story.presentingHost(operation)
    guard !story.holds(id) else {
      throw story.fail(operation, "\"\(CLIError.echoed(id))\" is already in the container")
    }
    var screen = try story.screen(id, operation)
    let alongside = try story.alongside(operation) { screen }
    if let sheet {
      screen.clipsToBounds = true
      host.present(
        screen, sheet: sheet.configuration(duration: operation.duration), alongside: alongside)
    } else {
      host.present(
        screen, style: try story.style(operation, default: "cover-from-bottom"),
        alongside: alongside)
    }
    try story.animate(operation, frames: frames.drawn)
  }
}

/// `{"dismiss": true}`: the top presentation dismissed — a sheet slides
/// away, a full-screen presentation plays the reverse of its style.
struct DismissVerb: StoryVerb {
  func frames(of operation: ScriptOperation, on model: inout StoryModel) -> StepFrames {
    model.presented = max(model.presented - 1, 0)
    return StepFrames(operation, default: model.animated)
  }

  func perform(_ operation: ScriptOperation, frames: StepFrames, in story: Story)
    throws(CLIError)
  {
    let host = try story.presentingHost(operation)
    guard !host.presentedIDs.isEmpty else {
      throw story.fail(operation, "cannot dismiss: nothing is presented")
    }
    host.dismiss(alongside: try story.alongside(operation))
    try story.animate(operation, frames: frames.drawn)
  }
}

/// `{"detent": D}`: the top sheet moved to one of its detents, the
/// dimming and the scale-back following (to the one it rests at, it
/// stays).
struct DetentVerb: StoryVerb {
  var detent: DetentSpec

  func perform(_ operation: ScriptOperation, frames: StepFrames, in story: Story)
    throws(CLIError)
  {
    let host = try story.presentingHost(operation)
    guard host.detent != nil else {
      throw story.fail(operation, "cannot move to a detent: the top is not a sheet")
    }
    // The detent it rests at already moves nothing: its frames show the
    // sheet where it is, as UIKit's does.
    host.setDetent(detent.detent, alongside: try story.alongside(operation))
    try story.animate(operation, frames: frames.drawn)
  }
}

/// `{"drag": [dy, …], "velocity": v}`: a finger drags the top sheet, one
/// frame per offset (points down from where the drag began; negative is
/// up), then lets go at `velocity` points per second (positive down); the
/// sheet settles on the detent the velocity projects it to, or is
/// dismissed, in the operation's frames.
struct DragVerb: StoryVerb {
  var offsets: [Double]

  func frames(of operation: ScriptOperation, on model: inout StoryModel) -> StepFrames {
    // The release decides whether the sheet stays or is dismissed.
    model.exact = false
    return StepFrames(operation, default: model.animated, dragged: offsets.count)
  }

  func perform(_ operation: ScriptOperation, frames: StepFrames, in story: Story)
    throws(CLIError)
  {
    let host = try story.presentingHost(operation)
    guard host.detent != nil else {
      throw story.fail(operation, "cannot drag: the top is not a sheet")
    }
    // The large detent is the height but a strip of at least 20 points: in
    // a container no higher, there is no height for a finger to move the
    // sheet through (the library would rest it below the bottom edge).
    guard story.bounds.height > 20 else {
      throw story.fail(
        operation,
        "cannot drag a sheet in a container \(story.bounds.height) points high (more than 20 needed)"
      )
    }
    let alongside = try story.alongside(operation)
    do { try host.beginSheetDrag() } catch { throw story.fail(operation, error.message) }
    for offset in offsets {
      host.updateSheetDrag(offset: offset)
      if story.rate == nil { try story.keep(story.snapshot(), time: story.time) }
    }
    do { try host.endSheetDrag(velocity: operation.velocity ?? 0, alongside: alongside) } catch {
      throw story.fail(operation, error.message)
    }
    try story.check(operation)
    try story.settle(
      operation, for: story.driven.runningTransitionDuration ?? 0, frames: frames.drawn)
  }
}

extension Story {
  /// The container presentations are made on, or the error naming the
  /// operation when it presents nothing (a placeholder).
  fileprivate func presentingHost(_ operation: ScriptOperation) throws(CLIError)
    -> any PresentingContainer
  {
    try container(presenting, "a stack or tabs container", for: operation)
  }

  /// Whether the container holds the screen `id` anywhere: on the stack,
  /// in a tab, presented.
  fileprivate func holds(_ id: String) -> Bool {
    if let tabs { return tabs.phase(of: id) != nil || tabs.presentedIDs.contains(id) }
    return scene.contains(id)
  }
}
