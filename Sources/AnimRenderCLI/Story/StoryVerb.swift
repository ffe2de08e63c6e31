import Transit

/// One verb of the script (`push`, `pop`, `rotate`, …): how many frames an
/// operation draws and how it draws them, written together.
///
/// The frame count of a whole script is found from the decoded script
/// alone, before a single frame is built, so that the frame limit is
/// checked before the story's memory is spent; the story then draws the
/// frames. Both ask the verb's ``frames(of:on:)``, the one place its rule
/// is written: the count walks a ``StoryModel`` of the container, the
/// story passes the container as it is.
protocol StoryVerb {
  /// The frames `operation` draws on a container that `model` describes,
  /// which it changes as the operation would if it succeeded.
  func frames(of operation: ScriptOperation, on model: inout StoryModel) -> StepFrames
  /// Performs `operation` on `story`'s container, drawing `frames`.
  func perform(_ operation: ScriptOperation, frames: StepFrames, in story: Story)
    throws(CLIError)
}

extension StoryVerb {
  /// The rule of a verb that plays one animation and leaves the stack and
  /// the presentations as they were (`animate`, `select`, `swap`,
  /// `detent`): the operation's own frames, or the story's default for an
  /// animated one.
  func frames(of operation: ScriptOperation, on model: inout StoryModel) -> StepFrames {
    StepFrames(operation, default: model.animated)
  }
}

/// What a story's frame count follows of its container: just enough to
/// tell which way an operation goes (an insert at the top animates, one
/// below does not; a rotation to the shape the container has draws one
/// frame).
struct StoryModel {
  /// The stack's screens, bottom first.
  var ids: [String] = []
  /// How many screens are presented over the container.
  var presented = 0
  /// Whether ``ids`` and ``presented`` are known for certain: a sheet drag
  /// may dismiss the sheet or not (its release velocity and the detents
  /// decide), so a count from the script alone is unsure after one and
  /// counts the larger of the frames a verb could draw.
  var exact = true
  /// The container's size.
  var size: Size
  /// The frames an animated operation draws unless it gives its own.
  var animated: Int
}

/// The frames one operation draws: `dragged` while a finger holds it (one
/// per progress value or touch), then `drawn` of its own (its `frames`, or
/// its verb's default).
struct StepFrames: Equatable {
  var dragged = 0
  var drawn: Int

  /// The frames of an operation that draws `operation.frames` or, by
  /// default, `fallback`, after the progress values of its drag, if any.
  init(_ operation: ScriptOperation, default fallback: Int, dragged: Int? = nil) {
    self.dragged = dragged ?? operation.interactive?.progress.count ?? 0
    drawn = operation.frames ?? fallback
  }

  /// Both parts, saturating at `Int.max`.
  var total: Int {
    let (sum, overflow) = dragged.addingReportingOverflow(drawn)
    return overflow ? .max : sum
  }
}

extension ScriptOperation {
  /// The verb that counts and performs the operation.
  var verb: any StoryVerb {
    switch kind {
    case .show(let id): ShowVerb(id: id)
    case .push(let id): PushVerb(id: id)
    case .pop: PopVerb()
    case .popTo(let id): PopToVerb(id: id)
    case .popToRoot: PopToRootVerb()
    case .insert(let id, let index): InsertVerb(id: id, index: index)
    case .remove(let index): RemoveVerb(index: index)
    case .rotate(let orientation): RotateVerb(orientation: orientation)
    case .wait(let seconds): WaitVerb(seconds: seconds)
    case .animate(let spec): AnimateVerb(spec: spec)
    case .grab(let spec): GrabVerb(spec: spec)
    case .back(let spec): BackVerb(spec: spec)
    case .select(let tab): SelectVerb(tab: tab)
    case .swap(let id): SwapVerb(id: id)
    case .present(let id, let sheet): PresentVerb(id: id, sheet: sheet)
    case .dismiss: DismissVerb()
    case .detent(let spec): DetentVerb(detent: spec)
    case .drag(let offsets): DragVerb(offsets: offsets)
    }
  }
}

extension SceneFile {
  /// How many frames the whole script draws, found from the decoded script
  /// alone (each verb's ``StoryVerb/frames(of:on:)``), before a single
  /// frame is built, so that the frame limit is checked before the story's
  /// memory is spent.
  ///
  /// Operations that will fail when played count as if they succeeded,
  /// which can only overestimate. The sum saturates at `Int.max` instead
  /// of overflowing.
  var scriptFrameCount: Int {
    var model = StoryModel(size: containerSize, animated: frames ?? 8)
    var total = 0
    for operation in script {
      let (sum, overflow) = total.addingReportingOverflow(
        operation.verb.frames(of: operation, on: &model).total)
      total = overflow ? .max : sum
    }
    return total
  }
}

extension Story {
  /// The container a verb needs (`story.tabs` for `select`, …), or the
  /// error that says which kind the verb applies to.
  ///
  /// - Parameters:
  ///   - container: the story's container of that kind, `nil` when the
  ///     scene file chose another kind.
  ///   - kind: the kind, for the message: "a tabs container".
  ///   - operation: the operation that needs it.
  func container<Container>(
    _ container: Container?, _ kind: String, for operation: ScriptOperation
  ) throws(CLIError) -> Container {
    guard let container else { throw fail(operation, "\(operation.verbName) applies to \(kind)") }
    return container
  }
}
