// One destination row of ProjectiveMapping: see transit_perspective.h.
//
// Exactness: the geometry (source positions, coverage) is computed with the
// same IEEE double operations, in the same order, on every path, and the
// blend is integer arithmetic, so the paths agree bit for bit. No multiply
// and add are ever fused: the pragma below forbids contraction in this whole
// file, whatever the compiler's default or the CPU (arm64 always has FMA),
// and the vectorised path is built for AVX2 without FMA besides.
#include "transit_perspective.h"

#pragma STDC FP_CONTRACT OFF

#if defined(__x86_64__)
#include <immintrin.h>
#endif

// Swift's max(x, y) and min(x, y) for Double: `y >= x ? y : x`, `y < x ? y : x`.
static inline double swift_max(double x, double y) { return y >= x ? y : x; }
static inline double swift_min(double x, double y) { return y < x ? y : x; }
// Double.maximum / minimum, which SIMD's clamped(lowerBound:upperBound:) uses.
static inline double ieee_maximum(double x, double y) { return (x > y || y != y) ? x : y; }
static inline double ieee_minimum(double x, double y) { return (x < y || y != y) ? x : y; }

uint32_t transit_over(uint32_t source, uint32_t destination) {
  uint32_t alpha = source >> 24;
  if (alpha == 0xFF) return source;
  if (source == 0) return destination;
  uint32_t inverse = 0xFF - alpha, result = 0;
  for (int shift = 0; shift < 32; shift += 8) {
    uint32_t t = ((destination >> shift) & 0xFF) * inverse + 0x80;
    uint32_t sum = ((t + (t >> 8)) >> 8) + ((source >> shift) & 0xFF);
    result |= (sum > 0xFF ? 0xFF : sum) << shift;
  }
  return result;
}

double transit_row_v_base(const transit_row *row, ptrdiff_t line) {
  double y = (double)(row->origin_y + line) + 0.5;
  return row->v_x0 + row->vb * y + row->vc;
}

int32_t transit_position(double x, ptrdiff_t size) {
  double clamped = swift_min(swift_max(x, 0), (double)(size - 1));
  return (int32_t)(clamped * 256 + 0.5);
}

uint32_t transit_sample(const uint32_t *source, ptrdiff_t source_stride,
                        ptrdiff_t source_width, ptrdiff_t source_height, int32_t tx,
                        int32_t ty, double coverage) {
  ptrdiff_t ix = tx >> 8, iy = ty >> 8;
  uint32_t wx = (uint32_t)tx & 255, wy = (uint32_t)ty & 255;
  ptrdiff_t ix1 = ix + 1 < source_width - 1 ? ix + 1 : source_width - 1;
  ptrdiff_t iy1 = iy + 1 < source_height - 1 ? iy + 1 : source_height - 1;
  const uint32_t *top = source + iy * source_stride, *bottom = source + iy1 * source_stride;
  uint32_t result = 0;
  for (int shift = 0; shift < 32; shift += 8) {
    uint32_t left = (((top[ix] >> shift) & 0xFF) * (256 - wy) +
                     ((bottom[ix] >> shift) & 0xFF) * wy) >> 1;
    uint32_t right = (((top[ix1] >> shift) & 0xFF) * (256 - wy) +
                      ((bottom[ix1] >> shift) & 0xFF) * wy) >> 1;
    uint32_t sum = left * (256 - wx) + right * wx;
    uint32_t value = coverage >= 1 ? (sum + 16384) >> 15
                                   : (uint32_t)((double)sum * coverage * (1.0 / 32768) + 0.5);
    result |= value << shift;
  }
  return result;
}

void transit_prepare_columns(const double *column_u, ptrdiff_t count, ptrdiff_t source_width,
                             int32_t *index, int32_t *weights) {
  int32_t cap = source_width >= 2 ? (int32_t)(source_width - 2) : 0;
  for (ptrdiff_t column = 0; column < count; column++) {
    int32_t t = transit_position(column_u[column], source_width);
    int32_t left = (t >> 8) < cap ? (t >> 8) : cap;
    int32_t w = t - (left << 8);
    index[column] = left;
    weights[column] = (int32_t)((uint32_t)(256 - w) | ((uint32_t)w << 16));
  }
}

static inline uint32_t sample(const transit_row *row, double x, double y, double coverage) {
  return transit_sample(row->source, row->source_stride, row->source_width, row->source_height,
                        transit_position(x, row->source_width),
                        transit_position(y, row->source_height), coverage);
}

// One pixel by the general or per-column formula (edge pixels of every
// mode, full pixels of GENERAL and COLUMNS).
static inline uint32_t pixel(const transit_row *row, ptrdiff_t column, double coverage) {
  double c = (double)column;
  if (row->mode == TRANSIT_ROW_COLUMNS) {
    double r = row->column_reciprocal[column];
    if (!(r > 0)) return 0;
    return sample(row, row->column_u[column], (row->v_base + row->va * c) * r - 0.5, coverage);
  }
  double q = row->q_base + row->g * c;
  if (!(q > 0)) return 0;
  double r = row->g == 0 ? row->row_reciprocal : 1 / q;
  return sample(
      row, (row->u_base + row->ua * c) * r - 0.5, (row->v_base + row->va * c) * r - 0.5,
      coverage);
}

static inline uint32_t edge_pixel(const transit_row *row, ptrdiff_t column) {
  double c = (double)column, coverage = 1;
  for (int k = 0; k < 4; k++) {
    double e = row->edge_base[k] + row->edge_a[k] * c + 0.5;
    double clamped = ieee_minimum(ieee_maximum(e, 0), 1);
    coverage = k == 0 ? clamped : coverage * clamped;
  }
  return coverage > 0 ? pixel(row, column, coverage) : 0;
}

static inline void put(uint32_t *out, ptrdiff_t column, uint32_t value, int over) {
  out[column] = over ? transit_over(value, out[column]) : value;
}

// A LEVEL row's source x at `column`, and its one source row position.
static inline double level_x(const transit_row *row, ptrdiff_t column) {
  return (row->u_base + row->ua * (double)column) * row->row_reciprocal - 0.5;
}
static inline int32_t level_ty(const transit_row *row) {
  return transit_position(row->v_base * row->row_reciprocal - 0.5, row->source_height);
}

static void full_span_scalar(const transit_row *row, uint32_t *out, int over, ptrdiff_t from,
                             ptrdiff_t to) {
  if (row->mode == TRANSIT_ROW_LEVEL) {
    int32_t ty = level_ty(row);
    for (ptrdiff_t column = from; column < to; column++) {
      int32_t tx = transit_position(level_x(row, column), row->source_width);
      put(out, column,
          transit_sample(row->source, row->source_stride, row->source_width,
                         row->source_height, tx, ty, 1),
          over);
    }
    return;
  }
  for (ptrdiff_t column = from; column < to; column++) put(out, column, pixel(row, column, 1), over);
}

static void map_row(const transit_row *row, uint32_t *out, int over,
                    void (*full)(const transit_row *, uint32_t *, int, ptrdiff_t, ptrdiff_t)) {
  for (ptrdiff_t column = row->start; column < row->full_start; column++)
    put(out, column, edge_pixel(row, column), over);
  if (row->full_start < row->full_end) full(row, out, over, row->full_start, row->full_end);
  for (ptrdiff_t column = row->full_end; column < row->end; column++)
    put(out, column, edge_pixel(row, column), over);
}

