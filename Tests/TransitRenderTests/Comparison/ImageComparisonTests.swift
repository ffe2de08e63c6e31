import Testing
import TransitRender

@Suite struct ImageComparisonTests {
  static func checkerboardEdge() throws -> Image {
    // Left half black, right half white: a hard vertical edge at x = 8.
    var image = try Image(width: 16, height: 16, fill: .white)
    for y in 0..<16 { for x in 0..<8 { image[x, y] = 0xFF00_0000 } }
    return image
  }

  @Test func identicalImagesPass() throws {
    let image = try Self.checkerboardEdge()
    let result = try ImageComparison.compare(image, image)
    #expect(result.differing == 0 && result.antiAliased == 0)
    #expect(result.diffImage.width == 16)
  }

  @Test func onePixelOffIsCountedAndRed() throws {
    let golden = try Self.checkerboardEdge()
    var actual = golden
    actual[12, 4] = 0xFFFF_0000
    let result = try ImageComparison.compare(golden, actual)
    #expect(result.differing == 1)
    #expect(result.diffImage[12, 4] == 0xFFFF_0000)
    // The rest is faded grey: light, opaque, grey.
    let rest = result.diffImage[2, 2]
    #expect(rest >> 24 == 0xFF && (rest >> 16) & 0xFF == rest & 0xFF && rest & 0xFF > 200)
  }

  @Test func smallChangeBelowThresholdPasses() throws {
    let golden = try Self.checkerboardEdge()
    var actual = golden
    actual[12, 4] = 0xFFFE_FEFE
    #expect(try ImageComparison.compare(golden, actual).differing == 0)
    #expect(try ImageComparison.compare(golden, actual, threshold: 0).differing == 1)
  }

  @Test func antiAliasingAloneIsNotCounted() throws {
    // The edge pixels of column 8 turn grey in the actual image, as if the
    // edge were drawn half a pixel further left: anti-aliasing.
    let golden = try Self.checkerboardEdge()
    var actual = golden
    for y in 0..<16 { actual[7, y] = 0xFF80_8080 }
    let result = try ImageComparison.compare(golden, actual)
    #expect(result.differing == 0)
    #expect(result.antiAliased > 0)
    #expect(result.diffImage[7, 8] == 0xFFFF_FF00)
  }

  @Test func sizeMismatchThrowsNamingBothSizes() throws {
    let a = try Image(width: 4, height: 3)
    let b = try Image(width: 3, height: 4)
    do {
      _ = try ImageComparison.compare(a, b)
      Issue.record("expected an error")
    } catch {
      #expect(error.message.contains("4×3") && error.message.contains("3×4"))
    }
  }
}
