/// When and how one step plays once its animation is bound: where it sits on
/// the forward time line, and the curve that turns its elapsed time into
/// progress.
///
/// Every segment a step drives reads the same progress, so sampling works it
/// out once per step (``progress(at:rerun:)``) and hands the segments an index
/// into those numbers. Reversal never touches a step: a reversed timeline
/// asks for the progress at the mirrored forward time (see
/// ``Timeline/Direction``).
struct StepTiming: Hashable, Sendable {
  /// When the step starts, in the forward timeline's time.
  var start: Double
  /// How long it lasts; 0 for an instant step.
  var duration: Double
  /// How progress follows time within the step.
  var curve: TimingCurve
  /// The tag reported when the step finishes.
  var tag: String?

  /// The step's progress at forward time `time`: NaN before the step starts
  /// (so that a segment can tell "not started" from "at its start"), exactly
  /// 0 at its start and exactly 1 from its end on (instant steps jump to 1),
  /// the curve's value in between.
  ///
  /// With `rerun`, the timeline is going back to the start along that curve
  /// instead of retracing the step's own: in the reverse's own time the step
  /// has run `1 − u` of the way, so the forward progress is `1 − rerun(1 − u)`.
  @inline(__always)
  func progress(at time: Double, rerun: TimingCurve?) -> Double {
    if time < start { return .nan }
    let u: Double
    if duration == 0 || time >= start + duration {
      u = 1
    } else {
      u = min(1, (time - start) / duration)
    }
    if u == 0 { return 0 }
    if u == 1 { return 1 }
    if let rerun {
      return 1 - rerun.value(at: 1 - u)
    }
    return curve.value(at: u)
  }
}
