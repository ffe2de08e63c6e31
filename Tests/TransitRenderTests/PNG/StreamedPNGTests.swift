import Synchronization
import Testing
import Transit
import TransitRender
import TransitTestSupport

@Suite struct StreamedPNGTests {
  /// Frames of `width`×`height`, opaque but for those in `translucent`.
  static func frames(
    _ count: Int, width: Int, height: Int, translucent: Set<Int>, seed: UInt64
  ) throws -> [Image] {
    var rng = SplitMix64(seed: seed)
    return try (0..<count).map { index in
      try Image(
        width: width, height: height,
        pixels: DeflateSegmentTests.randomPixels(
          width * height, opaque: !translucent.contains(index), &rng))
    }
  }

  /// What the encoder asked to draw: each call's indices and whether they
  /// were asked for again.
  final class Requests: Sendable {
    let calls = Mutex<[([Int], Bool)]>([])
  }

  /// A `Draw` that hands over `images` in reverse order, recording the calls.
  static func draw(_ images: [Image], _ requests: Requests) -> StreamedPNG.Draw {
    { indices, again, frame in
      requests.calls.withLock { $0.append((indices, again)) }
      for index in indices.reversed() { try frame(index, images[index]) }
    }
  }

  @Test("an animation whose third frame is translucent: the RGB frames asked again, as RGBA")
  func animationRedoesTheRGBFrames() throws {
    let images = try Self.frames(5, width: 6, height: 4, translucent: [2], seed: 7)
    let delays = (1...5).map { FrameDelay(numerator: UInt16($0), denominator: 30) }
    let requests = Requests()
    let kept = Mutex<[Int]>([])
    let png = StreamedPNG(.animation(delays: delays, loopCount: 2))
    #expect(png.frameCount == 5)
    // Handed over last to first: frames 4 and 3 are RGB before frame 2.
    let pieces = try png.encode(draw: Self.draw(images, requests)) { event in
      if case .frame(let index, _) = event { kept.withLock { $0.append(index) } }
    }
    let whole = try APNGEncoder.encode(
      zip(images, delays).map { APNGEncoder.Frame(image: $0, delay: $1) }, loopCount: 2)
    #expect(Array(pieces.joined()) == whole)
    let calls = requests.calls.withLock { $0 }
    #expect(calls.map(\.0) == [[0, 1, 2, 3, 4], [3, 4]])
    #expect(calls.map(\.1) == [false, true])
    #expect(kept.withLock { $0 } == [4, 3, 2, 1, 0, 4, 3])
  }

  @Test("a grid made a band at a time decodes to the grid drawn whole, opaque or not")
  func sheetMatchesTheWholeSheet() throws {
    for translucent in [Set<Int>(), [3]] {
      let images = try Self.frames(5, width: 7, height: 5, translucent: translucent, seed: 11)
      let layout = try FrameSheet.Layout(
        cellWidth: 7, cellHeight: 5, count: 5, columns: 2, padding: 3)
      let background = Color(red: 0.2, green: 0.4, blue: 0.6)
      let requests = Requests()
      let kept = Mutex<[Int]>([])
      let png = StreamedPNG(
        .sheet(layout, background: background, empty: background), compression: .smallest)
      let bytes = Array(
        try png.encode(draw: Self.draw(images, requests)) { event in
          if case .band(let index, _) = event { kept.withLock { $0.append(index) } }
        }.joined())
      let whole = try FrameSheet.grid(images, columns: 2, padding: 3, background: background)
      #expect(try PNGDecoder.decode(bytes) == PNGDecoder.decode(PNGEncoder.encode(whole)))
      // Colour type: RGB (2) when every frame is opaque, else RGBA (6).
      #expect(bytes[25] == (translucent.isEmpty ? 2 : 6))
      let calls = requests.calls.withLock { $0 }
      if translucent.isEmpty {
        #expect(calls.map(\.0) == [[0, 1], [2, 3], [4]])
        #expect(kept.withLock { $0 } == [0, 1, 2])
      } else {
        // Band 1 finds the translucent frame: the sheet again from band 0.
        #expect(calls.map(\.0) == [[0, 1], [2, 3], [0, 1], [2, 3], [4]])
        #expect(calls.map(\.1) == [false, false, true, true, true])
        #expect(kept.withLock { $0 } == [0, 0, 1, 2])
      }
    }
  }

  @Test func pieceCutsDependOnTheBandAlone() {
    #expect(StreamedPNG.pieceCuts(rows: 10, rowBytes: 100) == [0, 10])
    // 4 MiB a piece: 2,000 rows of 4 KiB make two pieces.
    #expect(StreamedPNG.pieceCuts(rows: 2_000, rowBytes: 4_096) == [0, 1_000, 2_000])
  }
}
