extension StackContainer: PresentationHost {
  /// Presentations are made over the top child.
  var presentingID: String? { topID }

  func restingScreens(_ scene: Scene) throws(TransitError) -> Scene {
    var scene = scene
    for i in children.indices where children[i].isLoaded {
      let state = derivedState(of: i)
      scene.updateView(children[i].id) { $0.state = state }
    }
    return scene
  }

  /// The stack's own back: a pop of the top.
  func backUnderneath(style: AnyTransitionStyle?, animated: Bool) throws(TransitError) {
    try execute(.pop(to: .below, style: style, animated: animated))
  }
}
