/// One step of an ``Animation``: changes to views that play together, over
/// one duration, along one timing curve.
///
/// Steps play one after another. A step may start before the previous one
/// ends by `overlap` seconds (CoconutKit could not do this), but never before
/// the previous step started, so steps keep their order. A step of duration
/// zero applies its changes instantly: transitions use such steps to set the
/// stage (place the appearing view off screen) and to clean up (hide the
/// disappearing one).
public struct AnimationStep: Hashable, Sendable, Codable {
  /// How long the step lasts, in seconds; zero makes it instant.
  public var duration: Double
  /// How progress follows time within the step.
  public var curve: TimingCurve
  /// A name reported when the step finishes, in the span of
  /// ``PlaybackEvent/didFinishStep(_:pass:animated:)``.
  public var tag: String?
  /// How many seconds before the previous step's end this step starts;
  /// 0…the previous step's duration.
  public var overlap: Double
  /// What the step changes; changes to the same property of the same view
  /// combine in order (an absolute target first, then relative changes).
  public var changes: [Change]

  /// Creates a step.
  public init(
    duration: Double,
    curve: TimingCurve = .easeInOut,
    tag: String? = nil,
    overlap: Double = 0,
    changes: [Change]
  ) {
    self.duration = duration
    self.curve = curve
    self.tag = tag
    self.overlap = overlap
    self.changes = changes
  }

  /// An instant step: its changes apply at once.
  public static func instant(tag: String? = nil, _ changes: [Change]) -> AnimationStep {
    AnimationStep(duration: 0, curve: .linear, tag: tag, changes: changes)
  }
}