void transit_map_row_scalar(const transit_row *row, uint32_t *out, int over) {
  map_row(row, out, over, full_span_scalar);
}

#if defined(__x86_64__)
// The vectorised path works on four pixels at a time: their source
// positions in four double lanes (the scalar operations lane by lane), then
// the blend two pixels to a 256-bit register, one per 128-bit lane, in
// 16-bit channels. Each pixel's two neighbours in a row are read with one
// 64-bit load; at the picture's right (bottom) edge, where the second
// neighbour is the first again, the position is taken as the neighbour to
// the left with weight 256 — the same sum, and no read past the row.

#define TARGET __attribute__((target("avx2")))

// Bytes b0 g0 r0 a0 b1 g1 r1 a1 of two neighbours → b0 b1 g0 g1 r0 r1 a0 a1,
// so that after widening each channel's two values sit side by side for
// _mm256_madd_epi16.
static const int8_t interleave_bytes[16] = {0, 4, 1, 5, 2, 6, 3, 7, 8, 12, 9, 13, 10, 14, 11, 15};
// The same for two neighbours already widened to 16-bit channels.
static const int8_t interleave_words[32] = {0, 1, 8,  9,  2, 3, 10, 11, 4, 5, 12, 13, 6, 7, 14, 15,
                                            0, 1, 8,  9,  2, 3, 10, 11, 4, 5, 12, 13, 6, 7, 14, 15};

// Four pixels' 32-bit values (one per lane of `v`) spread as pixel 2k's in
// the low 128-bit lane, 2k + 1's in the high, for k = `pair`.
TARGET static inline __m256i spread(__m128i v, int pair) {
  const __m256i first = _mm256_setr_epi32(0, 0, 0, 0, 1, 1, 1, 1);
  const __m256i second = _mm256_setr_epi32(2, 2, 2, 2, 3, 3, 3, 3);
  return _mm256_permutevar8x32_epi32(_mm256_castsi128_si256(v), pair ? second : first);
}

// Channel sums S of pixels (0, 1) and (2, 3) → the four pixels, rounded.
TARGET static inline __m128i finish(__m256i s01, __m256i s23) {
  const __m256i half = _mm256_set1_epi32(16384);
  s01 = _mm256_srli_epi32(_mm256_add_epi32(s01, half), 15);
  s23 = _mm256_srli_epi32(_mm256_add_epi32(s23, half), 15);
  __m256i words = _mm256_packus_epi32(s01, s23);  // lanes: (0, 2), (1, 3)
  __m256i bytes = _mm256_packus_epi16(words, words);
  return _mm256_castsi256_si128(
      _mm256_permutevar8x32_epi32(bytes, _mm256_setr_epi32(0, 4, 1, 5, 0, 4, 1, 5)));
}

// OVER of four source pixels onto four destination pixels, as transit_over.
TARGET static inline __m128i over4(__m128i source, __m128i destination) {
  const __m128i alphas = _mm_setr_epi8(3, 3, 3, 3, 7, 7, 7, 7, 11, 11, 11, 11, 15, 15, 15, 15);
  __m128i inverse = _mm_xor_si128(_mm_shuffle_epi8(source, alphas), _mm_set1_epi8((char)0xFF));
  __m256i t = _mm256_add_epi16(
      _mm256_mullo_epi16(_mm256_cvtepu8_epi16(destination), _mm256_cvtepu8_epi16(inverse)),
      _mm256_set1_epi16(0x80));
  t = _mm256_srli_epi16(_mm256_add_epi16(t, _mm256_srli_epi16(t, 8)), 8);
  __m128i scaled = _mm_packus_epi16(_mm256_castsi256_si128(t), _mm256_extracti128_si256(t, 1));
  return _mm_adds_epu8(source, scaled);
}

// Four pixels written, or composited over what is there: when all four are
// opaque they replace it, when all are transparent they leave it.
TARGET static inline void store4(uint32_t *out, __m128i pixels, int over) {
  __m128i *at = (__m128i *)out;
  if (over && !_mm_testc_si128(pixels, _mm_set1_epi32((int)0xFF000000))) {
    if (_mm_testz_si128(pixels, pixels)) return;
    pixels = over4(pixels, _mm_loadu_si128(at));
  }
  _mm_storeu_si128(at, pixels);
}

// Eight pixels, as store4 takes four.
TARGET static inline void store8(uint32_t *out, __m256i pixels, int over) {
  if (over && !_mm256_testc_si256(pixels, _mm256_set1_epi32((int)0xFF000000))) {
    store4(out, _mm256_castsi256_si128(pixels), over);
    store4(out + 4, _mm256_extracti128_si256(pixels, 1), over);
    return;
  }
  _mm256_storeu_si256((__m256i *)out, pixels);
}

// Splits positions t (1/256 pixel) into the left neighbour, capped at
// `last` = size − 2 so that its right neighbour is in the picture, and the
// weight of the right one (0…256).
TARGET static inline void split(__m128i t, __m128i last, __m128i *index, __m128i *weight) {
  *index = _mm_min_epi32(_mm_srai_epi32(t, 8), last);
  *weight = _mm_sub_epi32(t, _mm_slli_epi32(*index, 8));
}

// The weights (256 − w, w) of a pair of neighbours as one 32-bit lane.
TARGET static inline __m128i weight_pairs(__m128i w) {
  return _mm_or_si128(_mm_sub_epi32(_mm_set1_epi32(256), w), _mm_slli_epi32(w, 16));
}

// Where four pixel centres land along one source axis, (base + step·c)·r −
// 0.5 lane by lane: the one order of operations every path uses (see
// level_x and pixel for the scalar loop's).
TARGET static inline __m256d along(__m256d base, __m256d step, __m256d c, __m256d r) {
  return _mm256_sub_pd(_mm256_mul_pd(_mm256_add_pd(base, _mm256_mul_pd(step, c)), r),
                       _mm256_set1_pd(0.5));
}

// Positions of four lanes of x, already clamped by min/max to 0…size − 1.
TARGET static inline __m128i positions_of(__m256d x, __m256d maximum) {
  __m256d clamped = _mm256_min_pd(_mm256_max_pd(x, _mm256_setzero_pd()), maximum);
  return _mm256_cvttpd_epi32(
      _mm256_add_pd(_mm256_mul_pd(clamped, _mm256_set1_pd(256)), _mm256_set1_pd(0.5)));
}

