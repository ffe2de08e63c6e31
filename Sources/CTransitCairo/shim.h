// The C side of TransitRender: Cairo, libspng (PNG reading), libpng and
// zlib, plus a few helpers for what Swift cannot express (function-like
// macros, fixed-size char arrays). Only TransitRender imports this module.
#ifndef TRANSIT_CAIRO_SHIM_H
#define TRANSIT_CAIRO_SHIM_H

#include <cairo.h>
#include <cairo-pdf.h>
#include <cairo-svg.h>
#include <png.h>
#include <spng.h>
#include <stddef.h>
#include <stdint.h>
#include <zlib.h>

// deflateInit2 is a macro; Swift cannot call it.
static inline int transit_deflate_init(z_stream *stream, int level) {
  return deflateInit2(stream, level, Z_DEFLATED, 15, 8, Z_DEFAULT_STRATEGY);
}

#endif
