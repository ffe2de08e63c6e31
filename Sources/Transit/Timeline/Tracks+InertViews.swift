extension Tracks {
  /// Appends `views` and their subtrees, in pre-order after every view
  /// already bound, as views that no segment changes: how a ``Flight``'s
  /// overlay joins a bound timeline without binding it again.
  mutating func appendInertViews(_ views: [View]) {
    func visit(_ view: View) {
      let index = subtreeEnd.count
      subtreeEnd.append(0)
      frames.appendView([])
      alphas.appendView([])
      transforms.appendView([])
      hiddens.appendView([])
      backgroundColors.appendView([])
      cornerRadii.appendView([])
      borderWidths.appendView([])
      borderColors.appendView([])
      shadows.appendView([])
      placements.appendView([])
      textColors.appendView([])
      appearanceKeys.appendView([])
      subtreeAnimated.append(false)
      for child in view.children { visit(child) }
      subtreeEnd[index] = subtreeEnd.count
    }
    for view in views { visit(view) }
  }
}
