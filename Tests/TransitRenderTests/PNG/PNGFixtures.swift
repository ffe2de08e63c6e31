/// The committed PNG fixtures: hand-made files and the PngSuite subset.
enum PNGFixtures {
  /// The absolute path of a file in `Tests/TransitRenderTests/Fixtures`.
  static func path(_ name: String, filePath: String = #filePath) -> String {
    var parts = filePath.split(separator: "/", omittingEmptySubsequences: false)
    // …/Tests/TransitRenderTests/<folder>/<file>.swift → …/Tests/TransitRenderTests
    parts.removeLast(2)
    return parts.joined(separator: "/") + "/Fixtures/" + name
  }
}
