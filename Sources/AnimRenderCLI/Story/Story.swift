import Transit

/// A scene file's script played on a real container, frame by frame: a
/// ``StackContainer``, a ``TabBarContainer`` or a ``PlaceholderContainer``,
/// as the file's `container.kind` says, with presentations over the first
/// two.
///
/// The story owns the container on a ``ManualClock`` and issues each
/// operation of the script to it, exactly as an app would: pushes and pops
/// run on the library's transition driver, which builds each style in the
/// current context (a pop after a rotation lands on the layout at the new bounds),
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
/// it where an operation begins is marked (``StoryShot/repeatsPrevious``),
/// so that an animation can leave it out and stay on the story's clock.
///
/// The story is given what it needs from above (the styles operations
/// name, the frame limit) and hands each frame to its ``StorySink`` as it
/// draws it; each verb's rule lives in its ``StoryVerb``.
final class Story {
  let file: SceneFile
  let name: String
  /// The styles operations name.
  let styles: TransitionStyles
  /// Frames per second of the whole story, or `nil` for each operation's own frames.
  let rate: Double?
  /// With a ``rate``: the most frames the story may draw.
  let frameLimit: Int
  /// Where the frames go.
  let sink: any StorySink
  /// With a ``rate``: the next sample, at `nextSample / rate` seconds.
  private var nextSample = 0
  /// Whether the last frame drawn shows the stack as the last operation left it.
  private var lastFrameIsCurrent = false
  /// Whether the operation being performed began by drawing the picture the
  /// stack showed before it: a transition's frame at 0 s ("the first frame
  /// is the picture before", bit for bit), a wait, a rotation to the
  /// orientation the container already has.
  var opensOnPictureBefore = false
  /// Whether the operation being performed drew a transition in one frame,
  /// which shows its start, not its end.
  var endsUndrawn = false
  /// Seconds of the story drawn so far.
  var time = 0.0
  /// The index in the script of the operation being performed.
  private var operationIndex: Int?
  /// How many frames the sink held when the operation being performed began.
  private var operationFirstFrame = 0
  /// The picture of the last frame drawn.
  private var previous: StoryFrame?
  /// The screens laid out, shared by every frame.
  let screens: StoryScreens
  let clock = ManualClock()
  /// The stack, when the file's container is a stack (otherwise an empty
  /// one nothing drives).
  var stack: StackContainer
  /// The tabs, when the file's container is a tabs container.
  private(set) var tabs: TabBarContainer?
  /// The placeholder, when the file's container is a placeholder.
  private(set) var placeholder: PlaceholderContainer?
  /// The last operation the stack reported as failed.
  let failures = FailureLog()
  /// The `duration` each screen came in with: its pop plays at the same
  /// unless the pop gives its own.
  var durations: [String: Double] = [:]
  /// The story time the current operation started at: `after` counts from it.
  private var lastStart = 0.0
  /// The operation after the one being performed, if any.
  private(set) var nextOperation: ScriptOperation?
  /// The top a pop is taking away, while it runs.
  var poppedID: String?
  /// Set when the running transition was left running at this many seconds
  /// for the next operation to turn it back (`"interruptions": "reverse"`).
  var turnedBackAt: Double?
  /// What `animate` operations did to the views, kept across operations.
  var animated = AnimatedViews()
  /// The views the running operation's `alongside` animations change: drawn
  /// as the container has them until the operation ends.
  var alongsideIDs: [String] = []

  /// A story of `file` that names its errors after `name`, finds styles in
  /// `styles` and hands its frames to `sink`; with a `rate`, it draws at
  /// most `frameLimit` frames.
  init(
    file: SceneFile, name: String, styles: TransitionStyles, rate: Double? = nil,
    frameLimit: Int, sink: any StorySink
  ) {
    self.file = file
    self.name = name
    self.styles = styles
    self.rate = rate
    self.frameLimit = frameLimit
    self.sink = sink
    screens = StoryScreens(file: file)
    stack = Story.makeStack(file: file, size: file.containerSize, clock: clock, log: failures)
    let log = failures
    let observer: (ContainerEvent) -> Void = { event in
      if case .operationFailed(let error) = event { log.error = error }
    }
    let bounds = Rect(size: file.containerSize)
    switch file.container.kind {
    case .stack: break
    case .tabs:
      let roots = (file.container.tabs ?? []).compactMap { file.screen($0, bounds: bounds) }
      let tabs = TabBarContainer(size: bounds.size, tabs: roots, clock: clock)
      tabs.observer = observer
      self.tabs = tabs
    case .placeholder:
      let slots = file.slots.map { slot in
        View(
          id: slot.id,
          frame: Rect(
            x: slot.frame[0], y: slot.frame[1], width: slot.frame[2], height: slot.frame[3]),
          backgroundColor: slot.color.flatMap(ColorText.parse) ?? .clear)
      }
      let placeholder = PlaceholderContainer(size: bounds.size, slots: slots, clock: clock)
      placeholder.observer = observer
      self.placeholder = placeholder
    }
  }

