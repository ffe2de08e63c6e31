extension TabBarContainer: PresentationHost {
  /// Presentations are made over the selected tab's top screen.
  var presentingID: String? { topID }

  func restingScreens(_ scene: Scene) throws(TransitError) -> Scene {
    try rest(scene)
  }

  /// The tab history's back: a pop, or a selection undone.
  func backUnderneath(style: AnyTransitionStyle?, animated: Bool) throws(TransitError) {
    try goBack(animated: animated, style: style)
  }
}
