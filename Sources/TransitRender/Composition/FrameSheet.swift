import Transit

/// Lays rendered frames side by side (a strip) or in rows and columns (a
/// grid), the pictures `animrender` writes to show a whole transition at
/// once.
///
/// Every cell is as large as the largest frame; a smaller frame sits in its
/// cell's top-left corner. `padding` pixels separate the cells and surround
/// the sheet. Cells and padding start as `background` (transparent by
/// default); the cells left over in the last row can take another colour.
/// ``Layout`` works out the geometry, which `animrender` also uses to draw
/// and compress a sheet a band at a time.
///
/// ```swift
/// let frames = try (0..<8).map { try renderer.render(timeline.sample(frame: $0, of: 8)) }
/// let strip = try FrameSheet.strip(frames, padding: 4, background: .white)
/// ```
///
/// - Complexity: O(*n*) in the number of pixels of the sheet.
public enum FrameSheet {
  /// The frames in one row, wrapped into as many rows as needed when one
  /// row would be wider than Cairo's 32,767 pixels.
  ///
  /// - Throws: ``RenderError`` when there are no frames, the padding is
  ///   negative, or even one frame per row, or all the rows, do not fit.
  public static func strip(
    _ frames: [Image], padding: Int = 0, background: Color = .clear, emptyCells: Color? = nil
  ) throws(RenderError) -> Image {
    try sheet(
      frames, columns: nil, padding: padding, background: background, emptyCells: emptyCells)
  }

  /// The frames in rows of `columns`, left to right, top to bottom.
  ///
  /// - Parameters:
  ///   - background: the colour of the padding, and of the cells too.
  ///   - emptyCells: the colour of the cells after the last frame in the
  ///     last row (`background` when `nil`); a sheet of opaque frames
  ///     stays opaque, and is written as RGB, when this colour is opaque.
  /// - Throws: ``RenderError`` when there are no frames, `columns` is less
  ///   than 1, the padding is negative, or the sheet would have a side
  ///   beyond 32,767 pixels (checked before allocating).
  public static func grid(
    _ frames: [Image], columns: Int, padding: Int = 0, background: Color = .clear,
    emptyCells: Color? = nil
  ) throws(RenderError) -> Image {
    try sheet(
      frames, columns: columns, padding: padding, background: background, emptyCells: emptyCells)
  }

  private static func sheet(
    _ frames: [Image], columns: Int?, padding: Int, background: Color, emptyCells: Color?
  ) throws(RenderError) -> Image {
    guard !frames.isEmpty else { throw RenderError("a frame sheet needs at least one frame") }
    let layout = try Layout(
      cellWidth: frames.map(\.width).max()!, cellHeight: frames.map(\.height).max()!,
      count: frames.count, columns: columns, padding: padding)
    var sheet = Image(
      uncheckedWidth: layout.width, height: layout.height,
      pixels: [UInt32](
        repeating: background.premultipliedARGB32, count: layout.width * layout.height))
    try sheet.withUnsafeMutablePixels { destination in
      if let emptyCells, layout.hasEmptyCells {
        for index in layout.count..<(layout.rows * layout.columns) {
          layout.fillCell(index, with: emptyCells.premultipliedARGB32, in: destination.baseAddress!)
        }
      }
      for (index, frame) in frames.enumerated() {
        layout.place(frame, inCell: index, in: destination.baseAddress!)
      }
    }
    return sheet
  }
}

extension FrameSheet.Layout {
  /// Copies `frame` into its cell's top-left corner of a buffer of the
  /// sheet's rows starting at `firstRow` (the whole sheet by default).
  public func place(
    _ frame: Image, inCell index: Int, in sheet: UnsafeMutablePointer<UInt32>, firstRow: Int = 0
  ) {
    let (left, top) = origin(ofCell: index)
    frame.pixels.withUnsafeBufferPointer { source in
      for y in 0..<min(frame.height, cellHeight) {
        let from = source.baseAddress! + y * frame.width
        let to = sheet + (top - firstRow + y) * width + left
        to.update(from: from, count: min(frame.width, cellWidth))
      }
    }
  }

  /// Fills cell `index` with `pixel` (premultiplied ARGB32).
  public func fillCell(
    _ index: Int, with pixel: UInt32, in sheet: UnsafeMutablePointer<UInt32>, firstRow: Int = 0
  ) {
    let (left, top) = origin(ofCell: index)
    for y in 0..<cellHeight {
      (sheet + (top - firstRow + y) * width + left).update(repeating: pixel, count: cellWidth)
    }
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