// The columns of a LEVEL row four at a time, from its blended row `level`
// (which starts at source column `first`) and the positions worked out for
// the row (row_positions); returns the first column not done.
TARGET static inline ptrdiff_t level_pixels(const transit_row *row, uint32_t *out, int over,
                                            ptrdiff_t from, ptrdiff_t to, ptrdiff_t first,
                                            ptrdiff_t last_left) {
  const uint16_t *level = row->level;
  const int32_t *positions = row->positions;
  const __m256i interleave = _mm256_loadu_si256((const __m256i *)interleave_words);
  const __m128i cap = _mm_set1_epi32((int)last_left), offset = _mm_set1_epi32((int)first);
  ptrdiff_t column = from;
  for (; column + 4 <= to; column += 4) {
    __m128i ix, wx;
    split(_mm_loadu_si128((const __m128i *)(positions + column)), cap, &ix, &wx);
    __m128i at = _mm_slli_epi32(_mm_sub_epi32(ix, offset), 2);
    __m128i weights = weight_pairs(wx);
    __m256i v[2];
    for (int pair = 0; pair < 2; pair++) {
      int a = _mm_extract_epi32(at, 0), b = _mm_extract_epi32(at, 1);
      if (pair) a = _mm_extract_epi32(at, 2), b = _mm_extract_epi32(at, 3);
      v[pair] = _mm256_inserti128_si256(
          _mm256_castsi128_si256(_mm_loadu_si128((const __m128i *)(level + a))),
          _mm_loadu_si128((const __m128i *)(level + b)), 1);
    }
    // Flat colour: each pixel's two neighbours alike, so its sum is 256·V
    // and the pixel (256·V + 16384) >> 15 = (V + 64) >> 7, whatever the weight.
    __m256i alike = _mm256_and_si256(_mm256_cmpeq_epi64(v[0], _mm256_shuffle_epi32(v[0], 0x4E)),
                                     _mm256_cmpeq_epi64(v[1], _mm256_shuffle_epi32(v[1], 0x4E)));
    if (_mm256_movemask_epi8(alike) == -1) {
      const __m256i round = _mm256_set1_epi16(64);
      __m256i bytes = _mm256_packus_epi16(_mm256_srli_epi16(_mm256_add_epi16(v[0], round), 7),
                                          _mm256_srli_epi16(_mm256_add_epi16(v[1], round), 7));
      store4(out + column,
             _mm256_castsi256_si128(_mm256_permutevar8x32_epi32(
                 bytes, _mm256_setr_epi32(0, 4, 2, 6, 0, 4, 2, 6))),
             over);
      continue;
    }
    __m256i sums[2];
    for (int pair = 0; pair < 2; pair++)
      sums[pair] =
          _mm256_madd_epi16(_mm256_shuffle_epi8(v[pair], interleave), spread(weights, pair));
    store4(out + column, finish(sums[0], sums[1]), over);
  }
  return column;
}

// A LEVEL row's one pair of source rows — the upper at the row's position,
// the lower one row on (the same row in a picture one row high) — and the
// lower one's weight.
typedef struct {
  const uint32_t *top, *bottom;
  uint32_t wy;
} level_pair;

static inline level_pair level_pair_of(const transit_row *row) {
  const int32_t ty = level_ty(row);
  const ptrdiff_t iy = ty >> 8, height = row->source_height;
  const ptrdiff_t iy1 = iy + 1 < height - 1 ? iy + 1 : height - 1;
  level_pair pair = {row->source + iy * row->source_stride,
                     row->source + iy1 * row->source_stride, (uint32_t)ty & 255};
  return pair;
}

// The least and greatest left neighbour (before the cap) of LEVEL columns
// from..<to, or 0 when they are not known.
//
// A LEVEL row's source x only grows (or only shrinks) along the row: each
// operation of row_positions — c·ua, + u_base, × r, − 0.5, the clamp, ×
// 256, + 0.5, the truncation — keeps (or reverses) the order of its
// argument, rounding included. So the least and greatest positions of a run
// of columns are those of its two ends, worked out here exactly as
// row_positions works them out, and the positions in between need not be
// worked out at all when the run turns out flat. Only a NaN (a degenerate
// row) breaks the order, and it cannot appear between two ends that are
// not NaN (everything in between lies between their values); with a NaN
// at an end, the run is simply not taken as flat.
TARGET static inline int level_ends(const transit_row *row, ptrdiff_t from, ptrdiff_t to,
                                    ptrdiff_t *low, ptrdiff_t *high) {
  const __m256d c = _mm256_setr_pd((double)from, (double)(to - 1), (double)from, (double)from);
  const __m256d x = along(_mm256_set1_pd(row->u_base), _mm256_set1_pd(row->ua), c,
                          _mm256_set1_pd(row->row_reciprocal));
  if (_mm256_movemask_pd(_mm256_cmp_pd(x, x, _CMP_UNORD_Q)) != 0) return 0;
  int32_t ends[4];
  _mm_storeu_si128((__m128i *)ends,
                   positions_of(x, _mm256_set1_pd((double)(row->source_width - 1))));
  const ptrdiff_t a = ends[0] >> 8, b = ends[1] >> 8;
  *low = a < b ? a : b;
  *high = a < b ? b : a;
  return 1;
}

// Columns from..<to of a LEVEL row: the row's two source rows are blended
// once (V = (top·(256 − wy) + bottom·wy) >> 1 for the columns they read),
// then each pixel is the blend of two neighbouring V, read with one 128-bit
// load.
TARGET static void level_span_avx2(const transit_row *row, level_pair pair, uint32_t *out,
                                   int over, ptrdiff_t from, ptrdiff_t to) {
  const ptrdiff_t width = row->source_width;
  const uint32_t *top = pair.top, *bottom = pair.bottom, wy = pair.wy;
  // The two ends bound the columns read: first..last + 1.
  const ptrdiff_t last_left = width >= 2 ? width - 2 : 0;
  ptrdiff_t first, last;
  if (!level_ends(row, from, to, &first, &last)) {
    full_span_scalar(row, out, over, from, to);
    return;
  }
  if (first > last_left) first = last_left;
  if (last > last_left) last = last_left;
  {
    uint16_t *level = row->level;
    const __m256i down = _mm256_set1_epi16((short)wy), up = _mm256_set1_epi16((short)(256 - wy));
    ptrdiff_t x = first;
    ptrdiff_t end = last + 2 <= width ? last + 2 : width;
    for (; x + 4 <= end; x += 4) {
      __m256i t = _mm256_cvtepu8_epi16(_mm_loadu_si128((const __m128i *)(top + x)));
      __m256i u = _mm256_cvtepu8_epi16(_mm_loadu_si128((const __m128i *)(bottom + x)));
      __m256i v = _mm256_srli_epi16(
          _mm256_add_epi16(_mm256_mullo_epi16(t, up), _mm256_mullo_epi16(u, down)), 1);
      _mm256_storeu_si256((__m256i *)(level + 4 * (x - first)), v);
    }
    for (; x < end; x++) {
      for (int k = 0; k < 4; k++) {
        uint32_t shift = 8 * (uint32_t)k;
        level[4 * (x - first) + k] =
            (uint16_t)((((top[x] >> shift) & 0xFF) * (256 - wy) +
                        ((bottom[x] >> shift) & 0xFF) * wy) >> 1);
      }
    }
    // A one-pixel-wide picture: the right neighbour has weight 0.
    if (end < last + 2)
      for (int k = 0; k < 4; k++) level[4 * (end - first) + k] = 0;
  }
  ptrdiff_t column = level_pixels(row, out, over, from, to, first, last_left);
  full_span_scalar(row, out, over, column, to);
}

