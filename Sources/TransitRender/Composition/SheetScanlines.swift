import CTransitDeflate
import Transit

/// One band of a frame sheet as PNG scanlines, SUB-filtered, put together
/// from frames filtered one at a time, each as soon as it is drawn.
///
/// A sheet's PNG rows run across every cell of a band, so no row can be
/// compressed before the band's last frame is drawn. Keeping the band as
/// pixels and filtering it afterwards would read and write every pixel in
/// main memory several times over (a strip's band can be 32,000 × 720
/// pixels, 92 MB), on fresh pages. Here a frame is filtered
/// into its cell's part of the band's rows while it is still in the cache,
/// exactly as `--layout frames` filters it, and the band holds filtered
/// samples (a quarter smaller for RGB); the padding and the empty cells,
/// one colour each, are written as such without any pixels.
///
/// SUB subtracts each sample's left neighbour, which at a cell's left edge
/// belongs to the cell (or padding) before it, drawn by another thread. So
/// every block is filtered as if a transparent black pixel were on its left
/// (the rule for a row's first pixel) and ``join()`` fixes the first pixel
/// of each block once all are in, from the pixels recorded on their left.
///
/// ```swift
/// let band = SheetScanlines(layout: layout, hasAlpha: false)
/// _ = band.begin(band: 0, background: .white, empty: .white)  // true: white is opaque
/// for index in layout.cells(inBand: 0) { _ = band.place(frames[index], inCell: index) }
/// band.join()
/// // band.bytes, band.byteCount: the band's filtered scanlines, to deflate.
/// ```
///
/// Distinct cells may be placed from different threads at once; everything
/// else happens on one thread, between them.
package final class SheetScanlines: @unchecked Sendable {
  /// Where the cells are.
  package let layout: FrameSheet.Layout
  /// Whether the samples are RGBA (else RGB).
  package let hasAlpha: Bool
  /// Bytes of one scanline: the filter-type byte and the samples.
  package let rowBytes: Int

  private let storage: UnsafeMutablePointer<UInt8>
  /// Each column's last pixel on each cell row of the current band, for
  /// ``join()``: `usedColumns × cellHeight` premultiplied pixels.
  private let rightEdges: UnsafeMutablePointer<UInt32>
  /// `hasAlpha` as the C filters take it.
  private let alpha: Int32
  private var band = 0
  private var background: UInt32 = 0
  private var empty: UInt32 = 0

  /// Room for the largest band of `layout`.
  package init(layout: FrameSheet.Layout, hasAlpha: Bool) {
    self.layout = layout
    self.hasAlpha = hasAlpha
    alpha = hasAlpha ? 1 : 0
    rowBytes = ScanlineFilter.rowByteCount(width: layout.width, hasAlpha: hasAlpha)
    let rows = (0..<layout.rows).map { layout.bandRows($0).count }.max()!
    storage = .allocate(capacity: rowBytes * rows)
    // The columns in use: `layout.columns` may be any number up to Int.max.
    rightEdges = .allocate(capacity: layout.usedColumns * layout.cellHeight)
  }

  deinit {
    storage.deallocate()
    rightEdges.deallocate()
  }

  /// The current band's scanlines.
  package var bytes: UnsafePointer<UInt8> { UnsafePointer(storage) }
  /// How many scanlines the current band has.
  package var rowCount: Int { layout.bandRows(band).count }
  /// How many bytes they are: `rowCount × rowBytes`.
  package var byteCount: Int { rowBytes * rowCount }

  private var bytesPerPixel: Int { hasAlpha ? 4 : 3 }

  /// Starts band `band`: every row's filter-type byte, the padding in
  /// `background` and the cells after the last frame in `empty`
  /// (premultiplied colours). Returns `false` when the scanlines are RGB but
  /// one of those is not opaque.
  package func begin(band: Int, background: Color, empty: Color) -> Bool {
    self.band = band
    self.background = background.premultipliedARGB32
    self.empty = empty.premultipliedARGB32
    let rows = layout.bandRows(band)
    let cellTop = rows.lowerBound + layout.padding
    let padding = paddingRuns()
    // Only the last band of several has cells past the last frame.
    let rowEnd = band * layout.columns + layout.usedColumns
    let emptyLefts = (layout.cells(inBand: band).upperBound..<rowEnd).map {
      layout.origin(ofCell: $0).x
    }
    var opaque = true
    for y in rows {
      let row = storage + (y - rows.lowerBound) * rowBytes
      row[0] = ScanlineFilter.sub
      guard y >= cellTop, y < cellTop + layout.cellHeight else {
        opaque = transit_filter_run(self.background, layout.width, alpha, row + 1) != 0 && opaque
        continue
      }
      for (x, count) in padding {
        opaque =
          transit_filter_run(self.background, count, alpha, row + 1 + x * bytesPerPixel) != 0
          && opaque
      }
      for left in emptyLefts {
        opaque =
          transit_filter_run(
            self.empty, layout.cellWidth, alpha, row + 1 + left * bytesPerPixel) != 0 && opaque
      }
    }
    return opaque
  }

  /// The padding between and around the cells of a row: (first pixel, count).
  private func paddingRuns() -> [(Int, Int)] {
    guard layout.padding > 0 else { return [] }
    return (0...layout.usedColumns).map {
      ($0 * (layout.cellWidth + layout.padding), layout.padding)
    }
  }

  /// Filters `frame` into its cell, in the cell's top-left corner; the rest
  /// of the cell takes the background. Returns `false` when the scanlines
  /// are RGB but a pixel (or the background it needs) is not opaque.
  package func place(_ frame: Image, inCell index: Int) -> Bool {
    let (left, top) = layout.origin(ofCell: index)
    let rows = layout.bandRows(band)
    let column = index % layout.columns
    let edges = rightEdges + column * layout.cellHeight
    let (width, height) = (min(frame.width, layout.cellWidth), min(frame.height, layout.cellHeight))
    let first = storage + (top - rows.lowerBound) * rowBytes + 1 + left * bytesPerPixel
    var opaque = true
    frame.pixels.withUnsafeBufferPointer { pixels in
      let source = pixels.baseAddress!
      opaque =
        transit_filter_block(source, frame.width, width, height, alpha, first, rowBytes) != 0
      for y in 0..<height {
        let last = source[y * frame.width + width - 1]
        guard width < layout.cellWidth else {
          edges[y] = last
          continue
        }
        let rest = first + y * rowBytes + width * bytesPerPixel
        opaque =
          transit_filter_run(background, layout.cellWidth - width, alpha, rest) != 0 && opaque
        transit_filter_join(rest, last, alpha)
        edges[y] = background
      }
    }
    for y in height..<layout.cellHeight {
      opaque =
        transit_filter_run(background, layout.cellWidth, alpha, first + y * rowBytes) != 0
        && opaque
      edges[y] = background
    }
    return opaque
  }

  /// Makes the first pixel of every cell and padding run that has a left
  /// neighbour SUB-filtered against that neighbour; call once every frame of
  /// the band is placed.
  package func join() {
    let rows = layout.bandRows(band)
    let cellTop = rows.lowerBound + layout.padding
    let cells = layout.cells(inBand: band)
    for y in cellTop..<(cellTop + layout.cellHeight) {
      let row = storage + (y - rows.lowerBound) * rowBytes + 1
      let cellRow = y - cellTop
      // What is on a cell's left: the padding, or (without padding) the
      // last pixel of the cell before.
      var before = background
      // Left to right: what ends at x − 1, then what starts at x.
      for column in 0..<layout.usedColumns {
        let index = band * layout.columns + column
        let left = layout.origin(ofCell: index).x
        let last =
          cells.contains(index) ? rightEdges[column * layout.cellHeight + cellRow] : empty
        if left > 0 {
          // The cell's first pixel against what is on its left.
          transit_filter_join(row + left * bytesPerPixel, before, alpha)
        }
        let right = left + layout.cellWidth
        if layout.padding > 0, right < layout.width {
          // The padding after the cell against the cell's last pixel.
          transit_filter_join(row + right * bytesPerPixel, last, alpha)
        }
        if layout.padding == 0 { before = last }
      }
    }
  }
}
