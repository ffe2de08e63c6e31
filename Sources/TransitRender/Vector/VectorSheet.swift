import CTransitCairo
import Transit

/// Frame strips and grids as SVG or PDF, drawn with Cairo's vector surfaces:
/// for slides, papers and design reviews, where a picture must stay sharp at
/// any zoom.
///
/// The sheet has the layout of ``FrameSheet`` (same cells, padding and
/// wrapping), one unit per pixel of the PNG strip, so a viewer at 100 % shows
/// the same picture. Flat views, their rounded rectangles, borders and text
/// are vectors; images are embedded; a view with a 3-D transform is embedded
/// as the perspective-mapped picture the PNG has, since neither SVG nor PDF
/// has projective transforms. An `overlay` (the `--labels` band, for
/// example) is embedded as an image over its cell.
///
/// ```swift
/// let cells = (0..<6).map { VectorSheet.Cell(scene: timeline.sample(frame: $0, of: 6)) }
/// let svg = try VectorSheet.encode(cells, as: .svg, padding: 4)
/// ```
public enum VectorSheet {
  /// The vector formats.
  public enum Format: Sendable {
    /// SVG 1.1, in pixels.
    case svg
    /// PDF, one page, one point per pixel.
    case pdf
  }

  /// One cell: a scene, and optionally a picture painted over it from the
  /// cell's left edge, `overlayTop` pixels down.
  public struct Cell: Sendable {
    /// The scene drawn in the cell.
    public var scene: Scene
    /// A picture over the cell, which may reach below the scene.
    public var overlay: Image?
    /// The row of the cell the overlay's top is painted at: a label band
    /// under the scene is painted at the scene's height, so that only the
    /// band is held, not a frame's worth of transparent pixels above it.
    public var overlayTop: Int

    /// Creates a cell.
    public init(scene: Scene, overlay: Image? = nil, overlayTop: Int = 0) {
      self.scene = scene
      self.overlay = overlay
      self.overlayTop = max(0, overlayTop)
    }
  }

