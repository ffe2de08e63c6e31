extension TabBarContainer {
  /// Lays out again what screen `id` of any tab's stack holds — its root
  /// view's subviews — as an app does when the container's size changes
  /// (on ``ContainerEvent/boundsChanged(_:)``): the container places the
  /// screens, the app their contents. During an animated rotation
  /// (``rotate(to:duration:curve:)``) the changed subviews then move from
  /// their old frames to their new ones with the screens. A tab not loaded
  /// yet keeps the change until it is first selected.
  ///
  /// ```swift
  /// tabs.observer = { event in
  ///   if case .boundsChanged(let size) = event {
  ///     tabs.updateContent(ofChild: "inbox") { $0 = rows(fitting: size) }
  ///   }
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - id: the screen whose content changes.
  ///   - body: changes the screen's subviews.
  /// - Returns: `false`, changing nothing, when no tab's stack holds `id`
  ///   or a transition is running (it draws the contents as they were when
  ///   it began).
  @discardableResult
  public func updateContent(ofChild id: String, _ body: (inout [View]) -> Void) -> Bool {
    guard !isAnimating else { return false }
    for tab in stacks.indices {
      guard let index = stacks[tab].firstIndex(where: { $0.view.id == id }) else { continue }
      scene.updateContent(
        of: id, inScene: loaded.contains(tab), kept: &stacks[tab][index].view, body)
      return true
    }
    return false
  }
}