// Two pixels' blend from their neighbours: `top` and `bottom` hold each
// pixel's left and right neighbour in the upper and lower source row; the
// rows are weighted by `upper` and `lower` (halved, to fit 16 bits), then
// the columns by `weights`. Pair `pair` of the four pixels in flight.
TARGET static inline __m256i blend_pair(__m128i top, __m128i bottom, __m128i upper,
                                        __m128i lower, __m128i weights, int pair,
                                        __m128i interleave) {
  __m256i t = _mm256_cvtepu8_epi16(_mm_shuffle_epi8(top, interleave));
  __m256i b = _mm256_cvtepu8_epi16(_mm_shuffle_epi8(bottom, interleave));
  __m256i v = _mm256_srli_epi16(_mm256_add_epi16(_mm256_mullo_epi16(t, spread(upper, pair)),
                                                 _mm256_mullo_epi16(b, spread(lower, pair))),
                                1);
  return _mm256_madd_epi16(v, spread(weights, pair));
}

// The four lanes of a double-precision mask as a 32-bit mask.
TARGET static inline __m128i shown_lanes(__m256d visible) {
  return _mm256_castsi256_si128(_mm256_permutevar8x32_epi32(
      _mm256_castpd_si256(visible), _mm256_setr_epi32(0, 2, 4, 6, 0, 2, 4, 6)));
}

// What the loops that work out each pixel's own 2×2 neighbourhood
// (pixel_span_avx2, edge_span_avx2) need of a row, in vector registers.
typedef struct {
  const uint32_t *source;
  ptrdiff_t stride, down;
  __m256d max_x, max_y, u_base, ua, v_base, va, q_base, g, row_r;
  __m128i cap_x, cap_y, interleave;
  int q_constant;
} four_pixels;

TARGET static inline __attribute__((always_inline)) four_pixels four_pixels_of(
    const transit_row *row) {
  const ptrdiff_t width = row->source_width, height = row->source_height;
  four_pixels f;
  f.source = row->source;
  f.stride = row->source_stride;
  f.down = height >= 2 ? row->source_stride : 0;
  f.max_x = _mm256_set1_pd((double)(width - 1));
  f.max_y = _mm256_set1_pd((double)(height - 1));
  f.u_base = _mm256_set1_pd(row->u_base), f.ua = _mm256_set1_pd(row->ua);
  f.v_base = _mm256_set1_pd(row->v_base), f.va = _mm256_set1_pd(row->va);
  f.q_base = _mm256_set1_pd(row->q_base), f.g = _mm256_set1_pd(row->g);
  f.row_r = _mm256_set1_pd(row->row_reciprocal);
  f.cap_x = _mm_set1_epi32((int)(width - 2));
  f.cap_y = _mm_set1_epi32((int)(height >= 2 ? height - 2 : 0));
  f.interleave = _mm_loadu_si128((const __m128i *)interleave_bytes);
  f.q_constant = row->g == 0;
  return f;
}

// The channel sums S of four pixels (pairs (0, 1) and (2, 3), for `finish`)
// from their left and upper neighbours ix, iy (capped, see split), the
// lower row's weight wy and the column weights (weight_pairs): each pixel's
// four neighbours read with two 64-bit loads.
TARGET static inline __attribute__((always_inline)) void blend4(const four_pixels *f, __m128i ix,
                                                                __m128i iy, __m128i wy,
                                                                __m128i weights, __m256i sums[2]) {
  int32_t xs[4], ys[4];
  _mm_storeu_si128((__m128i *)xs, ix);
  _mm_storeu_si128((__m128i *)ys, iy);
  __m128i lower = _mm_mullo_epi32(wy, _mm_set1_epi32(0x10001));
  __m128i upper = _mm_sub_epi32(_mm_set1_epi32(256 * 0x10001), lower);
  for (int pair = 0; pair < 2; pair++) {
    const uint32_t *p = f->source + ys[2 * pair] * f->stride + xs[2 * pair];
    const uint32_t *q = f->source + ys[2 * pair + 1] * f->stride + xs[2 * pair + 1];
    __m128i t = _mm_unpacklo_epi64(_mm_loadl_epi64((const __m128i *)p),
                                   _mm_loadl_epi64((const __m128i *)q));
    __m128i b = _mm_unpacklo_epi64(_mm_loadl_epi64((const __m128i *)(p + f->down)),
                                   _mm_loadl_epi64((const __m128i *)(q + f->down)));
    sums[pair] = blend_pair(t, b, upper, lower, weights, pair, f->interleave);
  }
}

// Four columns c of a row by the general formula (pixel's): their channel
// sums, and which lanes are in front of the camera (the others' sums are
// of some valid neighbours, to be made transparent).
TARGET static inline __attribute__((always_inline)) __m256d general4(const four_pixels *f,
                                                                     __m256d c, __m256i sums[2]) {
  const __m256d zero = _mm256_setzero_pd();
  __m256d q = _mm256_add_pd(f->q_base, _mm256_mul_pd(f->g, c));
  __m256d visible = _mm256_cmp_pd(q, zero, _CMP_GT_OQ);
  __m256d r = f->q_constant ? f->row_r : _mm256_div_pd(_mm256_set1_pd(1), q);
  // A NaN (only in lanes that are not visible) clamps to 0 here, which
  // keeps every index in range.
  __m128i ix, wx, iy, wy;
  split(positions_of(along(f->u_base, f->ua, c, r), f->max_x), f->cap_x, &ix, &wx);
  split(positions_of(along(f->v_base, f->va, c, r), f->max_y), f->cap_y, &iy, &wy);
  blend4(f, ix, iy, wy, weight_pairs(wx), sums);
  return visible;
}

// GENERAL rows: each pixel its own 2×2 neighbourhood.
TARGET static void pixel_span_avx2(const transit_row *row, uint32_t *out, int over,
                                   ptrdiff_t from, ptrdiff_t to) {
  const four_pixels f = four_pixels_of(row);
  const __m256d steps = _mm256_setr_pd(0, 1, 2, 3);
  ptrdiff_t column = from;
  for (; column + 4 <= to; column += 4) {
    __m256d c = _mm256_add_pd(_mm256_set1_pd((double)column), steps);
    __m256i sums[2];
    __m256d visible = general4(&f, c, sums);
    // Lanes not in front of the camera: transparent.
    __m128i shown = shown_lanes(visible);
    store4(out + column, _mm_and_si128(finish(sums[0], sums[1]), shown), over);
  }
  full_span_scalar(row, out, over, column, to);
}

TARGET static void row_positions(const transit_row *row, ptrdiff_t from, ptrdiff_t to);

