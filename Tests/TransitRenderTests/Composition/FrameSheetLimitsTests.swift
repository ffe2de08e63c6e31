import Testing
import TransitRender

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
    #expect(try FrameSheet.stripColumns(count: 1_000, cellWidth: 100, padding: 0) == 327)
    #expect(throws: RenderError.self) {
      try FrameSheet.stripColumns(count: 2, cellWidth: 30_000, padding: 4_096)
    }
  }
}
