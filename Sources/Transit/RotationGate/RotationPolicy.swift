/// What a ``RotationGate`` does with a rotation requested while animations run.
public enum RotationPolicy: Hashable, Sendable {
  /// Refuse it, as CoconutKit did: the request returns
  /// ``RotationOutcome/refused`` and nothing happens. The caller keeps the
  /// old orientation (UIKit's `shouldAutorotate` returning false).
  case refuse
  /// Remember it and apply it the moment the last animation stops. Only the
  /// latest deferred request is applied, exactly once: a device turned twice
  /// during a transition ends in the orientation it was left in.
  case `defer`
}

/// What became of a rotation request.
public enum RotationOutcome: Hashable, Sendable {
  /// No animation was running: the rotation was applied before the request returned.
  case applied
  /// Animations are running: the rotation will be applied when they have all stopped.
  case deferred
  /// Animations are running and the policy is ``RotationPolicy/refuse``.
  case refused
}
