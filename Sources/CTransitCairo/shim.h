// The C side of TransitRender: Cairo, libpng's simplified reading API and
// zlib, plus a few helpers for what Swift cannot express (function-like
// macros, fixed-size char arrays). Only TransitRender imports this module.
#ifndef TRANSIT_CAIRO_SHIM_H
#define TRANSIT_CAIRO_SHIM_H

#include <cairo.h>
#include <cairo-pdf.h>
#include <cairo-svg.h>
#include <png.h>
#include <stddef.h>
#include <stdint.h>
#include <zlib.h>

// deflateInit2 is a macro; Swift cannot call it.
static inline int transit_deflate_init(z_stream *stream, int level) {
  return deflateInit2(stream, level, Z_DEFLATED, 15, 8, Z_DEFAULT_STRATEGY);
}

// The version constant the simplified API checks.
static inline uint32_t transit_png_image_version(void) { return PNG_IMAGE_VERSION; }

// The 8-bit BGRA layout, which is Cairo's ARGB32 in memory on little-endian machines.
static inline uint32_t transit_png_format_bgra(void) { return PNG_FORMAT_BGRA; }

// 16-bit files without gamma information are sRGB like 8-bit ones, as browsers read them.
static inline void transit_png_assume_16bit_srgb(png_imagep image) {
  image->flags |= PNG_IMAGE_FLAG_16BIT_sRGB;
}

// libpng's explanation of the last failure (a char array inside the struct).
static inline const char *transit_png_message(png_imagep image) { return image->message; }

#endif
