import Testing
import TransitRender
import TransitTestSupport

@Suite struct APNGEncoderTests {
  static func frames() throws -> [Image] {
    try [0xFFFF_0000, 0xFF00_FF00, 0xFF00_00FF].map { (colour: UInt32) in
      try Image(width: 8, height: 4, pixels: [UInt32](repeating: colour, count: 32))
    }
  }

  @Test func structure() throws {
    let png = try APNGEncoder.encode(
      Self.frames(), delay: FrameDelay(numerator: 1, denominator: 60), loopCount: 3)
    let chunks = try PNGChunks.parse(png)
    #expect(
      chunks.map(\.type) == [
        "IHDR", "acTL", "fcTL", "IDAT", "fcTL", "fdAT", "fcTL", "fdAT", "IEND",
      ]
    )
    let actl = chunks[1].data
    #expect(PNGChunks.bigEndian32(actl, 0) == 3)  // frames
    #expect(PNGChunks.bigEndian32(actl, 4) == 3)  // plays
    // Sequence numbers run over fcTL and fdAT together: 0, 1, 2, 3, 4.
    let sequence = chunks.filter { $0.type == "fcTL" || $0.type == "fdAT" }.map {
      PNGChunks.bigEndian32($0.data, 0)
    }
    #expect(sequence == [0, 1, 2, 3, 4])
    let fctl = chunks[2].data
    #expect(fctl.count == 26)
    #expect(PNGChunks.bigEndian32(fctl, 4) == 8 && PNGChunks.bigEndian32(fctl, 8) == 4)
    #expect(fctl[20] == 0 && fctl[21] == 1 && fctl[22] == 0 && fctl[23] == 60)
    // The default image is the first frame, readable by any PNG decoder.
    #expect(try PNGDecoder.decode(png) == Self.frames()[0])
  }

  @Test(
    "pieces are the file encode makes: head, one per frame, end; written to a file as they come")
  func piecesMakeTheSameFile() throws {
    let delay = FrameDelay(numerator: 1, denominator: 25)
    let frames = try Self.frames().map {
      try APNGEncoder.compress(.init(image: $0, delay: delay), hasAlpha: nil)
    }
    let pieces = Array(try APNGEncoder.pieces(frames, loopCount: 2))
    #expect(pieces.count == frames.count + 2)
    let whole = try APNGEncoder.encode(frames, loopCount: 2)
    #expect(Array(pieces.joined()) == whole)
    // Each frame's piece is its fcTL chunk and its data chunk, nothing else.
    let types = try pieces.dropFirst().dropLast().map {
      try PNGChunks.parse(PNGChunks.signature + $0).map(\.type)
    }
    #expect(types == [["fcTL", "IDAT"], ["fcTL", "fdAT"], ["fcTL", "fdAT"]])
    let path = TemporaryDirectory.make().path + "/pieces.png"
    let file = try StagedFile(for: path)
    try file.write(pieces: try APNGEncoder.pieces(frames, loopCount: 2))
    try file.moveIntoPlace()
    #expect(try BinaryFile.read(path) == whole)
    // Bad input is refused before the first piece.
    #expect(throws: RenderError.self) { try APNGEncoder.pieces([], loopCount: 0) }
  }

  @Test func defaultLoopsForeverWithPerFrameDelays() throws {
    let images = try Self.frames()
    let png = try APNGEncoder.encode([
      .init(image: images[0], delay: FrameDelay(numerator: 1, denominator: 2)),
      .init(image: images[1], delay: FrameDelay(numerator: 1001, denominator: 30_000)),
    ])
    let chunks = try PNGChunks.parse(png)
    #expect(PNGChunks.bigEndian32(chunks[1].data, 4) == 0)
    let delays = chunks.filter { $0.type == "fcTL" }.map { ($0.data[20...23]).map { $0 } }
    #expect(delays == [[0, 1, 0, 2], [0x03, 0xE9, 0x75, 0x30]])
  }

  @Test func rejectsBadInput() throws {
    let images = try Self.frames()
    let odd = try Image(width: 3, height: 3)
    let delay = FrameDelay(framesPerSecond: 30)
    #expect(throws: RenderError.self) { try APNGEncoder.encode([Image](), delay: delay) }
    #expect(throws: RenderError.self) { try APNGEncoder.encode(images + [odd], delay: delay) }
    #expect(throws: RenderError.self) {
      try APNGEncoder.encode(images, delay: FrameDelay(numerator: 1, denominator: 0))
    }
    #expect(throws: RenderError.self) {
      try APNGEncoder.encode(images, delay: delay, loopCount: -1)
    }
  }
}
