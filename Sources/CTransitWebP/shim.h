// libwebp's encoder and animation encoder (BSD licence), for animated
// lossless WebP. Only TransitRender imports this module.
#ifndef TRANSIT_WEBP_SHIM_H
#define TRANSIT_WEBP_SHIM_H

#include <webp/encode.h>
#include <webp/mux.h>

#endif