// The lines, after the row's, up to which four COLUMNS lanes keep their
// upper source row in low..<high: the first line at which one would leave
// it, or the block's line count if none does (never sooner than the next
// line).
//
// A lane's source row position is monotonic down a column: y's terms are
// each a product by a constant or a sum with one, and clamping, scaling and
// truncating keep the order, so iy moves one way only (down when vb > 0,
// where it leaves at high, up when vb < 0, where it leaves below low). So
// if the last line claimed still has iy in low..<high, every line between
// does. That line is estimated by solving y = (v_base + va·c)·r − 0.5 for
// the line where the position crosses the run's end, then checked with the
// very operations of the row loop; a lane whose estimate fails the check
// claims only the row's own line (it blends again on the next).
TARGET static inline __m128i run_ends(const transit_row *row, __m256d c, __m256d r,
                                      __m256d maximum, __m128i low, __m128i high, __m128i cap) {
  const __m128i lines = _mm_set1_epi32((int)row->lines);
  if (row->vb == 0) return lines;  // every line reads the same rows
  const __m128i next = _mm_set1_epi32((int)row->line + 1);
  const __m256d va = _mm256_set1_pd(row->va), vb = _mm256_set1_pd(row->vb);
  const __m256d v_x0 = _mm256_set1_pd(row->v_x0), vc = _mm256_set1_pd(row->vc);
  const int down = row->vb > 0;
  // Leaving the run: iy ≥ high (t ≥ 256·high, so y ≥ high − 1/512) going
  // down, iy < low (y < low − 1/512) going up; never past the cap, or 0.
  __m128i boundary = down ? high : low;
  __m128i never = down ? _mm_cmpgt_epi32(high, cap) : _mm_cmpeq_epi32(low, _mm_setzero_si128());
  __m256d edge = _mm256_sub_pd(_mm256_cvtepi32_pd(boundary), _mm256_set1_pd(1.0 / 512));
  __m256d v = _mm256_sub_pd(_mm256_div_pd(_mm256_add_pd(edge, _mm256_set1_pd(0.5)), r),
                            _mm256_mul_pd(va, c));
  __m256d y = _mm256_div_pd(_mm256_sub_pd(_mm256_sub_pd(v, v_x0), vc), vb);
  __m256d at = _mm256_ceil_pd(_mm256_sub_pd(y, _mm256_set1_pd((double)row->origin_y + 0.5)));
  // A column behind the camera (r = 0) gives an infinity or a NaN: the
  // bounds take it (a NaN the lower), and the check below decides.
  at = _mm256_min_pd(_mm256_max_pd(at, _mm256_cvtepi32_pd(next)), _mm256_cvtepi32_pd(lines));
  __m128i until = _mm_blendv_epi8(_mm256_cvttpd_epi32(at), lines, never);
  // The check: iy on the last line claimed, by the row loop's operations
  // (v_base as transit_row_v_base has it, lane by lane).
  __m128i last = _mm_sub_epi32(until, _mm_set1_epi32(1));
  __m256d y_last = _mm256_add_pd(
      _mm256_cvtepi32_pd(_mm_add_epi32(last, _mm_set1_epi32((int)row->origin_y))),
      _mm256_set1_pd(0.5));
  __m256d v_base = _mm256_add_pd(_mm256_add_pd(v_x0, _mm256_mul_pd(vb, y_last)), vc);
  __m128i iy, weight;
  split(positions_of(along(v_base, va, c, r), maximum), cap, &iy, &weight);
  __m128i inside = _mm_andnot_si128(_mm_cmpgt_epi32(low, iy), _mm_cmpgt_epi32(high, iy));
  return _mm_blendv_epi8(next, until, inside);
}

// A COLUMNS row's columns from..<to (a whole number of fours): each
// column's source x, neighbour and weights were worked out once for the
// whole mapping (transit_prepare_columns); only y is computed here (or
// loaded, `batched`, from row_positions), and each pixel's four neighbours
// read with two 64-bit loads. Returns how many fours it blended.
//
// Most of a drawn view is flat downward: a column pair of the picture stays
// one colour for tens of rows. Where a column's two source rows lie inside
// such a run, its pixel depends on the column's x weight alone (both rows
// give the same vertical blend whatever y's weight), so it is the same on
// every destination line whose source rows lie in that run. A column that
// blends inside a run works out up to which line it stays there (run_ends)
// and remembers the pixel it gave; four columns that all know theirs on
// this line take them — a comparison per four pixels, without working out
// where they sample or reading the picture.
TARGET static inline __attribute__((always_inline)) int columns_groups(
    const transit_row *row, uint32_t *out, int over, ptrdiff_t from, ptrdiff_t to,
    const int batched) {
  const ptrdiff_t height = row->source_height;
  const __m256d zero = _mm256_setzero_pd(), steps = _mm256_setr_pd(0, 1, 2, 3);
  const __m256d maximum = _mm256_set1_pd((double)(height - 1));
  const __m256d v_base = _mm256_set1_pd(row->v_base), va = _mm256_set1_pd(row->va);
  const __m128i cap_y = _mm_set1_epi32((int)(height >= 2 ? height - 2 : 0));
  const __m128i stride = _mm_set1_epi32((int)row->source_stride);
  const ptrdiff_t down = height >= 2 ? row->source_stride : 0;
  const __m128i interleave = _mm_loadu_si128((const __m128i *)interleave_bytes);
  const __m128i both = _mm_set1_epi32(0x10001), full = _mm_set1_epi32(256 * 0x10001);
  const __m128i line = _mm_set1_epi32((int)row->line);
  const uint32_t *source = row->source;
  const uint8_t *runs = row->column_runs;
  int32_t *known_until = row->known_until;
  uint32_t *known_value = row->known_value;
  const double *column_reciprocal = row->column_reciprocal;
  const int32_t *column_index = row->column_index, *column_weights = row->column_weights;
  const ptrdiff_t prefetch = row->prefetch_rows * row->source_stride * 4;
  const __m256i line8 = _mm256_set1_epi32((int)row->line);
  int misses = 0;
  for (ptrdiff_t column = from; column < to; column += 4) {
    // Eight columns that all know their pixels, as most do: one check.
    if (column + 8 <= to) {
      __m256i until8 = _mm256_loadu_si256((const __m256i *)(known_until + column));
      __m256i known8 = _mm256_cmpgt_epi32(until8, line8);
      if (_mm256_movemask_ps(_mm256_castsi256_ps(known8)) == 0xFF) {
        store8(out + column, _mm256_loadu_si256((const __m256i *)(known_value + column)), over);
        column += 4;
        continue;
      }
    }
    __m128i until = _mm_loadu_si128((const __m128i *)(known_until + column));
    __m128i known = _mm_cmpgt_epi32(until, line);
    if (_mm_movemask_ps(_mm_castsi128_ps(known)) == 0xF) {
      store4(out + column, _mm_loadu_si128((const __m128i *)(known_value + column)), over);
      continue;
    }
    misses++;
    __m256d c = _mm256_add_pd(_mm256_set1_pd((double)column), steps);
    __m256d r = _mm256_loadu_pd(column_reciprocal + column);
    __m256d visible = _mm256_cmp_pd(r, zero, _CMP_GT_OQ);
    // A column behind the camera (r = 0) is at −0.5, and clamps to 0 here;
    // so would a NaN, from a numerator that overflowed.
    __m128i iy, wy;
    split(batched ? _mm_loadu_si128((const __m128i *)(row->positions + column))
                  : positions_of(along(v_base, va, c, r), maximum),
          cap_y, &iy, &wy);
    __m128i ix = _mm_loadu_si128((const __m128i *)(column_index + column));
    __m128i weights = _mm_loadu_si128((const __m128i *)(column_weights + column));
    // Offsets fit 32 bits: a picture has at most 32767 × 32767 pixels.
    __m128i at = _mm_add_epi32(_mm_mullo_epi32(iy, stride), ix);
    __m128i lower = _mm_mullo_epi32(wy, both);
    __m128i upper = _mm_sub_epi32(full, lower);
    __m128i t[2], u[2];
    int a[4];  // the lanes' offsets (extracts take constant lanes)
    for (int pair = 0; pair < 2; pair++) {
      a[2 * pair] = _mm_extract_epi32(at, 0), a[2 * pair + 1] = _mm_extract_epi32(at, 1);
      if (pair) a[2] = _mm_extract_epi32(at, 2), a[3] = _mm_extract_epi32(at, 3);
      const uint32_t *p = source + a[2 * pair], *q = source + a[2 * pair + 1];
      t[pair] = _mm_unpacklo_epi64(_mm_loadl_epi64((const __m128i *)p),
                                   _mm_loadl_epi64((const __m128i *)q));
      u[pair] = _mm_unpacklo_epi64(_mm_loadl_epi64((const __m128i *)(p + down)),
                                   _mm_loadl_epi64((const __m128i *)(q + down)));
      // The rows a few destination rows on will read, fetched meanwhile: a
      // prefetch cannot fault, so the address may lie past the picture.
      _mm_prefetch((const char *)((uintptr_t)p + (uintptr_t)prefetch), _MM_HINT_T0);
    }
    __m128i shown = shown_lanes(visible);
    // A column whose two source rows are alike lies in a run: unless it
    // already knows its pixel here, it learns the run and the pixel.
    __m128i alike = _mm_castps_si128(_mm_shuffle_ps(
        _mm_castsi128_ps(_mm_cmpeq_epi64(t[0], u[0])),
        _mm_castsi128_ps(_mm_cmpeq_epi64(t[1], u[1])), 0x88));
    __m128i learns = _mm_andnot_si128(known, alike);
    __m128i pixels;
    // Flat colour (all four neighbours of all four pixels alike, as in most
    // of a drawn view): every weighting gives that colour back.
    __m128i same = _mm_and_si128(
        _mm_and_si128(_mm_cmpeq_epi32(t[0], u[0]), _mm_cmpeq_epi32(t[1], u[1])),
        _mm_and_si128(_mm_cmpeq_epi32(t[0], _mm_shuffle_epi32(t[0], 0xB1)),
                      _mm_cmpeq_epi32(t[1], _mm_shuffle_epi32(t[1], 0xB1))));
    if (_mm_movemask_epi8(same) == 0xFFFF) {
      pixels = _mm_castps_si128(
          _mm_shuffle_ps(_mm_castsi128_ps(t[0]), _mm_castsi128_ps(t[1]), 0x88));
    } else {
      __m256i sums[2];
      for (int pair = 0; pair < 2; pair++) {
        sums[pair] = blend_pair(t[pair], u[pair], upper, lower, weights, pair, interleave);
      }
      pixels = finish(sums[0], sums[1]);
    }
    pixels = _mm_and_si128(pixels, shown);
    if (!_mm_testz_si128(learns, learns)) {
      __m128i run = _mm_setr_epi32(runs[a[0]], runs[a[1]], runs[a[2]], runs[a[3]]);
      __m128i ends = run_ends(row, c, r, maximum, iy, _mm_add_epi32(iy, run), cap_y);
      __m128i *at_until = (__m128i *)(known_until + column);
      __m128i *at_value = (__m128i *)(known_value + column);
      _mm_storeu_si128(at_until, _mm_blendv_epi8(until, ends, learns));
      _mm_storeu_si128(at_value, _mm_blendv_epi8(_mm_loadu_si128(at_value), pixels, learns));
    }
    store4(out + column, pixels, over);
  }
  return misses;
}