  /// The cells as one SVG or PDF document: a strip (wrapped into rows as
  /// ``FrameSheet/strip(_:padding:background:)`` wraps) or, with `columns`,
  /// a grid, with `rowTitles` above the rows as
  /// ``FrameSheet/grid(_:columns:padding:background:rowTitles:)`` draws them.
  ///
  /// - Throws: ``RenderError`` when there are no cells, a scene is invalid,
  ///   the layout does not fit 32,767 units a side, or Cairo fails.
  public static func encode(
    _ cells: [Cell], as format: Format, columns: Int? = nil, padding: Int = 0,
    background: Color = .clear, rowTitles: [String] = [], options: RenderOptions = RenderOptions()
  ) throws(RenderError) -> [UInt8] {
    guard !cells.isEmpty else { throw RenderError.noFrames("a frame sheet") }
    guard padding >= 0, padding <= Image.maximumSide else {
      throw RenderError.paddingOutOfRange(padding)
    }
    let renderer = Renderer(options: options)
    var cellWidth = 1
    var cellHeight = 1
    for cell in cells {
      do { try cell.scene.validate() } catch {
        throw RenderError.invalidScene(error)
      }
      let size = try renderer.pixelSize(of: cell.scene)
      cellWidth = max(cellWidth, size.width, cell.overlay?.width ?? 0)
      cellHeight = max(
        cellHeight, size.height, cell.overlay.map { cell.overlayTop + $0.height } ?? 0)
    }
    let chosenColumns: Int
    if let columns {
      guard columns >= 1 else {
        throw RenderError.tooFewColumns(columns)
      }
      chosenColumns = columns
    } else {
      chosenColumns = try FrameSheet.stripColumns(
        count: cells.count, cellWidth: cellWidth, padding: padding)
    }
    let band = rowTitles.isEmpty ? 0 : FrameSheet.rowTitleHeight
    // A row's title band is part of its cells' height. The size is worked
    // out with checked arithmetic, so any `columns` (up to Int.max) is an
    // answer or an error, never an overflow.
    let (width, height) = try FrameSheet.size(
      count: cells.count, cellWidth: cellWidth, cellHeight: cellHeight + band,
      columns: chosenColumns, padding: padding)
    let rows = cells.count / chosenColumns + (cells.count % chosenColumns == 0 ? 0 : 1)

    let sink = ByteSink()
    let surface = try sink.makeSurface(format, width: width, height: height)
    // Cairo writes into the sink until the surface is finished, also when
    // drawing fails and the surface is dropped: finish it while the sink
    // is alive.
    defer { withExtendedLifetime(sink) { surface.finish() } }
    let context = try CairoContext(surface: surface)
    if background.alpha > 0 {
      context.appendRectangle(Rect(x: 0, y: 0, width: Double(width), height: Double(height)))
      context.fill(background)
    }
    for (row, title) in rowTitles.prefix(rows).enumerated() {
      let scene = FrameSheet.titleScene(title, width: width - 2 * padding, background: .clear)
      context.save()
      context.translate(Double(padding), Double(padding + row * (cellHeight + band + padding)))
      for view in scene.views { try renderer.draw(view, in: context) }
      context.restore()
    }
    for (index, cell) in cells.enumerated() {
      let left = Double(padding + (index % chosenColumns) * (cellWidth + padding))
      let top = Double(padding + (index / chosenColumns) * (cellHeight + band + padding) + band)
      let size = try renderer.pixelSize(of: cell.scene)
      context.save()
      context.translate(left, top)
      context.appendRectangle(
        Rect(x: 0, y: 0, width: Double(size.width), height: Double(size.height)))
      context.clip()
      context.appendRectangle(
        Rect(x: 0, y: 0, width: Double(size.width), height: Double(size.height)))
      context.fill(cell.scene.backgroundColor)
      context.scale(options.scale, options.scale)
      renderer.offscreenPixelLimit = OffscreenPictureSize.pixelLimit(
        frameWidth: size.width, frameHeight: size.height)
      for view in cell.scene.views { try renderer.draw(view, in: context) }
      context.restore()
      if let overlay = cell.overlay {
        let picture = try CairoSurface(copying: overlay, what: "overlay")
        context.paint(
          picture, x: left, y: top + Double(cell.overlayTop), alpha: 1, smooth: false)
      }
      try context.check("drawing frame \(index) of the vector sheet")
    }
    surface.finish()
    try surface.check("writing the \(format == .svg ? "SVG" : "PDF")")
    try sink.check()
    return sink.bytes
  }
}

/// Collects what a Cairo stream surface writes.
private final class ByteSink {
  var bytes: [UInt8] = []

  func check() throws(RenderError) {
    guard !bytes.isEmpty else { throw RenderError("Cairo wrote an empty document") }
  }

  /// A vector surface of `width` × `height` units that writes into this sink.
  func makeSurface(_ format: VectorSheet.Format, width: Int, height: Int) throws(RenderError)
    -> CairoSurface
  {
    let closure = Unmanaged.passUnretained(self).toOpaque()
    let write: cairo_write_func_t = { closure, data, length in
      let sink = Unmanaged<ByteSink>.fromOpaque(closure!).takeUnretainedValue()
      sink.bytes.append(contentsOf: UnsafeBufferPointer(start: data, count: Int(length)))
      return CAIRO_STATUS_SUCCESS
    }
    let surface: OpaquePointer
    switch format {
    case .svg:
      surface = cairo_svg_surface_create_for_stream(write, closure, Double(width), Double(height))
      // Pixels, not points, so that other programs draw it at the PNG's size.
      cairo_svg_surface_set_document_unit(surface, CAIRO_SVG_UNIT_PX)
    case .pdf:
      surface = cairo_pdf_surface_create_for_stream(write, closure, Double(width), Double(height))
    }
    return try CairoSurface(adopting: surface, width: width, height: height, what: "vector sheet")
  }
}
