import Transit

/// A scene file's script played on a real ``StackContainer``, frame by frame.
///
/// The story owns a stack on a ``ManualClock`` and issues each operation of
/// the script to it, exactly as an app would: pushes and pops run on the
/// library's transition driver, which builds each style in the current
/// context (a pop after a rotation lands on the layout at the new bounds),
/// binds it to the live screens and settles it. An animated operation of N
/// frames draws frame k at k·D/(N−1) of its transition, sampled exactly as
/// ``Timeline/sample(frame:of:into:)`` samples it, then lets the clock run
/// the transition to its end; an operation of duration 0 settles at once
/// and draws the settled picture. Frames are snapshots of the stack's scene
/// with each screen's children laid out again at the current bounds (the
/// container moves screens, never their contents, and relative children
/// follow a rotation).
///
/// With a frame rate (`play --fps`), operations draw no frame counts of
/// their own: the whole story is sampled on its clock at 0, 1/R, 2/R, …
/// seconds, each sample showing whatever the stack shows then (a
/// transition part-way, as the clock has run it; a wait's still picture),
/// and the last sample is the first at or after the story's end, showing
/// the settled stack. A drag's progress values take no time on the clock,
/// so none falls on a sample; its completion does.
///
/// Each frame keeps its story time; a frame that repeats the picture before
/// it where an operation begins is marked (``FrameSpec/repeatsPrevious``),
/// so that an animation can leave it out and stay on the story's clock.
final class Story {
  let file: SceneFile
  let name: String
  /// Frames per second of the whole story, or `nil` for each operation's own frames.
  let rate: Double?
  /// With a ``rate``: the next sample, at `nextSample / rate` seconds.
  private var nextSample = 0
  /// Whether the last frame drawn shows the stack as the last operation left it.
  private var lastFrameIsCurrent = false
  /// Whether the operation being performed began by drawing the picture the
  /// stack showed before it: a transition's frame at 0 s ("the first frame
  /// is the picture before", bit for bit), a wait, a rotation to the
  /// orientation the container already has.
  private var opensOnPictureBefore = false
  /// Whether the operation being performed drew a transition in one frame,
  /// which shows its start, not its end.
  private var endsUndrawn = false
  private(set) var time = 0.0
  private(set) var frames: [FrameSpec] = []
  /// The run's memory budget, charged for each frame kept.
  private(set) var memory: MemoryBudget
  /// What the frames kept so far hold, for ``memory``.
  private var kept = SceneMemory()
  /// The screens laid out, shared by every frame.
  private let screens: StoryScreens
  private let clock = ManualClock()
  private var stack: StackContainer
  /// The last operation the stack reported as failed.
  private let failures = FailureLog()
  /// The `duration` each screen came in with: its pop plays at the same
  /// unless the pop gives its own.
  private var durations: [String: Double] = [:]
  /// The story time the current operation started at: `after` counts from it.
  private var lastStart = 0.0
  /// The operation after the one being performed, if any.
  private var nextOperation: ScriptOperation?
  /// The top a pop is taking away, while it runs.
  private var poppedID: String?
  /// Set when the running transition was left running at this many seconds
  /// for the next operation to turn it back (`"interruptions": "reverse"`).
  private var turnedBackAt: Double?
  /// What `animate` operations did to the views, kept across operations.
  private var animated = AnimatedViews()
  /// The views the running operation's `alongside` animations change: drawn
  /// as the stack has them until the operation ends.
  private var alongsideIDs: [String] = []

  init(file: SceneFile, name: String, rate: Double? = nil, memory: MemoryBudget = MemoryBudget()) {
    self.file = file
    self.name = name
    self.rate = rate
    self.memory = memory
    screens = StoryScreens(file: file)
    stack = Story.makeStack(file: file, size: file.containerSize, clock: clock, log: failures)
  }

