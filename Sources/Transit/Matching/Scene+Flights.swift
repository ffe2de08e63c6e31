extension Scene {
  /// Puts `overlays` (the flights flying now) after the other views of the
  /// top level, or of the view `parent`'s children, in place of the
  /// overlays whose ids are `shown`, and records theirs there: what a
  /// container's flight writer does on every sample. A sample with the same
  /// overlays as the one before replaces them in place.
  mutating func showFlights(_ overlays: [View], replacing shown: inout [String], in parent: String?)
  {
    guard !(overlays.isEmpty && shown.isEmpty) else { return }
    let ids = overlays.map(\.id)
    func place(_ views: inout [View]) {
      let count = shown.count
      if count <= views.count, views.suffix(count).map(\.id) == shown {
        views.removeLast(count)
      }
      views += overlays
    }
    if let parent {
      updateView(parent) { place(&$0.children) }
    } else if ids == shown, storage.suffix(ids.count).map(\.id) == ids {
      // The same overlays, the same subtrees: the id index still holds.
      storage.replaceSubrange((storage.count - ids.count)..., with: overlays)
    } else {
      var views = self.views
      place(&views)
      self.views = views
    }
    shown = ids
  }
}
