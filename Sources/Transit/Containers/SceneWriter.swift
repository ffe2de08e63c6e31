/// Writes a player's samples straight into a container's scene.
struct SceneWriter: AnimationTarget {
  unowned let owner: any SceneOwner

  func apply(_ state: ViewState, to id: String) {
    owner.scene.apply(state, to: id)
  }
}

/// A container whose scene players write into.
protocol SceneOwner: AnyObject {
  var scene: Scene { get set }
}
