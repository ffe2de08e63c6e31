// One destination row of ProjectiveMapping: see transit_perspective.h.
//
// Exactness: every value is computed with the same IEEE double operations,
// in the same order, as the Swift formula this replaced (and as the
// per-pixel reference model in the tests), so the pixels are the same bit
// for bit. The package compiles this file with -ffp-contract=off, and the
// vectorised path is built for AVX2 without FMA, so no multiply and add are
// ever fused; vector lanes do exactly what the scalar code does.
#include "transit_perspective.h"

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

// Bilinear interpolation of four premultiplied pixels, scaled by coverage.
static inline uint32_t blend(
    uint32_t p00, uint32_t p10, uint32_t p01, uint32_t p11, double fx, double fy,
    double coverage) {
  if (p00 == p10 && p00 == p01 && p00 == p11 && coverage >= 1) return p00;
  double w00 = (1 - fx) * (1 - fy) * coverage;
  double w10 = fx * (1 - fy) * coverage;
  double w01 = (1 - fx) * fy * coverage;
  double w11 = fx * fy * coverage;
  uint32_t result = 0;
  for (int shift = 0; shift < 32; shift += 8) {
    double value = (double)((p00 >> shift) & 0xFF) * w00 + (double)((p10 >> shift) & 0xFF) * w10 +
                   (double)((p01 >> shift) & 0xFF) * w01 + (double)((p11 >> shift) & 0xFF) * w11;
    result |= (uint32_t)swift_min(value + 0.5, 255) << shift;
  }
  return result;
}

