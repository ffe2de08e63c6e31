import Testing
import TransitRender
import TransitTestSupport
import TransitTesting

/// Every record mode, each in its own temporary directory.
@Suite struct GoldenCheckTests {
  static func image(_ colour: UInt32 = 0xFF33_66CC) throws -> Image {
    try Image(width: 6, height: 5, pixels: [UInt32](repeating: colour, count: 30))
  }

  static func check(_ mode: GoldenRecordMode, in directory: String, allowance: Int = 0)
    -> GoldenCheck
  {
    GoldenCheck(
      goldenPath: directory + "/Goldens/suite/card.png",
      artifactsStem: directory + "/artifacts/suite/card", recordMode: mode, allowance: allowance)
  }

  /// The golden failure `body` throws, or `nil` when it passes.
  static func failure(_ body: () throws -> Void) -> GoldenFailure? {
    do {
      try body()
      return nil
    } catch let error as GoldenFailure {
      return error
    } catch {
      Issue.record("unexpected error \(error)")
      return nil
    }
  }

  @Test(arguments: [GoldenRecordMode.missing, .all, .failed])
  func missingGoldenIsRecordedAndFails(_ mode: GoldenRecordMode) throws {
    let directory = TemporaryDirectory.make().path
    let check = Self.check(mode, in: directory)
    let failure = Self.failure { try check.verify(Self.image()) }
    #expect(failure?.kind == .recorded)
    #expect(failure?.message.contains("recorded") == true)
    #expect(try Image(contentsOfPNGFile: check.goldenPath) == Self.image())
  }

  @Test func neverModeDoesNotRecord() throws {
    let directory = TemporaryDirectory.make().path
    let check = Self.check(.never, in: directory)
    let failure = Self.failure { try check.verify(Self.image()) }
    #expect(failure?.kind == .missing)
    #expect(!BinaryFile.exists(check.goldenPath))
  }

  @Test(arguments: [GoldenRecordMode.missing, .failed, .never])
  func matchingGoldenPasses(_ mode: GoldenRecordMode) throws {
    let directory = TemporaryDirectory.make().path
    try BinaryFile.createDirectories(directory + "/Goldens/suite")
    let check = Self.check(mode, in: directory)
    try Self.image().writePNG(to: check.goldenPath)
    try check.verify(Self.image())
    #expect(!BinaryFile.exists(check.actualPath))
  }

  @Test func allModeRewritesAndFails() throws {
    let directory = TemporaryDirectory.make().path
    try BinaryFile.createDirectories(directory + "/Goldens/suite")
    let check = Self.check(.all, in: directory)
    try Self.image().writePNG(to: check.goldenPath)
    let failure = Self.failure {
      try check.verify(Self.image(0xFF00_0000))
    }
    #expect(failure?.kind == .rerecorded)
    #expect(try Image(contentsOfPNGFile: check.goldenPath) == Self.image(0xFF00_0000))
  }

  @Test(arguments: [GoldenRecordMode.missing, .never, .failed])
  func differenceWritesArtifactsAndFails(_ mode: GoldenRecordMode) throws {
    let directory = TemporaryDirectory.make().path
    try BinaryFile.createDirectories(directory + "/Goldens/suite")
    let check = Self.check(mode, in: directory)
    try Self.image().writePNG(to: check.goldenPath)
    var actual = try Self.image()
    actual[2, 2] = 0xFFFF_FFFF
    let failure = Self.failure { try check.verify(actual) }
    #expect(failure?.kind == .differs)
    #expect(failure?.message.contains(check.actualPath) == true)
    #expect(failure?.message.contains(check.diffPath) == true)
    #expect(try Image(contentsOfPNGFile: check.actualPath) == actual)
    #expect(try Image(contentsOfPNGFile: check.diffPath)[2, 2] == 0xFFFF_0000)
    let golden = try Image(contentsOfPNGFile: check.goldenPath)
    #expect(golden == (mode == .failed ? actual : try Self.image()))
  }

  @Test func allowancePermitsSomePixels() throws {
    let directory = TemporaryDirectory.make().path
    try BinaryFile.createDirectories(directory + "/Goldens/suite")
    let check = Self.check(.never, in: directory, allowance: 1)
    try Self.image().writePNG(to: check.goldenPath)
    var actual = try Self.image()
    actual[2, 2] = 0xFFFF_FFFF
    try check.verify(actual)
  }

  @Test func sizeMismatchFailsAtOnceNamingBothSizes() throws {
    let directory = TemporaryDirectory.make().path
    try BinaryFile.createDirectories(directory + "/Goldens/suite")
    let check = Self.check(.never, in: directory)
    try Self.image().writePNG(to: check.goldenPath)
    let failure = Self.failure {
      try check.verify(Image(width: 7, height: 5))
    }
    #expect(failure?.kind == .sizeMismatch)
    #expect(failure?.message.contains("6×5") == true && failure?.message.contains("7×5") == true)
  }

  @Test func assertGoldenUsesTheGivenDirectories() throws {
    let directory = TemporaryDirectory.make().path
    let failure = Self.failure {
      try assertGolden(
        Self.image(), named: "x", suite: "s", goldensDirectory: directory + "/g",
        artifactsDirectory: directory + "/a", recordMode: .missing)
    }
    #expect(failure?.kind == .recorded)
    #expect(BinaryFile.exists(directory + "/g/s/x.png"))
    try assertGolden(
      Self.image(), named: "x", suite: "s", goldensDirectory: directory + "/g",
      artifactsDirectory: directory + "/a", recordMode: .never)
  }

  @Test func packageRootIsFoundFromThisFile() throws {
    let root = try PackageRoot.containing(#filePath)
    #expect(BinaryFile.exists(root + "/Package.swift"))
    #expect(#filePath.hasPrefix(root + "/Tests/"))
  }
}
