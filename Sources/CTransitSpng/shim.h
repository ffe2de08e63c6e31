// libspng (BSD licence): the PNG decoder behind TransitRender's PNGDecoder.
// Only TransitRender imports this module.
#ifndef TRANSIT_SPNG_SHIM_H
#define TRANSIT_SPNG_SHIM_H

#include <spng.h>

#endif
