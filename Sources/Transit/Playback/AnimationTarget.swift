/// Anything a player can write animation samples into: a ``Scene``, or a
/// host's own view system.
///
/// A player samples its timeline into a scene it keeps and hands every
/// view's state to the target by id, so a view system adopts Transit by
/// implementing one method that copies frame, alpha, transform and
/// visibility onto its views. Targets may be values (a `Scene` the player
/// holds and updates) or references (a wrapper around live views).
///
/// ```swift
/// struct Layers: AnimationTarget {
///   var layers: [String: MyLayer]
///   mutating func apply(_ state: ViewState, to id: String) {
///     layers[id]?.frame = state.frame
///     layers[id]?.opacity = state.alpha
///   }
/// }
/// ```
public protocol AnimationTarget {
  /// Sets the animatable state of the view `id`; unknown ids are ignored.
  ///
  /// - Parameters:
  ///   - state: the view's sampled frame, alpha, transform and visibility.
  ///   - id: the id of the view to update.
  mutating func apply(_ state: ViewState, to id: String)

  /// Sets the state of every view of `scene` (a timeline sample). The
  /// default applies each view in depth-first order through
  /// ``apply(_:to:)``; a target that can take a whole scene faster may
  /// override it.
  ///
  /// - Parameter scene: the sample to apply, every view in its sampled state.
  mutating func apply(_ scene: Scene)
}

extension AnimationTarget {
  /// Applies each view of `scene` in depth-first order.
  ///
  /// - Parameter scene: the sample to apply, every view in its sampled state.
  public mutating func apply(_ scene: Scene) {
    for (view, _) in scene.allViews() {
      apply(view.state, to: view.id)
    }
  }
}
