// A shadow painted onto premultiplied ARGB32 pixels: a solid colour through
// an 8-bit mask, over what is there, rounded once per channel. Only
// TransitRender imports this.
//
// Cairo's own mask painting (pixman) rounds three times (the colour to 8
// bits, the colour through the mask, the result over the destination), which
// puts a pixel up to two steps from the exact composite. Here each channel
// is worked out in 8.8 fixed point (a 256th of a step, sixteen channels to
// an AVX2 register) and rounded once, which puts it within 0.55 of a step
// of the exact composite of the mask as given.
#ifndef TRANSIT_SHADOW_H
#define TRANSIT_SHADOW_H

#include <stddef.h>
#include <stdint.h>

// For each pixel of the `width` × `height` block, with m = mask / 255:
//   channel ≈ round(colour_channel · m + channel · (1 − colour_alpha · m))
// where `color` is (alpha, red, green, blue), premultiplied, in 0…255 and
// `color_alpha` is color[0] / 255; the fixed-point steps that give each
// channel are written out in transit_shadow.c. Mask rows are `mask_stride`
// bytes apart, destination rows `destination_stride` pixels apart. A mask
// of 0 leaves its pixel untouched, and so do the smallest mask values of a
// faint colour (a quarter-opaque black rounds mask 1 back to every pixel):
// pixels with only such values are not read.
void transit_shadow_over(uint32_t *destination, ptrdiff_t destination_stride,
                         const uint8_t *mask, ptrdiff_t mask_stride, int width, int height,
                         const float color[4]);

// The same with the vector paths chosen: 0 scalar only, 1 up to SSE2, 2 up
// to AVX2, 3 the widest the CPU has (AVX-512BW, sixteen pixels at a time).
// Every level gives the same bits; tests compare them.
void transit_shadow_over_using(int level, uint32_t *destination, ptrdiff_t destination_stride,
                               const uint8_t *mask, ptrdiff_t mask_stride, int width, int height,
                               const float color[4]);

// The same on every pixel of the block outside the `hole_count` holes,
// rectangles (x0, y0, x1, y1) in the block's pixels (x0 ≤ x < x1,
// y0 ≤ y < y1), whose pixels are left as they are: a card's shadow around
// what its opaque background will cover, in one call.
void transit_shadow_over_around(uint32_t *destination, ptrdiff_t destination_stride,
                                const uint8_t *mask, ptrdiff_t mask_stride, int width, int height,
                                const int32_t *holes, int hole_count, const float color[4]);

// A colour's fixed-point constants for painting a mask row by row
// (transit_shadow_paint_span), worked out once.
typedef struct {
  uint16_t c[4];
  uint16_t k;
  uint64_t add;
} transit_shadow_paint;

void transit_shadow_paint_prepare(const float color[4], transit_shadow_paint *paint);

// One row of `width` pixels through `width` mask bytes, as
// transit_shadow_over paints it (the widest path), with `paint` from
// transit_shadow_paint_prepare: the same bits.
void transit_shadow_paint_span(uint32_t *destination, const uint8_t *mask, int width,
                               const transit_shadow_paint *paint);

// One pass of a separable blur over `count` outputs: for each x,
//   target[x] = ((0 + weights[0]·source[x]) + weights[1]·source[x + step])
//               + … + weights[taps − 1]·source[x + (taps − 1)·step]
// each product and sum rounded to float in that order (no fused
// multiply-add), so that every path (AVX2, SSE2, scalar) gives the same
// bits as the plain loop.
void transit_blur_pass(float *target, const float *source, ptrdiff_t step,
                       const float *weights, int taps, int count);

// The same with the vector paths chosen as for transit_shadow_over_using.
void transit_blur_pass_using(int level, float *target, const float *source, ptrdiff_t step,
                             const float *weights, int taps, int count);

// The same down columns of rows that need not be evenly spaced:
//   target[x] = Σ in order of weights[k]·rows[k][offset + x].
void transit_blur_pass_rows(float *target, const float *const *rows, ptrdiff_t offset,
                            const float *weights, int taps, int count);

// Whether the `count` bytes at `a` and at `b` are the same.
int transit_bytes_equal(const uint8_t *a, const uint8_t *b, size_t count);

// Marks where a row of `width` bytes changes: `changes[c]` becomes 1 where
// row[c] differs from row[c − 1] (c ≥ 1), and is left as it was elsewhere.
void transit_mark_changes(const uint8_t *row, int width, uint8_t *changes);

#endif