  /// Plays the whole script, with each operation's frames or, given a
  /// `rate`, sampled at that many frames per second.
  static func play(
    _ file: SceneFile, name: String, rate: Double? = nil, memory: MemoryBudget = MemoryBudget()
  ) throws(CLIError) -> Story {
    let story = Story(file: file, name: name, rate: rate, memory: memory)
    for (index, operation) in file.script.enumerated() {
      story.nextOperation = file.script.indices.contains(index + 1) ? file.script[index + 1] : nil
      let first = story.frames.count
      story.opensOnPictureBefore = false
      story.endsUndrawn = false
      try story.perform(operation)
      // What the alongside animations left is kept as animated views are.
      story.animated = story.animated.keeping(story.alongsideIDs, from: story.stack.scene)
      if story.turnedBackAt == nil { story.alongsideIDs = [] }
      for i in first..<story.frames.count { story.frames[i].operation = operation.title }
      story.animated.prune(keeping: story.stack.scene)
      guard story.rate == nil, first < story.frames.count else {
        story.lastFrameIsCurrent = false
        continue
      }
      if first > 0,
        story.opensOnPictureBefore && story.lastFrameIsCurrent
          || story.repeats(story.frames[first - 1], first)
      {
        story.frames[first].repeatsPrevious = true
      }
      // A transition cut short, or drawn in one frame (its start), ends on
      // a picture it did not draw.
      story.lastFrameIsCurrent = story.turnedBackAt == nil && !story.endsUndrawn
    }
    if story.rate != nil {
      // The settled end, at the first sample at or after it.
      try story.sample(until: .infinity, limit: 1) { _ in story.snapshot() }
    }
    return story
  }

  /// Keeps `frame`, charging what it holds that no frame before it shares
  /// to the run's memory budget first.
  private func keep(_ frame: FrameSpec) throws(CLIError) {
    guard case .story(let picture) = frame.source else { return }
    let bytes = MemoryLayout<FrameSpec>.stride + kept.add(picture.stack)
    try memory.charge(
      bytes, for: "\(name): frame \(frames.count + 1) of the script", group: "frames of the script",
      status: .dataError,
      advice: "the script keeps too many frames of too many views; draw fewer frames or views")
    frames.append(frame)
  }

  /// Whether frame `index` shows the same picture as `previous`.
  private func repeats(_ previous: FrameSpec, _ index: Int) -> Bool {
    guard case .story(let before) = previous.source, case .story(let now) = frames[index].source
    else { return false }
    return before == now
  }

  /// With a ``rate``: draws the samples before `end` (story seconds), at
  /// most `limit` of them, each the picture `draw` makes for its time; the
  /// first sample is the next one not yet drawn.
  ///
  /// A sample within a nanosecond of `end` is left to what comes after, so
  /// that an operation's end, drawn by the next one's start, is drawn once.
  private func sample(until end: Double, limit: Int = .max, _ draw: (Double) -> StoryFrame)
    throws(CLIError)
  {
    guard let rate else { return }
    var drawn = 0
    while drawn < limit {
      let at = Double(nextSample) / rate
      guard at < end - 1e-9 else { return }
      guard frames.count < RenderLimits.maximumFrames else {
        throw CLIError.usage(
          "\(name): --fps \(rate) draws more than the \(RenderLimits.maximumFrames) frames one run draws (the story lasts \(time) s or more); lower --fps"
        )
      }
      try keep(FrameSpec(source: .story(draw(at)), time: at))
      nextSample += 1
      drawn += 1
    }
  }

  /// With a ``rate``: draws the samples in the `seconds` from now, the
  /// clock run to each from `start` (the clock's time at the story's `time`)
  /// and the stack ticked, as a display link would.
  private func sampleOnClock(from start: Double, for seconds: Double) throws(CLIError) {
    let origin = time
    try sample(until: origin + seconds) { at in
      clock.advance(by: start + (at - origin) - clock.now)
      stack.tick()
      return snapshot()
    }
  }

  /// Samples the running completion of `operation` on the story's clock
  /// for `seconds` from `start`, then lets it settle (a second past its end)
  /// and checks it did not fail.
  private func settleOnClock(
    _ operation: ScriptOperation, from start: Double, for seconds: Double
  ) throws(CLIError) {
    try sampleOnClock(from: start, for: seconds)
    clock.advance(by: start + seconds + 1 - clock.now)
    stack.tick()
    time += seconds
    try check(operation)
  }

  /// A stack that keeps every screen loaded (screens are drawn beneath
  /// translucent or scaled ones) and reports failures into `log`.
  private static func makeStack(
    file: SceneFile, size: Size, clock: ManualClock, log: FailureLog
  ) -> StackContainer {
    let stack = StackContainer(size: size, clock: clock, capacity: max(file.views.count, 1))
    stack.interruptions = file.interruptions
    stack.observer = { event in
      if case .operationFailed(let error) = event { log.error = error }
    }
    return stack
  }

