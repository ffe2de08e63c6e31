// zlib: the PNG chunks' CRC-32, and the deflate engine CTransitDeflate
// uses for the smaller and smallest compressions. Only TransitRender and
// CTransitDeflate use this module.
#ifndef TRANSIT_ZLIB_SHIM_H
#define TRANSIT_ZLIB_SHIM_H

#include <zlib.h>

#endif