  /// Plays the whole script, with each operation's frames or, given a
  /// ``rate``, sampled at that many frames per second.
  func play() throws(CLIError) {
    for (index, operation) in file.script.enumerated() {
      nextOperation = file.script.indices.contains(index + 1) ? file.script[index + 1] : nil
      operationIndex = index
      operationFirstFrame = sink.count
      opensOnPictureBefore = false
      endsUndrawn = false
      try perform(operation)
      // What the alongside animations left is kept as animated views are.
      animated = animated.keeping(alongsideIDs, from: scene)
      if turnedBackAt == nil { alongsideIDs = [] }
      animated.prune(keeping: scene)
      // A transition cut short, or drawn in one frame (its start), ends on
      // a picture it did not draw.
      lastFrameIsCurrent =
        rate == nil && operationFirstFrame < sink.count && turnedBackAt == nil && !endsUndrawn
    }
    operationIndex = nil
    if rate != nil {
      // The settled end, at the first sample at or after it.
      try sample(until: .infinity, limit: 1) { _ in snapshot() }
    }
  }

  /// Performs `operation` on the stack: its verb, drawing the frames the
  /// verb counts for it on the stack as it is.
  func perform(_ operation: ScriptOperation) throws(CLIError) {
    // An operation issued `after` seconds into the previous one that has
    // ended by then starts after a pause; one issued earlier waits for it
    // (queued) or turns it back (see `cut`).
    if let after = operation.after, turnedBackAt == nil { time = max(time, lastStart + after) }
    // The pause before it, if any, shows the stack as it is.
    try sample(until: time) { _ in snapshot() }
    lastStart = time
    setTransitionDuration(operation.duration)
    // `"match": false` flies nothing for this operation only.
    let matching: Matching = operation.match == false ? .disabled : .enabled
    stack.matching = matching
    placeholder?.matching = matching
    let verb = operation.verb
    let ids = tabs.map { $0.stackIDs(ofTab: $0.selectedIndex) } ?? stack.childIDs
    var model = StoryModel(
      ids: ids, presented: presenting?.presentedIDs.count ?? 0, size: bounds.size,
      animated: animatedFrames)
    let frames = verb.frames(of: operation, on: &model)
    try verb.perform(operation, frames: frames, in: self)
  }

  /// Hands `picture`, shown at `time`, to the sink: the first frame of an
  /// operation is marked when it repeats the picture before it.
  func keep(_ picture: StoryFrame, time: Double, progress: Double? = nil) throws(CLIError) {
    var shot = StoryShot(
      picture: picture, time: time, progress: progress, operation: operationIndex)
    if rate == nil, operationIndex != nil, sink.count == operationFirstFrame, let previous,
      opensOnPictureBefore && lastFrameIsCurrent || previous == picture
    {
      shot.repeatsPrevious = true
    }
    try sink.keep(shot)
    previous = picture
  }

  /// With a ``rate``: draws the samples before `end` (story seconds), at
  /// most `limit` of them, each the picture `draw` makes for its time; the
  /// first sample is the next one not yet drawn.
  ///
  /// A sample within a nanosecond of `end` is left to what comes after, so
  /// that an operation's end, drawn by the next one's start, is drawn once.
  func sample(until end: Double, limit: Int = .max, _ draw: (Double) -> StoryFrame)
    throws(CLIError)
  {
    guard let rate else { return }
    var drawn = 0
    while drawn < limit {
      let at = Double(nextSample) / rate
      guard at < end - 1e-9 else { return }
      guard sink.count < frameLimit else {
        throw CLIError.usage(
          "\(name): --fps \(rate) draws more than the \(frameLimit) frames one run draws (the story lasts \(time) s or more); lower --fps"
        )
      }
      try keep(draw(at), time: at)
      nextSample += 1
      drawn += 1
    }
  }

  /// With a ``rate``: draws the samples in the `seconds` from now, the
  /// clock run to each from `start` (the clock's time at the story's `time`)
  /// and the stack ticked, as a display link would.
  func sampleOnClock(from start: Double, for seconds: Double) throws(CLIError) {
    let origin = time
    try sample(until: origin + seconds) { at in
      clock.advance(by: start + (at - origin) - clock.now)
      driven.tick()
      return snapshot()
    }
  }

  /// Samples the running completion of `operation` on the story's clock
  /// for `seconds` from `start`, then lets it settle (a second past its end)
  /// and checks it did not fail.
  func settleOnClock(
    _ operation: ScriptOperation, from start: Double, for seconds: Double
  ) throws(CLIError) {
    try sampleOnClock(from: start, for: seconds)
    clock.advance(by: start + seconds + 1 - clock.now)
    driven.tick()
    time += seconds
    try check(operation)
  }

