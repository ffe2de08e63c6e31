extension StackContainer {
  /// Lays out again what child `id` holds — its root view's subviews — as
  /// an app does when the container's size changes (on
  /// ``ContainerEvent/boundsChanged(_:)``): the container places the root
  /// views, the app their contents. A pop built afterwards flies each
  /// matched element back to where its partner is now (see
  /// <doc:MatchedElements>).
  ///
  /// ```swift
  /// stack.observer = { event in
  ///   if case .boundsChanged(let size) = event {
  ///     stack.updateContent(ofChild: "grid") { $0 = gridCells(fitting: size) }
  ///   }
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - id: the child whose content changes.
  ///   - body: changes the root view's subviews.
  /// - Returns: `false`, changing nothing, when the stack has no child `id`
  ///   or a transition is running (its flights stand in for views of the
  ///   contents as they were when it began).
  @discardableResult
  public func updateContent(ofChild id: String, _ body: (inout [View]) -> Void) -> Bool {
    guard !isAnimating, let index = children.firstIndex(where: { $0.id == id }) else {
      return false
    }
    scene.updateContent(
      of: id, inScene: children[index].isLoaded, kept: &children[index].view, body)
    return true
  }
}

extension Scene {
  /// Changes the subviews of screen `id` where its container keeps it: in
  /// this scene when the screen is in it (`inScene`), else in `kept`, the
  /// copy the container adds to the scene when the screen loads.
  mutating func updateContent(
    of id: String, inScene: Bool, kept: inout View, _ body: (inout [View]) -> Void
  ) {
    if inScene {
      updateView(id) { body(&$0.children) }
    } else {
      body(&kept.children)
    }
  }
}
