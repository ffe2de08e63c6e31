import Testing
import TransitRender
import TransitTestSupport

/// The decoder on every PNG kind, using fixtures written by a small Python
/// script (zlib + struct, independent of this encoder): 5×3 images whose
/// samples follow simple formulas, so the expected pixels are computed here.
@Suite struct PNGDecoderTests {
  static func premultiplied(_ r: UInt32, _ g: UInt32, _ b: UInt32, _ a: UInt32) -> UInt32 {
    func mul(_ c: UInt32) -> UInt32 { (c * a + 127) / 255 }
    return a << 24 | mul(r) << 16 | mul(g) << 8 | mul(b)
  }
  static func grey(_ x: Int, _ y: Int) -> UInt32 { UInt32(x * 60 + y * 5) }
  static func alpha(_ y: Int) -> UInt32 { [0, 128, 255][y % 3] }

  static func expect(_ name: String, _ pixel: (Int, Int) -> UInt32) throws {
    let image = try PNGDecoder.decode(contentsOf: PNGFixtures.path(name))
    #expect(image.width == 5 && image.height == 3)
    for y in 0..<3 {
      for x in 0..<5 {
        let expected = pixel(x, y)
        let actual = image[x, y]
        #expect(
          close(actual, expected),
          "\(name) at (\(x), \(y)): expected \(hex(expected)), got \(hex(actual))")
      }
    }
  }

  /// Equal up to one step per channel: rounding of premultiplication.
  static func close(_ actual: UInt32, _ expected: UInt32) -> Bool {
    (0..<4).allSatisfy { channel in
      let e = Int((expected >> (channel * 8)) & 0xFF)
      let a = Int((actual >> (channel * 8)) & 0xFF)
      return abs(e - a) <= 1
    }
  }

  static func hex(_ value: UInt32) -> String { String(value, radix: 16) }

  @Test(arguments: ["grey8.png", "grey16.png"])
  func grey(_ name: String) throws {
    try Self.expect(name) { x, y in
      let v = Self.grey(x, y)
      return Self.premultiplied(v, v, v, 255)
    }
  }

  @Test(arguments: ["grey-alpha8.png", "grey-alpha16.png"])
  func greyAlpha(_ name: String) throws {
    try Self.expect(name) { x, y in
      let v = Self.grey(x, y)
      return Self.premultiplied(v, v, v, Self.alpha(y))
    }
  }

  @Test(arguments: ["rgb8.png", "rgb16.png"])
  func rgb(_ name: String) throws {
    try Self.expect(name) { x, y in Self.premultiplied(UInt32(x * 60), UInt32(y * 100), 200, 255) }
    #expect(try PNGDecoder.decode(contentsOf: PNGFixtures.path(name)).isOpaque)
  }

  @Test(arguments: ["rgba8.png", "rgba16.png"])
  func rgba(_ name: String) throws {
    try Self.expect(name) { x, y in
      Self.premultiplied(UInt32(x * 60), UInt32(y * 100), 200, Self.alpha(y))
    }
  }

  @Test func paletteWithTransparency() throws {
    let palette: [(UInt32, UInt32, UInt32, UInt32)] = [
      (255, 0, 0, 0), (0, 255, 0, 128), (0, 0, 255, 255), (255, 255, 255, 255),
    ]
    try Self.expect("palette-trns.png") { x, y in
      let (r, g, b, a) = palette[(x + y) % 4]
      return Self.premultiplied(r, g, b, a)
    }
  }

  @Test func opaquePaletteReadsOpaque() throws {
    let image = try PNGDecoder.decode(contentsOf: PNGFixtures.path("palette.png"))
    #expect(image.isOpaque)
    #expect(image[0, 0] == 0xFFFF_0000)
  }

  @Test func interlaced() throws {
    let image = try PNGDecoder.decode(contentsOf: PNGFixtures.path("rgba8-interlaced.png"))
    #expect(image.width == 9 && image.height == 9)
    for y in 0..<9 {
      for x in 0..<9 {
        let a: UInt32 = [0, 128, 255][(x + y) % 3]
        let expected = Self.premultiplied(UInt32(x * 25), UInt32(y * 25), 200, a)
        #expect(Self.close(image[x, y], expected), "(\(x), \(y))")
      }
    }
  }

  @Test(arguments: ["truncated.png", "corrupt-crc.png", "not-a-png.png"])
  func brokenFilesThrow(_ name: String) {
    #expect(throws: RenderError.self) {
      try PNGDecoder.decode(contentsOf: PNGFixtures.path(name))
    }
  }

  /// The tests' own chunk reader (`PNGChunks`, which other tests use to
  /// look inside what the encoders write) agrees with libpng on which
  /// files are broken: a reader that skipped the CRC would read garbage as
  /// chunks.
  @Test(arguments: [
    ("rgba8.png", true), ("palette-trns.png", true), ("rgba8-interlaced.png", true),
    ("truncated.png", false), ("corrupt-crc.png", false), ("not-a-png.png", false),
  ])
  func theTestsChunkReaderAgrees(_ name: String, _ wellFormed: Bool) throws {
    let chunks = try? PNGChunks.parse(BinaryFile.read(PNGFixtures.path(name)))
    #expect((chunks != nil) == wellFormed, "\(name)")
    if let chunks { #expect(chunks.first?.type == "IHDR" && chunks.last?.type == "IEND") }
  }

  /// Every cut into the signature, header or image data throws. A cut
  /// inside the final IEND chunk loses no pixels; libpng, like browsers,
  /// then returns the whole image, which must be the right one.
  @Test func everyTruncationThrowsAndNeverCrashes() throws {
    let bytes = try BinaryFile.read(PNGFixtures.path("rgba8-interlaced.png"))
    let complete = try PNGDecoder.decode(bytes)
    let iend = bytes.count - 12
    for length in 0..<bytes.count {
      let cut = Array(bytes[0..<length])
      if length < iend {
        #expect(throws: RenderError.self, "cut at \(length)") { try PNGDecoder.decode(cut) }
      } else if let image = try? PNGDecoder.decode(cut) {
        #expect(image == complete)
      }
    }
  }

  @Test func missingFileNamesThePath() {
    do {
      _ = try PNGDecoder.decode(contentsOf: "/nonexistent/dir/x.png")
      Issue.record("expected an error")
    } catch {
      #expect(error.message.contains("/nonexistent/dir/x.png"))
    }
  }
}
