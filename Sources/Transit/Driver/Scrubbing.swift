/// How a gesture's progress moves the picture of an interactive transition.
///
/// With ``linear`` (the default, as UIKit's `scrubsLinearly`) the picture
/// at progress `p` is the transition with every curve replaced by linear,
/// sampled at `p·D`: the screens follow the finger one to one. When the
/// finger lifts, the completion continues from that exact picture along
/// the style's own curves, re-timed from where each step was, without a
/// jump in position or, given a release velocity, in velocity (the
/// construction is on ``TransitionDriver/releaseInteraction(_:)``). With
/// ``curve`` the picture
/// at `p` is the transition as played at `p·D`, its curves included, as
/// UIKit's percent-driven transitions: a finger at 10 % of the way moves an
/// ease-in-out push by 2 %.
public enum Scrubbing: String, Hashable, Sendable, CaseIterable {
  /// The picture follows the progress one to one.
  case linear
  /// The picture follows the style's own curves.
  case curve
}
