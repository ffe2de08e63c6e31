import Transit

/// A scene file's script played as a navigation stack, frame by frame.
///
/// Each screen on the stack remembers the ``Transition`` that brought it in;
/// its disappearing view is always the screen just below it. A pop plays the
/// exact reverse of that transition rebuilt in the *current* context (so
/// after a rotation it lands on the layout at the new bounds), and a rotation
/// lays every screen out again and re-applies each transition's end state at
/// the new bounds, bottom to top — the same functions the library's
/// containers use.
struct Story {
  struct Entry {
    var id: String
    /// How this screen came in; `nil` for the root.
    var transition: Transition?
  }

  let file: SceneFile
  let name: String
  private(set) var bounds: Rect
  private(set) var stack: [Entry] = []
  private(set) var scene: Scene
  private(set) var time = 0.0
  private(set) var frames: [FrameSpec] = []

  init(file: SceneFile, name: String) {
    self.file = file
    self.name = name
    bounds = Rect(size: file.containerSize)
    scene = Scene(size: file.containerSize, backgroundColor: file.containerColor)
  }

  /// Plays the whole script.
  static func play(_ file: SceneFile, name: String) throws(CLIError) -> Story {
    var story = Story(file: file, name: name)
    for operation in file.script { try story.perform(operation) }
    return story
  }

  private func fail(_ operation: ScriptOperation, _ detail: String) -> CLIError {
    .data("\(name): \(operation.place): \(detail)")
  }

  private var animatedFrames: Int { file.frames ?? 8 }

  mutating func perform(_ operation: ScriptOperation) throws(CLIError) {
    do {
      switch operation.kind {
      case .show(let id):
        stack = [Entry(id: id, transition: nil)]
        scene.views = [try screen(id, operation)]
        hold(frames: operation.frames ?? 1, seconds: 0)
      case .push(let id):
        guard !stack.contains(where: { $0.id == id }) else {
          throw fail(operation, "\"\(id)\" is already on the stack")
        }
        let transition = try makeTransition(operation, appearing: id, disappearing: stack.last?.id)
        var base = scene
        base.views.append(try screen(id, operation))
        let timeline = try transition.forwardTimeline(from: base, bounds: bounds)
        play(timeline, frames: operation.frames ?? animatedFrames)
        scene = timeline.endScene
        stack.append(Entry(id: id, transition: transition))
      case .pop:
        guard stack.count > 1 else {
          throw fail(operation, "cannot pop: only the root is on the stack")
        }
        try popTop(operation, frames: operation.frames ?? animatedFrames)
      case .popTo(let id):
        guard let index = stack.firstIndex(where: { $0.id == id }) else {
          throw fail(operation, "cannot pop to \"\(id)\": it is not on the stack")
        }
        guard index < stack.count - 1 else { throw fail(operation, "\"\(id)\" is already the top") }
        try removeBelowTop(from: index + 1, upTo: stack.count - 1)
        try popTop(operation, frames: operation.frames ?? animatedFrames)
      case .popToRoot:
        guard stack.count > 1 else {
          throw fail(operation, "cannot pop to the root: it is the top")
        }
        try removeBelowTop(from: 1, upTo: stack.count - 1)
        try popTop(operation, frames: operation.frames ?? animatedFrames)
      case .insert(let id, let index):
        guard !stack.contains(where: { $0.id == id }) else {
          throw fail(operation, "\"\(id)\" is already on the stack")
        }
        guard (0...stack.count).contains(index) else {
          throw fail(
            operation,
            "cannot insert at \(index): the stack holds \(stack.count) screens (0…\(stack.count))")
        }
        if index == stack.count {
          var push = operation
          push.kind = .push(id)
          try perform(push)
          return
        }
        // Below the top: no animation; the neighbours' transitions are
        // re-linked and the end states re-applied.
        let transition = try makeTransition(
          operation, appearing: id, disappearing: index > 0 ? stack[index - 1].id : nil)
        stack.insert(Entry(id: id, transition: index > 0 ? transition : nil), at: index)
        if index == 0 {
          // The old root now needs a way back to the new one.
          stack[1].transition = Transition(
            style: transition.style, appearingViewID: stack[1].id, disappearingViewID: id,
            duration: transition.duration)
        }
        var views = scene.views
        views.insert(try screen(id, operation), at: index)
        scene.views = views
        relink()
        try applyEndStates()
        hold(frames: operation.frames ?? 1, seconds: 0)
      case .remove(let index):
        guard stack.indices.contains(index) else {
          throw fail(operation, "cannot remove at \(index): the stack holds \(stack.count) screens")
        }
        guard stack.count > 1 else { throw fail(operation, "cannot remove the only screen") }
        if index == stack.count - 1 {
          try popTop(operation, frames: operation.frames ?? animatedFrames)
        } else {
          try removeBelowTop(from: index, upTo: index + 1)
          hold(frames: operation.frames ?? 1, seconds: 0)
        }
      case .rotate(let orientation):
        if Orientation(for: bounds.size) != orientation {
          bounds = Rect(size: bounds.size.transposed)
          let ids = scene.views.map(\.id)
          scene.size = bounds.size
          scene.views = try ids.map { id throws(CLIError) in try screen(id, operation) }
          try applyEndStates()
        }
        hold(frames: operation.frames ?? 1, seconds: 0)
      case .wait(let seconds):
        hold(frames: operation.frames ?? 1, seconds: seconds)
      }
    } catch let error as CLIError {
      throw error
    } catch let error as TransitError {
      throw fail(operation, error.message)
    } catch {
      throw fail(operation, "\(error)")
    }
  }

