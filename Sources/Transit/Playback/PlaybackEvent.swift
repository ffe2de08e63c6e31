/// What a player reports while it plays, in this order for every play:
/// ``willStart(animated:)`` once, ``didFinishStep(_:pass:animated:)`` once
/// per step and pass, then ``didStop(at:finished:animated:)`` once.
///
/// One enum rather than a delegate protocol: a test records events in an
/// array and compares it with the expected sequence, and a host switches
/// over the cases it cares about.
public enum PlaybackEvent: Hashable, Sendable {
  /// The play is about to change the target: the delay (if any) has
  /// elapsed. `animated` is false when the play was started non-animated or
  /// terminated during its delay.
  case willStart(animated: Bool)
  /// A step has finished in the current pass: the playhead reached the
  /// step's end in the direction it moves, or the player jumped past it
  /// (`animated == false`: a seek, a termination, or a step a reversal
  /// left behind, reported when the pass ends). `span` gives the step's
  /// index, tag and times in the pass's direction; `pass` counts passes of
  /// a repeating play from 0.
  case didFinishStep(Timeline.StepSpan, pass: Int, animated: Bool)
  /// The play is over and the player is idle again. `finished` is true
  /// when the play reached its end (naturally or by termination), false
  /// when it was stopped in place. `animated` is false for a termination
  /// or a non-animated play.
  case didStop(at: StopPosition, finished: Bool, animated: Bool)
}

/// Where a play left the timeline when it stopped.
public enum StopPosition: Hashable, Sendable {
  /// At time 0: the state the timeline starts from (a backward or
  /// autoreversing play ends here).
  case start
  /// At the timeline's full duration: its end state.
  case end
  /// Somewhere in between: the play was stopped in place.
  case current
}
