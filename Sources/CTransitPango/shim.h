// Pango (LGPL, linked dynamically) lays text out and draws it with Cairo;
// fontconfig is given only the fonts Transit bundles, so the same versions
// draw the same pixels on every machine. Only TransitRender imports this
// module.
#ifndef TRANSIT_PANGO_SHIM_H
#define TRANSIT_PANGO_SHIM_H

#include <fontconfig/fontconfig.h>
#include <pango/pangocairo.h>
#include <pango/pangofc-fontmap.h>

// PANGO_SCALE is a macro Swift imports, but keep the layout units in one place.
static inline int transit_pango_scale(void) { return PANGO_SCALE; }

// PANGO_FC_FONT_MAP is a cast macro.
static inline PangoFcFontMap *transit_pango_fc_font_map(PangoFontMap *map) {
  return PANGO_FC_FONT_MAP(map);
}

#endif
