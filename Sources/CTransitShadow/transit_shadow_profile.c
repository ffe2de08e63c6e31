// A rounded rectangle's blurred shadow mask from one-dimensional profiles;
// see transit_shadow_profile.h. Plain loops, which the compiler turns into
// vector code; on x86-64 Linux each is also built for AVX2 and the widest
// the CPU has is chosen when the program loads.
#include "transit_shadow_profile.h"

#include "transit_shadow.h"
#include "shadow_holes.h"

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

// row[lane] += sum[lane] for lanes from…7.
static inline __attribute__((always_inline)) void add_sum(float *row, const transit_eight *sum,
                                                          int from) {
  if (from == 0) {
    transit_eight r;
    memcpy(&r, row, sizeof r);
    r += *sum;
    memcpy(row, &r, sizeof r);
  } else {
    for (int lane = from; lane < 8; lane++) row[lane] += (*sum)[lane];
  }
}

// For n (1…4, a constant where inlined) groups of eight outputs from
// columns o0, o1, o2, o3, adds Σ over k of weights[k] · rows[k · stride +
// column] to row[column]; the last group only to lanes `last_from`…7 (its
// sums below are worked out and left out). The groups are summed
// together, each in a register, so that their chains of dependent
// additions advance side by side.
static inline __attribute__((always_inline)) void add_groups(float *row, const float *rows,
                                                             ptrdiff_t stride,
                                                             const float *weights, int taps,
                                                             int n, int o0, int o1, int o2,
                                                             int o3, int last_from) {
  transit_eight s0 = {0}, s1 = {0}, s2 = {0}, s3 = {0};
  for (int k = 0; k < taps; k++) {
    const float w = weights[k];
    const float *p = rows + k * stride;
    transit_eight v;
    memcpy(&v, p + o0, sizeof v);
    s0 += w * v;
    if (n > 1) {
      memcpy(&v, p + o1, sizeof v);
      s1 += w * v;
    }
    if (n > 2) {
      memcpy(&v, p + o2, sizeof v);
      s2 += w * v;
    }
    if (n > 3) {
      memcpy(&v, p + o3, sizeof v);
      s3 += w * v;
    }
  }
  add_sum(row + o0, &s0, n == 1 ? last_from : 0);
  if (n > 1) add_sum(row + o1, &s1, n == 2 ? last_from : 0);
  if (n > 2) add_sum(row + o2, &s2, n == 3 ? last_from : 0);
  if (n > 3) add_sum(row + o3, &s3, last_from);
}

// row[x] += Σ over k of weights[k] · rows[k · stride + x], each output's
// products summed in the order of k from 0, then added to row[x]: one
// chain of dependent additions per output, run eight outputs to a
// register and up to four registers side by side. The last outputs, fewer
// than eight, are the last eight worked out again and added only where
// not added yet: the same operations, so the same bits.
TRANSIT_WIDEST
static void add_rows(float *row, const float *rows, ptrdiff_t stride, const float *weights,
                     int taps, int count) {
  int x = 0;
  for (; x + 32 <= count; x += 32)
    add_groups(row, rows, stride, weights, taps, 4, x, x + 8, x + 16, x + 24, 0);
  const int left = count - x;
  if (left == 0) return;
  if (count < 8) {
    for (; x < count; x++) {
      float sum = 0.0f;
      for (int k = 0; k < taps; k++) sum += weights[k] * rows[k * stride + x];
      row[x] += sum;
    }
    return;
  }
  // Fewer than 32 left: the groups of eight, then the last eight.
  const int tail = count - 8, from = (left & 7) ? 8 - (left & 7) : 0;
  switch ((left + 7) / 8) {
  case 1: add_groups(row, rows, stride, weights, taps, 1, tail, 0, 0, 0, from); break;
  case 2: add_groups(row, rows, stride, weights, taps, 2, x, tail, 0, 0, from); break;
  case 3: add_groups(row, rows, stride, weights, taps, 3, x, x + 8, tail, 0, from); break;
  default: add_groups(row, rows, stride, weights, taps, 4, x, x + 8, x + 16, tail, from); break;
  }
}