  var bounds: Rect { stack.bounds }

  private func fail(_ operation: ScriptOperation, _ detail: String) -> CLIError {
    .data("\(name): \(operation.place): \(detail)")
  }

  private var animatedFrames: Int { file.frames ?? 8 }

  func perform(_ operation: ScriptOperation) throws(CLIError) {
    let ids = stack.childIDs
    // An operation issued `after` seconds into the previous one that has
    // ended by then starts after a pause; one issued earlier waits for it
    // (queued) or turns it back (see `cut`).
    if let after = operation.after, turnedBackAt == nil { time = max(time, lastStart + after) }
    // The pause before it, if any, shows the stack as it is.
    try sample(until: time) { _ in snapshot() }
    lastStart = time
    stack.transitionDuration = operation.duration
    // `"match": false` flies nothing for this operation only.
    stack.matching = operation.match == false ? .disabled : .enabled
    // `"alongside"`: steps played with the operation's transition.
    let alongside = try AlongsideSpec.prepare(
      operation, picture: { snapshot().scene() },
      incoming: {
        switch operation.kind {
        case .push(let id), .insert(let id, _): file.screen(id, bounds: bounds)
        default: nil
        }
      }, stack: stack, story: name)
    alongsideIDs += alongside.ids
    switch operation.kind {
    case .show(let id), .push(let id), .insert(let id, _): durations[id] = operation.duration
    case .pop, .popTo, .popToRoot, .remove, .back:
      if let top = ids.last { stack.transitionDuration = operation.duration ?? durations[top] }
    case .rotate, .wait, .animate, .grab: break
    }
    switch operation.kind {
    case .show(let id):
      stack = Story.makeStack(file: file, size: bounds.size, clock: clock, log: failures)
      stack.push(try screen(id, operation), style: try style(operation), animated: false)
      try check(operation)
      try hold(frames: operation.frames ?? 1, seconds: 0)
    case .push(let id):
      let bringsBack = turnedBackAt != nil && id == poppedID
      guard !ids.contains(id) || bringsBack else {
        throw fail(operation, "\"\(CLIError.echoed(id))\" is already on the stack")
      }
      let screen = try screen(id, operation)
      let style = try style(operation)
      if let interactive = operation.interactive {
        try drive(operation, interactive) { () throws(TransitError) in
          try stack.beginInteractivePush(screen, style: style, alongside: alongside.animations)
        }
      } else {
        stack.push(screen, style: style, alongside: alongside.animations)
        try animate(operation)
      }
      poppedID = nil
    case .pop:
      guard ids.count > 1 else {
        let what =
          ids.isEmpty
          ? "nothing is on the stack"
          : "only one screen (\"\(CLIError.echoed(ids[0]))\") is on the stack"
        throw fail(operation, "cannot pop: \(what), and a pop needs two")
      }
      poppedID = ids.last
      let style = try popStyle(operation)
      if let interactive = operation.interactive {
        try drive(operation, interactive) { () throws(TransitError) in
          try stack.beginInteractivePop(style: style, alongside: alongside.animations)
        }
      } else {
        stack.pop(style: style, alongside: alongside.animations)
        try animate(operation)
      }
    case .popTo(let id):
      guard let index = ids.firstIndex(of: id) else {
        throw fail(operation, "cannot pop to \"\(CLIError.echoed(id))\": it is not on the stack")
      }
      guard index < ids.count - 1 else {
        throw fail(operation, "\"\(CLIError.echoed(id))\" is already the top")
      }
      let style = try popStyle(operation)
      if let interactive = operation.interactive {
        try drive(operation, interactive) { () throws(TransitError) in
          try stack.beginInteractivePop(to: id, style: style, alongside: alongside.animations)
        }
      } else {
        stack.pop(to: id, style: style, alongside: alongside.animations)
        try animate(operation)
      }
    case .popToRoot:
      guard ids.count > 1 else {
        let what = ids.isEmpty ? "nothing is on the stack" : "the root is the top"
        throw fail(operation, "cannot pop to the root: \(what)")
      }
      stack.popToRoot(style: try popStyle(operation), alongside: alongside.animations)
      try animate(operation)
    case .insert(let id, let index):
      guard !ids.contains(id) else {
        throw fail(operation, "\"\(CLIError.echoed(id))\" is already on the stack")
      }
      guard (0...ids.count).contains(index) else {
        throw fail(
          operation,
          "cannot insert at \(index): the stack holds \(ids.count) screens (0…\(ids.count))")
      }
      let atTop = index == ids.count
      stack.insert(
        try screen(id, operation), at: index, style: try style(operation), animated: atTop,
        alongside: alongside.animations)
      if atTop {
        try animate(operation)
      } else {
        try check(operation)
        try hold(frames: operation.frames ?? 1, seconds: 0)
      }
    case .remove(let index):
      guard ids.indices.contains(index) else {
        throw fail(operation, "cannot remove at \(index): the stack holds \(ids.count) screens")
      }
      guard ids.count > 1 else { throw fail(operation, "cannot remove the only screen") }
      stack.remove(at: index, alongside: alongside.animations)
      if index == ids.count - 1 {
        try animate(operation)
      } else {
        try check(operation)
        try hold(frames: operation.frames ?? 1, seconds: 0)
      }
    case .rotate(let orientation):
      if Orientation(for: bounds.size) != orientation, let duration = operation.duration,
        duration > 0
      {
        try rotate(operation, duration: duration)
      } else {
        if Orientation(for: bounds.size) != orientation {
          stack.rotate(to: bounds.size.transposed)
          relayScreens()
        } else {
          opensOnPictureBefore = true
        }
        try hold(frames: operation.frames ?? 1, seconds: 0)
      }
    case .wait(let seconds):
      opensOnPictureBefore = true
      try hold(frames: operation.frames ?? 1, seconds: seconds)
    case .animate(let spec):
      try play(spec, operation)
    case .grab(let spec):
      try grab(spec, operation)
    case .back(let spec):
      guard ids.count > 1 else {
        throw fail(
          operation, "cannot go back: \(ids.count) screen on the stack, and a back needs two")
      }
      poppedID = ids.last
      try back(spec, operation, alongside: alongside.animations)
    }
  }

