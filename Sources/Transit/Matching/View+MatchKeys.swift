extension View {
  /// The views of this screen (itself included) that carry a match key, in
  /// depth-first order (the order they are drawn in), each with its path of
  /// child indices below the screen.
  ///
  /// - Throws: ``TransitError`` with code `.duplicateMatchKey` when two
  ///   views of the screen share a key: a key names one element of a
  ///   screen, so a pair is never ambiguous.
  func matchKeyedViews() throws(TransitError) -> [(key: String, path: [Int])] {
    var found: [(key: String, path: [Int])] = []
    var owners: [String: String] = [:]
    var path: [Int] = []
    func visit(_ view: View) throws(TransitError) {
      if let key = view.matchKey {
        if let other = owners[key] {
          throw TransitError(
            .duplicateMatchKey,
            "screen '\(id)': the views '\(other)' and '\(view.id)' both have the match key "
              + "'\(key)'; a key names one element of a screen")
        }
        owners[key] = view.id
        found.append((key, path))
      }
      for (i, child) in view.children.enumerated() {
        path.append(i)
        try visit(child)
        path.removeLast()
      }
    }
    try visit(self)
    return found
  }
}
