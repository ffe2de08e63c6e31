extension FrameSheet {
  /// Where each frame goes on a sheet, worked out from the cell size alone so
  /// that a sheet can be drawn and compressed a band at a time, without
  /// holding every frame: `animrender` streams strips and grids this way.
  ///
  /// A *band* is one row of cells with the padding above it; the last band
  /// also takes the padding below. Bands split the sheet's rows exactly, so
  /// each can be filtered (see `StreamedPNG`) and deflated in pieces of
  /// the PNG's stream once its frames are in place.
  ///
  /// ```swift
  /// let layout = try FrameSheet.Layout(
  ///   cellWidth: 1280, cellHeight: 720, count: 60, columns: nil, padding: 0)
  /// layout.columns  // 20: 25 fit in Cairo's 32,767 pixels, so three rows of 20
  /// layout.bandRows(1)  // 720..<1440
  /// ```
  package struct Layout: Sendable, Equatable {
    /// Each cell's size: the largest frame's.
    package let cellWidth: Int, cellHeight: Int
    /// The number of frames.
    package let count: Int
    /// Cells per row, and rows of cells.
    package let columns: Int, rows: Int
    /// The columns that hold a frame: `columns`, or `count` when fewer (a
    /// grid's `--columns` may be more than its frames).
    package var usedColumns: Int { min(columns, count) }
    /// Pixels between and around cells.
    package let padding: Int
    /// The sheet's size in pixels.
    package let width: Int, height: Int

    /// Lays out `count` cells in rows of `columns`, or as a strip (one row,
    /// or even rows within Cairo's limit: `FrameSheet/stripColumns(count:cellWidth:padding:)`)
    /// when `columns` is `nil`.
    ///
    /// - Throws: ``RenderError`` when `count` or `columns` is below 1, the
    ///   padding is outside 0…32767, a cell is empty, or the sheet would
    ///   have a side beyond 32,767 pixels.
    package init(
      cellWidth: Int, cellHeight: Int, count: Int, columns requested: Int?, padding: Int
    )
      throws(RenderError)
    {
      guard count >= 1 else { throw RenderError.noFrames("a frame sheet") }
      guard padding >= 0, padding <= Image.maximumSide else {
        throw RenderError.paddingOutOfRange(padding)
      }
      try Image.validate(width: cellWidth, height: cellHeight, what: "frame sheet cell")
      let columns: Int
      if let given = requested {
        columns = given
      } else {
        columns = try FrameSheet.stripColumns(count: count, cellWidth: cellWidth, padding: padding)
      }
      guard columns >= 1 else {
        throw RenderError.tooFewColumns(columns)
      }
      let usedColumns = min(columns, count)
      // count / columns rounded up, without count + columns − 1 overflowing.
      let rows = count / columns + (count % columns == 0 ? 0 : 1)
      // Checked in steps so that absurd inputs cannot overflow.
      let (width, height) = (
        usedColumns.multipliedReportingOverflow(by: cellWidth + padding),
        rows.multipliedReportingOverflow(by: cellHeight + padding)
      )
      guard !width.overflow, !height.overflow else {
        throw RenderError("a frame sheet of \(count) cells is too large")
      }
      try Image.validate(
        width: width.partialValue + padding, height: height.partialValue + padding,
        what: "frame sheet")
      (self.cellWidth, self.cellHeight, self.count) = (cellWidth, cellHeight, count)
      (self.columns, self.rows, self.padding) = (columns, rows, padding)
      (self.width, self.height) = (width.partialValue + padding, height.partialValue + padding)
    }

    /// The top-left pixel of cell `index`.
    package func origin(ofCell index: Int) -> (x: Int, y: Int) {
      (
        padding + (index % columns) * (cellWidth + padding),
        padding + (index / columns) * (cellHeight + padding)
      )
    }

    /// The sheet rows of band `band` (`0..<rows`).
    package func bandRows(_ band: Int) -> Range<Int> {
      let top = band * (cellHeight + padding)
      return top..<(band == rows - 1 ? height : top + cellHeight + padding)
    }

    /// The frames whose cells lie in band `band`.
    package func cells(inBand band: Int) -> Range<Int> {
      (band * columns)..<min(count, (band + 1) * columns)
    }

    /// Whether some cells of the last row hold no frame.
    package var hasEmptyCells: Bool { rows * columns > count && rows > 1 }
  }
}