  /// An animated rotation: the stack's screens and their children (laid
  /// out again at the new bounds when the stack reports them) go from the
  /// old layout to the new along the operation's `curve` (ease-in-out by
  /// default), frame k of N at k·D/(N−1), the picture's size going from
  /// the old shape to the new along the same curve; the last frame is the
  /// instant rotation's picture.
  private func rotate(_ operation: ScriptOperation, duration: Double) throws(CLIError) {
    let old = bounds.size
    let new = old.transposed
    var curve = TimingCurve.easeInOut
    if let text = operation.curve {
      do { curve = try TimingCurve(parsing: text) } catch {
        throw fail(operation, "curve: \(error.message)")
      }
    }
    let observer = stack.observer
    stack.observer = { [unowned self] event in
      observer?(event)
      if case .boundsChanged = event { relayScreens() }
    }
    defer { stack.observer = observer }
    do { try stack.rotate(to: new, duration: duration, curve: curve) } catch {
      throw fail(operation, error.message)
    }
    try check(operation)
    func picture(at fraction: Double) -> StoryFrame {
      let p = fraction >= 1 ? 1 : curve.value(at: fraction)
      var scene = stack.scene
      scene.size =
        fraction >= 1
        ? new
        : Size(
          width: old.width + (new.width - old.width) * p,
          height: old.height + (new.height - old.height) * p)
      return StoryFrame(
        stack: scene, bounds: bounds, screens: screens, animated: animated, keepsChildren: true)
    }
    let start = clock.now
    if rate != nil {
      let origin = time
      try sample(until: origin + duration) { at in
        clock.advance(by: start + (at - origin) - clock.now)
        stack.tick()
        return picture(at: (at - origin) / duration)
      }
    } else {
      let count = operation.frames ?? animatedFrames
      opensOnPictureBefore = true
      endsUndrawn = count == 1
      for k in 0..<count {
        stack.showTransitionFrame(k, of: count)
        let fraction = count < 2 ? 0 : k == count - 1 ? 1 : Double(k) / Double(count - 1)
        try keep(FrameSpec(source: .story(picture(at: fraction)), time: time + fraction * duration))
      }
    }
    clock.advance(by: start + duration + 1 - clock.now)
    stack.tick()
    time += duration
    try check(operation)
  }

