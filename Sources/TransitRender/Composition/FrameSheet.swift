import Transit

/// Lays rendered frames side by side (a strip) or in rows and columns (a
/// grid), the pictures `animrender` writes to show a whole transition at
/// once.
///
/// Every cell is as large as the largest frame; a smaller frame sits in its
/// cell's top-left corner. `padding` pixels separate the cells and surround
/// the sheet. Cells and padding start as `background` (transparent by
/// default).
///
/// ```swift
/// let frames = try (0..<8).map { try renderer.render(timeline.sample(frame: $0, of: 8)) }
/// let strip = try FrameSheet.strip(frames, padding: 4, background: .white)
/// ```
///
/// - Complexity: O(*n*) in the number of pixels of the sheet.
public enum FrameSheet {
  /// The frames in one row; when one row would be wider than Cairo's 32,767
  /// pixels, in the fewest rows that fit, with the frames spread evenly over
  /// them (`stripColumns(count:cellWidth:padding:)`).
  ///
  /// - Throws: ``RenderError`` when there are no frames, the padding is
  ///   negative, or even one frame per row, or all the rows, do not fit.
  public static func strip(
    _ frames: [Image], padding: Int = 0, background: Color = .clear
  ) throws(RenderError) -> Image {
    let (cellWidth, _) = try cellSize(frames, padding: padding)
    let columns = try stripColumns(count: frames.count, cellWidth: cellWidth, padding: padding)
    return try grid(frames, columns: columns, padding: padding, background: background)
  }

  /// The columns ``strip(_:padding:background:)`` uses for `count` cells
  /// `cellWidth` pixels wide: all of them when they fit in 32,767 pixels;
  /// else the fewest rows that fit, with the cells spread evenly over them.
  /// So 60 cells of 1,280 pixels, of which 25 fit in a row, make three rows
  /// of 20, not rows of 25, 25 and 10: a sheet a fifth narrower, without 15
  /// empty cells to fill and compress, and the last row as full as the
  /// others (all of them, when `count` divides evenly; otherwise the last
  /// row lacks fewer cells than there are rows).
  ///
  /// - Throws: ``RenderError`` when not even one cell fits.
  package static func stripColumns(count: Int, cellWidth: Int, padding: Int) throws(RenderError)
    -> Int
  {
    guard count >= 1, cellWidth >= 1, padding >= 0, padding <= Image.maximumSide,
      cellWidth <= Image.maximumSide
    else {
      throw RenderError(
        "a strip of \(count) frames \(cellWidth) pixels wide with padding \(padding) is not possible"
      )
    }
    let fitting = (Image.maximumSide - padding) / (cellWidth + padding)
    guard fitting >= 1 else {
      throw RenderError(
        "a frame \(cellWidth) pixels wide with padding \(padding) does not fit in "
          + "\(Image.maximumSide) pixels")
    }
    // count / fitting and count / rows rounded up, without overflow.
    let rows = count / fitting + (count % fitting == 0 ? 0 : 1)
    return count / rows + (count % rows == 0 ? 0 : 1)
  }

  /// The size of a sheet of `count` cells of `cellWidth` × `cellHeight` in
  /// rows of `columns`, with `padding` around and between them, computed
  /// without overflow for any numbers, so callers can check it before
  /// drawing anything.
  ///
  /// - Throws: ``RenderError`` when an argument is out of range or a side
  ///   would be beyond 32,767 pixels.
  package static func size(
    count: Int, cellWidth: Int, cellHeight: Int, columns: Int, padding: Int
  ) throws(RenderError) -> (width: Int, height: Int) {
    guard count >= 1 else { throw RenderError.noFrames("a frame sheet") }
    guard columns >= 1 else { throw RenderError.tooFewColumns(columns) }
    guard padding >= 0, padding <= Image.maximumSide else {
      throw RenderError.paddingOutOfRange(padding)
    }
    guard cellWidth >= 1, cellHeight >= 1, cellWidth <= Image.maximumSide,
      cellHeight <= Image.maximumSide
    else {
      throw RenderError("a cell of \(cellWidth)×\(cellHeight) is outside 1…\(Image.maximumSide)")
    }
    let used = min(columns, count)
    // count / columns rounded up, without count + columns − 1 overflowing.
    let rows = count / columns + (count % columns == 0 ? 0 : 1)
    func side(_ cells: Int, _ cell: Int) -> Int? {
      // cells ≤ 10⁹-ish and cell, padding ≤ 32,767: checked all the same.
      let a = cells.multipliedReportingOverflow(by: cell)
      let b = (cells + 1).multipliedReportingOverflow(by: padding)
      let sum = a.partialValue.addingReportingOverflow(b.partialValue)
      guard !a.overflow, !b.overflow, !sum.overflow else { return nil }
      return sum.partialValue
    }
    guard let width = side(used, cellWidth), width <= Image.maximumSide else {
      throw RenderError.sheetTooLarge(
        cells: used, isRow: false, cellSide: cellWidth, padding: padding)
    }
    guard let height = side(rows, cellHeight), height <= Image.maximumSide else {
      throw RenderError.sheetTooLarge(
        cells: rows, isRow: true, cellSide: cellHeight, padding: padding)
    }
    return (width, height)
  }