  /// A stack that keeps every screen loaded (screens are drawn beneath
  /// translucent or scaled ones) and reports failures into `log`.
  static func makeStack(
    file: SceneFile, size: Size, clock: ManualClock, log: FailureLog
  ) -> StackContainer {
    let stack = StackContainer(size: size, clock: clock, capacity: max(file.views.count, 1))
    stack.interruptions = file.interruptions
    stack.observer = { event in
      if case .operationFailed(let error) = event { log.error = error }
    }
    return stack
  }

  /// The container's bounds.
  var bounds: Rect { Rect(size: scene.size) }

  /// The picture the container shows now.
  var scene: Scene { tabs?.scene ?? placeholder?.scene ?? stack.scene }

  /// The container the script drives: the stack, the tabs or the placeholder.
  var driven: any DrivenContainer {
    if let tabs { return tabs }
    if let placeholder { return placeholder }
    return stack
  }

  /// Turns the container to `size`, at once or over `duration` seconds
  /// along `curve` (a placeholder's slots scale with it, at once).
  func rotateContainer(to size: Size, duration: Double = 0, curve: TimingCurve = .easeInOut)
    throws(TransitError)
  {
    if let tabs {
      try tabs.rotate(to: size, duration: duration, curve: curve)
    } else if let placeholder {
      placeholder.setBounds(size)
    } else if duration > 0 {
      try stack.rotate(to: size, duration: duration, curve: curve)
    } else {
      stack.rotate(to: size)
    }
  }

  /// The container presentations are made on: the stack or the tabs
  /// (a placeholder presents nothing).
  var presenting: (any PresentingContainer)? {
    if let tabs { return tabs }
    return placeholder == nil ? stack : nil
  }

  /// The ids of the sheets presented now, whose contents are laid out at
  /// the sheet's largest size (see ``StoryFrame``).
  var sheetIDs: [String] {
    guard let presenting else { return [] }
    return presenting.presentedIDs.filter { scene.contains(PresentVerb.dimmingID(of: $0)) }
  }

  /// Draws what the container plays on the clock over the next `total`
  /// seconds in `count` frames, frame k at k·T/N (the last the settled
  /// container), or with a rate samples it; then checks the operation did
  /// not fail.
  func settle(_ operation: ScriptOperation, for total: Double, frames count: Int)
    throws(CLIError)
  {
    let start = clock.now
    if rate != nil {
      try settleOnClock(operation, from: start, for: total)
      return
    }
    if count == 0 {
      clock.advance(by: total + 1)
      driven.tick()
    }
    for k in stride(from: 1, through: count, by: 1) {
      clock.advance(
        by: k == count ? total + 1 : start + total * Double(k) / Double(count) - clock.now)
      driven.tick()
      try keep(snapshot(), time: time + total * Double(k) / Double(count))
    }
    time += total
    try check(operation)
  }

  /// Sets the duration every transition of the container plays at (`nil`
  /// for each style's own).
  func setTransitionDuration(_ duration: Double?) {
    stack.transitionDuration = duration
    tabs?.transitionDuration = duration
    placeholder?.transitionDuration = duration
  }

  /// Gives a pop (or a back, a remove) the `duration` the top came in
  /// with, unless it gives its own.
  func takeTopDuration(_ operation: ScriptOperation) {
    let ids = tabs.map { $0.stackIDs(ofTab: $0.selectedIndex) } ?? stack.childIDs
    if let top = ids.last { setTransitionDuration(operation.duration ?? durations[top]) }
  }

  func fail(_ operation: ScriptOperation, _ detail: String) -> CLIError {
    .data("\(name): \(operation.place): \(detail)")
  }

  var animatedFrames: Int { file.frames ?? 8 }

  /// Lays every screen's children out again at the current bounds, in the
  /// stack or the tabs' stacks themselves, as an app does when its
  /// container rotates: relative children follow the new shape (an
  /// animated rotation moves them there), and a pop built afterwards flies
  /// each matched view back to where its partner is now.
  func relayScreens() {
    for id in stack.childIDs {
      guard let children = screens.children(of: id, bounds: bounds) else { continue }
      stack.updateContent(ofChild: id) { $0 = children }
    }
    guard let tabs else { return }
    for tab in 0..<tabs.tabCount {
      for id in tabs.stackIDs(ofTab: tab) {
        guard let children = screens.children(of: id, bounds: bounds) else { continue }
        tabs.updateContent(ofChild: id) { $0 = children }
      }
    }
  }

