// The inner loop of TransitRender's perspective mapping (ProjectiveMapping):
// one destination row of a projective texture mapping, vectorised where the
// CPU allows. Only TransitRender imports this.
//
// Geometry in double precision, blending in fixed point. Where each pixel
// centre lands in the source (its position x, y in source pixels, clamped
// to the picture) and how much of the pixel the quad covers are worked out
// with the same double operations, in the same order, on every path (no
// fused multiply-add, no reassociation). The bilinear blend of the four
// neighbours is then exact integer arithmetic (see transit_sample), so the
// vectorised and the scalar paths give the same pixels bit for bit, and each
// channel is within 1 of the same blend done in doubles.
#ifndef TRANSIT_PERSPECTIVE_H
#define TRANSIT_PERSPECTIVE_H

#include <stddef.h>
#include <stdint.h>

// How a row's source coordinates are found (see ProjectiveMapping.map).
enum {
  // x = (u_base + ua·c)·r − 0.5, y = (v_base + va·c)·r − 0.5, r = 1/(q_base + g·c).
  TRANSIT_ROW_GENERAL = 0,
  // A turn about the vertical axis: r and x per column from column_reciprocal
  // and column_u (r ≤ 0: nothing), y = (v_base + va·c)·r − 0.5.
  TRANSIT_ROW_COLUMNS = 1,
  // A turn about the horizontal axis, weight in front of the camera: r =
  // row_reciprocal for every column, y = v_base·r − 0.5 (one source row pair
  // per destination row); x as in GENERAL. Edge pixels use GENERAL.
  TRANSIT_ROW_LEVEL = 2,
};

// COLUMNS rows choose how to work out positions per this many columns.
enum { TRANSIT_COLUMNS_CHUNK = 128 };

// One destination row: where its coverage is zero / partial / whole, its
// edge functions and its map back to the source.
typedef struct {
  // Source: premultiplied ARGB32, rows `source_stride` pixels apart.
  const uint32_t *source;
  ptrdiff_t source_stride;
  ptrdiff_t source_width, source_height;
  // Columns start..<end may be covered; full_start..<full_end wholly are.
  ptrdiff_t start, full_start, full_end, end;
  // The four edge functions at column 0 and their steps per column.
  double edge_base[4], edge_a[4];
  double u_base, ua, v_base, va, q_base, g, row_reciprocal;
  const double *column_reciprocal, *column_u;
  // COLUMNS: each column's source position split for the vectorised path
  // (see transit_prepare_columns).
  const int32_t *column_index, *column_weights;
  // COLUMNS: for each source pixel, how many rows below it the pair of it
  // and its right neighbour stays the same (transit_column_runs), rows
  // source_stride entries apart.
  const uint8_t *column_runs;
  // COLUMNS: per destination column, what the mapping has learnt so far:
  // on lines before known_until (from the line it learnt it on), its pixel
  // is known_value (nothing known: known_until = 0).
  int32_t *known_until;
  uint32_t *known_value;
  // COLUMNS: per TRANSIT_COLUMNS_CHUNK columns from column 0, how many fours
  // the row before blended there (0 at first): whether to work out the
  // chunk's positions before blending.
  int32_t *chunk_misses;
  // The row's line of the destination block (0 for its first), of `lines`;
  // the block's first line is line `origin_y` of the destination.
  ptrdiff_t line, lines, origin_y;
  // v_base = (v_x0 + vb·y) + vc, with y = origin_y + line + 0.5: the
  // source row position's terms, so that COLUMNS rows can work out where a
  // column will be on later lines (transit_row_v_base).
  double v_x0, vb, vc;
  // COLUMNS: source rows ahead (signed: the way later destination rows go)
  // whose memory the vectorised loop prefetches.
  ptrdiff_t prefetch_rows;
  // Room for source_width + 1 entries of four 16-bit channels: a LEVEL
  // row's two source rows blended once, before the columns are.
  uint16_t *level;
  // Room for a position per destination column: where LEVEL rows sample
  // along x and COLUMNS rows along y, worked out before the pixels are
  // blended (for the stretches of a LEVEL row that are not filled as flat,
  // for the chunks of a COLUMNS row where much is blended).
  int32_t *positions;
  int mode;
} transit_row;

// The row's v_base at `line` of its block, (v_x0 + vb·y) + vc with y =
// origin_y + line + 0.5: what a COLUMNS row's v_base must be.
double transit_row_v_base(const transit_row *row, ptrdiff_t line);

// A source position (pixel-centre coordinates) clamped to 0…size − 1 and
// rounded to the nearest 1/256 of a pixel: (int)(clamped·256 + 0.5). Its
// integer part (t >> 8) is the left (upper) neighbour, the rest its weight.
int32_t transit_position(double x, ptrdiff_t size);

// The bilinear sample at positions tx, ty (from transit_position), scaled by
// `coverage` (0…1]. Per channel, with i = t >> 8, w = t & 255 and the second
// neighbour min(i + 1, size − 1):
//   V_k = (top_k·(256 − wy) + bottom_k·wy) >> 1     for k = left, right
//   S   = V_left·(256 − wx) + V_right·wx            (S / 32768 is the blend)
//   out = (int)(S·coverage / 32768 + 0.5)             in doubles,
// which for coverage 1 is (S + 16384) >> 15. Every intermediate fits 16-bit
// (V ≤ 32640) or 32-bit (S ≤ 255·32768) lanes.
uint32_t transit_sample(const uint32_t *source, ptrdiff_t source_stride,
                        ptrdiff_t source_width, ptrdiff_t source_height, int32_t tx,
                        int32_t ty, double coverage);

// For a COLUMNS mapping `count` columns wide: each column's source x
// (column_u) as its left neighbour, capped at source_width − 2 so that the
// right one is in the picture (index), and the two neighbours' weights
// (256 − w) | w << 16, with w = 256 where the cap moved the left one
// (weights) — the same sum as transit_sample's.
void transit_prepare_columns(const double *column_u, ptrdiff_t count, ptrdiff_t source_width,
                             int32_t *index, int32_t *weights);

// For each pixel (x, y) of a picture, x < width − 1, how many rows below y
// the pair (x, y), (x + 1, y) stays the same: runs[y·stride + x] = k where
// rows y…y + k of columns x and x + 1 are alike and row y + k + 1 is not (or
// is past the picture); saturates at 255. Entries at x = width − 1 are 0.
void transit_column_runs(const uint32_t *source, ptrdiff_t stride, ptrdiff_t width,
                         ptrdiff_t height, uint8_t *runs);

// Writes columns start..<end of `out` (the row's first pixel): each the
// bilinear sample of the source scaled by its coverage. With `over`, the
// sample is composited over what is there (premultiplied OVER, rounded as
// pixman rounds it: a·b/255 as (t + (t >> 8)) >> 8 with t = a·b + 128, then
// a saturating add), else it replaces it. Columns outside start..<end are
// not touched.
void transit_map_row(const transit_row *row, uint32_t *out, int over);

// The same without the vectorised path, for tests.
void transit_map_row_scalar(const transit_row *row, uint32_t *out, int over);

// Premultiplied OVER of `source` onto `destination`, rounded as pixman does.
uint32_t transit_over(uint32_t source, uint32_t destination);

#endif