TRANSIT_WIDEST
static void round_span(uint8_t *target, const float *row, int from, int to) {
  for (int x = from; x < to; x++) target[x] = to_byte(row[x]);
}

// Row `y` of the mask at columns from..<to, unrounded, into `row` (indexed
// by mask column): across · down[y], plus each corner's rows within reach
// of y, the corners in order. Every pixel gets the same operations in the
// same order whatever span it is computed in, so the mask and the direct
// painting agree bit for bit.
static void compute_span(float *row, int y, int from, int to, const float *across,
                         const float *down, const transit_profile_corner *corners,
                         int corner_count, const float *weights, int radius) {
  product(row, across, down[y], from, to);
  for (int k = 0; k < corner_count; k++) {
    const transit_profile_corner *c = &corners[k];
    int j0 = y - radius - c->first_row, j1 = y + radius - c->first_row;
    if (j0 < 0) j0 = 0;
    if (j1 > c->row_count - 1) j1 = c->row_count - 1;
    if (j0 > j1) continue;
    const int low = from > c->x ? from : c->x;
    const int high = to < c->x + c->width ? to : c->x + c->width;
    if (low >= high) continue;
    add_rows(row + low, c->rows + (ptrdiff_t)j0 * c->width + (low - c->x), c->width,
             weights + radius + c->first_row + j0 - y, j1 - j0 + 1, high - low);
  }
}

// The longest stretch of equal values of `across` (0…width), as
// [*from, *to): the straight part of the shape's top and bottom edges.
static void flat_stretch(const float *across, int width, int *from, int *to) {
  *from = 0;
  *to = 0;
  for (int x = 0; x < width;) {
    int end = x + 1;
    while (end < width && across[end] == across[x]) end++;
    if (end - x > *to - *from) {
      *from = x;
      *to = end;
    }
    x = end;
  }
}

// Row `y` of the mask at columns from..<to, rounded to bytes into `bytes`
// (indexed by mask column), through `scratch`. On the flat stretch
// [flat_from, flat_to) of `across`, where no corner in reach of y adds to
// it, every pixel is the same product rounded: it is worked out once.
static void row_bytes(uint8_t *bytes, float *scratch, int y, int from, int to,
                      const float *across, const float *down,
                      const transit_profile_corner *corners, int corner_count,
                      const float *weights, int radius, int flat_from, int flat_to) {
  int p0 = flat_from, p1 = flat_to;
  for (int k = 0; k < corner_count; k++) {
    const transit_profile_corner *c = &corners[k];
    if (y < c->first_row - radius || y >= c->first_row + c->row_count + radius) continue;
    const int c0 = c->x, c1 = c->x + c->width;
    if (c1 <= p0 || c0 >= p1) continue;
    // Cut from the end the corner is nearer to.
    if (c0 - p0 < p1 - c1) {
      p0 = c1;
    } else {
      p1 = c0;
    }
  }
  if (p0 < from) p0 = from;
  if (p1 > to) p1 = to;
  if (p1 - p0 < 32) {
    compute_span(scratch, y, from, to, across, down, corners, corner_count, weights, radius);
    round_span(bytes, scratch, from, to);
    return;
  }
  compute_span(scratch, y, from, p0 + 1, across, down, corners, corner_count, weights, radius);
  round_span(bytes, scratch, from, p0 + 1);
  memset(bytes + p0 + 1, bytes[p0], (size_t)(p1 - p0 - 1));
  compute_span(scratch, y, p1, to, across, down, corners, corner_count, weights, radius);
  round_span(bytes, scratch, p1, to);
}

// Whether a corner's rows reach mask row y.
static int near_corner(int y, const transit_profile_corner *corners, int corner_count,
                       int radius) {
  for (int k = 0; k < corner_count; k++) {
    const transit_profile_corner *c = &corners[k];
    if (y >= c->first_row - radius && y < c->first_row + c->row_count + radius) return 1;
  }
  return 0;
}

