// Pango (LGPL, linked dynamically) lays text out and draws it with Cairo;
// fontconfig is given only the fonts Transit bundles, so the same versions
// draw the same pixels on every machine. Only TransitRender imports this
// module.
//
// The few Pango and GObject functions Transit calls are declared here rather
// than through <pango/pangocairo.h>: that header pulls in GLib, HarfBuzz and
// FreeType, whose pkg-config flags (-pthread) SwiftPM refuses with a warning
// in every build. Their C ABI has been stable since Pango 1.44 (1.50 for
// the line accessors); the types are opaque, and the enumerations are ints
// with the values below.
#ifndef TRANSIT_PANGO_SHIM_H
#define TRANSIT_PANGO_SHIM_H

#include <fontconfig/fontconfig.h>

struct _cairo;
struct _cairo_font_options;
typedef struct _PangoFontMap TransitPangoFontMap;
typedef struct _PangoContext TransitPangoContext;
typedef struct _PangoLayout TransitPangoLayout;
typedef struct _PangoFontDescription TransitPangoFontDescription;
typedef struct _PangoLayoutLine TransitPangoLayoutLine;
typedef struct _PangoLayoutIter TransitPangoLayoutIter;
// PangoRectangle, in Pango units.
typedef struct {
  int x;
  int y;
  int width;
  int height;
} TransitPangoRectangle;

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
// PangoDirection: the strong directions, the weak ones (the context's
// default is weak left-to-right) and "none found".
enum {
  TRANSIT_PANGO_DIRECTION_LTR = 0,
  TRANSIT_PANGO_DIRECTION_RTL = 1,
  TRANSIT_PANGO_DIRECTION_WEAK_LTR = 4,
  TRANSIT_PANGO_DIRECTION_WEAK_RTL = 5,
  TRANSIT_PANGO_DIRECTION_NEUTRAL = 6
};
// PangoEllipsizeMode: PANGO_ELLIPSIZE_END.
enum { TRANSIT_PANGO_ELLIPSIZE_END = 3 };

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

// Laying out a long text a window at a time (TextLines).
void pango_context_set_base_dir(TransitPangoContext *context, int direction);
void pango_layout_set_auto_dir(TransitPangoLayout *layout, int auto_dir);
void pango_layout_set_height(TransitPangoLayout *layout, int height);
void pango_layout_set_ellipsize(TransitPangoLayout *layout, int ellipsize);
int pango_find_base_dir(const char *text, int length);
void pango_find_paragraph_boundary(
    const char *text, int length, int *paragraph_delimiter_index, int *next_paragraph_start);
TransitPangoLayoutIter *pango_layout_get_iter(TransitPangoLayout *layout);
void pango_layout_iter_free(TransitPangoLayoutIter *iter);
int pango_layout_iter_next_line(TransitPangoLayoutIter *iter);
TransitPangoLayoutLine *pango_layout_iter_get_line_readonly(TransitPangoLayoutIter *iter);
void pango_layout_iter_get_line_extents(
    TransitPangoLayoutIter *iter, TransitPangoRectangle *ink_rect,
    TransitPangoRectangle *logical_rect);
int pango_layout_iter_get_baseline(TransitPangoLayoutIter *iter);
int pango_layout_line_get_start_index(TransitPangoLayoutLine *line);
int pango_layout_line_get_length(TransitPangoLayoutLine *line);
int pango_layout_line_is_paragraph_start(TransitPangoLayoutLine *line);
int pango_layout_line_get_resolved_direction(TransitPangoLayoutLine *line);
void pango_cairo_show_layout_line(struct _cairo *cr, TransitPangoLayoutLine *line);
int pango_layout_get_line_count(TransitPangoLayout *layout);
TransitPangoContext *pango_layout_get_context(TransitPangoLayout *layout);
// The bidirectional embedding level of each character of a paragraph
// (freed with g_free); base_dir is read, and set to the resolved direction.
unsigned char *pango_log2vis_get_embedding_levels(const char *text, int length, int *base_dir);
void g_free(void *memory);

#endif
