/// What a ``TabBarContainer`` does with a selection made while a transition
/// runs (a tab tapped twice quickly, a tab tapped during a push).
public enum TabSelectionPolicy: String, Hashable, Sendable, CaseIterable {
  /// It waits its turn behind the running transition and anything queued
  /// (the safe default: every selection is played, in order).
  case queue
  /// Selecting the tab a running switch is leaving turns that switch back
  /// from where it is (its exact mirror; it settles as cancelled, the
  /// container bit for bit as before it); any other selection queues.
  case reverse
  /// The running transition jumps to its end (it settles as if it had
  /// played), then the selection runs.
  case jump
}
