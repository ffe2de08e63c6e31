// A rounded rectangle's blurred shadow mask from one-dimensional profiles;
// see transit_shadow_profile.h. Plain loops, which the compiler turns into
// vector code; on x86-64 Linux each is also built for AVX2 and the widest
// the CPU has is chosen when the program loads.
#include "transit_shadow_profile.h"

#include <string.h>

#if defined(__x86_64__) && defined(__linux__) && defined(__clang__)
#define TRANSIT_WIDEST __attribute__((target_clones("avx2", "default")))
#else
#define TRANSIT_WIDEST
#endif

TRANSIT_WIDEST
void transit_profile_corner_rows(float *out, int out_x, int out_width, const float *block,
                                 int block_x, int block_width, int rows,
                                 const float *reversed, int radius) {
  for (int j = 0; j < rows; j++) {
    float *o = out + (ptrdiff_t)j * out_width;
    const float *b = block + (ptrdiff_t)j * block_width;
    for (int x = 0; x < out_width; x++) o[x] = 0.0f;
    for (int c = 0; c < block_width; c++) {
      const float d = b[c];
      if (d == 0.0f) continue;
      const int column = block_x + c;
      int low = column - radius - out_x, high = column + radius - out_x;
      if (low < 0) low = 0;
      if (high > out_width - 1) high = out_width - 1;
      // w[x] is the weight of this input for output x.
      const float *w = reversed + radius + out_x - column;
      for (int x = low; x <= high; x++) o[x] += d * w[x];
    }
  }
}

static inline uint8_t to_byte(float v) {
  v = v < 0.0f ? 0.0f : (v > 255.0f ? 255.0f : v);
  // 2²³ + v, for v in 0…255, holds round(v) in its low bits.
  const float t = v + 8388608.0f;
  uint32_t bits;
  memcpy(&bits, &t, sizeof bits);
  return (uint8_t)bits;
}

TRANSIT_WIDEST
static void product(float *row, const float *across, float down, int from, int to) {
  for (int x = from; x < to; x++) row[x] = across[x] * down;
}

typedef float transit_eight __attribute__((vector_size(32)));

// row[x] += Σ over k of weights[k] · rows[k · stride + x], eight outputs
// at a time, each kept in a register over its taps.
TRANSIT_WIDEST
static void add_rows(float *row, const float *rows, ptrdiff_t stride, const float *weights,
                     int taps, int count) {
  int x = 0;
  for (; x + 8 <= count; x += 8) {
    transit_eight sum = {0};
    for (int k = 0; k < taps; k++) {
      transit_eight v;
      memcpy(&v, rows + k * stride + x, sizeof v);
      sum += weights[k] * v;
    }
    transit_eight r;
    memcpy(&r, row + x, sizeof r);
    r += sum;
    memcpy(row + x, &r, sizeof r);
  }
  for (; x < count; x++) {
    float sum = 0.0f;
    for (int k = 0; k < taps; k++) sum += weights[k] * rows[k * stride + x];
    row[x] += sum;
  }
}

TRANSIT_WIDEST
static void round_span(uint8_t *target, const float *row, int from, int to) {
  for (int x = from; x < to; x++) target[x] = to_byte(row[x]);
}

void transit_profile_mask(uint8_t *mask, ptrdiff_t stride, int width, int height,
                          const float *across, const float *down,
                          const transit_profile_corner *corners, int corner_count,
                          const float *weights, int radius, int hole_x0, int hole_y0,
                          int hole_x1, int hole_y1, float *scratch) {
  const int holed = hole_x1 > hole_x0 && hole_y1 > hole_y0;
  int previous = -1, previous_in_hole = 0;
  for (int y = 0; y < height; y++) {
    uint8_t *target = mask + (ptrdiff_t)y * stride;
    const int in_hole = holed && y >= hole_y0 && y < hole_y1;
    // The row's spans outside the hole: [0, first_end) and [second, width).
    const int first_end = in_hole ? hole_x0 : width;
    const int second = in_hole ? hole_x1 : width;
    int near = 0;
    for (int k = 0; k < corner_count; k++) {
      const transit_profile_corner *c = &corners[k];
      if (y >= c->first_row - radius && y < c->first_row + c->row_count + radius) near = 1;
    }
    if (!near && previous >= 0 && previous_in_hole == in_hole && down[previous] == down[y]) {
      const uint8_t *source = mask + (ptrdiff_t)previous * stride;
      memcpy(target, source, (size_t)first_end);
      memcpy(target + second, source + second, (size_t)(width - second));
      continue;
    }
    product(scratch, across, down[y], 0, first_end);
    product(scratch, across, down[y], second, width);
    for (int k = 0; k < corner_count && near; k++) {
      const transit_profile_corner *c = &corners[k];
      int j0 = y - radius - c->first_row, j1 = y + radius - c->first_row;
      if (j0 < 0) j0 = 0;
      if (j1 > c->row_count - 1) j1 = c->row_count - 1;
      if (j0 > j1) continue;
      // The corner's columns outside the hole, as two pieces.
      const int spans[2][2] = {{c->x, first_end}, {second > c->x ? second : c->x, width}};
      for (int s = 0; s < 2; s++) {
        const int from = spans[s][0];
        int to = spans[s][1];
        if (to > c->x + c->width) to = c->x + c->width;
        if (from >= to) continue;
        add_rows(scratch + from, c->rows + (ptrdiff_t)j0 * c->width + (from - c->x), c->width,
                 weights + radius + c->first_row + j0 - y, j1 - j0 + 1, to - from);
      }
    }
    round_span(target, scratch, 0, first_end);
    round_span(target, scratch, second, width);
    if (!near) {
      previous = y;
      previous_in_hole = in_hole;
    }
  }
}
