/// A scene is the simplest target: the player writes each sampled state and
/// appearance into the view of the same id, which is what headless containers and golden
/// tests need.
extension Scene: AnimationTarget {
  /// Sets the state of the view `id` of this scene, if it has one.
  ///
  /// - Parameters:
  ///   - state: the view's new animatable state.
  ///   - id: the id of the view to update; an unknown id changes nothing.
  public mutating func apply(_ state: ViewState, to id: String) {
    updateView(id) { $0.state = state }
  }

  /// Sets the appearance of the view `id` of this scene, if it has one.
  ///
  /// - Parameters:
  ///   - appearance: the view's new background, corners, border, shadow,
  ///     image placement and text colour.
  ///   - id: the id of the view to update; an unknown id changes nothing.
  public mutating func apply(_ appearance: ViewAppearance, to id: String) {
    updateView(id) { $0.appearance = appearance }
  }

  /// Sets the state and appearance of every view of `scene` that this
  /// scene has, each view looked up once.
  ///
  /// - Parameter scene: the sample to apply, every view in its sampled state.
  public mutating func apply(_ scene: Scene) {
    for (view, _) in scene.allViews() {
      updateView(view.id) {
        $0.state = view.state
        $0.appearance = view.appearance
      }
    }
  }
}
