#define _GNU_SOURCE
#include "transit_math.h"

#include <math.h>

void transit_sincos(double x, double *sine, double *cosine) {
#if defined(__GLIBC__)
  sincos(x, sine, cosine);
#else
  *sine = sin(x);
  *cosine = cos(x);
#endif
}
