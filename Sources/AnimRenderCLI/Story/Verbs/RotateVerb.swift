import Transit

/// `{"rotate": "landscape" | "portrait"}`: the container turned to the
/// other shape, at once (one frame by default) or, with a `duration`,
/// animated along the operation's `curve`; a rotation to the shape the
/// container has draws the picture as it is.
struct RotateVerb: StoryVerb {
  var orientation: Orientation

  func frames(of operation: ScriptOperation, on model: inout StoryModel) -> StepFrames {
    let turns = Orientation(for: model.size) != orientation
    if turns { model.size = model.size.transposed }
    let animates = turns && (operation.duration ?? 0) > 0
    return StepFrames(operation, default: animates ? model.animated : 1)
  }

  func perform(_ operation: ScriptOperation, frames: StepFrames, in story: Story)
    throws(CLIError)
  {
    let turns = Orientation(for: story.bounds.size) != orientation
    if turns, let duration = operation.duration, duration > 0 {
      try story.rotate(operation, duration: duration, frames: frames.drawn)
      return
    }
    if turns {
      do { try story.rotateContainer(to: story.bounds.size.transposed) } catch {
        throw story.fail(operation, error.message)
      }
      story.relayScreens()
    } else {
      story.opensOnPictureBefore = true
    }
    try story.hold(frames: frames.drawn, seconds: 0)
  }
}

extension Story {
  /// An animated rotation: the container's screens and their children
  /// (laid out again at the new bounds when the container reports them) go from the
  /// old layout to the new along the operation's `curve` (ease-in-out by
  /// default), frame k of N at k·D/(N−1), the picture's size going from
  /// the old shape to the new along the same curve; the last frame is the
  /// instant rotation's picture.
  fileprivate func rotate(_ operation: ScriptOperation, duration: Double, frames count: Int)
    throws(CLIError)
  {
    let old = bounds.size
    let new = old.transposed
    var curve = TimingCurve.easeInOut
    if let text = operation.curve {
      do { curve = try TimingCurve(parsing: text) } catch {
        throw fail(operation, "curve: \(error.message)")
      }
    }
    let observer = driven.observer
    driven.observer = { [unowned self] event in
      observer?(event)
      if case .boundsChanged = event { relayScreens() }
    }
    defer { driven.observer = observer }
    do { try rotateContainer(to: new, duration: duration, curve: curve) } catch {
      throw fail(operation, error.message)
    }
    try check(operation)
    func picture(at fraction: Double) -> StoryFrame {
      let p = fraction >= 1 ? 1 : curve.value(at: fraction)
      var scene = self.scene
      scene.size =
        fraction >= 1
        ? new
        : Size(
          width: old.width + (new.width - old.width) * p,
          height: old.height + (new.height - old.height) * p)
      return StoryFrame(
        stack: scene, bounds: bounds, screens: screens, animated: animated,
        keepsChildren: true, sheets: sheetIDs)
    }
    let start = clock.now
    if rate != nil {
      let origin = time
      try sample(until: origin + duration) { at in
        clock.advance(by: start + (at - origin) - clock.now)
        driven.tick()
        return picture(at: (at - origin) / duration)
      }
    } else {
      opensOnPictureBefore = true
      endsUndrawn = count == 1
      for k in 0..<count {
        driven.showTransitionFrame(k, of: count)
        let fraction = count < 2 ? 0 : k == count - 1 ? 1 : Double(k) / Double(count - 1)
        try keep(picture(at: fraction), time: time + fraction * duration)
      }
    }
    clock.advance(by: start + duration + 1 - clock.now)
    driven.tick()
    time += duration
    try check(operation)
  }
}
