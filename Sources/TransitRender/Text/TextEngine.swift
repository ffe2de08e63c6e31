import CTransitCairo
import CTransitPango
import Transit

/// Lays out and draws ``Transit/TextContent`` with Pango on a Cairo context,
/// in the bundled fonts only.
///
/// Rasterisation is made machine-independent as far as it can be: no
/// hinting, unhinted metrics, greyscale antialiasing and unrounded glyph
/// positions, so text scales and moves smoothly between frames and the same
/// Cairo and Pango versions give the same pixels everywhere
/// (`Renderer/textEngineVersions` names them; text goldens record it).
///
/// One engine per ``Renderer``, made the first time a view has text; like
/// the renderer it is not Sendable.
final class TextEngine {
  private let configuration: OpaquePointer
  private let fontMap: OpaquePointer
  private let pangoContext: OpaquePointer

  init() throws(RenderError) {
    configuration = try TextFonts.makeConfiguration()
    guard let map = pango_cairo_font_map_new_for_font_type(Int32(CAIRO_FONT_TYPE_FT.rawValue))
    else {
      FcConfigDestroy(configuration)
      throw RenderError("Pango has no FreeType font map")
    }
    pango_fc_font_map_set_config(map, configuration)
    fontMap = map
    pangoContext = pango_font_map_create_context(map)!
    let options = cairo_font_options_create()
    cairo_font_options_set_antialias(options, CAIRO_ANTIALIAS_GRAY)
    cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_NONE)
    cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF)
    pango_cairo_context_set_font_options(pangoContext, options)
    cairo_font_options_destroy(options)
    pango_context_set_round_glyph_positions(pangoContext, 0)
  }

  deinit {
    g_object_unref(UnsafeMutableRawPointer(pangoContext))
    g_object_unref(UnsafeMutableRawPointer(fontMap))
    FcConfigDestroy(configuration)
  }

  /// What Pango has been asked to do, for tests.
  private(set) var work = TextWork()

  /// Every line of `text` laid out as one Pango layout `width` wide, as a
  /// short text is: where each starts, its x and its baseline in Pango
  /// units. The reference the windows of ``TextLines`` are tested against.
  func wholeLayoutLines(of text: TextContent, width: Double) -> [[Int]] {
    var result: [[Int]] = []
    var short = text
    short.string = String(text.string.prefix(1))
    placeLines(of: short, width: width, height: 0, visible: 0...0) { placed in
      pango_layout_set_text(placed.layout, text.string, -1)
      let iter = pango_layout_get_iter(placed.layout)!
      defer { pango_layout_iter_free(iter) }
      repeat {
        var logical = TransitPangoRectangle()
        pango_layout_iter_get_line_extents(iter, nil, &logical)
        let line = pango_layout_iter_get_line_readonly(iter)!
        result.append([
          Int(pango_layout_line_get_start_index(line)), Int(logical.x),
          Int(pango_layout_iter_get_baseline(iter)),
        ])
      } while pango_layout_iter_next_line(iter) != 0
    }
    return result
  }

  /// Draws `text` wrapped to `bounds`' width, centred vertically, clipped to
  /// the rounded bounds, with the colour's alpha times `alpha`.
  ///
  /// Only the characters the view could show are laid out
  /// (``VisibleText``), so a megabyte of text in a small view costs what
  /// the view shows. A text of up to ``TextLines/firstWindow`` bytes is
  /// one Pango layout; a longer one is broken into lines a window at a
  /// time (``TextLines``) and only the lines that reach into the view are
  /// drawn, so the time grows with the text's length.
  func draw(
    _ text: TextContent, in bounds: Rect, radii: CornerRadii, alpha: Double, context: CairoContext
  ) {
    guard bounds.width > 0, bounds.height > 0, !text.string.isEmpty, text.color.alpha > 0 else {
      return
    }
    let scale = Double(TRANSIT_PANGO_SCALE)
    context.save()
    context.roundedRectangle(bounds, radii: radii)
    context.clip()
    pango_cairo_update_context(context.pointer, pangoContext)
    cairo_set_source_rgba(
      context.pointer, text.color.red, text.color.green, text.color.blue, text.color.alpha * alpha)
    // Lines whose ink may reach into the view: marks stack far above and
    // below a line's own box.
    let reach = 16 * text.size
    let visible = (bounds.minY - reach)...(bounds.maxY + reach)
    placeShownLines(
      of: text, width: bounds.width, height: bounds.height, visible: visible
    ) { placed in
      let y = bounds.minY + placed.top
      if let line = placed.line {
        cairo_move_to(
          context.pointer, bounds.minX + Double(placed.x) / scale,
          y + Double(placed.baseline) / scale)
        pango_cairo_show_layout_line(context.pointer, line)
      } else {
        cairo_move_to(context.pointer, bounds.minX, y)
        pango_cairo_show_layout(context.pointer, placed.layout)
      }
    }
    context.restore()
  }

  /// The lines of `text` a view of `width` × `height` draws, placed as
  /// ``placeLines(of:width:height:visible:heightLimit:_:)`` places them,
  /// with only what the view can show laid out: the first characters that
  /// could fill it twice (``VisibleText``), and lines up to twice its
  /// height. A text that fits, or overflows by less than its height, is
  /// laid out whole.
  func placeShownLines(
    of text: TextContent, width: Double, height: Double, visible: ClosedRange<Double>,
    _ body: (PlacedLine) -> Void
  ) {
    var shown = text
    shown.string = VisibleText.prefix(
      of: text.string, width: width, height: height, size: text.size)
    placeLines(
      of: shown, width: width, height: height, visible: visible, heightLimit: 2 * height, body)
  }

  /// `string` with every noncharacter (U+FDD0…U+FDEF, and U+FFFE and
  /// U+FFFF in every plane) replaced by U+FFFD, as any font draws them.
  ///
  /// Cairo's text functions take a string holding one for invalid UTF-8:
  /// the PDF surface, which keeps each glyph's text for copying, then fails
  /// the whole drawing. Text may still hold them (they are Unicode scalars,
  /// and JSON's `\uFFFF` names one), so they are replaced, not refused.
  static func cairoSafe(_ string: String) -> String {
    func isNoncharacter(_ scalar: Unicode.Scalar) -> Bool {
      (0xFDD0...0xFDEF).contains(scalar.value) || scalar.value & 0xFFFE == 0xFFFE
    }
    guard string.unicodeScalars.contains(where: isNoncharacter) else { return string }
    var scalars = String.UnicodeScalarView()
    for scalar in string.unicodeScalars {
      scalars.append(isNoncharacter(scalar) ? "\u{FFFD}" : scalar)
    }
    return String(scalars)
  }

  /// A line to draw, or a short text's whole layout.
  struct PlacedLine {
    /// The layout, holding the line.
    var layout: OpaquePointer
    /// The line, or `nil` for the whole layout of a short text.
    var line: OpaquePointer?
    /// Where the line starts in the text's UTF-8.
    var start: Int
    /// The line's origin, in Pango units from the text's top-left corner:
    /// its left edge and its baseline.
    var x: Int
    var baseline: Int
    /// The text's top in points below the view's top (negative when the
    /// text is taller than the view, which centres it).
    var top: Double
  }

  /// Where the lines of `text` go in a view of `width` × `height`: calls
  /// `body` once with the whole layout for a short text, or for each line
  /// of a long one whose box meets `visible` (in points from the view's
  /// top), top to bottom.
  ///
  /// A long text whose lines pass `heightLimit` points is laid out as if
  /// it ended soon after (``TextLines``): only a text that overflows its
  /// view by that much is changed, and it shows lines from its start.
  func placeLines(
    of text: TextContent, width: Double, height: Double, visible: ClosedRange<Double>,
    heightLimit: Double = .infinity, _ body: (PlacedLine) -> Void
  ) {
    let scale = Double(TRANSIT_PANGO_SCALE)
    let layout = pango_layout_new(pangoContext)!
    defer { g_object_unref(UnsafeMutableRawPointer(layout)) }
    let font = pango_font_description_new()!
    defer { pango_font_description_free(font) }
    pango_font_description_set_family(font, TextFonts.family)
    pango_font_description_set_weight(
      font, Int32(text.weight == .bold ? TRANSIT_PANGO_WEIGHT_BOLD : TRANSIT_PANGO_WEIGHT_NORMAL))
    pango_font_description_set_absolute_size(font, text.size * scale)
    pango_layout_set_font_description(layout, font)
    pango_layout_set_width(layout, Int32(min(width * scale, Double(Int32.max))))
    pango_layout_set_wrap(layout, Int32(TRANSIT_PANGO_WRAP_WORD_CHAR))
    let alignment: Int
    switch text.alignment {
    case .left: alignment = TRANSIT_PANGO_ALIGN_LEFT
    case .center: alignment = TRANSIT_PANGO_ALIGN_CENTER
    case .right: alignment = TRANSIT_PANGO_ALIGN_RIGHT
    }
    pango_layout_set_alignment(layout, Int32(alignment))
    defer { TextLines.setDirection(of: layout, to: nil) }
    var string = Self.cairoSafe(text.string)
    string.withUTF8 { all in
      // Pango reads C strings: the text ends at its first NUL, if any.
      let length = all.firstIndex(of: 0) ?? all.count
      let bytes = UnsafeBufferPointer(rebasing: all[..<length])
      guard bytes.count > TextLines.firstWindow else {
        pango_layout_set_text(layout, TextLines.pointer(all, 0), Int32(length))
        var layoutWidth: Int32 = 0
        var layoutHeight: Int32 = 0
        pango_layout_get_size(layout, &layoutWidth, &layoutHeight)
        let lineCount = Int(pango_layout_get_line_count(layout))
        work.layouts += 1
        work.bytes += length
        work.byteLines += length * lineCount
        work.drawnLines += lineCount
        body(
          PlacedLine(
            layout: layout, line: nil, start: 0, x: 0, baseline: 0,
            top: (height - Double(layoutHeight) / scale) / 2))
        return
      }
      let limit = heightLimit * scale
      let lines = TextLines(
        bytes, layout: layout, alignment: Int32(alignment),
        heightLimit: limit < Double(Int.max / 2) ? Int(limit) : .max, work: &work)
      let top = (height - Double(lines.height) / scale) / 2
      // The lines are in order, top to bottom: find the first and last that
      // meet `visible` by bisection.
      func firstLine(where isPast: (TextLines.Line) -> Bool) -> Int {
        var low = 0
        var high = lines.lines.count
        while low < high {
          let middle = (low + high) / 2
          if isPast(lines.lines[middle]) { high = middle } else { low = middle + 1 }
        }
        return low
      }
      let first = firstLine { top + Double($0.top + $0.height) / scale > visible.lowerBound }
      let end = firstLine { top + Double($0.top) / scale > visible.upperBound }
      guard first < end else { return }
      var window = -1
      var iter: OpaquePointer? = nil
      defer { if let iter { pango_layout_iter_free(iter) } }
      var lineInWindow = 0
      for index in first..<end {
        let line = lines.lines[index]
        if line.window != window {
          window = line.window
          let w = lines.windows[window]
          lines.configure(layout, text: bytes, window: w)
          work.layouts += 1
          work.bytes += w.end - w.start
          if let iter { pango_layout_iter_free(iter) }
          iter = pango_layout_get_iter(layout)!
          for _ in 0..<w.skip { pango_layout_iter_next_line(iter) }
          lineInWindow = w.lines.lowerBound
        }
        while lineInWindow < index {
          pango_layout_iter_next_line(iter)
          lineInWindow += 1
        }
        var logical = TransitPangoRectangle()
        pango_layout_iter_get_line_extents(iter, nil, &logical)
        work.drawnLines += 1
        body(
          PlacedLine(
            layout: layout, line: pango_layout_iter_get_line_readonly(iter), start: line.start,
            x: Int(logical.x),
            baseline: line.top + Int(pango_layout_iter_get_baseline(iter)) - Int(logical.y),
            top: top))
      }
    }
  }
}

extension Renderer {
  /// The libraries whose versions decide how text is rasterised, e.g.
  /// `cairo 1.16.0, pango 1.50.12, DejaVu Sans 2.37`. Golden images with
  /// text are only comparable between machines where this is the same.
  package static var textEngineVersions: String {
    "cairo \(String(cString: cairo_version_string())), pango \(String(cString: pango_version_string())), DejaVu Sans 2.37"
  }
}
