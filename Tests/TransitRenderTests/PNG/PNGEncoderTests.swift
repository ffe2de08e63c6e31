import Testing
import TransitRender
import TransitTestSupport

@Suite struct PNGEncoderTests {
  /// A deterministic image with every alpha from 0 to 255 and colours that
  /// respect premultiplication (each channel ≤ alpha).
  static func translucent(width: Int = 37, height: Int = 23) throws -> Image {
    var image = try Image(width: width, height: height)
    var seed: UInt32 = 12_345
    for y in 0..<height {
      for x in 0..<width {
        seed = seed &* 1_103_515_245 &+ 12_345
        let a = UInt32((x * 7 + y * 13) % 256)
        let r = a == 0 ? 0 : (seed >> 8) % (a + 1)
        let g = a == 0 ? 0 : (seed >> 16) % (a + 1)
        let b = a == 0 ? 0 : (seed >> 4) % (a + 1)
        image[x, y] = a << 24 | r << 16 | g << 8 | b
      }
    }
    return image
  }

  static func opaque(width: Int = 41, height: Int = 19) throws -> Image {
    var image = try Image(width: width, height: height)
    for y in 0..<height {
      for x in 0..<width {
        image[x, y] =
          0xFF00_0000 | UInt32(x * 6) << 16 | UInt32(y * 13) << 8 | UInt32((x ^ y) & 0xFF)
      }
    }
    return image
  }

  /// Colour type byte of the IHDR chunk.
  static func colourType(_ png: [UInt8]) -> UInt8 { png[25] }

  @Test func opaqueRoundTripUsesRGB() throws {
    let image = try Self.opaque()
    let png = try PNGEncoder.encode(image)
    #expect(Self.colourType(png) == 2)
    #expect(try PNGDecoder.decode(png) == image)
  }

  @Test func translucentRoundTripUsesRGBA() throws {
    let image = try Self.translucent()
    let png = try PNGEncoder.encode(image)
    #expect(Self.colourType(png) == 6)
    #expect(try PNGDecoder.decode(png) == image)
  }

  @Test(arguments: PNGCompression.allCases)
  func everyLevelRoundTrips(_ compression: PNGCompression) throws {
    for image in [try Self.translucent(), try Self.opaque()] {
      #expect(try PNGDecoder.decode(PNGEncoder.encode(image, compression: compression)) == image)
    }
  }

  /// The levels mean what they say on a rendered-looking picture: each one
  /// gives a file no larger than the one before.
  @Test func smallerLevelsGiveSmallerFiles() throws {
    var image = try Image(
      width: 300, height: 200, pixels: .init(repeating: 0xFFE6_3333, count: 60_000))
    for y in 0..<200 where (y / 20) % 2 == 1 {
      for x in 30..<270 { image[x, y] = 0xFF1A_CCCC &+ UInt32(x % 7) }
    }
    let sizes = try PNGCompression.allCases.map {
      try PNGEncoder.encode(image, compression: $0).count
    }
    #expect(sizes[1] < sizes[0], "\(sizes)")
    #expect(sizes[2] <= sizes[1], "\(sizes)")
  }

  @Test func sameImageSameBytes() throws {
    let image = try Self.translucent()
    #expect(try PNGEncoder.encode(image) == PNGEncoder.encode(image))
  }

  @Test func largeFrameRoundTripsAndWritesToDisk() throws {
    // Larger than the encoder's batch of rows and its 64 kB output buffer.
    let image = try Self.translucent(width: 700, height: 300)
    let directory = TemporaryDirectory.make().path
    try image.writePNG(to: directory + "/big.png")
    #expect(try Image(contentsOfPNGFile: directory + "/big.png") == image)
  }

  @Test func encodingIsSafeFromManyThreads() async throws {
    let image = try Self.translucent(width: 200, height: 100)
    let expected = try PNGEncoder.encode(image)
    try await withThrowingTaskGroup(of: [UInt8].self) { group in
      for _ in 0..<8 { group.addTask { try PNGEncoder.encode(image) } }
      for try await bytes in group { #expect(bytes == expected) }
    }
  }
}