// A COLUMNS row's full span, a chunk of TRANSIT_COLUMNS_CHUNK columns at a
// time. Where most fours know their pixels (a drawn view's flat parts),
// a four that does not works out its own positions as it blends; where a
// quarter or more blend (detail, a photo, noise), the chunk's positions are
// worked out first, in one pass (row_positions), which keeps the blends'
// chain of dependent operations short. Measured with Benchmarks/mapping.sh
// beside positions always worked out first: a drawn view turned about the
// vertical axis takes 0.88–0.89 × the time, noise 1.06–1.09 × (with
// positions always worked out in the blend instead: 0.87 × and 1.66 ×). Whether a chunk
// blends that much is judged by how many of its fours the row before
// blended (chunk_misses), which costs nothing to count.
enum { COLUMNS_DENSE = 4 };

TARGET static void columns_span_avx2(const transit_row *row, uint32_t *out, int over,
                                     ptrdiff_t from, ptrdiff_t to) {
  const ptrdiff_t whole = from + (to - from) / 4 * 4;
  for (ptrdiff_t start = from; start < whole;) {
    // To the chunk's end, or the first four past it.
    const ptrdiff_t chunk = start / TRANSIT_COLUMNS_CHUNK;
    ptrdiff_t end = start + ((chunk + 1) * TRANSIT_COLUMNS_CHUNK - start + 3) / 4 * 4;
    if (end > whole) end = whole;
    int32_t *misses = row->chunk_misses + chunk;
    if (*misses * COLUMNS_DENSE >= TRANSIT_COLUMNS_CHUNK / 4) {
      row_positions(row, start, end);
      *misses = columns_groups(row, out, over, start, end, 1);
    } else {
      *misses = columns_groups(row, out, over, start, end, 0);
    }
    start = end;
  }
  full_span_scalar(row, out, over, whole, to);
}

// The positions (1/256 pixel, as transit_position) at which a LEVEL row
// samples along x, or a COLUMNS row along y, for the columns from..<to
// that the vectorised loops take, four at a time (the scalar loop finishes
// a row and computes its own), all worked out before any of them is
// blended — a LEVEL row's stretches that are not flat (level_runs_avx2), a
// COLUMNS row's chunks that blend much (columns_span_avx2) — and the loops
// then load them. Measured on a
// picture of the rotate styles, 1810 × 1018 mapped to 1280 × 720, a row
// takes about a fifth less time than with the positions computed between
// the blends. A column behind the camera (COLUMNS, r ≤ 0) gets position 0,
// a valid neighbour; its pixel is made transparent.
TARGET static void row_positions(const transit_row *row, ptrdiff_t from, ptrdiff_t to) {
  const int level = row->mode == TRANSIT_ROW_LEVEL;
  const ptrdiff_t size = level ? row->source_width : row->source_height;
  const __m256d four = _mm256_set1_pd(4);
  const __m256d maximum = _mm256_set1_pd((double)(size - 1));
  const __m256d base = _mm256_set1_pd(level ? row->u_base : row->v_base);
  const __m256d step = _mm256_set1_pd(level ? row->ua : row->va);
  const __m256d r_row = _mm256_set1_pd(row->row_reciprocal);
  int32_t *positions = row->positions;
  __m256d c = _mm256_add_pd(_mm256_set1_pd((double)from), _mm256_setr_pd(0, 1, 2, 3));
  ptrdiff_t column = from;
  for (; column + 4 <= to; column += 4, c = _mm256_add_pd(c, four)) {
    __m256d r = level ? r_row : _mm256_loadu_pd(row->column_reciprocal + column);
    __m256d x = along(base, step, c, r);
    // A column behind the camera (r = 0) is at −0.5, and clamps to 0 here;
    // so would a NaN, from a numerator that overflowed.
    _mm_storeu_si128((__m128i *)(positions + column), positions_of(x, maximum));
  }
}

