/// Anything a player can write animation samples into: a ``Scene``, or a
/// host's own view system.
///
/// A player samples its timeline into a scene it keeps and hands every
/// view's state and appearance to the target by id, so a view system
/// adopts Transit by implementing one method that copies frame, alpha,
/// transform and visibility onto its views, and a second, if its
/// animations change what views look like, that copies background, corner
/// radii, border, shadow, image placement and text colour. Targets may be
/// values (a `Scene` the player holds and updates) or references (a
/// wrapper around live views).
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

  /// Sets what the view `id` looks like; unknown ids are ignored. The
  /// default ignores appearance, for targets whose animations only move
  /// views.
  ///
  /// - Parameters:
  ///   - appearance: the view's sampled background, corner radii, border,
  ///     shadow, image placement and text colour.
  ///   - id: the id of the view to update.
  mutating func apply(_ appearance: ViewAppearance, to id: String)

  /// Sets the state of every view of `scene` (a timeline sample). The
  /// default applies each view's state, then its appearance, in
  /// depth-first order; a target that can take a whole scene faster may
  /// override it.
  ///
  /// - Parameter scene: the sample to apply, every view in its sampled state.
  mutating func apply(_ scene: Scene)
}

extension AnimationTarget {
  /// Ignores the appearance: a target that only moves views.
  ///
  /// - Parameters:
  ///   - appearance: the view's sampled appearance, not used.
  ///   - id: the id of the view, not used.
  public mutating func apply(_ appearance: ViewAppearance, to id: String) {}

  /// Applies each view of `scene` in depth-first order: its state, then
  /// its appearance.
  ///
  /// - Parameter scene: the sample to apply, every view in its sampled state.
  public mutating func apply(_ scene: Scene) {
    for (view, _) in scene.allViews() {
      apply(view.state, to: view.id)
      apply(view.appearance, to: view.id)
    }
  }
}
