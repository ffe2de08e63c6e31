// Pango (LGPL, linked dynamically) lays text out and draws it with Cairo;
// fontconfig is given only the fonts Transit bundles, so the same versions
// draw the same pixels on every machine. Only TransitRender imports this
// module.
//
// The few Pango and GObject functions Transit calls are declared here rather
// than through <pango/pangocairo.h>: that header pulls in GLib, HarfBuzz and
// FreeType, whose pkg-config flags (-pthread) SwiftPM refuses with a warning
// in every build. Their C ABI has been stable since Pango 1.44; the types
// are opaque, and the enumerations are ints with the values below.
#ifndef TRANSIT_PANGO_SHIM_H
#define TRANSIT_PANGO_SHIM_H

#include <fontconfig/fontconfig.h>

struct _cairo;
struct _cairo_font_options;
typedef struct _PangoFontMap TransitPangoFontMap;
typedef struct _PangoContext TransitPangoContext;
typedef struct _PangoLayout TransitPangoLayout;
typedef struct _PangoFontDescription TransitPangoFontDescription;

// Pango's units per device unit (PANGO_SCALE).
enum { TRANSIT_PANGO_SCALE = 1024 };
// PangoWeight.
enum { TRANSIT_PANGO_WEIGHT_NORMAL = 400, TRANSIT_PANGO_WEIGHT_BOLD = 700 };
// PangoWrapMode: PANGO_WRAP_WORD_CHAR.
enum { TRANSIT_PANGO_WRAP_WORD_CHAR = 2 };
// PangoAlignment.
enum {
  TRANSIT_PANGO_ALIGN_LEFT = 0,
  TRANSIT_PANGO_ALIGN_CENTER = 1,
  TRANSIT_PANGO_ALIGN_RIGHT = 2
};

const char *pango_version_string(void);
void g_object_unref(void *object);

// fonttype is a cairo_font_type_t (CAIRO_FONT_TYPE_FT).
TransitPangoFontMap *pango_cairo_font_map_new_for_font_type(int fonttype);
void pango_fc_font_map_set_config(TransitPangoFontMap *fontmap, FcConfig *config);
TransitPangoContext *pango_font_map_create_context(TransitPangoFontMap *fontmap);
void pango_cairo_context_set_font_options(
    TransitPangoContext *context, const struct _cairo_font_options *options);
void pango_context_set_round_glyph_positions(TransitPangoContext *context, int round_positions);
void pango_cairo_update_context(struct _cairo *cr, TransitPangoContext *context);

TransitPangoFontDescription *pango_font_description_new(void);
void pango_font_description_free(TransitPangoFontDescription *desc);
void pango_font_description_set_family(TransitPangoFontDescription *desc, const char *family);
void pango_font_description_set_weight(TransitPangoFontDescription *desc, int weight);
void pango_font_description_set_absolute_size(TransitPangoFontDescription *desc, double size);

TransitPangoLayout *pango_layout_new(TransitPangoContext *context);
void pango_layout_set_font_description(
    TransitPangoLayout *layout, const TransitPangoFontDescription *desc);
void pango_layout_set_width(TransitPangoLayout *layout, int width);
void pango_layout_set_wrap(TransitPangoLayout *layout, int wrap);
void pango_layout_set_alignment(TransitPangoLayout *layout, int alignment);
void pango_layout_set_text(TransitPangoLayout *layout, const char *text, int length);
void pango_layout_get_size(TransitPangoLayout *layout, int *width, int *height);
void pango_cairo_show_layout(struct _cairo *cr, TransitPangoLayout *layout);

#endif
