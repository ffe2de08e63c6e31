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
    if children[index].isLoaded {
      scene.updateView(id) { body(&$0.children) }
    } else {
      body(&children[index].view.children)
    }
    return true
  }
}
