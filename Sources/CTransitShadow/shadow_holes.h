// Internal to CTransitShadow (not API): the walk over a band of rows that
// skips the rectangles a shadow is hidden under, shared by the compositor
// (a ready mask) and the profile painter (bytes made row by row).
#ifndef TRANSIT_SHADOW_HOLES_H
#define TRANSIT_SHADOW_HOLES_H

#include <stdint.h>

// Holes are `hole_count` rectangles of four int32 each, x0, y0, x1, y1 with
// the ends excluded; an empty one hides nothing. In the band of rows
// [top, bottom), which every hole either crosses whole or misses, the
// columns from `*x` on:
// - if a hole crossing the band holds `*x`, moves `*x` to its right edge
//   and returns -1 (the caller looks again from there);
// - otherwise returns where the span from `*x` ends: `width`, or the left
//   edge of the nearest crossing hole that starts after `*x`.
static inline int transit_shadow_span_end(const int32_t *holes, int hole_count, int top,
                                          int bottom, int *x, int width) {
  int end = width;
  for (int h = 0; h < hole_count; h++) {
    const int32_t *hole = holes + 4 * h;
    if (hole[2] <= hole[0] || hole[1] > top || hole[3] < bottom) continue;
    if (hole[0] <= *x && hole[2] > *x) {
      *x = hole[2];
      return -1;
    }
    if (hole[0] > *x && hole[0] < end) end = hole[0];
  }
  return end;
}

#endif