// Flat colour on LEVEL rows, found a chunk of columns at a time.
//
// A LEVEL row samples a single pair of source rows, so the columns
// first..last that a run of its pixels reads (the least and greatest of
// their left neighbours, and one more for the right ones) are two short
// stretches of memory, which the blend would read anyway. When both are
// one colour C, every pixel of the run is C — a blend of equal values gives
// the value back exactly (V = 128·C, S = 32768·C, (S + 16384) >> 15 = C) —
// and the run is filled with it, without its positions worked out (only
// its two ends', level_ends) or its neighbours gathered. Most of a drawn
// view is flat (backgrounds, bars, the space around text), so most of a
// turned view's rows go this way (Docs/Performance.md has the figures).
// Runs of LEVEL_CHUNK columns are tried first; one that is not
// flat is tried again in parts of LEVEL_PART, and the parts that are not
// flat, taken together where they follow each other, are blended — so a
// row of detail all along costs one blend and the failed checks, which
// stop at the first pixel that differs. (COLUMNS rows gain nothing from
// this: their runs read many source rows, and checking them costs what
// blending them does; they skip flat pixels by remembering, per column,
// the run of alike source rows it reads — columns_span_avx2.)
enum { LEVEL_CHUNK = 128, LEVEL_PART = 32 };

// Whether `count` (≥ 1) pixels from `p` are all `value`; eight at a time,
// stopping at the first eight that are not.
TARGET static inline int all_equal(const uint32_t *p, ptrdiff_t count, uint32_t value) {
  if (count < 8) {
    for (ptrdiff_t k = 0; k < count; k++)
      if (p[k] != value) return 0;
    return 1;
  }
  const __m256i wanted = _mm256_set1_epi32((int)value);
  for (ptrdiff_t k = 0;; k += 8) {
    // The last eight overlap the ones before them.
    const ptrdiff_t at = k + 8 <= count ? k : count - 8;
    __m256i differ = _mm256_xor_si256(_mm256_loadu_si256((const __m256i *)(p + at)), wanted);
    if (!_mm256_testz_si256(differ, differ)) return 0;
    if (at + 8 >= count) return 1;
  }
}

// Columns from..<to, each `colour`, written or composited (store4's rules).
TARGET static void fill(uint32_t *out, ptrdiff_t from, ptrdiff_t to, uint32_t colour, int over) {
  if (over && colour == 0) return;
  if (over && colour >> 24 != 0xFF) {
    for (ptrdiff_t column = from; column < to; column++)
      out[column] = transit_over(colour, out[column]);
    return;
  }
  const __m256i value = _mm256_set1_epi32((int)colour);
  ptrdiff_t column = from;
  for (; column + 8 <= to; column += 8) _mm256_storeu_si256((__m256i *)(out + column), value);
  for (; column < to; column++) out[column] = colour;
}

// Whether LEVEL columns from..<to sample one colour, `*colour`, from the
// row's `pair`; only the two end columns' positions are worked out.
//
// Their left neighbours lie in first..last, their right ones one column
// on (a left neighbour capped at width − 2 has a right one of weight 256 at
// width − 1, where its position is; the cap only lowers it to a column of
// weight 0, which cannot change the pixel), so columns first..last + 1
// (within the picture) are all the pixels read.
TARGET static int level_flat(const transit_row *row, level_pair pair, ptrdiff_t from,
                             ptrdiff_t to, uint32_t *colour) {
  const uint32_t *top = pair.top, *bottom = pair.bottom;
  ptrdiff_t first, last;
  if (!level_ends(row, from, to, &first, &last)) return 0;
  if (last + 1 < row->source_width) last += 1;
  const uint32_t value = top[first];
  if (!all_equal(top + first, last - first + 1, value)) return 0;
  if (bottom != top && !all_equal(bottom + first, last - first + 1, value)) return 0;
  *colour = value;
  return 1;
}

// A LEVEL row's full span: flat runs filled, the rest blended.
TARGET static void level_runs_avx2(const transit_row *row, uint32_t *out, int over,
                                   ptrdiff_t from, ptrdiff_t to) {
  const level_pair pair = level_pair_of(row);
  // The columns the vectorised loops take; the last few, if any, are left
  // to the scalar loop.
  const ptrdiff_t whole = from + (to - from) / 4 * 4;
  // Columns pending..<part are not flat and wait to be blended together;
  // their positions are worked out then, and only theirs.
  ptrdiff_t pending = from;
  uint32_t colour;
  for (ptrdiff_t column = from; column < whole;) {
    const ptrdiff_t end = whole - column >= LEVEL_CHUNK ? column + LEVEL_CHUNK : whole;
    const int chunk = end - column >= 8 && level_flat(row, pair, column, end, &colour);
    for (ptrdiff_t part = column; part < end;) {
      const ptrdiff_t stop = chunk ? end : end - part >= LEVEL_PART ? part + LEVEL_PART : end;
      if (chunk || (stop - part >= 8 && level_flat(row, pair, part, stop, &colour))) {
        if (pending < part) {
          row_positions(row, pending, part);
          level_span_avx2(row, pair, out, over, pending, part);
        }
        fill(out, part, stop, colour, over);
        pending = stop;
      }
      part = stop;
    }
    column = end;
  }
  if (pending < whole) {
    row_positions(row, pending, whole);
    level_span_avx2(row, pair, out, over, pending, whole);
  }
  full_span_scalar(row, out, over, whole, to);
}

TARGET static void full_span_avx2(const transit_row *row, uint32_t *out, int over,
                                  ptrdiff_t from, ptrdiff_t to) {
  if (row->mode == TRANSIT_ROW_LEVEL) {
    level_runs_avx2(row, out, over, from, to);
  } else if (row->source_width >= 2 && row->mode == TRANSIT_ROW_COLUMNS) {
    columns_span_avx2(row, out, over, from, to);
  } else if (row->source_width >= 2) {
    pixel_span_avx2(row, out, over, from, to);
  } else {
    // One column: two neighbours in a row would read past it.
    full_span_scalar(row, out, over, from, to);
  }
}

// Channel sums S of pixels (0, 1) and (2, 3) → the four pixels, each scaled
// by its lane of `coverage`: (int)(S·coverage / 32768 + 0.5) channel by
// channel in doubles, as transit_sample does (for coverage 1 that is
// (S + 16384) >> 15 exactly, as `finish` gives: S / 32768 and the half are
// exact in doubles).
TARGET static inline __m128i finish_covered(__m256i s01, __m256i s23, __m256d coverage) {
  const __m256d scale = _mm256_set1_pd(1.0 / 32768), half = _mm256_set1_pd(0.5);
  __m128i channels[4] = {_mm256_castsi256_si128(s01), _mm256_extracti128_si256(s01, 1),
                         _mm256_castsi256_si128(s23), _mm256_extracti128_si256(s23, 1)};
  double lanes[4];
  _mm256_storeu_pd(lanes, coverage);
  for (int k = 0; k < 4; k++) {
    __m256d v = _mm256_mul_pd(_mm256_mul_pd(_mm256_cvtepi32_pd(channels[k]),
                                            _mm256_set1_pd(lanes[k])),
                              scale);
    channels[k] = _mm256_cvttpd_epi32(_mm256_add_pd(v, half));
  }
  __m128i low = _mm_packus_epi32(channels[0], channels[1]);
  __m128i high = _mm_packus_epi32(channels[2], channels[3]);
  return _mm_packus_epi16(low, high);
}