  /// The stack's back: played with the preview's style, or driven by a
  /// ``BackGesture`` fed the touches one per 1/60 s.
  private func back(_ spec: BackSpec, _ operation: ScriptOperation, alongside: [Animation])
    throws(CLIError)
  {
    let preview = operation.preview ?? .style
    switch spec {
    case .played:
      let style: (any TransitionStyle)? =
        preview == .style ? try popStyle(operation) : PredictiveBackStyle(preview: preview)
      stack.pop(style: style, alongside: alongside)
      try animate(operation)
    case .gesture(let gesture):
      var tracker: BackGesture
      do {
        tracker = try BackGesture(edge: gesture.edge, width: bounds.width, preview: preview)
      } catch { throw fail(operation, error.message) }
      let progress = gesture.touches.enumerated().map { i, touch in
        tracker.transitionProgress(afterTouch: touch[0], at: Double(i) / 60)
      }
      let interaction = InteractiveSpec(
        progress: progress, release: gesture.release == .commit ? .finish : .cancel,
        velocity: min(max(tracker.transitionVelocity, -1000), 1000), scrub: preview.scrubbing)
      try drive(operation, interaction) { () throws(TransitError) in
        try stack.beginBack(preview: preview, edge: gesture.edge, alongside: alongside)
      }
    }
  }

  /// Catches the transition the previous operation left running (see
  /// ``cut(_:duration:)``) and drags it: one frame per progress value,
  /// then the completion as ``drive(_:_:begin:)`` draws it.
  private func grab(_ spec: GrabSpec, _ operation: ScriptOperation) throws(CLIError) {
    guard turnedBackAt != nil else {
      throw fail(
        operation,
        "nothing to grab: no transition runs then (a grab's \"after\" must fall inside the transition before it)"
      )
    }
    turnedBackAt = nil
    do { try stack.grabTransition() } catch { throw fail(operation, error.message) }
    let interaction = InteractiveSpec(
      progress: spec.progress, release: spec.release, velocity: spec.velocity,
      scrub: stack.scrubbing)
    try drive(operation, interaction, begin: {})
  }

  /// Lays every screen's children out again at the current bounds, in the
  /// stack itself, as an app does when its container rotates: relative
  /// children follow the new shape, and a pop built afterwards flies each
  /// matched view back to where its partner is now.
  private func relayScreens() {
    for id in stack.childIDs {
      guard let children = screens.children(of: id, bounds: bounds) else { continue }
      stack.updateContent(ofChild: id) { $0 = children }
    }
  }

  /// Plays an `animate` operation on the current picture: frame k of N at
  /// k·D/(N−1) of its timeline (or, with a rate, on the story's clock),
  /// the animated views then keeping their end state. The stack has
  /// settled: the animation changes only views inside its screens.
  private func play(_ spec: AnimateSpec, _ operation: ScriptOperation) throws(CLIError) {
    let picture = snapshot()
    let played: AnimatedViews.Played
    do { played = try animated.bind(spec, on: picture.scene()) } catch {
      throw .data("\(name): \(operation.place).animate\(error.place): \(error.detail)")
    }
    let duration = played.timeline.duration
    let count = operation.frames ?? animatedFrames
    if duration == 0 {
      animated.finish(played)
      try hold(frames: count, seconds: 0)
      return
    }
    if rate != nil {
      let origin = time
      try sample(until: origin + duration) { at in
        picture.with(played.views(at: at - origin, over: animated))
      }
      animated.finish(played)
      time += duration
      return
    }
    opensOnPictureBefore = true
    endsUndrawn = count == 1
    for k in 0..<count {
      let offset =
        count < 2 ? 0 : k == count - 1 ? duration : Double(k) * duration / Double(count - 1)
      let views = played.views(frame: k, of: count, over: animated)
      try keep(FrameSpec(source: .story(picture.with(views)), time: time + offset))
    }
    animated.finish(played)
    time += duration
  }

  private func screen(_ id: String, _ operation: ScriptOperation) throws(CLIError) -> View {
    guard let view = file.screen(id, bounds: bounds) else {
      throw fail(operation, "no screen \"\(CLIError.echoed(id))\"")
    }
    return view
  }

