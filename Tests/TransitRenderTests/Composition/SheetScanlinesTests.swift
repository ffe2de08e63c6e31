import Testing
import Transit
import TransitTestSupport

@testable import TransitRender

/// A sheet's scanlines put together band by band from frames filtered one at
/// a time, against the simple model: the whole sheet laid out as pixels
/// (`FrameSheet.grid`, empty cells in their colour), each row SUB-filtered by
/// the Swift model of the filter. Seeded random layouts, frames smaller
/// than their cells, RGB and RGBA, cells placed in random order (as threads
/// finish them), so that a block written past its end or joined to the
/// wrong neighbour shows.
@Suite struct SheetScanlinesTests {
  static func randomColour(opaque: Bool, _ rng: inout SplitMix64) -> Color {
    let alpha =
      opaque ? 1 : [0, 1, Double.random(in: 0.05...0.95, using: &rng)].randomElement(using: &rng)!
    return Color(
      red: Double.random(in: 0...1, using: &rng), green: Double.random(in: 0...1, using: &rng),
      blue: Double.random(in: 0...1, using: &rng), alpha: alpha)
  }

  /// The model's scanlines of the sheet.
  static func model(
    _ frames: [Image], _ layout: FrameSheet.Layout, background: Color, empty: Color,
    hasAlpha: Bool
  ) throws -> [UInt8] {
    var sheet = try FrameSheet.grid(
      frames, columns: layout.columns, padding: layout.padding, background: background)
    // Cells after the last frame take `empty`, the smaller frames' rest the background.
    try sheet.withUnsafeMutablePixels { pixels in
      for index in frames.count..<(layout.rows * layout.columns)
      where layout.origin(ofCell: index).x < layout.width {
        layout.fillCell(index, with: empty.premultipliedARGB32, in: pixels.baseAddress!)
      }
    }
    var bytes: [UInt8] = []
    for y in 0..<sheet.height {
      let row = Array(sheet.pixels[(y * sheet.width)..<((y + 1) * sheet.width)])
      bytes += DeflateSegmentTests.modelRow(row, hasAlpha: hasAlpha)
    }
    return bytes
  }

  @Test func bandsEqualTheModel() async {
    await seededPropertyCheck(count: 120, base: 0x5EED_5C41) { seed in
      var rng = SplitMix64(seed: seed)
      try Self.check(&rng, seed: seed)
    }
  }

  /// One random sheet: its bands put together in random order against the model.
  static func check(_ rng: inout SplitMix64, seed: UInt64) throws {
    let hasAlpha = Bool.random(using: &rng)
    let (cellWidth, cellHeight) = (
      Int.random(in: 1...40, using: &rng), Int.random(in: 1...9, using: &rng)
    )
    let count = Int.random(in: 1...13, using: &rng)
    let columns = Bool.random(using: &rng) ? nil : Int.random(in: 1...5, using: &rng)
    let padding = Int.random(in: 0...3, using: &rng)
    let layout = try FrameSheet.Layout(
      cellWidth: cellWidth, cellHeight: cellHeight, count: count, columns: columns,
      padding: padding)
    let frames = try (0..<count).map { index throws -> Image in
      // The first frame is whole, so that the cells keep their size.
      let smaller = index > 0 && Int.random(in: 0..<4, using: &rng) == 0
      let width = smaller ? Int.random(in: 1...cellWidth, using: &rng) : cellWidth
      let height = smaller ? Int.random(in: 1...cellHeight, using: &rng) : cellHeight
      return try Image(
        width: width, height: height,
        pixels: DeflateSegmentTests.randomPixels(width * height, opaque: !hasAlpha, &rng))
    }
    let background = Self.randomColour(opaque: !hasAlpha, &rng)
    let empty = Self.randomColour(opaque: !hasAlpha, &rng)
    let label =
      "seed \(seed): \(cellWidth)×\(cellHeight) ×\(count), columns \(layout.columns), padding \(padding), alpha \(hasAlpha)"

    let scanlines = SheetScanlines(layout: layout, hasAlpha: hasAlpha)
    var bytes: [UInt8] = []
    for band in 0..<layout.rows {
      #expect(scanlines.begin(band: band, background: background, empty: empty), "\(label)")
      for index in layout.cells(inBand: band).shuffled(using: &rng) {
        #expect(scanlines.place(frames[index], inCell: index), "\(label)")
      }
      scanlines.join()
      #expect(scanlines.byteCount == scanlines.rowBytes * layout.bandRows(band).count)
      bytes += UnsafeBufferPointer(start: scanlines.bytes, count: scanlines.byteCount)
    }
    let expected = try Self.model(
      frames, layout, background: background, empty: empty, hasAlpha: hasAlpha)
    let first = zip(bytes, expected).enumerated().first { $1.0 != $1.1 }?.offset
    #expect(
      bytes.count == expected.count && first == nil,
      "\(label): \(bytes.count) bytes for \(expected.count), first difference at \(first ?? -1)")
  }

  /// RGB scanlines report a translucent frame, padding or empty cell, which
  /// the pipeline answers by starting again as RGBA.
  @Test func rgbRefusesTranslucentPixels() throws {
    let layout = try FrameSheet.Layout(
      cellWidth: 4, cellHeight: 2, count: 3, columns: 2, padding: 1)
    let opaque = try Image(
      width: 4, height: 2, pixels: [UInt32](repeating: 0xFF10_2030, count: 8))
    let translucent = try Image(
      width: 4, height: 2, pixels: [0x8010_1010] + [UInt32](repeating: 0xFF10_2030, count: 7))
    let scanlines = SheetScanlines(layout: layout, hasAlpha: false)
    #expect(scanlines.begin(band: 0, background: .white, empty: .white))
    #expect(scanlines.place(opaque, inCell: 0))
    #expect(!scanlines.place(translucent, inCell: 1))
    #expect(!scanlines.begin(band: 0, background: .clear, empty: .white))
    #expect(!scanlines.begin(band: 1, background: .white, empty: .clear))
    // A frame smaller than its cell needs the background beside it.
    #expect(scanlines.begin(band: 1, background: .white, empty: .white))
    let small = try Image(width: 2, height: 1, pixels: [0xFF00_0000, 0xFF00_0000])
    #expect(scanlines.place(small, inCell: 2))
    let clear = SheetScanlines(layout: layout, hasAlpha: false)
    #expect(!clear.begin(band: 1, background: .clear, empty: .white))
  }
}
