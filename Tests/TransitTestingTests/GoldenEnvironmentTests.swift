import Testing
import TransitRender
import TransitTestSupport
import TransitTesting

/// The text engine versions beside the goldens: recorded, matched, and a
/// clear failure when they differ, in every record mode.
@Suite struct GoldenEnvironmentTests {
  /// A line from a machine with other versions than any real one.
  static let otherLine = "Text goldens drawn with: cairo 0.9.1, pango 0.1.2, DejaVu Sans 2.37"

  static func contents(_ path: String) throws -> String {
    String(decoding: try BinaryFile.read(path), as: UTF8.self)
  }

  @Test func theLineNamesThisMachinesCairoAndPango() {
    #expect(GoldenEnvironment.line == "Text goldens drawn with: " + Renderer.textEngineVersions)
    #expect(GoldenEnvironment.line.contains("cairo ") && GoldenEnvironment.line.contains("pango "))
  }

  @Test func recordWritesTheLineCreatingTheFolder() throws {
    let directory = TemporaryDirectory.make().path + "/Goldens/new/suite"
    try GoldenEnvironment.record(in: directory)
    #expect(try Self.contents(directory + "/VERSIONS") == GoldenEnvironment.line + "\n")
  }

  @Test(arguments: [GoldenRecordMode.missing, .failed, .all])
  func aMissingFileIsRecordedAndFails(_ mode: GoldenRecordMode) throws {
    let goldens = TemporaryDirectory.make().path
    let failure = goldenFailure {
      try GoldenEnvironment.check(suite: "text", goldensDirectory: goldens, recordMode: mode)
    }
    #expect(failure?.kind == .recorded)
    #expect(failure?.message.contains(goldens + "/text/VERSIONS") == true)
    #expect(try Self.contents(goldens + "/text/VERSIONS") == GoldenEnvironment.line + "\n")
    // The next run passes.
    try GoldenEnvironment.check(suite: "text", goldensDirectory: goldens, recordMode: .never)
  }

  @Test func neverDoesNotRecord() {
    let goldens = TemporaryDirectory.make().path
    let failure = goldenFailure {
      try GoldenEnvironment.check(suite: "text", goldensDirectory: goldens, recordMode: .never)
    }
    #expect(failure?.kind == .missing)
    #expect(!BinaryFile.exists(goldens + "/text/VERSIONS"))
  }

  @Test(arguments: [GoldenRecordMode.missing, .never, .failed, .all])
  func theSameVersionsPassWithNotesAndWindowsLineEnds(_ mode: GoldenRecordMode) throws {
    let goldens = TemporaryDirectory.make().path
    try BinaryFile.createDirectories(goldens + "/text")
    let file = "# drawn on the CI machine\r\n  \(GoldenEnvironment.line)\r\nsee README\r\n"
    try BinaryFile.write(Array(file.utf8), to: goldens + "/text/VERSIONS")
    try GoldenEnvironment.check(suite: "text", goldensDirectory: goldens, recordMode: mode)
    #expect(try Self.contents(goldens + "/text/VERSIONS") == file)
  }

  @Test(arguments: [GoldenRecordMode.missing, .never])
  func otherVersionsFailNamingBoth(_ mode: GoldenRecordMode) throws {
    let goldens = TemporaryDirectory.make().path
    try BinaryFile.createDirectories(goldens + "/text")
    try BinaryFile.write(Array((Self.otherLine + "\n").utf8), to: goldens + "/text/VERSIONS")
    let failure = goldenFailure {
      try GoldenEnvironment.check(suite: "text", goldensDirectory: goldens, recordMode: mode)
    }
    #expect(failure?.kind == .environmentDiffers)
    let message = failure?.message ?? ""
    #expect(message.contains("'\(Self.otherLine)'"))
    #expect(message.contains(Renderer.textEngineVersions))
    #expect(message.contains(goldens + "/text/VERSIONS"))
    #expect(message.contains("TRANSIT_RECORD=failed"))
    #expect(try Self.contents(goldens + "/text/VERSIONS") == Self.otherLine + "\n")
  }

  @Test(arguments: [GoldenRecordMode.failed, .all])
  func failedAndAllRewriteOtherVersionsAndFail(_ mode: GoldenRecordMode) throws {
    let goldens = TemporaryDirectory.make().path
    try BinaryFile.createDirectories(goldens + "/text")
    try BinaryFile.write(Array(Self.otherLine.utf8), to: goldens + "/text/VERSIONS")
    let failure = goldenFailure {
      try GoldenEnvironment.check(suite: "text", goldensDirectory: goldens, recordMode: mode)
    }
    #expect(failure?.kind == .rerecorded)
    #expect(failure?.message.contains("'\(Self.otherLine)'") == true)
    #expect(try Self.contents(goldens + "/text/VERSIONS") == GoldenEnvironment.line + "\n")
  }

  @Test func aLineMustMatchWholly() throws {
    // A version that merely starts like this machine's is another version.
    let goldens = TemporaryDirectory.make().path
    try BinaryFile.createDirectories(goldens + "/text")
    try BinaryFile.write(Array((GoldenEnvironment.line + "1").utf8), to: goldens + "/text/VERSIONS")
    let failure = goldenFailure {
      try GoldenEnvironment.check(suite: "text", goldensDirectory: goldens, recordMode: .never)
    }
    #expect(failure?.kind == .environmentDiffers)
  }
}