  /// The operation's style (default `push-from-right`), along its curve if it gives one.
  private func style(_ operation: ScriptOperation) throws(CLIError) -> any TransitionStyle {
    let name = operation.style ?? "push-from-right"
    var style: any TransitionStyle
    do { style = try StyleLookup.registry.style(named: name) } catch {
      throw fail(operation, "style: \(error.message)")
    }
    if let text = operation.curve {
      do { style = style.withCurve(try TimingCurve(parsing: text)) } catch {
        throw fail(operation, "curve: \(error.message)")
      }
    }
    return style
  }

  /// The style a pop gives of its own, whose reverse the stack plays
  /// (built at the current bounds) instead of the top's push style: its
  /// `style` along its `curve`, or the top's push style along the pop's
  /// `curve`; nil when the pop gives neither.
  private func popStyle(_ operation: ScriptOperation) throws(CLIError) -> (any TransitionStyle)? {
    if operation.style != nil { return try style(operation) }
    guard let text = operation.curve, let top = stack.children.last else { return nil }
    do { return top.style.withCurve(try TimingCurve(parsing: text)) } catch {
      throw fail(operation, "curve: \(error.message)")
    }
  }

  /// Turns an operation the stack reported as failed into the CLI's error.
  private func check(_ operation: ScriptOperation) throws(CLIError) {
    guard let error = failures.error else { return }
    failures.error = nil
    throw fail(operation, error.message)
  }

  /// Draws the transition the operation started, frame by frame, and runs
  /// the clock until it has settled.
  private func animate(_ operation: ScriptOperation) throws(CLIError) {
    if let elapsed = turnedBackAt {
      turnedBackAt = nil
      try playTurnBack(operation, elapsed: elapsed)
      return
    }
    try check(operation)
    let count = operation.frames ?? animatedFrames
    guard let duration = stack.runningTransitionDuration else {
      // Duration 0: the transition has already settled.
      try hold(frames: count, seconds: 0)
      return
    }
    if rate != nil {
      let start = clock.now
      let cut = cut(operation, duration: duration)
      try sampleOnClock(from: start, for: cut ?? duration)
      if let cut {
        clock.advance(by: start + cut - clock.now)
        stack.tick()
        time += cut
        turnedBackAt = cut
        return
      }
      while stack.isAnimating {
        clock.advance(by: max(duration, 1.0 / 60))
        stack.tick()
      }
      time += duration
      try check(operation)
      return
    }
    opensOnPictureBefore = true
    endsUndrawn = count == 1
    if let cut = cut(operation, duration: duration) {
      for k in 0..<count {
        let offset = count < 2 ? 0 : Double(k) * duration / Double(count - 1)
        guard offset < cut else { break }
        stack.showTransitionFrame(k, of: count)
        try keep(FrameSpec(source: .story(snapshot()), time: time + offset))
      }
      // Back to the start, then exactly `cut` seconds of clock.
      stack.showTransitionFrame(0, of: count)
      clock.advance(by: cut)
      stack.tick()
      time += cut
      turnedBackAt = cut
      return
    }
    for k in 0..<count {
      stack.showTransitionFrame(k, of: count)
      let offset =
        count < 2 ? 0 : k == count - 1 ? duration : Double(k) * duration / Double(count - 1)
      try keep(FrameSpec(source: .story(snapshot()), time: time + offset))
    }
    while stack.isAnimating {
      clock.advance(by: max(duration, 1.0 / 60))
      stack.tick()
    }
    time += duration
    try check(operation)
  }

  /// Where to leave the operation's transition running for the next
  /// operation to turn it back: its `after`, when the file's interruptions
  /// are `"reverse"`, it comes before the end, and it undoes this one (a
  /// pop after a push, a push of the screen a pop takes away).
  private func cut(_ operation: ScriptOperation, duration: Double) -> Double? {
    // A grab catches whatever runs at its `after`.
    if let next = nextOperation, case .grab = next.kind, let after = next.after, after < duration {
      return after
    }
    guard file.interruptions == .reverse, let next = nextOperation, let after = next.after,
      after < duration, next.interactive == nil
    else { return nil }
    switch (operation.kind, next.kind) {
    // A pop with a style of its own plays that style, not the mirror of
    // the push: the stack queues it.
    case (.push, .pop) where next.style == nil && next.curve == nil: return after
    case (.pop, .push(let id)) where id == poppedID: return after
    default: return nil
    }
  }

