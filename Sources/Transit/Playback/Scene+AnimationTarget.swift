/// A scene is the simplest target: the player writes each sampled state into
/// the view of the same id, which is what headless containers and golden
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
}
