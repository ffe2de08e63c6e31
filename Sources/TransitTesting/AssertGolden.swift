import TransitRender

/// Checks `image` against the golden `Goldens/<suite>/<name>.png` at the root
/// of the package that holds the calling test file.
///
/// Identical pixels pass. Otherwise pixels are compared with
/// TransitRender's `ImageComparison` (YIQ distance above `threshold`, anti-aliasing not
/// counted), and the assertion fails when more than `allowance` differ.
///
/// A failure (a difference, or a size mismatch) writes three files to
/// `.artifacts/<suite>/` at the package root, or to `<TRANSIT_ARTIFACTS>/<suite>/`
/// when that variable is set, and names all three in its message:
/// `<name>.expected.png` (the golden's pixels), `<name>.actual.png` and
/// `<name>.compare.png`, the two side by side with the difference (red:
/// differing pixels, yellow: anti-aliasing, grey: the rest), each panel
/// titled.
///
/// `TRANSIT_RECORD` (see ``GoldenRecordMode``) decides when goldens are
/// written; writing one always fails the assertion.
///
/// Works with Swift Testing and XCTest alike, since it only throws:
///
/// ```swift
/// @Test func card() throws {
///   let image = try Renderer().render(cardScene)
///   try assertGolden(image, named: "card", suite: "cards")
/// }
/// ```
///
/// - Parameters:
///   - image: the picture the test produced, usually from `Renderer.render(_:)`.
///   - name: the golden's file name without `.png`; letters, digits and
///     dashes keep it portable.
///   - suite: the folder under `Goldens/` (and under `.artifacts/`) that
///     groups related goldens, usually one per test suite.
///   - allowance: how many differing pixels still pass; 0 (the default)
///     passes identical or only anti-aliasing-different images.
///   - threshold: the YIQ colour distance, 0…1, below which two pixels
///     count as equal; 0.1 by default, as in pixelmatch.
///   - goldensDirectory: overrides `<package root>/Goldens`.
///   - artifactsDirectory: overrides `TRANSIT_ARTIFACTS` and
///     `<package root>/.artifacts`.
///   - recordMode: overrides `TRANSIT_RECORD`.
///   - filePath: the caller's file, to find the package root; leave the
///     default.
/// - Throws: ``GoldenFailure`` describing what differed and where to look.
public func assertGolden(
  _ image: Image, named name: String, suite: String, allowance: Int = 0,
  threshold: Double = 0.1, goldensDirectory: String? = nil, artifactsDirectory: String? = nil,
  recordMode: GoldenRecordMode? = nil, filePath: String = #filePath
) throws(GoldenFailure) {
  let mode = try GoldenLocations.mode(recordMode)
  let goldens = try GoldenLocations.goldens(goldensDirectory, filePath: filePath)
  let artifacts = try GoldenLocations.artifacts(artifactsDirectory, filePath: filePath)
  let check = GoldenCheck(
    goldenPath: "\(goldens)/\(suite)/\(name).png", artifactsStem: "\(artifacts)/\(suite)/\(name)",
    recordMode: mode, allowance: allowance, threshold: threshold)
  try check.verify(image)
}

/// The record mode, and where goldens and artifacts live, when a call does
/// not say: the package
/// root's `Goldens/` and `.artifacts/` (or `TRANSIT_ARTIFACTS`).
enum GoldenLocations {
  /// `given`, or the mode `TRANSIT_RECORD` selects.
  static func mode(_ given: GoldenRecordMode?) throws(GoldenFailure) -> GoldenRecordMode {
    if let given { return given }
    return try GoldenRecordMode.fromEnvironment()
  }

  /// `given`, or `Goldens` at the root of the package holding `filePath`.
  static func goldens(_ given: String?, filePath: String) throws(GoldenFailure) -> String {
    if let given { return given }
    return try PackageRoot.containing(filePath) + "/Goldens"
  }

  /// `given`, else `TRANSIT_ARTIFACTS` when set and not empty, else
  /// `.artifacts` at the root of the package holding `filePath`.
  static func artifacts(_ given: String?, filePath: String) throws(GoldenFailure) -> String {
    if let given { return given }
    if let environment = Platform.environment("TRANSIT_ARTIFACTS"), !environment.isEmpty {
      return environment
    }
    return try PackageRoot.containing(filePath) + "/.artifacts"
  }
}