// Columns from..<to along the quad's edges, four at a time (the last few
// one by one, as edge_pixel): each four's coverage is the product of its
// four clamped edge functions, in edge_pixel's order, and its pixels the
// blend the full spans give (pixel_span_avx2's for GENERAL and LEVEL rows,
// which take their edge pixels from the general formula, per-column
// reciprocals and neighbours for COLUMNS rows), scaled by it. A column
// wholly inside has coverage exactly 1, and the same pixel as a full
// span's, so map_row_avx2 may hand a few such columns to this loop.
TARGET static void edge_span_avx2(const transit_row *row, uint32_t *out, int over,
                                  ptrdiff_t from, ptrdiff_t to) {
  const four_pixels f = four_pixels_of(row);
  const __m256d steps = _mm256_setr_pd(0, 1, 2, 3), zero = _mm256_setzero_pd();
  const __m256d one = _mm256_set1_pd(1), half = _mm256_set1_pd(0.5);
  const int columns = row->mode == TRANSIT_ROW_COLUMNS;
  ptrdiff_t column = from;
  for (; column + 4 <= to; column += 4) {
    __m256d c = _mm256_add_pd(_mm256_set1_pd((double)column), steps);
    __m256d coverage = one;
    for (int k = 0; k < 4; k++) {
      __m256d e = _mm256_add_pd(
          _mm256_add_pd(_mm256_set1_pd(row->edge_base[k]),
                        _mm256_mul_pd(_mm256_set1_pd(row->edge_a[k]), c)),
          half);
      // max(e, 0) is e > 0 ? e : 0 and min(·, 1) is · < 1 ? · : 1, as
      // edge_pixel's ieee_maximum and ieee_minimum (a NaN becomes 0).
      __m256d clamped = _mm256_min_pd(_mm256_max_pd(e, zero), one);
      coverage = k == 0 ? clamped : _mm256_mul_pd(coverage, clamped);
    }
    __m256d visible;
    __m256i sums[2];
    if (columns) {
      __m256d r = _mm256_loadu_pd(row->column_reciprocal + column);
      visible = _mm256_cmp_pd(r, zero, _CMP_GT_OQ);
      __m128i iy, wy;
      split(positions_of(along(f.v_base, f.va, c, r), f.max_y), f.cap_y, &iy, &wy);
      blend4(&f, _mm_loadu_si128((const __m128i *)(row->column_index + column)), iy, wy,
             _mm_loadu_si128((const __m128i *)(row->column_weights + column)), sums);
    } else {
      visible = general4(&f, c, sums);
    }
    // Lanes not in front of the camera: transparent (uncovered ones are 0
    // already: their sums are scaled by 0).
    __m128i shown = shown_lanes(visible);
    store4(out + column, _mm_and_si128(finish_covered(sums[0], sums[1], coverage), shown), over);
  }
  for (; column < to; column++) put(out, column, edge_pixel(row, column), over);
}

// A row on the vectorised path: its edges four columns at a time
// (edge_span_avx2), taking up to three wholly covered columns next to each
// edge so that the fours end where the full span starts and start where it
// ends.
TARGET static void map_row_avx2(const transit_row *row, uint32_t *out, int over) {
  const ptrdiff_t start = row->start, end = row->end;
  if (row->full_start >= row->full_end) {
    edge_span_avx2(row, out, over, start, end);
    return;
  }
  ptrdiff_t left = start + (row->full_start - start + 3) / 4 * 4;
  if (left > row->full_end) left = row->full_end;
  ptrdiff_t right = end - (end - row->full_end + 3) / 4 * 4;
  if (right < left) right = left;
  edge_span_avx2(row, out, over, start, left);
  if (left < right) full_span_avx2(row, out, over, left, right);
  edge_span_avx2(row, out, over, right, end);
}

// transit_column_runs for one row, eight pixels at a time while the ninth
// (each pixel's right neighbour) is in the row; returns where it stopped.
TARGET static ptrdiff_t column_runs_avx2(const uint32_t *upper, const uint32_t *lower,
                                         const uint8_t *below, uint8_t *here,
                                         ptrdiff_t width) {
  const __m128i one = _mm_set1_epi8(1);
  ptrdiff_t x = 0;
  for (; x + 9 <= width; x += 8) {
    __m256i alike = _mm256_and_si256(
        _mm256_cmpeq_epi32(_mm256_loadu_si256((const __m256i *)(upper + x)),
                           _mm256_loadu_si256((const __m256i *)(lower + x))),
        _mm256_cmpeq_epi32(_mm256_loadu_si256((const __m256i *)(upper + x + 1)),
                           _mm256_loadu_si256((const __m256i *)(lower + x + 1))));
    __m128i mask = _mm_packs_epi32(_mm256_castsi256_si128(alike),
                                   _mm256_extracti128_si256(alike, 1));
    mask = _mm_packs_epi16(mask, mask);
    __m128i longer = _mm_adds_epu8(_mm_loadl_epi64((const __m128i *)(below + x)), one);
    _mm_storel_epi64((__m128i *)(here + x), _mm_and_si128(longer, mask));
  }
  return x;
}

static int has_avx2(void) {
  static int known = -1;
  if (known < 0) known = __builtin_cpu_supports("avx2") ? 1 : 0;
  return known;
}
#endif

void transit_column_runs(const uint32_t *source, ptrdiff_t stride, ptrdiff_t width,
                         ptrdiff_t height, uint8_t *runs) {
  if (width < 1 || height < 1) return;
  for (ptrdiff_t x = 0; x < width; x++) runs[(height - 1) * stride + x] = 0;
  for (ptrdiff_t y = height - 2; y >= 0; y--) {
    const uint32_t *upper = source + y * stride, *lower = upper + stride;
    uint8_t *here = runs + y * stride;
    const uint8_t *below = here + stride;
    ptrdiff_t x = 0;
#if defined(__x86_64__)
    if (has_avx2())
      x = column_runs_avx2(upper, lower, below, here, width);
#endif
    for (; x + 1 < width; x++) {
      int alike = upper[x] == lower[x] && upper[x + 1] == lower[x + 1];
      here[x] = alike ? (uint8_t)(below[x] == 255 ? 255 : below[x] + 1) : 0;
    }
    here[width - 1] = 0;
  }
}

void transit_map_row(const transit_row *row, uint32_t *out, int over) {
#if defined(__x86_64__)
  if (has_avx2()) {
    if (row->source_width >= 2)
      map_row_avx2(row, out, over);
    else  // one column: two neighbours in a row would read past it
      map_row(row, out, over, full_span_avx2);
    return;
  }
#endif
  map_row(row, out, over, full_span_scalar);
}
