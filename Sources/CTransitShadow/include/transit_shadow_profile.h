// A rounded rectangle's blurred shadow mask assembled from one-dimensional
// profiles: the blur of its straight part is a product of two blurred
// boxes, one per axis, and only its corners are blurred in two dimensions
// (see ShadowProfiles in TransitRender). Only TransitRender imports this.
#ifndef TRANSIT_SHADOW_PROFILE_H
#define TRANSIT_SHADOW_PROFILE_H

#include <stddef.h>
#include <stdint.h>

// The first pass of one corner's blur: for each of the `rows` rows of
// `block` (`block_width` floats a row, its column 0 at mask column
// `block_x`), the row blurred across into `out` (`out_width` floats a row,
// its column 0 at mask column `out_x`):
//   out[j][x] = Σ over c of reversed[radius + (out_x + x) − (block_x + c)] · block[j][c]
// for the columns c within `radius` of the output, where `reversed` holds
// the 2·radius + 1 weights last to first.
void transit_profile_corner_rows(float *out, int out_x, int out_width, const float *block,
                                 int block_x, int block_width, int rows,
                                 const float *reversed, int radius);

// One corner's first pass, placed: rows `first_row` … `first_row + rows − 1`
// of the mask are the block's rows, and `rows` holds their first passes,
// `width` floats a row from mask column `x`.
typedef struct {
  const float *rows;
  int x;
  int width;
  int first_row;
  int row_count;
} transit_profile_corner;

// Writes the mask: each pixel (x, y) outside the hole (`hole_x0 ≤ x <
// hole_x1` and `hole_y0 ≤ y < hole_y1`, none when empty) is
//   across[x] · down[y] + Σ over corners of Σ over their rows j within
//   `radius` of y of weights[radius + (first_row + j) − y] · rows[j][x − corner.x]
// rounded to the nearest byte (halves to even) and clamped to 0…255. A row
// with the same `down` value as the row before, no corner within reach of
// either, and the same span outside the hole is a copy of that row.
// `scratch` holds at least `width` floats.
void transit_profile_mask(uint8_t *mask, ptrdiff_t stride, int width, int height,
                          const float *across, const float *down,
                          const transit_profile_corner *corners, int corner_count,
                          const float *weights, int radius, int hole_x0, int hole_y0,
                          int hole_x1, int hole_y1, float *scratch);

// The same values painted straight onto premultiplied ARGB32 pixels, as
// transit_shadow_over_around paints a mask, without writing the mask: the
// block of mask columns x0..<x0 + width and rows y0..<y0 + height, whose
// pixel (x0, y0) is at `destination`, outside the `hole_count` holes
// (x0, y0, x1, y1, in the block's pixels), through `color` (alpha, red,
// green, blue, premultiplied, 0…255). The same bits as writing the mask
// with transit_profile_mask and painting it. `scratch` holds at least
// x0 + width floats and `bytes` at least x0 + width bytes.
void transit_profile_over_around(uint32_t *destination, ptrdiff_t destination_stride, int x0,
                                 int y0, int width, int height, const float *across,
                                 const float *down, const transit_profile_corner *corners,
                                 int corner_count, const float *weights, int radius,
                                 const int32_t *holes, int hole_count, const float color[4],
                                 float *scratch, uint8_t *bytes);

#endif
