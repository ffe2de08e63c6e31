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
/// (``Renderer/textEngineVersions`` names them; text goldens record it).
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

  /// Draws `text` wrapped to `bounds`' width, centred vertically, clipped to
  /// the rounded bounds, with the colour's alpha times `alpha`.
  func draw(
    _ text: TextContent, in bounds: Rect, radius: Double, alpha: Double, context: CairoContext
  ) {
    guard bounds.width > 0, bounds.height > 0, !text.string.isEmpty, text.color.alpha > 0 else {
      return
    }
    let scale = Double(TRANSIT_PANGO_SCALE)
    context.save()
    context.roundedRectangle(bounds, radius: radius)
    context.clip()
    pango_cairo_update_context(context.pointer, pangoContext)
    let layout = pango_layout_new(pangoContext)!
    defer { g_object_unref(UnsafeMutableRawPointer(layout)) }
    let font = pango_font_description_new()!
    defer { pango_font_description_free(font) }
    pango_font_description_set_family(font, TextFonts.family)
    pango_font_description_set_weight(
      font, Int32(text.weight == .bold ? TRANSIT_PANGO_WEIGHT_BOLD : TRANSIT_PANGO_WEIGHT_NORMAL))
    pango_font_description_set_absolute_size(font, text.size * scale)
    pango_layout_set_font_description(layout, font)
    pango_layout_set_width(layout, Int32(min(bounds.width * scale, Double(Int32.max))))
    pango_layout_set_wrap(layout, Int32(TRANSIT_PANGO_WRAP_WORD_CHAR))
    let alignment: Int
    switch text.alignment {
    case .left: alignment = TRANSIT_PANGO_ALIGN_LEFT
    case .center: alignment = TRANSIT_PANGO_ALIGN_CENTER
    case .right: alignment = TRANSIT_PANGO_ALIGN_RIGHT
    }
    pango_layout_set_alignment(layout, Int32(alignment))
    pango_layout_set_text(layout, text.string, -1)
    var width: Int32 = 0
    var height: Int32 = 0
    pango_layout_get_size(layout, &width, &height)
    let top = bounds.minY + (bounds.height - Double(height) / scale) / 2
    cairo_move_to(context.pointer, bounds.minX, top)
    cairo_set_source_rgba(
      context.pointer, text.color.red, text.color.green, text.color.blue, text.color.alpha * alpha)
    pango_cairo_show_layout(context.pointer, layout)
    context.restore()
  }
}

extension Renderer {
  /// The libraries whose versions decide how text is rasterised, e.g.
  /// `cairo 1.16.0, pango 1.50.12, DejaVu Sans 2.37`. Golden images with
  /// text are only comparable between machines where this is the same.
  public static var textEngineVersions: String {
    "cairo \(String(cString: cairo_version_string())), pango \(String(cString: pango_version_string())), DejaVu Sans 2.37"
  }
}
