import TransitRender

/// One golden comparison with every path and setting spelled out: the
/// engine behind ``assertGolden(_:named:suite:allowance:threshold:goldensDirectory:artifactsDirectory:recordMode:filePath:)``,
/// usable directly with temporary directories.
///
/// ```swift
/// let check = GoldenCheck(
///   goldenPath: "/tmp/g/card.png", artifactsStem: "/tmp/a/card", recordMode: .never)
/// try check.verify(image)
/// ```
public struct GoldenCheck: Sendable {
  /// The golden PNG.
  public var goldenPath: String
  /// Where a failure's artifacts go: `<stem>.expected.png`,
  /// `<stem>.actual.png` and `<stem>.compare.png`.
  public var artifactsStem: String
  /// When to write the golden.
  public var recordMode: GoldenRecordMode
  /// How many differing pixels still pass.
  public var allowance: Int
  /// The YIQ distance threshold, 0…1; see TransitRender's `ImageComparison`.
  public var threshold: Double

  /// Creates a check.
  public init(
    goldenPath: String, artifactsStem: String, recordMode: GoldenRecordMode,
    allowance: Int = 0, threshold: Double = 0.1
  ) {
    self.goldenPath = goldenPath
    self.artifactsStem = artifactsStem
    self.recordMode = recordMode
    self.allowance = allowance
    self.threshold = threshold
  }

  /// The path a failure writes the golden's pixels to, as they were
  /// before any re-recording: open it beside ``actualPath``.
  public var expectedPath: String { artifactsStem + ".expected.png" }
  /// The path a failure writes the actual image to.
  public var actualPath: String { artifactsStem + ".actual.png" }
  /// The path a failure writes the side-by-side comparison to: expected,
  /// actual and difference (differing pixels in red, anti-aliasing in
  /// yellow, the rest of the golden in faded grey), each under its title.
  /// Images of different sizes get the first two panels only; a sheet that
  /// would be beyond Cairo's 32,767 pixels is not written, and the failure
  /// says so.
  public var comparePath: String { artifactsStem + ".compare.png" }
  /// The comparison's path: the difference is the third panel of the
  /// side-by-side image.
  @available(*, deprecated, renamed: "comparePath")
  public var diffPath: String { comparePath }

  /// Passes when `image` matches the golden; otherwise writes what the mode
  /// says and throws.
  ///
  /// - Throws: ``GoldenFailure`` naming the golden, and the expected,
  ///   actual and comparison images when they were written.
  public func verify(_ image: Image) throws(GoldenFailure) {
    guard BinaryFile.exists(goldenPath) else {
      if recordMode == .never {
        try writeArtifact(image, to: actualPath)
        throw GoldenFailure(
          .missing,
          "no golden at \(goldenPath) and TRANSIT_RECORD=never does not record one; "
            + "the actual image is at \(actualPath)",
          goldenPath: goldenPath, actualPath: actualPath)
      }
      try record(image)
      throw GoldenFailure(
        .recorded,
        "recorded a new golden at \(goldenPath): look at it, then run the test again",
        goldenPath: goldenPath)
    }
    if recordMode == .all {
      try record(image)
      throw GoldenFailure(
        .rerecorded,
        "TRANSIT_RECORD=all rewrote the golden at \(goldenPath): look at it, then run again "
          + "without recording", goldenPath: goldenPath)
    }
    let golden: Image
    do {
      golden = try PNGDecoder.decode(contentsOf: goldenPath)
    } catch {
      throw GoldenFailure(.unreadable, "cannot read the golden: \(error.message)")
    }
    guard golden.width == image.width, golden.height == image.height else {
      let written = try writeArtifacts(expected: golden, actual: image, comparison: nil)
      let rewritten = try recordIfFailedMode(image)
      throw GoldenFailure(
        .sizeMismatch,
        "the golden \(goldenPath) is \(golden.width)×\(golden.height) but the actual image is "
          + "\(image.width)×\(image.height); \(written.list)\(rewritten)",
        goldenPath: goldenPath, expectedPath: expectedPath, actualPath: actualPath,
        comparePath: written.comparePath)
    }
    if golden == image { return }
    let result: ImageComparison.Result
    do {
      result = try ImageComparison.compare(golden, image, threshold: threshold)
    } catch {
      throw GoldenFailure(.configuration, error.message, goldenPath: goldenPath)
    }
    if result.differing <= allowance { return }
    let written = try writeArtifacts(expected: golden, actual: image, comparison: result)
    let rewritten = try recordIfFailedMode(image)
    throw GoldenFailure(
      .differs,
      "\(result.differing) pixels differ from the golden \(goldenPath) (allowance \(allowance), "
        + "threshold \(threshold), \(result.antiAliased) anti-aliased pixels ignored); "
        + "\(written.list)\(rewritten)",
      goldenPath: goldenPath, expectedPath: expectedPath, actualPath: actualPath,
      comparePath: written.comparePath)
  }

  /// Writes the expected and actual images and their side-by-side
  /// comparison, before a re-recording can replace the golden.
  ///
  /// - Returns: the artifacts as the failure message names them, and the
  ///   comparison's path, `nil` when it could not be drawn (a sheet beyond
  ///   Cairo's limits): the message says so rather than hiding the failure
  ///   it reports.
  private func writeArtifacts(
    expected: Image, actual: Image, comparison: ImageComparison.Result?
  ) throws(GoldenFailure) -> (list: String, comparePath: String?) {
    try writeArtifact(expected, to: expectedPath)
    try writeArtifact(actual, to: actualPath)
    let files = "expected: \(expectedPath), actual: \(actualPath)"
    let sheet: Image
    do {
      sheet = try ComparisonSheet.image(
        of: ComparisonSheet.panels(expected: expected, actual: actual, comparison: comparison))
    } catch {
      return ("\(files) (no side-by-side image: \(error.message))", nil)
    }
    try writeArtifact(sheet, to: comparePath)
    return ("\(files), side by side: \(comparePath)", comparePath)
  }

  private func record(_ image: Image) throws(GoldenFailure) {
    try write(image, to: goldenPath, what: "golden")
  }

  private func recordIfFailedMode(_ image: Image) throws(GoldenFailure) -> String {
    guard recordMode == .failed else { return "" }
    try record(image)
    return "; TRANSIT_RECORD=failed rewrote the golden: look at it, then run again"
  }

  private func writeArtifact(_ image: Image, to path: String) throws(GoldenFailure) {
    try write(image, to: path, what: "artifact")
  }

  private func write(_ image: Image, to path: String, what: String) throws(GoldenFailure) {
    do {
      if let slash = path.lastIndex(of: "/"), slash != path.startIndex {
        try BinaryFile.createDirectories(String(path[..<slash]))
      }
      // Goldens are kept in the repository: compress them well.
      try image.writePNG(to: path, compression: what == "golden" ? .smallest : .fast)
    } catch {
      throw GoldenFailure(.unreadable, "cannot write the \(what) \(path): \(error.message)")
    }
  }
}
