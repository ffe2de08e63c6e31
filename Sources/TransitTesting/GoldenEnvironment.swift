import TransitRender

/// The Cairo and Pango versions a folder of goldens was drawn with, kept in
/// a `VERSIONS` file beside them, and one call that checks them.
///
/// Shapes, colours and images come out of Cairo the same on every machine,
/// but text is rasterised by Cairo and Pango, whose anti-aliasing can move
/// by a shade between releases. A golden with text is therefore only
/// comparable where the same versions draw it (``line`` names them).
/// Record them beside the goldens, and check them in a test of
/// their own: when a machine has other versions, that test says so in one
/// line, instead of every text golden failing by a few pixels for no
/// visible reason.
///
/// ```swift
/// @Test func goldensWereDrawnWithTheseTextEngines() throws {
///   try GoldenEnvironment.check(suite: "screens")
/// }
/// ```
///
/// `check` follows ``GoldenRecordMode`` (`TRANSIT_RECORD`) like
/// ``assertGolden(_:named:suite:allowance:threshold:goldensDirectory:artifactsDirectory:recordMode:filePath:)``:
/// a missing file is recorded (and the test fails, asking you to commit
/// it) unless the mode is `never`; a file naming other versions fails,
/// and `failed` or `all` rewrite it to this machine's versions, to commit
/// with the goldens re-recorded on the same machine. The file is one line,
/// ``line``, e.g. `Text goldens drawn with: cairo 1.16.0, pango 1.50.12,
/// DejaVu Sans 2.37`; lines of your own (notes, the machine's name) may
/// follow it.
public enum GoldenEnvironment {
  /// The file's name in the goldens' folder.
  public static let fileName = "VERSIONS"

  /// The line this machine records: the text engine's versions, with the
  /// words that say what they are.
  public static var line: String { "Text goldens drawn with: " + Renderer.textEngineVersions }

  /// Writes ``line`` to `<directory>/VERSIONS`, creating the folder when
  /// needed, replacing any file there.
  ///
  /// - Parameter directory: the folder of the goldens, e.g. `Goldens/text`.
  /// - Throws: ``GoldenFailure`` of kind `unreadable` when it cannot be written.
  public static func record(in directory: String) throws(GoldenFailure) {
    do {
      try BinaryFile.createDirectories(directory)
      try BinaryFile.write(Array((line + "\n").utf8), to: path(in: directory))
    } catch {
      throw GoldenFailure(
        .unreadable, "cannot write \(path(in: directory)): \(error.message)",
        goldenPath: path(in: directory))
    }
  }

  /// Passes when `Goldens/<suite>/VERSIONS` at the package root names this
  /// machine's versions; otherwise records or fails as the mode says.
  ///
  /// - Parameters:
  ///   - suite: the folder under `Goldens/` whose goldens the file describes.
  ///   - goldensDirectory: overrides `<package root>/Goldens`.
  ///   - recordMode: overrides `TRANSIT_RECORD`.
  ///   - filePath: the caller's file, to find the package root; leave the
  ///     default.
  /// - Throws: ``GoldenFailure`` of kind `recorded` (the file was missing and
  ///   is now written), `missing` (missing, and `never`), `environmentDiffers`
  ///   (other versions), `rerecorded` (other versions, rewritten by `failed`
  ///   or `all`), `configuration` or `unreadable`.
  public static func check(
    suite: String, goldensDirectory: String? = nil, recordMode: GoldenRecordMode? = nil,
    filePath: String = #filePath
  ) throws(GoldenFailure) {
    let mode = try GoldenLocations.mode(recordMode)
    let directory = try GoldenLocations.goldens(goldensDirectory, filePath: filePath) + "/" + suite
    let file = path(in: directory)
    guard BinaryFile.exists(file) else {
      guard mode != .never else {
        throw GoldenFailure(
          .missing,
          "no \(fileName) at \(file) and TRANSIT_RECORD=never does not record one; "
            + "this machine draws with: \(Renderer.textEngineVersions)", goldenPath: file)
      }
      try record(in: directory)
      throw GoldenFailure(
        .recorded,
        "recorded \(file) (\(Renderer.textEngineVersions)): commit it with the goldens, "
          + "then run the test again", goldenPath: file)
    }
    let recorded: String
    do {
      recorded = String(decoding: try BinaryFile.read(file, maximumBytes: 1 << 16), as: UTF8.self)
    } catch {
      throw GoldenFailure(.unreadable, "cannot read \(file): \(error.message)", goldenPath: file)
    }
    let lines = recorded.split(whereSeparator: \.isNewline).map {
      $0.trimmingSpaces()
    }
    if lines.contains(line) { return }
    let was = lines.first(where: { !$0.isEmpty }).map { "'\($0)'" } ?? "nothing"
    if mode == .failed || mode == .all {
      try record(in: directory)
      throw GoldenFailure(
        .rerecorded,
        "TRANSIT_RECORD=\(mode.rawValue) rewrote \(file), which said \(was), to this machine's "
          + "versions (\(Renderer.textEngineVersions)): commit it with the goldens of \(suite) "
          + "re-recorded on this machine", goldenPath: file)
    }
    throw GoldenFailure(
      .environmentDiffers,
      "the goldens in \(directory) were drawn with other text engine versions, so text in them "
        + "may differ by anti-aliasing: \(file) says \(was), this machine draws with "
        + "\(Renderer.textEngineVersions). Run the tests where those versions are installed, or "
        + "re-record the goldens and this file here with TRANSIT_RECORD=failed", goldenPath: file)
  }

  /// `<directory>/VERSIONS`.
  static func path(in directory: String) -> String { directory + "/" + fileName }
}

extension Substring {
  /// Without leading and trailing spaces and tabs (a file saved with
  /// Windows line ends keeps a carriage return, trimmed too).
  fileprivate func trimmingSpaces() -> String {
    let blank: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\r" }
    guard let first = firstIndex(where: { !blank($0) }),
      let last = lastIndex(where: { !blank($0) })
    else { return "" }
    return String(self[first...last])
  }
}
