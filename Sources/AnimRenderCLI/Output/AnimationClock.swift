import TransitRender

/// When each frame of an animated output (APNG, GIF, WebP, MP4, WebM) shows,
/// read from the clock of the transition or story the frames were drawn on.
///
/// A frame shows from its own time until the next frame's: a 2 s `wait`
/// shows its picture for 2 s, a 0.4 s push lasts 0.4 s however many frames
/// it has. The last frame marks the end of the story, so it shows for one
/// frame interval (the shortest time between two of the run's frames, or
/// 0.1 s when no two differ) and then `--hold` more, before a loop starts
/// again. Frames that repeat the picture before them where an operation
/// begins were already left out (``FrameSpec/repeatsPrevious``): the frame
/// before shows longer instead, and the total stays the story's.
enum AnimationClock {
  /// The longest animation written: WebP's longest frame (2²⁴ − 1 ms), so
  /// that any frame of any length fits every format in one piece of time.
  static let maximumSeconds = 16_777.0

  /// The frames' times, from the first frame's, for the encoders.
  ///
  /// - Parameters:
  ///   - frames: the frames drawn, in order, each with its story time.
  ///   - duration: when the story (or transition) ends, in its own seconds.
  ///   - hold: seconds the last frame shows beyond its frame interval.
  /// - Throws: a usage error when the whole lasts longer than ``maximumSeconds``.
  static func times(of frames: [FrameSpec], duration: Double, hold: Double) throws(CLIError)
    -> FrameTimes
  {
    guard let first = frames.first?.time else { throw CLIError.usage("nothing to draw: 0 frames") }
    var starts: [Double] = []
    starts.reserveCapacity(frames.count)
    var interval = Double.infinity
    for frame in frames {
      // Story times never go back; max() only keeps rounding noise from it.
      let start = max(frame.time - first, starts.last ?? 0)
      if let previous = starts.last, start - previous > 1e-9 {
        interval = min(interval, start - previous)
      }
      starts.append(start)
    }
    if interval == .infinity { interval = 0.1 }
    let end = max(duration - first, starts[starts.count - 1]) + interval + hold
    guard end.isFinite, end <= maximumSeconds else {
      throw CLIError.usage(
        "the animation would last \((end * 1000).rounded() / 1000) s, more than the \(Int(maximumSeconds)) s an animated file holds here; lower --hold or the script's waits"
      )
    }
    do { return try FrameTimes(starts: starts, end: end) } catch {
      throw CLIError(.software, "timing the frames failed: \(error.message)")
    }
  }
}
