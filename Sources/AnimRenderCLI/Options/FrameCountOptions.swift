import ArgumentParser

/// How many frames `render` draws of its transition: `--frames N`, first
/// and last included, or `--fps R`, one frame every 1/R seconds of the
/// transition with both ends, or 8 when neither is given.
///
/// `--fps` needs the transition's duration, known only once its style is
/// built (a custom style or `--duration` decides it), so the count is
/// asked for then, with ``count(over:)``.
struct FrameCountOptions: ParsableArguments {
  @Option(help: "Frames to draw, first and last included (default 8).")
  var frames: Int?

  @Option(help: "Frames per second instead of --frames.")
  var fps: Double?

  func validate() throws {
    if let frames, !(1...RenderLimits.maximumFrames).contains(frames) {
      throw ValidationError("--frames must be in 1…\(RenderLimits.maximumFrames), got \(frames)")
    }
    if frames != nil && fps != nil { throw ValidationError("give --frames or --fps, not both") }
    if let fps { try FrameCountOptions.check(fps: fps) }
  }

  /// `--fps` is a finite rate in (0, 1000]: `render`'s and `play`'s rule.
  static func check(fps: Double) throws(ValidationError) {
    guard fps.isFinite && fps > 0 && fps <= 1000 else {
      throw ValidationError("--fps must be in (0, 1000], got \(fps)")
    }
  }

  /// The frames to draw of a transition of `duration` seconds: `--frames`;
  /// or `duration × fps` frames after the first, rounded, and at least the
  /// two ends; or 8.
  ///
  /// - Parameter duration: the transition's duration in seconds.
  /// - Returns: the frame count, 1…``RenderLimits/maximumFrames``.
  /// - Throws: a usage error when `--fps` over `duration` makes more frames
  ///   than one run draws.
  func count(over duration: Double) throws(CLIError) -> Int {
    // Computed as a Double and compared before converting, so no
    // duration (a custom style's included) can trap.
    let wanted =
      frames.map(Double.init) ?? fps.map { max(2, (duration * $0).rounded() + 1) } ?? 8
    guard wanted.isFinite, wanted <= Double(RenderLimits.maximumFrames) else {
      throw CLIError.usage(
        "--fps \(fps ?? 0) over \(duration) s makes \(wanted) frames, more than \(RenderLimits.maximumFrames)"
      )
    }
    return Int(wanted)
  }
}