void transit_profile_mask(uint8_t *mask, ptrdiff_t stride, int width, int height,
                          const float *across, const float *down,
                          const transit_profile_corner *corners, int corner_count,
                          const float *weights, int radius, int hole_x0, int hole_y0,
                          int hole_x1, int hole_y1, float *scratch) {
  const int holed = hole_x1 > hole_x0 && hole_y1 > hole_y0;
  int flat_from, flat_to;
  flat_stretch(across, width, &flat_from, &flat_to);
  int previous = -1, previous_in_hole = 0;
  for (int y = 0; y < height; y++) {
    uint8_t *target = mask + (ptrdiff_t)y * stride;
    const int in_hole = holed && y >= hole_y0 && y < hole_y1;
    // The row's spans outside the hole: [0, first_end) and [second, width).
    const int first_end = in_hole ? hole_x0 : width;
    const int second = in_hole ? hole_x1 : width;
    const int near = near_corner(y, corners, corner_count, radius);
    if (!near && previous >= 0 && previous_in_hole == in_hole && down[previous] == down[y]) {
      const uint8_t *source = mask + (ptrdiff_t)previous * stride;
      memcpy(target, source, (size_t)first_end);
      memcpy(target + second, source + second, (size_t)(width - second));
      continue;
    }
    row_bytes(target, scratch, y, 0, first_end, across, down, corners, corner_count, weights,
              radius, flat_from, flat_to);
    row_bytes(target, scratch, y, second, width, across, down, corners, corner_count, weights,
              radius, flat_from, flat_to);
    if (!near) {
      previous = y;
      previous_in_hole = in_hole;
    }
  }
}

void transit_profile_over_around(uint32_t *destination, ptrdiff_t destination_stride, int x0,
                                 int y0, int width, int height, const float *across,
                                 const float *down, const transit_profile_corner *corners,
                                 int corner_count, const float *weights, int radius,
                                 const int32_t *holes, int hole_count, const float color[4],
                                 float *scratch, uint8_t *bytes) {
  if (width <= 0 || height <= 0) return;
  transit_shadow_paint paint;
  transit_shadow_paint_prepare(color, &paint);
  int flat_from, flat_to;
  flat_stretch(across + x0, width, &flat_from, &flat_to);
  flat_from += x0;
  flat_to += x0;
  // The last row computed into `bytes` with no corner in reach (-1: none
  // since a row with one), and which holes crossed it: a row with the
  // same `down`, no corner in reach and the same holes has the same bytes.
  int previous = -1;
  uint32_t previous_holes = 0;
  const int comparable = hole_count <= 32;
  for (int y = 0; y < height; y++) {
    const int row = y0 + y;
    uint32_t crossing = 0;
    for (int h = 0; h < hole_count && h < 32; h++) {
      const int32_t *hole = holes + 4 * h;
      if (hole[2] > hole[0] && hole[1] <= y && hole[3] > y) crossing |= 1u << h;
    }
    const int near = near_corner(row, corners, corner_count, radius);
    const int same = comparable && !near && previous >= 0 && crossing == previous_holes &&
                     down[previous] == down[row];
    uint32_t *target = destination + (ptrdiff_t)y * destination_stride;
    for (int x = 0; x < width;) {
      const int end = transit_shadow_span_end(holes, hole_count, y, y + 1, &x, width);
      if (end < 0) continue;
      if (!same) {
        row_bytes(bytes, scratch, row, x0 + x, x0 + end, across, down, corners, corner_count,
                  weights, radius, flat_from, flat_to);
      }
      transit_shadow_paint_span(target + x, bytes + x0 + x, end - x, &paint);
      x = end;
    }
    if (!same) {
      previous = near ? -1 : row;
      previous_holes = crossing;
    }
  }
}
