import Testing
import TransitRender
import TransitTestSupport

/// Sheet sizes computed with checked arithmetic for any numbers, so callers
/// can check them before drawing.
@Suite struct FrameSheetLimitsTests {
  @Test func hugeColumnCountsAreOneRow() throws {
    let size = try FrameSheet.size(
      count: 3, cellWidth: 20, cellHeight: 10, columns: Int.max, padding: 2)
    #expect(size.width == 3 * 20 + 4 * 2 && size.height == 10 + 2 * 2)
    let frames = try (0..<3).map { _ in try Image(width: 20, height: 10, fill: .white) }
    let grid = try FrameSheet.grid(frames, columns: Int.max, padding: 2)
    #expect(grid.width == size.width && grid.height == size.height)
  }

  /// The model: the obvious formula in arbitrary precision (Double is exact
  /// for these magnitudes), against the checked computation.
  @Test func sizesMatchTheFormulaOrAreRefused() {
    var state: UInt64 = 0x5EED
    func next(_ range: ClosedRange<Int>) -> Int {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return range.lowerBound + Int((state >> 33) % UInt64(range.count))
    }
    for _ in 0..<2_000 {
      let count = next(1...20_000)
      let columns = [1, 2, 7, count, Int.max][next(0...4)]
      let cellWidth = next(1...32_767)
      let cellHeight = next(1...32_767)
      let padding = next(0...4_096)
      let used = Double(min(columns, count))
      let rows = (Double(count) / Double(columns)).rounded(.up)
      let width = used * Double(cellWidth) + (used + 1) * Double(padding)
      let height = rows * Double(cellHeight) + (rows + 1) * Double(padding)
      let fits = width <= 32_767 && height <= 32_767
      let size = try? FrameSheet.size(
        count: count, cellWidth: cellWidth, cellHeight: cellHeight, columns: columns,
        padding: padding)
      #expect((size != nil) == fits, "\(count) \(columns) \(cellWidth) \(cellHeight) \(padding)")
      if let size { #expect(Double(size.width) == width && Double(size.height) == height) }
    }
  }

  @Test func stripColumnsFitOrThrow() throws {
    #expect(try FrameSheet.stripColumns(count: 10, cellWidth: 100, padding: 0) == 10)
    // 327 fit in a row: four rows of 250.
    #expect(try FrameSheet.stripColumns(count: 1_000, cellWidth: 100, padding: 0) == 250)
    // 25 fit: three rows of 20; 26 frames make two of 13, not 25 and 1.
    #expect(try FrameSheet.stripColumns(count: 60, cellWidth: 1_280, padding: 0) == 20)
    #expect(try FrameSheet.stripColumns(count: 26, cellWidth: 1_280, padding: 0) == 13)
    #expect(try FrameSheet.stripColumns(count: 25, cellWidth: 1_280, padding: 0) == 25)
    #expect(throws: RenderError.self) {
      try FrameSheet.stripColumns(count: 2, cellWidth: 30_000, padding: 4_096)
    }
  }

  /// Against the rule itself, for any count, width and padding: as few rows
  /// as fit (the model: rows of as many cells as fit, the last one ragged),
  /// each row within the limit, and the cells spread evenly — one column
  /// fewer would need another row, and the last row lacks fewer cells than
  /// there are rows.
  @Test func stripColumnsAreEvenRowsOfTheFewest() throws {
    let seed = SplitMix64.seed(fallback: 0x5741_9C01)
    var rng = SplitMix64(seed: seed)
    for _ in 0..<2_000 {
      let count = Int.random(in: 1...5_000, using: &rng)
      let cellWidth = Int.random(in: 1...20_000, using: &rng)
      let padding = Int.random(in: 0...64, using: &rng)
      let fitting = (Image.maximumSide - padding) / (cellWidth + padding)
      guard fitting >= 1 else { continue }
      let what = "seed \(seed): \(count) × \(cellWidth) + \(padding)"
      let columns = try FrameSheet.stripColumns(
        count: count, cellWidth: cellWidth, padding: padding)
      let fewestRows = (count + fitting - 1) / fitting
      let rows = (count + columns - 1) / columns
      #expect(rows == fewestRows, "\(what)")
      #expect(columns * (cellWidth + padding) + padding <= Image.maximumSide, "\(what)")
      #expect(columns == 1 || (count + columns - 2) / (columns - 1) > rows, "\(what)")
      #expect(rows * columns - count < rows, "\(what)")
    }
  }
}
