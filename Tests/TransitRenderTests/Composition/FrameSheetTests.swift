import Testing
import Transit
import TransitRender
import TransitTestSupport

@Suite struct FrameSheetTests {
  static func frame(_ colour: UInt32, width: Int = 3, height: Int = 2) throws -> Image {
    try Image(
      width: width, height: height, pixels: [UInt32](repeating: colour, count: width * height))
  }

  @Test func stripWithPaddingAndBackground() throws {
    let frames = try [Self.frame(0xFFFF_0000), Self.frame(0xFF00_FF00)]
    let strip = try FrameSheet.strip(frames, padding: 1, background: .white)
    #expect(strip.width == 3 * 2 + 3 && strip.height == 2 + 2)
    #expect(strip[0, 0] == 0xFFFF_FFFF)
    #expect(strip[1, 1] == 0xFFFF_0000 && strip[3, 2] == 0xFFFF_0000)
    #expect(strip[4, 1] == 0xFFFF_FFFF)
    #expect(strip[5, 1] == 0xFF00_FF00)
  }

  @Test func gridFillsRowsLeftToRight() throws {
    let frames = try (0..<5).map { try Self.frame(0xFF00_0000 | UInt32($0)) }
    let grid = try FrameSheet.grid(frames, columns: 2)
    #expect(grid.width == 6 && grid.height == 6)
    #expect(grid[0, 0] == 0xFF00_0000 && grid[3, 0] == 0xFF00_0001 && grid[0, 4] == 0xFF00_0004)
    #expect(grid[3, 4] == 0)  // the empty cell stays transparent
  }

  /// The layout's bands split the sheet's rows, its cells split the frames,
  /// and every cell lies inside its band and the sheet (seeded, random sizes).
  @Test func layoutBandsPartitionTheSheet() throws {
    let seed = SplitMix64.seed(fallback: 0xBA7C_0003)
    var rng = SplitMix64(seed: seed)
    for _ in 0..<500 {
      let cellWidth = Int.random(in: 1...3_000, using: &rng)
      let cellHeight = Int.random(in: 1...300, using: &rng)
      let count = Int.random(in: 1...80, using: &rng)
      let padding = Int.random(in: 0...5, using: &rng)
      let columns = Bool.random(using: &rng) ? nil : Int.random(in: 1...12, using: &rng)
      guard
        let layout = try? FrameSheet.Layout(
          cellWidth: cellWidth, cellHeight: cellHeight, count: count, columns: columns,
          padding: padding)
      else { continue }
      let label = "seed \(seed): \(cellWidth)×\(cellHeight) ×\(count) columns \(columns ?? -1)"
      #expect(layout.width <= Image.maximumSide && layout.height <= Image.maximumSide, "\(label)")
      var row = 0
      var cell = 0
      for band in 0..<layout.rows {
        let rows = layout.bandRows(band)
        #expect(rows.lowerBound == row, "\(label)")
        row = rows.upperBound
        let cells = layout.cells(inBand: band)
        #expect(cells.lowerBound == cell, "\(label)")
        cell = cells.upperBound
        for index in cells {
          let (x, y) = layout.origin(ofCell: index)
          #expect(x + cellWidth + padding <= layout.width, "\(label)")
          #expect(y >= rows.lowerBound && y + cellHeight <= rows.upperBound, "\(label)")
        }
      }
      #expect(row == layout.height && cell == count, "\(label)")
    }
  }

  @Test func rowTitlesSitAboveTheirRowsAndUnusedCellsKeepTheBackground() throws {
    let frames = try (0..<3).map { _ in try Self.frame(0xFF00_00FF, width: 40, height: 10) }
    let background = Color(red: 0.2, green: 0.2, blue: 0.2)
    let grid = try FrameSheet.grid(
      frames, columns: 2, padding: 2, background: background, rowTitles: ["One", "Two"])
    let band = FrameSheet.rowTitleHeight
    #expect(grid.width == 2 * 40 + 3 * 2)
    #expect(grid.height == 2 * (10 + band) + 3 * 2)
    // Each row: a band with light text, then the frames.
    for row in 0..<2 {
      let top = 2 + row * (10 + band + 2)
      let bandPixels = (top..<top + band).flatMap { y in (2..<82).map { grid[$0, y] } }
      #expect(bandPixels.contains { ($0 >> 16) & 0xFF > 0xA0 }, "row \(row) has no title text")
      #expect(grid[2, top + band] == 0xFF00_00FF)
    }
    // The fourth cell has no frame: it is the background, like the padding.
    let empty = grid[2 + 40 + 2 + 5, 2 + (10 + band + 2) + band + 5]
    #expect(empty == background.premultipliedARGB32)
    #expect(grid[0, 0] == background.premultipliedARGB32)
  }

  @Test func stripWrapsPastCairosLimitIntoEvenRows() throws {
    // 40 frames of 1,000 pixels would be 40,000 wide: 32 fit in a row, so
    // two rows of 20.
    let frames = try (0..<40).map {
      try Self.frame(0xFF00_0000 | UInt32($0), width: 1_000, height: 2)
    }
    let strip = try FrameSheet.strip(frames)
    #expect(strip.width == 20_000 && strip.height == 4)
    #expect(strip[19_999, 0] == 0xFF00_0013)
    #expect(strip[0, 2] == 0xFF00_0014)
    #expect(strip[19_999, 2] == 0xFF00_0027)
  }

  @Test func oversizedAndEmptySheetsThrow() throws {
    let wide = try Self.frame(0xFF00_0000, width: 20_000, height: 20_000)
    #expect(throws: RenderError.self) { try FrameSheet.grid([wide, wide], columns: 2) }
    #expect(throws: RenderError.self) { try FrameSheet.strip([wide, wide]) }
    #expect(throws: RenderError.self) { try FrameSheet.strip([]) }
    #expect(throws: RenderError.self) { try FrameSheet.grid([wide], columns: 0) }
    #expect(throws: RenderError.self) { try FrameSheet.strip([wide], padding: -1) }
  }

  @Test func renderSheetFromAClosure() throws {
    let renderer = Renderer()
    let sheet = try renderer.renderSheet(count: 3, padding: 2, background: .white) { index in
      Scene(
        size: Size(width: 10, height: 10),
        views: [
          View(
            id: "v", frame: Rect(x: Double(index * 3), y: 0, width: 4, height: 10),
            backgroundColor: .black)
        ])
    }
    #expect(sheet.width == 3 * 10 + 4 * 2 && sheet.height == 14)
    #expect(sheet[2, 5] == 0xFF00_0000 && sheet[2 + 12 + 3, 5] == 0xFF00_0000)
    #expect(throws: RenderError.self) {
      try renderer.renderSheet(count: 0) { _ in Scene(size: Size(width: 1, height: 1)) }
    }
  }
}