  func screen(_ id: String, _ operation: ScriptOperation) throws(CLIError) -> View {
    guard let view = file.screen(id, bounds: bounds) else {
      throw fail(operation, "no screen \"\(CLIError.echoed(id))\"")
    }
    return view
  }

  /// The operation's style (default `push-from-right`, or `fallback`),
  /// along its curve if it gives one.
  func style(_ operation: ScriptOperation, default fallback: String = "push-from-right")
    throws(CLIError) -> any TransitionStyle
  {
    let name = operation.style ?? fallback
    var style: any TransitionStyle
    do { style = try styles.style(named: name) } catch {
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
  func popStyle(_ operation: ScriptOperation) throws(CLIError) -> (any TransitionStyle)? {
    if operation.style != nil { return try style(operation) }
    guard let text = operation.curve, let top = stack.children.last else { return nil }
    do { return top.style.withCurve(try TimingCurve(parsing: text)) } catch {
      throw fail(operation, "curve: \(error.message)")
    }
  }

  /// Turns an operation the stack reported as failed into the CLI's error.
  func check(_ operation: ScriptOperation) throws(CLIError) {
    guard let error = failures.error else { return }
    failures.error = nil
    throw fail(operation, error.message)
  }

  /// Draws the transition the operation started, frame by frame, and runs
  /// the clock until it has settled.
  func animate(_ operation: ScriptOperation, frames count: Int) throws(CLIError) {
    if let elapsed = turnedBackAt {
      turnedBackAt = nil
      // The mirror of the part played, drawn as any settle: frame k at
      // k·elapsed/N, the last the settled stack (as before the transition).
      try settle(operation, for: elapsed, frames: count)
      return
    }
    try check(operation)
    guard let duration = driven.runningTransitionDuration else {
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
        driven.tick()
        time += cut
        turnedBackAt = cut
        return
      }
      while driven.isAnimating {
        clock.advance(by: max(duration, 1.0 / 60))
        driven.tick()
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
        driven.showTransitionFrame(k, of: count)
        try keep(snapshot(), time: time + offset)
      }
      // Back to the start, then exactly `cut` seconds of clock.
      driven.showTransitionFrame(0, of: count)
      clock.advance(by: cut)
      driven.tick()
      time += cut
      turnedBackAt = cut
      return
    }
    for k in 0..<count {
      driven.showTransitionFrame(k, of: count)
      let offset =
        count < 2 ? 0 : k == count - 1 ? duration : Double(k) * duration / Double(count - 1)
      try keep(snapshot(), time: time + offset)
    }
    while driven.isAnimating {
      clock.advance(by: max(duration, 1.0 / 60))
      driven.tick()
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

  /// Drives the transition `begin` starts like a gesture: one frame per
  /// progress value, then the release and its completion in the
  /// operation's frames, sampled on the clock at k·T/N after the release
  /// (T the completion's duration), the last one the settled stack.
  func drive(
    _ operation: ScriptOperation, _ interactive: InteractiveSpec, frames count: Int,
    begin: () throws(TransitError) -> Void
  ) throws(CLIError) {
    switch operation.kind {
    case .grab, .back: break
    default: driven.scrubbing = interactive.scrub
    }
    do { try begin() } catch { throw fail(operation, error.message) }
    try check(operation)
    for progress in interactive.progress {
      driven.updateInteraction(progress: progress)
      if rate == nil {
        try keep(snapshot(), time: time, progress: progress)
      }
    }
    let duration = driven.runningTransitionDuration ?? 0
    let last = driven.interactionProgress ?? interactive.progress.last ?? 0
    let finishes = interactive.release == .finish
    do {
      if finishes {
        try driven.finishInteraction(velocity: interactive.velocity)
      } else {
        try driven.cancelInteraction(velocity: interactive.velocity)
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
          driven.tick()
          try keep(snapshot(), time: time + offset)
        }
      }
      clock.advance(by: start + cut - clock.now)
      driven.tick()
      time += cut
      turnedBackAt = cut
      return
    }
    try settle(operation, for: total, frames: count)
  }

  /// The stack's picture now, its screens' contents laid out when drawn
  /// (``StoryFrame``), with the views `animate` operations changed.
  func snapshot() -> StoryFrame {
    StoryFrame(
      stack: scene, bounds: bounds, screens: screens,
      animated: animated.keeping(alongsideIDs, from: scene), sheets: sheetIDs)
  }

  func hold(frames count: Int, seconds: Double) throws(CLIError) {
    let scene = snapshot()
    if rate != nil {
      try sample(until: time + seconds) { _ in scene }
      time += seconds
      return
    }
    for i in 0..<count {
      let offset = count > 1 ? seconds * Double(i) / Double(count - 1) : seconds
      try keep(scene, time: time + offset)
    }
    time += seconds
  }
}

/// Where a story's stack reports a failed operation.
final class FailureLog {
  var error: TransitError?
}
