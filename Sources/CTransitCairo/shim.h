// Cairo, with its PDF and SVG surfaces: what TransitRender draws with.
// Only TransitRender (and its tests) import this module.
#ifndef TRANSIT_CAIRO_SHIM_H
#define TRANSIT_CAIRO_SHIM_H

#include <cairo.h>
#include <cairo-pdf.h>
#include <cairo-svg.h>

#endif