  /// The height of a row title's band, in pixels.
  package static let rowTitleHeight = 22

  /// The frames in rows of `columns`, left to right, top to bottom; cells
  /// no frame fills keep the background.
  ///
  /// With `rowTitles`, row r has a band `rowTitleHeight` pixels tall above
  /// it with `rowTitles[r]` in bold light-grey text (the demo names each
  /// row's style this way); rows past the end of the list get an empty band.
  ///
  /// - Throws: ``RenderError`` when there are no frames, `columns` is less
  ///   than 1, the padding is negative, or the sheet would have a side
  ///   beyond 32,767 pixels (checked before allocating).
  public static func grid(
    _ frames: [Image], columns: Int, padding: Int = 0, background: Color = .clear,
    rowTitles: [String] = []
  ) throws(RenderError) -> Image {
    let (cellWidth, cellHeight) = try cellSize(frames, padding: padding)
    let band = rowTitles.isEmpty ? 0 : rowTitleHeight
    let (width, height) = try size(
      count: frames.count, cellWidth: cellWidth, cellHeight: cellHeight + band, columns: columns,
      padding: padding)
    var sheet = Image(
      uncheckedWidth: width, height: height,
      pixels: [UInt32](repeating: background.premultipliedARGB32, count: width * height))
    let used = min(columns, frames.count)
    let rows = frames.count / columns + (frames.count % columns == 0 ? 0 : 1)
    let titles = try rowTitles.prefix(rows).map { title throws(RenderError) in
      try Renderer().render(titleScene(title, width: width - 2 * padding, background: background))
    }
    try sheet.withUnsafeMutablePixels { destination in
      for (row, title) in titles.enumerated() {
        let top = padding + row * (cellHeight + band + padding)
        title.pixels.withUnsafeBufferPointer { source in
          for y in 0..<title.height {
            let to = destination.baseAddress! + (top + y) * width + padding
            to.update(from: source.baseAddress! + y * title.width, count: title.width)
          }
        }
      }
      for (index, frame) in frames.enumerated() {
        let left = padding + (index % used) * (cellWidth + padding)
        let top = padding + (index / used) * (cellHeight + band + padding) + band
        frame.pixels.withUnsafeBufferPointer { source in
          for y in 0..<frame.height {
            let from = source.baseAddress! + y * frame.width
            let to = destination.baseAddress! + (top + y) * width + left
            to.update(from: from, count: frame.width)
          }
        }
      }
    }
    return sheet
  }

  /// A row title's band: the text left-aligned on the sheet's background.
  static func titleScene(_ title: String, width: Int, background: Color) -> Scene {
    let size = Size(width: Double(max(width, 1)), height: Double(rowTitleHeight))
    return Scene(
      size: size, backgroundColor: background,
      views: [
        View(
          id: "title", frame: Rect(x: 2, y: 0, width: size.width - 2, height: size.height - 4),
          text: TextContent(
            string: title, size: 13, color: Color(red: 0.9, green: 0.9, blue: 0.92), weight: .bold))
      ])
  }

  private static func cellSize(_ frames: [Image], padding: Int) throws(RenderError) -> (Int, Int) {
    guard !frames.isEmpty else { throw RenderError.noFrames("a frame sheet") }
    guard padding >= 0, padding <= Image.maximumSide else {
      throw RenderError.paddingOutOfRange(padding)
    }
    return (frames.map(\.width).max()!, frames.map(\.height).max()!)
  }
}

extension Renderer {
  /// Renders `count` scenes, `scene(0)` to `scene(count − 1)`, and lays them
  /// out as a strip (or as a grid when `columns` is given).
  ///
  /// With the timeline API, `scene` is `{ timeline.sample(frame: $0, of: count) }`.
  ///
  /// - Throws: ``RenderError`` when `count` is less than 1 or any frame or
  ///   the sheet fails; see ``FrameSheet``.
  public func renderSheet(
    count: Int, columns: Int? = nil, padding: Int = 0, background: Color = .clear,
    scene: (Int) -> Scene
  ) throws(RenderError) -> Image {
    guard count >= 1 else {
      throw RenderError("a frame sheet needs at least 1 frame, got \(count)")
    }
    var frames: [Image] = []
    frames.reserveCapacity(count)
    for index in 0..<count {
      frames.append(try render(scene(index)))
    }
    if let columns {
      return try FrameSheet.grid(frames, columns: columns, padding: padding, background: background)
    }
    return try FrameSheet.strip(frames, padding: padding, background: background)
  }

  /// Renders each scene and lays them out as a strip (or as a grid when
  /// `columns` is given).
  public func renderSheet(
    _ scenes: [Scene], columns: Int? = nil, padding: Int = 0, background: Color = .clear
  ) throws(RenderError) -> Image {
    try renderSheet(
      count: scenes.count, columns: columns, padding: padding, background: background
    ) { scenes[$0] }
  }
}

extension FrameSheet.Layout {
  /// Fills cell `index` with `pixel` (premultiplied ARGB32).
  package func fillCell(_ index: Int, with pixel: UInt32, in sheet: UnsafeMutablePointer<UInt32>) {
    let (left, top) = origin(ofCell: index)
    for y in 0..<cellHeight {
      (sheet + (top + y) * width + left).update(repeating: pixel, count: cellWidth)
    }
  }
}