  /// Draws a transition turned back after `elapsed` seconds: the mirror of
  /// the part played, in the operation's frames at k·elapsed/N on the
  /// clock, the last one the settled stack (as before the transition).
  private func playTurnBack(_ operation: ScriptOperation, elapsed: Double) throws(CLIError) {
    let count = operation.frames ?? animatedFrames
    let start = clock.now
    if rate != nil {
      try settleOnClock(operation, from: start, for: elapsed)
      return
    }
    if count == 0 {
      clock.advance(by: elapsed + 1)
      stack.tick()
    }
    for k in stride(from: 1, through: count, by: 1) {
      let offset = elapsed * Double(k) / Double(count)
      clock.advance(by: k == count ? elapsed + 1 : start + offset - clock.now)
      stack.tick()
      try keep(FrameSpec(source: .story(snapshot()), time: time + offset))
    }
    time += elapsed
    try check(operation)
  }

  /// Drives the transition `begin` starts like a gesture: one frame per
  /// progress value, then the release and its completion in the
  /// operation's frames, sampled on the clock at k·T/N after the release
  /// (T the completion's duration), the last one the settled stack.
  private func drive(
    _ operation: ScriptOperation, _ interactive: InteractiveSpec,
    begin: () throws(TransitError) -> Void
  ) throws(CLIError) {
    switch operation.kind {
    case .grab, .back: break
    default: stack.scrubbing = interactive.scrub
    }
    do { try begin() } catch { throw fail(operation, error.message) }
    try check(operation)
    let count = operation.frames ?? animatedFrames
    for progress in interactive.progress {
      stack.updateInteraction(progress: progress)
      if rate == nil {
        try keep(FrameSpec(source: .story(snapshot()), time: time, progress: progress))
      }
    }
    let duration = stack.runningTransitionDuration ?? 0
    let last = stack.interactionProgress ?? interactive.progress.last ?? 0
    let finishes = interactive.release == .finish
    do {
      if finishes {
        try stack.finishInteraction(velocity: interactive.velocity)
      } else {
        try stack.cancelInteraction(velocity: interactive.velocity)
      }
    } catch { throw fail(operation, error.message) }
    let total = (finishes ? 1 - last : last) * duration
    let start = clock.now
    // A grab issued during the completion catches it there.
    let cut: Double? =
      if let next = nextOperation, case .grab = next.kind, let after = next.after, after < total {
        after
      } else {
        nil
      }
    if let cut {
      if rate != nil {
        try sampleOnClock(from: start, for: cut)
      } else {
        for k in stride(from: 1, through: count, by: 1) {
          let offset = total * Double(k) / Double(count)
          guard offset < cut else { break }
          clock.advance(by: start + offset - clock.now)
          stack.tick()
          try keep(FrameSpec(source: .story(snapshot()), time: time + offset))
        }
      }
      clock.advance(by: start + cut - clock.now)
      stack.tick()
      time += cut
      turnedBackAt = cut
      return
    }
    if rate != nil {
      try settleOnClock(operation, from: start, for: total)
      return
    }
    if count == 0 {
      clock.advance(by: total + 1)
      stack.tick()
    }
    for k in stride(from: 1, through: count, by: 1) {
      if k == count {
        clock.advance(by: total + 1)
      } else {
        clock.advance(by: start + total * Double(k) / Double(count) - clock.now)
      }
      stack.tick()
      try keep(
        FrameSpec(source: .story(snapshot()), time: time + total * Double(k) / Double(count)))
    }
    time += total
    try check(operation)
  }

  /// The stack's picture now, its screens' contents laid out when drawn
  /// (``StoryFrame``), with the views `animate` operations changed.
  private func snapshot() -> StoryFrame {
    StoryFrame(
      stack: stack.scene, bounds: bounds, screens: screens,
      animated: animated.keeping(alongsideIDs, from: stack.scene))
  }

  private func hold(frames count: Int, seconds: Double) throws(CLIError) {
    let scene = snapshot()
    if rate != nil {
      try sample(until: time + seconds) { _ in scene }
      time += seconds
      return
    }
    for i in 0..<count {
      let offset = count > 1 ? seconds * Double(i) / Double(count - 1) : seconds
      try keep(FrameSpec(source: .story(scene), time: time + offset))
    }
    time += seconds
  }
}

/// Where a story's stack reports a failed operation.
private final class FailureLog {
  var error: TransitError?
}
