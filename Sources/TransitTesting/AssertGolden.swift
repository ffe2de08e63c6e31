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
  let mode: GoldenRecordMode
  if let recordMode { mode = recordMode } else { mode = try GoldenRecordMode.fromEnvironment() }
  func root() throws(GoldenFailure) -> String { try PackageRoot.containing(filePath) }
  let goldens: String
  if let goldensDirectory { goldens = goldensDirectory } else { goldens = try root() + "/Goldens" }
  let environmentArtifacts = Platform.environment("TRANSIT_ARTIFACTS")
  let artifacts: String
  if let artifactsDirectory {
    artifacts = artifactsDirectory
  } else if let environmentArtifacts, !environmentArtifacts.isEmpty {
    artifacts = environmentArtifacts
  } else {
    artifacts = try root() + "/.artifacts"
  }
  let check = GoldenCheck(
    goldenPath: "\(goldens)/\(suite)/\(name).png", artifactsStem: "\(artifacts)/\(suite)/\(name)",
    recordMode: mode, allowance: allowance, threshold: threshold)
  try check.verify(image)
}