// The source at pixel-centre coordinates (x, y), clamped at its edges.
static inline uint32_t sample(const transit_row *row, double x, double y, double coverage) {
  double sx = swift_min(swift_max(x, 0), (double)(row->source_width - 1));
  double sy = swift_min(swift_max(y, 0), (double)(row->source_height - 1));
  ptrdiff_t ix = (ptrdiff_t)sx, iy = (ptrdiff_t)sy;
  ptrdiff_t ix1 = ix + 1 < row->source_width - 1 ? ix + 1 : row->source_width - 1;
  ptrdiff_t iy1 = iy + 1 < row->source_height - 1 ? iy + 1 : row->source_height - 1;
  const uint32_t *top = row->source + iy * row->source_stride;
  const uint32_t *bottom = row->source + iy1 * row->source_stride;
  return blend(top[ix], top[ix1], bottom[ix], bottom[ix1], sx - (double)ix, sy - (double)iy,
               coverage);
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

// The row's level: one source row pair for every full pixel.
typedef struct {
  const uint32_t *top, *bottom;
  double fy;
} level;

static inline level row_level(const transit_row *row) {
  double sy = swift_min(swift_max(row->v_base * row->row_reciprocal - 0.5, 0),
                        (double)(row->source_height - 1));
  ptrdiff_t iy = (ptrdiff_t)sy;
  ptrdiff_t iy1 = iy + 1 < row->source_height - 1 ? iy + 1 : row->source_height - 1;
  level l = {row->source + iy * row->source_stride, row->source + iy1 * row->source_stride,
             sy - (double)iy};
  return l;
}

static void full_span_scalar(const transit_row *row, uint32_t *out, int over, ptrdiff_t from,
                             ptrdiff_t to) {
  if (row->mode == TRANSIT_ROW_LEVEL) {
    level l = row_level(row);
    double max_x = (double)(row->source_width - 1);
    for (ptrdiff_t column = from; column < to; column++) {
      double x = (row->u_base + row->ua * (double)column) * row->row_reciprocal - 0.5;
      double sx = swift_min(swift_max(x, 0), max_x);
      ptrdiff_t ix = (ptrdiff_t)sx;
      ptrdiff_t ix1 = ix + 1 < row->source_width - 1 ? ix + 1 : row->source_width - 1;
      put(out, column,
          blend(l.top[ix], l.top[ix1], l.bottom[ix], l.bottom[ix1], sx - (double)ix, l.fy, 1),
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
  full(row, out, over, row->full_start, row->full_end);
  for (ptrdiff_t column = row->full_end; column < row->end; column++)
    put(out, column, edge_pixel(row, column), over);
}

void transit_map_row_scalar(const transit_row *row, uint32_t *out, int over) {
  map_row(row, out, over, full_span_scalar);
}

#if defined(__x86_64__)
// Four full pixels at a time: their source coordinates in one go (the same
// operations lane by lane), then each pixel's four neighbours; where they
// differ, the bilinear blend runs on the four channels as the four lanes of
// one vector, each lane the scalar blend's arithmetic.
__attribute__((target("avx2"))) static inline uint32_t blend_avx2(
    uint32_t p00, uint32_t p10, uint32_t p01, uint32_t p11, double fx, double fy) {
  if (p00 == p10 && p00 == p01 && p00 == p11) return p00;
  __m256d c00 = _mm256_cvtepi32_pd(_mm_cvtepu8_epi32(_mm_cvtsi32_si128((int)p00)));
  __m256d c10 = _mm256_cvtepi32_pd(_mm_cvtepu8_epi32(_mm_cvtsi32_si128((int)p10)));
  __m256d c01 = _mm256_cvtepi32_pd(_mm_cvtepu8_epi32(_mm_cvtsi32_si128((int)p01)));
  __m256d c11 = _mm256_cvtepi32_pd(_mm_cvtepu8_epi32(_mm_cvtsi32_si128((int)p11)));
  // (1 − fx)·(1 − fy)·1 and so on: the coverage of a full pixel is 1, and
  // multiplying by 1 changes no bit, so it is left out.
  __m256d w00 = _mm256_set1_pd((1 - fx) * (1 - fy));
  __m256d w10 = _mm256_set1_pd(fx * (1 - fy));
  __m256d w01 = _mm256_set1_pd((1 - fx) * fy);
  __m256d w11 = _mm256_set1_pd(fx * fy);
  __m256d value = _mm256_add_pd(
      _mm256_add_pd(_mm256_add_pd(_mm256_mul_pd(c00, w00), _mm256_mul_pd(c10, w10)),
                    _mm256_mul_pd(c01, w01)),
      _mm256_mul_pd(c11, w11));
  // min(value + 0.5, 255), truncated: no NaN can reach here.
  value = _mm256_min_pd(_mm256_add_pd(value, _mm256_set1_pd(0.5)), _mm256_set1_pd(255));
  __m128i channels = _mm256_cvttpd_epi32(value);
  channels = _mm_packus_epi32(channels, channels);
  return (uint32_t)_mm_cvtsi128_si32(_mm_packus_epi16(channels, channels));
}

__attribute__((target("avx2"))) static void full_span_avx2(
    const transit_row *row, uint32_t *out, int over, ptrdiff_t from, ptrdiff_t to) {
  const __m256d steps = _mm256_setr_pd(0, 1, 2, 3);
  const __m256d zero = _mm256_setzero_pd(), half = _mm256_set1_pd(0.5);
  const __m256d max_x = _mm256_set1_pd((double)(row->source_width - 1));
  const __m256d max_y = _mm256_set1_pd((double)(row->source_height - 1));
  const __m256d u_base = _mm256_set1_pd(row->u_base), ua = _mm256_set1_pd(row->ua);
  const __m256d v_base = _mm256_set1_pd(row->v_base), va = _mm256_set1_pd(row->va);
  const __m256d q_base = _mm256_set1_pd(row->q_base), g = _mm256_set1_pd(row->g);
  const __m256d row_r = _mm256_set1_pd(row->row_reciprocal);
  const ptrdiff_t last_column = row->source_width - 1, last_row = row->source_height - 1;
  const ptrdiff_t stride = row->source_stride;
  const uint32_t *source = row->source;
  const int mode = row->mode;
  level l = {0, 0, 0};
  if (mode == TRANSIT_ROW_LEVEL) l = row_level(row);
  const int q_constant = row->g == 0;
  ptrdiff_t column = from;
  for (; column + 4 <= to; column += 4) {
    __m256d c = _mm256_add_pd(_mm256_set1_pd((double)column), steps);
    __m256d r, x, y = zero;
    int visible = 0xF;
    if (mode == TRANSIT_ROW_COLUMNS) {
      r = _mm256_loadu_pd(row->column_reciprocal + column);
      visible = _mm256_movemask_pd(_mm256_cmp_pd(r, zero, _CMP_GT_OQ));
      x = _mm256_loadu_pd(row->column_u + column);
    } else {
      if (mode == TRANSIT_ROW_LEVEL || q_constant) {
        r = row_r;
        if (mode != TRANSIT_ROW_LEVEL) {
          __m256d q = _mm256_add_pd(q_base, _mm256_mul_pd(g, c));
          visible = _mm256_movemask_pd(_mm256_cmp_pd(q, zero, _CMP_GT_OQ));
        }
      } else {
        __m256d q = _mm256_add_pd(q_base, _mm256_mul_pd(g, c));
        visible = _mm256_movemask_pd(_mm256_cmp_pd(q, zero, _CMP_GT_OQ));
        r = _mm256_div_pd(_mm256_set1_pd(1), q);
      }
      x = _mm256_sub_pd(_mm256_mul_pd(_mm256_add_pd(u_base, _mm256_mul_pd(ua, c)), r), half);
    }
    if (mode != TRANSIT_ROW_LEVEL)
      y = _mm256_sub_pd(_mm256_mul_pd(_mm256_add_pd(v_base, _mm256_mul_pd(va, c)), r), half);
    // Swift's min(max(x, 0), m) for numbers; a NaN (only in lanes that are
    // not visible) clamps to 0 here, which keeps every index in range.
    __m256d sx = _mm256_min_pd(_mm256_max_pd(x, zero), max_x);
    __m256d sy = _mm256_min_pd(_mm256_max_pd(y, zero), max_y);
    __m128i ix4 = _mm256_cvttpd_epi32(sx), iy4 = _mm256_cvttpd_epi32(sy);
    __m256d fx4 = _mm256_sub_pd(sx, _mm256_cvtepi32_pd(ix4));
    __m256d fy4 = _mm256_sub_pd(sy, _mm256_cvtepi32_pd(iy4));
    int32_t ixs[4], iys[4];
    double fxs[4], fys[4];
    _mm_storeu_si128((__m128i *)ixs, ix4);
    _mm_storeu_si128((__m128i *)iys, iy4);
    _mm256_storeu_pd(fxs, fx4);
    _mm256_storeu_pd(fys, fy4);
    for (int k = 0; k < 4; k++) {
      uint32_t value = 0;
      if (visible >> k & 1) {
        ptrdiff_t ix = ixs[k];
        ptrdiff_t ix1 = ix + 1 < last_column ? ix + 1 : last_column;
        const uint32_t *top, *bottom;
        double fy;
        if (mode == TRANSIT_ROW_LEVEL) {
          top = l.top, bottom = l.bottom, fy = l.fy;
        } else {
          ptrdiff_t iy = iys[k];
          ptrdiff_t iy1 = iy + 1 < last_row ? iy + 1 : last_row;
          top = source + iy * stride, bottom = source + iy1 * stride, fy = fys[k];
        }
        value = blend_avx2(top[ix], top[ix1], bottom[ix], bottom[ix1], fxs[k], fy);
      }
      if (over) {
        out[column + k] = transit_over(value, out[column + k]);
      } else {
        out[column + k] = value;
      }
    }
  }
  full_span_scalar(row, out, over, column, to);
}

static int has_avx2(void) {
  static int known = -1;
  if (known < 0) known = __builtin_cpu_supports("avx2") ? 1 : 0;
  return known;
}
#endif

void transit_map_row(const transit_row *row, uint32_t *out, int over) {
#if defined(__x86_64__)
  if (has_avx2()) {
    map_row(row, out, over, full_span_avx2);
    return;
  }
#endif
  map_row(row, out, over, full_span_scalar);
}
