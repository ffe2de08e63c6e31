import Testing
import Transit
import TransitRender
import TransitTestSupport

@testable import TransitTesting

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

  @Test(arguments: [GoldenRecordMode.missing, .all, .failed])
  func missingGoldenIsRecordedAndFails(_ mode: GoldenRecordMode) throws {
    let directory = TemporaryDirectory.make().path
    let check = Self.check(mode, in: directory)
    let failure = goldenFailure { try check.verify(Self.image()) }
    #expect(failure?.kind == .recorded)
    #expect(failure?.message.contains("recorded") == true)
    #expect(try Image(contentsOfPNGFile: check.goldenPath) == Self.image())
  }

  @Test func neverModeDoesNotRecord() throws {
    let directory = TemporaryDirectory.make().path
    let check = Self.check(.never, in: directory)
    let failure = goldenFailure { try check.verify(Self.image()) }
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
    let failure = goldenFailure {
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
    let failure = goldenFailure { try check.verify(actual) }
    #expect(failure?.kind == .differs)
    for path in [check.expectedPath, check.actualPath, check.comparePath] {
      #expect(failure?.message.contains(path) == true, "\(path)")
      #expect(BinaryFile.exists(path), "\(path)")
    }
    #expect(failure?.expectedPath == check.expectedPath)
    #expect(failure?.actualPath == check.actualPath)
    #expect(failure?.comparePath == check.comparePath)
    #expect(check.expectedPath == directory + "/artifacts/suite/card.expected.png")
    #expect(check.comparePath == directory + "/artifacts/suite/card.compare.png")
    // The expected image is the golden as it was, even when `failed`
    // rewrites the golden.
    #expect(try Image(contentsOfPNGFile: check.expectedPath) == Self.image())
    #expect(try Image(contentsOfPNGFile: check.actualPath) == actual)
    let golden = try Image(contentsOfPNGFile: check.goldenPath)
    #expect(golden == (mode == .failed ? actual : try Self.image()))
  }

  /// A 40×30 picture of flat blocks, and the same with `changed` pixels
  /// set to white inside the blocks (where no pixel looks like
  /// anti-aliasing).
  static func blocks(changing changed: [(Int, Int)] = []) throws -> Image {
    var image = try Image(width: 40, height: 30, fill: Color(red: 0.2, green: 0.3, blue: 0.9))
    for y in 10..<30 {
      for x in 20..<40 { image[x, y] = 0xFF33_AA33 }
    }
    for (x, y) in changed { image[x, y] = 0xFFFF_FFFF }
    return image
  }

  @Test func theComparisonShowsExpectedActualAndExactlyTheDifferingPixels() throws {
    let directory = TemporaryDirectory.make().path
    try BinaryFile.createDirectories(directory + "/Goldens/suite")
    let check = Self.check(.never, in: directory)
    let expected = try Self.blocks()
    let changed = [(3, 4), (10, 20), (30, 25), (25, 12)]
    let actual = try Self.blocks(changing: changed)
    #expect(try ImageComparison.compare(expected, actual).antiAliased == 0)
    try expected.writePNG(to: check.goldenPath)
    #expect(goldenFailure { try check.verify(actual) }?.kind == .differs)
    let sheet = try Image(contentsOfPNGFile: check.comparePath)
    let panels = ComparisonSheet.panels(
      expected: expected, actual: actual, comparison: try ImageComparison.compare(expected, actual))
    #expect(
      panels.map(\.title) == [
        "expected (golden) 40×30", "actual 40×30", "difference: 4 pixels",
      ])
    // Three panels 160 pixels wide (widened for their titles), 8 apart and
    // 8 from the edges, each image under a 22-pixel title band.
    #expect(sheet.width == 8 + 3 * (160 + 8) && sheet.height == 8 + 22 + 30 + 8)
    for index in 0..<3 {
      let origin = try ComparisonSheet.imageOrigin(ofPanel: index, in: panels)
      #expect(origin == (8 + index * 168, 30))
    }
    func panel(_ index: Int) throws -> Image {
      let origin = try ComparisonSheet.imageOrigin(ofPanel: index, in: panels)
      var pixels: [UInt32] = []
      for y in 0..<30 {
        for x in 0..<40 { pixels.append(sheet[origin.x + x, origin.y + y]) }
      }
      return try Image(width: 40, height: 30, pixels: pixels)
    }
    #expect(try panel(0) == expected)
    #expect(try panel(1) == actual)
    let difference = try panel(2)
    var red: [Int] = []
    for y in 0..<30 {
      for x in 0..<40 where difference[x, y] == 0xFFFF_0000 { red.append(y * 40 + x) }
    }
    #expect(red == changed.map { $0.1 * 40 + $0.0 }.sorted())
    // Each panel is titled: its band holds ink of the titles' light grey.
    let background = ComparisonSheet.background.premultipliedARGB32
    for index in 0..<3 {
      let left = 8 + index * 168
      let inked = (8..<30).contains { y in
        (left..<left + 160).contains { x in sheet[x, y] != background }
      }
      #expect(inked, "panel \(index) has no title")
    }
    // Nothing but background between the panels.
    for y in 0..<sheet.height {
      #expect(sheet[8 + 160 + 3, y] == background)
    }
  }

  @Test func aSizeMismatchShowsBothImagesSideBySide() throws {
    let directory = TemporaryDirectory.make().path
    try BinaryFile.createDirectories(directory + "/Goldens/suite")
    let check = Self.check(.never, in: directory)
    try Self.image().writePNG(to: check.goldenPath)
    let actual = try Image(width: 7, height: 5, fill: .white)
    let failure = goldenFailure { try check.verify(actual) }
    #expect(failure?.kind == .sizeMismatch)
    for path in [check.expectedPath, check.actualPath, check.comparePath] {
      #expect(failure?.message.contains(path) == true, "\(path)")
    }
    let sheet = try Image(contentsOfPNGFile: check.comparePath)
    #expect(sheet.width == 8 + 2 * (160 + 8) && sheet.height == 8 + 22 + 5 + 8)
    #expect(sheet[8, 30] == 0xFF33_66CC && sheet[8 + 168 + 6, 34] == 0xFFFF_FFFF)
  }

  @Test func aComparisonTooLargeToDrawStillReportsTheDifference() throws {
    // 32,750 pixels tall: the images fit Cairo's 32,767, the titled sheet does not.
    let directory = TemporaryDirectory.make().path
    try BinaryFile.createDirectories(directory + "/Goldens/suite")
    let check = Self.check(.never, in: directory)
    let golden = try Image(width: 1, height: 32_750, fill: .black)
    try golden.writePNG(to: check.goldenPath)
    var actual = golden
    actual[0, 100] = 0xFFFF_FFFF
    let failure = goldenFailure { try check.verify(actual) }
    #expect(failure?.kind == .differs)
    #expect(failure?.message.contains("1 pixels differ") == true)
    #expect(failure?.message.contains("no side-by-side image") == true)
    #expect(failure?.comparePath == nil && !BinaryFile.exists(check.comparePath))
    #expect(try Image(contentsOfPNGFile: check.actualPath) == actual)
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
    let failure = goldenFailure {
      try check.verify(Image(width: 7, height: 5))
    }
    #expect(failure?.kind == .sizeMismatch)
    #expect(failure?.message.contains("6×5") == true && failure?.message.contains("7×5") == true)
  }

  @Test func assertGoldenUsesTheGivenDirectories() throws {
    let directory = TemporaryDirectory.make().path
    let failure = goldenFailure {
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
