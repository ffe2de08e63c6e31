import Transit

/// `{"animate": …}`: views inside the settled screens animated along
/// their own timeline (``AnimateSpec``), keeping their end state.
struct AnimateVerb: StoryVerb {
  var spec: AnimateSpec

  func perform(_ operation: ScriptOperation, frames: StepFrames, in story: Story)
    throws(CLIError)
  {
    try story.play(spec, operation, frames: frames.drawn)
  }
}

extension Story {
  /// Plays an `animate` operation on the current picture: frame k of N at
  /// k·D/(N−1) of its timeline (or, with a rate, on the story's clock),
  /// the animated views then keeping their end state. The stack has
  /// settled: the animation changes only views inside its screens.
  fileprivate func play(_ spec: AnimateSpec, _ operation: ScriptOperation, frames count: Int)
    throws(CLIError)
  {
    let picture = snapshot()
    let played: AnimatedViews.Played
    do { played = try animated.bind(spec, on: picture.scene()) } catch {
      throw .data("\(name): \(operation.place).animate\(error.place): \(error.detail)")
    }
    let duration = played.timeline.duration
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
      try keep(picture.with(views), time: time + offset)
    }
    animated.finish(played)
    time += duration
  }
}