  private func screen(_ id: String, _ operation: ScriptOperation) throws(CLIError) -> View {
    guard let view = file.screen(id, bounds: bounds) else {
      throw fail(operation, "no screen \"\(id)\"")
    }
    return view
  }

  private func makeTransition(
    _ operation: ScriptOperation, appearing: String, disappearing: String?
  )
    throws(CLIError) -> Transition
  {
    let name = operation.style ?? "push-from-right"
    var style: any TransitionStyle
    do { style = try StyleLookup.registry.style(named: name) } catch {
      throw fail(operation, "style: \(error.message)")
    }
    if let text = operation.curve {
      do { style = CurveOverride(base: style, curve: try TimingCurve(parsing: text)) } catch {
        throw fail(operation, "curve: \(error.message)")
      }
    }
    return Transition(
      style: style, appearingViewID: appearing, disappearingViewID: disappearing,
      duration: operation.duration)
  }

  /// Pops the top screen with the reverse of its transition, rebuilt at the
  /// current bounds.
  private mutating func popTop(_ operation: ScriptOperation, frames count: Int) throws {
    let top = stack.removeLast()
    guard let transition = top.transition else { throw fail(operation, "cannot pop the root") }
    let timeline = try transition.reverseTimeline(from: scene, bounds: bounds)
    play(timeline, frames: count)
    var end = timeline.endScene
    end.views.removeAll { $0.id == top.id }
    scene = end
  }

  /// Removes stack entries `from..<upTo` at once, without animation.
  private mutating func removeBelowTop(from: Int, upTo: Int) throws {
    let removed = Set(stack[from..<upTo].map(\.id))
    stack.removeSubrange(from..<upTo)
    if !stack.isEmpty { stack[0].transition = nil }
    scene.views.removeAll { removed.contains($0.id) }
    relink()
    try applyEndStates()
  }

  /// Makes each transition's disappearing view the screen just below it.
  private mutating func relink() {
    for i in stack.indices where i > 0 {
      let below = stack[i - 1].id
      stack[i].transition?.disappearingViewID = below
    }
  }

  /// Every screen at its base layout, then each transition's end state at
  /// the current bounds, bottom to top.
  private mutating func applyEndStates() throws {
    for id in stack.map(\.id) { scene.updateView(id) { $0.state = ViewState(frame: bounds) } }
    for entry in stack {
      if let transition = entry.transition {
        scene = try transition.applyingEndState(to: scene, at: bounds)
      }
    }
  }

  private mutating func play(_ timeline: Timeline, frames count: Int) {
    if count > 0 { frames += FrameSpec.frames(of: timeline, count: count, startingAt: time) }
    time += timeline.duration
  }

  private mutating func hold(frames count: Int, seconds: Double) {
    for i in 0..<count {
      let offset = count > 1 ? seconds * Double(i) / Double(count - 1) : seconds
      frames.append(FrameSpec(source: .still(scene), time: time + offset))
    }
    time += seconds
  }
}

/// A style played along another curve: every timed step follows `curve`.
struct CurveOverride: TransitionStyle {
  var base: any TransitionStyle
  var curve: TimingCurve

  var name: String { base.name }
  var intrinsicDuration: Double { base.intrinsicDuration }

  func animation(in context: TransitionContext) throws(TransitError) -> Animation {
    override(try base.animation(in: context))
  }

  func reverseAnimation(in context: TransitionContext) throws(TransitError) -> Animation? {
    try base.reverseAnimation(in: context).map(override)
  }

  private func override(_ animation: Animation) -> Animation {
    var copy = animation
    for i in copy.steps.indices where copy.steps[i].duration > 0 { copy.steps[i].curve = curve }
    return copy
  }
}
