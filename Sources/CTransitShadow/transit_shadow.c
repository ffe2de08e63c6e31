#include "transit_shadow.h"
#include "shadow_holes.h"

#include <string.h>

// Products and sums are rounded one by one, as the blur's reference order
// says: never fused.
#pragma STDC FP_CONTRACT OFF

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

// Every path computes each channel in 8.8 fixed point with the same
// integer operations (a product's high 16 bits, a saturating add), so all
// give the same bits. With M = mask · 257 (mask / 255 = M / 65535), a
// colour channel c as C = round(256 · c) and the colour's alpha as
// K = round(65536 · alpha / 255):
//   covered = (C · M) >> 16                  c · mask / 255, in 1/256 steps
//   under   = 65535 − ((K · M) >> 16)        1 − alpha · mask / 255, of 65535
//   kept    = ((d << 8) · under) >> 16       d · under, in 1/256 steps
//   channel = min(covered + kept + 128, 65535) >> 8
// The sum is a few 256ths of a step from the exact composite, and the one
// rounding (+128, >> 8) puts the channel within 0.55 of a step of it (for
// every mask and channel value, over a range of colours). A
// mask of 0 gives under = 65535 and kept + 128 = 256 · d + 127 (or 128 for
// d = 0): the pixel comes back unchanged.
//
// The vector paths hold a pixel's four channels as two 16-bit lanes of
// each of two vectors: blue and red (the even bytes, shifted up) in one,
// green and alpha (the odd bytes, masked) in the other. Then a pixel's
// mask, and `under`, fill two lanes of a vector, the same two in both
// vectors, so `under` is worked out once for both; each channel's
// result is the high byte of its lane, which for green and alpha is
// already where the pixel keeps it, and for blue and red one shift away.

typedef struct {
  uint16_t c[4];  // per channel in memory order: blue, green, red, alpha
  uint16_t k;
} constants;

static inline constants make_constants(const float color[4]) {
  constants k;
  // color is (alpha, red, green, blue) in 0…255; memory order is b, g, r, a.
  const float ordered[4] = {color[3], color[2], color[1], color[0]};
  for (int i = 0; i < 4; i++) {
    float v = ordered[i] * 256.0f + 0.5f;
    v = v < 0.0f ? 0.0f : (v > 65535.0f ? 65535.0f : v);
    k.c[i] = (uint16_t)v;
  }
  float keep = color[0] * (65536.0f / 255.0f) + 0.5f;
  keep = keep < 0.0f ? 0.0f : (keep > 65535.0f ? 65535.0f : keep);
  k.k = (uint16_t)keep;
  return k;
}

static inline uint32_t blend_scalar(uint32_t p, uint32_t m8, const constants *k) {
  const uint32_t m = m8 * 257u;
  const uint32_t under = 65535u - (((uint32_t)k->k * m) >> 16);
  uint32_t out = 0;
  for (int i = 0; i < 4; i++) {
    const uint32_t d = (p >> (8 * i)) & 0xffu;
    const uint32_t covered = ((uint32_t)k->c[i] * m) >> 16;
    const uint32_t kept = ((d << 8) * under) >> 16;
    uint32_t sum = covered + kept;
    sum = sum > 65535u ? 65535u : sum;
    sum += 128u;
    sum = sum > 65535u ? 65535u : sum;
    out |= (sum >> 8) << (8 * i);
  }
  return out;
}

// The largest mask value t (0…127) such that the mask values 1…t leave
// every channel value as it is: pixels whose mask is at most t need not
// be read. For one mask value and channel, the result is d exactly when
// 256·d ≤ covered + kept + 128 < 256·d + 256 for every d; the shortfall
// 256·d − kept grows with d (kept grows by at most 256 a step), from 0 at
// d = 0, so it is enough that covered ≤ 127 and that the shortfall at
// d = 255 is at most covered + 128. A faint shadow over anything (a
// quarter-opaque black: mask 1) leaves the outer rim of its ring alone.
static inline int unchanging(const constants *k) {
  int t = 0;
  for (uint32_t m8 = 1; m8 < 128; m8++) {
    const uint32_t m = m8 * 257u;
    const uint32_t under = 65535u - (((uint32_t)k->k * m) >> 16);
    const uint32_t shortfall = 65280u - ((65280u * under) >> 16);
    for (int i = 0; i < 4; i++) {
      const uint32_t covered = ((uint32_t)k->c[i] * m) >> 16;
      if (covered > 127u || shortfall > covered + 128u) return t;
    }
    t = (int)m8;
  }
  return t;
}

// Whether a byte of `bytes` is above t, with `add` = (127 − t) in every
// byte (t ≤ 127): a byte above t reaches 128 when added to or is 128 or
// more already; a carry out of a byte comes only from one of 129 or more.
static inline int any_above(uint64_t bytes, uint64_t add) {
  return (((bytes + add) | bytes) & 0x8080808080808080ull) != 0;
}

// The colour's constants in every lane of a vector (`mm` is _mm, _mm256
// or _mm512), and the blend of pixels `p` through spread masks `m`
// (mask · 257 in both lanes of each pixel) worked out with them: the same
// operations at every width.
#define TRANSIT_LANES(mm, colour)                                                                  \
  {                                                                                                \
    mm##_set1_epi32((int)((uint32_t)(colour)->c[0] | (uint32_t)(colour)->c[2] << 16)),             \
        mm##_set1_epi32((int)((uint32_t)(colour)->c[1] | (uint32_t)(colour)->c[3] << 16)),         \
        mm##_set1_epi16((short)(colour)->k), mm##_set1_epi16(-1), mm##_set1_epi16(128),            \
        mm##_set1_epi16((short)0xff00)                                                             \
  }
#define TRANSIT_BLEND(mm, p, m, w)                                                                 \
  ({                                                                                               \
    const __typeof__(p) under = mm##_mulhi_epu16((w).keep, m) ^ (w).ones;                          \
    const __typeof__(p) even =                                                                     \
        mm##_adds_epu16(mm##_adds_epu16(mm##_mulhi_epu16((w).c_even, m),                           \
                                        mm##_mulhi_epu16(mm##_slli_epi16(p, 8), under)),           \
                        (w).half);                                                                 \
    const __typeof__(p) odd = mm##_adds_epu16(                                                     \
        mm##_adds_epu16(mm##_mulhi_epu16((w).c_odd, m), mm##_mulhi_epu16((p) & (w).high, under)),  \
        (w).half);                                                                                 \
    mm##_srli_epi16(even, 8) | (odd & (w).high);                                                   \
  })

#if defined(__x86_64__)
#include <immintrin.h>

// 3 where the CPU has AVX-512BW and VL, 2 where it has AVX2, else 1.
static int widest(void) {
  static int known = 0;
  if (known == 0) {
    known = __builtin_cpu_supports("avx512bw") && __builtin_cpu_supports("avx512vl") ? 3
            : __builtin_cpu_supports("avx2")                                          ? 2
                                                                                     : 1;
  }
  return known;
}

static int has_avx2(void) { return widest() >= 2; }

typedef struct {
  __m256i c_even, c_odd, keep, ones, half, high;
} lanes8;

// Eight pixels `p` through their eight mask bytes: each byte four times
// (two lanes, mask · 257), pixels 0–3 in the low half and 4–7 in the high
// half, as the pixels lie.
__attribute__((target("avx2"), always_inline)) static inline __m256i blend8(__m256i p,
                                                                           uint64_t masks,
                                                                           const lanes8 *w) {
  const __m256i spread = _mm256_setr_epi8(0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4,
                                          4, 5, 5, 5, 5, 6, 6, 6, 6, 7, 7, 7, 7);
  const __m256i m = _mm256_shuffle_epi8(_mm256_set1_epi64x((long long)masks), spread);
  return TRANSIT_BLEND(_mm256, p, m, *w);
}

__attribute__((target("avx2"))) static void over_avx2(uint32_t *destination, ptrdiff_t stride,
                                                      const uint8_t *mask, ptrdiff_t mask_stride,
                                                      int width, int height, const constants *k,
                                                      uint64_t add) {
  const lanes8 w = TRANSIT_LANES(_mm256, k);
  for (int y = 0; y < height; y++) {
    uint32_t *row = destination + y * stride;
    const uint8_t *coverage = mask + y * mask_stride;
    if (width < 8) {
      uint64_t masks = 0;
      memcpy(&masks, coverage, (size_t)width);
      if (!any_above(masks, add)) continue;
      uint32_t pixels[8] = {0};
      memcpy(pixels, row, (size_t)width * 4);
      const __m256i out = blend8(_mm256_loadu_si256((const __m256i *)pixels), masks, &w);
      _mm256_storeu_si256((__m256i *)pixels, out);
      memcpy(row, pixels, (size_t)width * 4);
      continue;
    }
    int x = 0;
    for (; x + 16 <= width; x += 8) {
      uint64_t masks;
      memcpy(&masks, coverage + x, 8);
      if (!any_above(masks, add)) continue;
      const __m256i p = _mm256_loadu_si256((const __m256i *)(row + x));
      _mm256_storeu_si256((__m256i *)(row + x), blend8(p, masks, &w));
    }
    // 8 to 15 pixels left: the eight at x and the row's last eight, which
    // overlap them unless there are sixteen. Both are read before either
    // is written, so the pixels they share are blended twice from the
    // same values to the same bits (and no read waits on a write it
    // partly overlaps).
    const int last = width - 8;
    uint64_t here, end;
    memcpy(&here, coverage + x, 8);
    memcpy(&end, coverage + last, 8);
    const __m256i p = _mm256_loadu_si256((const __m256i *)(row + x));
    const __m256i q = _mm256_loadu_si256((const __m256i *)(row + last));
    if (any_above(here, add)) _mm256_storeu_si256((__m256i *)(row + x), blend8(p, here, &w));
    if (last > x && any_above(end, add))
      _mm256_storeu_si256((__m256i *)(row + last), blend8(q, end, &w));
  }
}

typedef struct {
  __m512i c_even, c_odd, keep, ones, half, high;
} lanes16;

// Sixteen pixels `p` through their sixteen mask bytes: mask byte j four
// times in the 32-bit lane j (pixel j), from the bytes copied to each
// 128-bit quarter.
__attribute__((target("avx512bw,avx512vl,avx512f,avx2"), always_inline)) static inline __m512i
blend16(__m512i p, __m128i masks, const lanes16 *w) {
  const __m512i spread = _mm512_set_epi32(
      0x0f0f0f0f, 0x0e0e0e0e, 0x0d0d0d0d, 0x0c0c0c0c, 0x0b0b0b0b, 0x0a0a0a0a, 0x09090909,
      0x08080808, 0x07070707, 0x06060606, 0x05050505, 0x04040404, 0x03030303, 0x02020202,
      0x01010101, 0);
  const __m512i m = _mm512_shuffle_epi8(_mm512_broadcast_i32x4(masks), spread);
  return TRANSIT_BLEND(_mm512, p, m, *w);
}

__attribute__((target("avx512bw,avx512vl,avx512f,avx2"))) static void over_avx512(
    uint32_t *destination, ptrdiff_t stride, const uint8_t *mask, ptrdiff_t mask_stride,
    int width, int height, const constants *k, uint64_t add) {
  const lanes16 w = TRANSIT_LANES(_mm512, k);
  for (int y = 0; y < height; y++) {
    uint32_t *row = destination + y * stride;
    const uint8_t *coverage = mask + y * mask_stride;
    int x = 0;
    for (; x + 16 <= width; x += 16) {
      uint64_t a, b;
      memcpy(&a, coverage + x, 8);
      memcpy(&b, coverage + x + 8, 8);
      if (!any_above(a, add) && !any_above(b, add)) continue;
      const __m512i p = _mm512_loadu_si512((const void *)(row + x));
      const __m128i masks = _mm_loadu_si128((const __m128i *)(coverage + x));
      _mm512_storeu_si512((void *)(row + x), blend16(p, masks, &w));
    }
    const int rest = width - x;
    if (rest == 0) continue;
    // The last 1–15 pixels: masked reads and writes touch only them.
    const __mmask16 lanes = (__mmask16)((1u << rest) - 1u);
    const __m128i masks = _mm_maskz_loadu_epi8(lanes, coverage + x);
    const uint64_t a = (uint64_t)_mm_cvtsi128_si64(masks);
    const uint64_t b = (uint64_t)_mm_extract_epi64(masks, 1);
    if (!any_above(a, add) && !any_above(b, add)) continue;
    const __m512i p = _mm512_maskz_loadu_epi32(lanes, row + x);
    _mm512_mask_storeu_epi32(row + x, lanes, blend16(p, masks, &w));
  }
}
#endif

void transit_shadow_over(uint32_t *destination, ptrdiff_t destination_stride,
                         const uint8_t *mask, ptrdiff_t mask_stride, int width, int height,
                         const float color[4]) {
  transit_shadow_over_using(3, destination, destination_stride, mask, mask_stride, width, height,
                            color);
}

// The block through the widest path `level` allows, with the colour's
// constants `k` and `add` from its unchanging mask values.
static void over_block(int level, uint32_t *destination, ptrdiff_t destination_stride,
                       const uint8_t *mask, ptrdiff_t mask_stride, int width, int height,
                       const constants *k, uint64_t add) {
  if (width <= 0 || height <= 0) return;
#if defined(__x86_64__)
  if (level >= 3 && widest() >= 3) {
    over_avx512(destination, destination_stride, mask, mask_stride, width, height, k, add);
    return;
  }
  if (level >= 2 && widest() >= 2) {
    over_avx2(destination, destination_stride, mask, mask_stride, width, height, k, add);
    return;
  }
#endif
#if defined(__SSE2__)
  const struct {
    __m128i c_even, c_odd, keep, ones, half, high;
  } w = TRANSIT_LANES(_mm, k);
#endif
  for (int y = 0; y < height; y++) {
    uint32_t *row = destination + y * destination_stride;
    const uint8_t *coverage = mask + y * mask_stride;
    int x = 0;
#if defined(__SSE2__)
    for (; level >= 1 && x + 4 <= width; x += 4) {
      uint32_t four;
      memcpy(&four, coverage + x, 4);
      if (!any_above(four, add)) continue;
      // Four pixels; each mask byte twice to a lane (mask · 257), two
      // lanes to a pixel.
      const __m128i bytes = _mm_cvtsi32_si128((int)four);
      const __m128i words = _mm_unpacklo_epi8(bytes, bytes);
      const __m128i m = _mm_unpacklo_epi16(words, words);
      const __m128i p = _mm_loadu_si128((const __m128i *)(row + x));
      _mm_storeu_si128((__m128i *)(row + x), TRANSIT_BLEND(_mm, p, m, w));
    }
#endif
    for (; x < width; x++) {
      const uint32_t m8 = coverage[x];
      if (m8 != 0) row[x] = blend_scalar(row[x], m8, k);
    }
  }
}

static uint64_t unchanging_bytes(const constants *k) {
  return 0x0101010101010101ull * (uint64_t)(127 - unchanging(k));
}

void transit_shadow_over_using(int level, uint32_t *destination, ptrdiff_t destination_stride,
                               const uint8_t *mask, ptrdiff_t mask_stride, int width, int height,
                               const float color[4]) {
  const constants k = make_constants(color);
  over_block(level, destination, destination_stride, mask, mask_stride, width, height, &k,
             unchanging_bytes(&k));
}

void transit_shadow_paint_prepare(const float color[4], transit_shadow_paint *paint) {
  const constants k = make_constants(color);
  for (int i = 0; i < 4; i++) paint->c[i] = k.c[i];
  paint->k = k.k;
  paint->add = unchanging_bytes(&k);
}

void transit_shadow_paint_span(uint32_t *destination, const uint8_t *mask, int width,
                               const transit_shadow_paint *paint) {
  constants k;
  for (int i = 0; i < 4; i++) k.c[i] = paint->c[i];
  k.k = paint->k;
  over_block(3, destination, 0, mask, 0, width, 1, &k, paint->add);
}

void transit_shadow_over_around(uint32_t *destination, ptrdiff_t destination_stride,
                                const uint8_t *mask, ptrdiff_t mask_stride, int width, int height,
                                const int32_t *holes, int hole_count, const float color[4]) {
  if (width <= 0 || height <= 0) return;
  const constants k = make_constants(color);
  const uint64_t add = unchanging_bytes(&k);
  // Rows from y to the next edge of a hole are crossed by the same holes:
  // in each such band, the spans between the holes that cross it.
  for (int y = 0; y < height;) {
    int next = height;
    for (int h = 0; h < hole_count; h++) {
      const int32_t *hole = holes + 4 * h;
      if (hole[2] <= hole[0] || hole[3] <= hole[1]) continue;
      if (hole[1] > y && hole[1] < next) next = hole[1];
      if (hole[3] > y && hole[3] < next) next = hole[3];
    }
    for (int x = 0; x < width;) {
      const int end = transit_shadow_span_end(holes, hole_count, y, next, &x, width);
      if (end < 0) continue;
      over_block(3, destination + y * destination_stride + x, destination_stride,
                 mask + y * mask_stride + x, mask_stride, end - x, next - y, &k, add);
      x = end;
    }
    y = next;
  }
}


int transit_bytes_equal(const uint8_t *a, const uint8_t *b, size_t count) {
  return memcmp(a, b, count) == 0;
}

void transit_mark_changes(const uint8_t *row, int width, uint8_t *changes) {
  for (int c = 1; c < width; c++) changes[c] |= (uint8_t)(row[c] != row[c - 1]);
}

// The separable blur's passes read, for output x, tap k at
// `source + k · step + x` (one pass along a row or down a column) or at
// `rows[k] + offset + x` (down rows that need not be evenly spaced); both
// are the same sum, worked out by the same loops, inlined into each pass
// with `by_rows` a constant, so that the choice costs nothing.
__attribute__((always_inline)) static inline const float *tap(int by_rows, const float *source,
                                                               ptrdiff_t step,
                                                               const float *const *rows,
                                                               ptrdiff_t offset, int k) {
  return by_rows ? rows[k] + offset : source + k * step;
}

// Outputs `from`..<`count`: four at a time with SSE2 where `level` ≥ 1,
// the rest one by one.
__attribute__((always_inline)) static inline void blur_rest(int level, int by_rows,
                                                            float *target,
                                                            const float *source, ptrdiff_t step,
                                                            const float *const *rows,
                                                            ptrdiff_t offset,
                                                            const float *weights, int taps,
                                                            int from, int count) {
  int x = from;
#if defined(__SSE2__)
  for (; level >= 1 && x + 4 <= count; x += 4) {
    __m128 a = _mm_setzero_ps();
    for (int k = 0; k < taps; k++) {
      const __m128 s = _mm_loadu_ps(tap(by_rows, source, step, rows, offset, k) + x);
      a = _mm_add_ps(a, _mm_mul_ps(_mm_set1_ps(weights[k]), s));
    }
    _mm_storeu_ps(target + x, a);
  }
#else
  (void)level;
#endif
  for (; x < count; x++) {
    float sum = 0.0f;
    for (int k = 0; k < taps; k++) {
      const float product = weights[k] * tap(by_rows, source, step, rows, offset, k)[x];
      sum = sum + product;
    }
    target[x] = sum;
  }
}

#if defined(__x86_64__)
// Outputs from 0, sixteen and then eight at a time; returns where it
// stopped.
__attribute__((target("avx2"), always_inline)) static inline int blur_avx2(
    int by_rows, float *target, const float *source, ptrdiff_t step, const float *const *rows,
    ptrdiff_t offset, const float *weights, int taps, int count) {
  int x = 0;
  for (; x + 16 <= count; x += 16) {
    __m256 a = _mm256_setzero_ps(), b = _mm256_setzero_ps();
    const float *along = by_rows ? NULL : source + x;  // one pass: tap k's column
    for (int k = 0; k < taps; k++) {
      const float *s = by_rows ? rows[k] + offset + x : along;
      if (!by_rows) along += step;
      const __m256 w = _mm256_set1_ps(weights[k]);
      a = _mm256_add_ps(a, _mm256_mul_ps(w, _mm256_loadu_ps(s)));
      b = _mm256_add_ps(b, _mm256_mul_ps(w, _mm256_loadu_ps(s + 8)));
    }
    _mm256_storeu_ps(target + x, a);
    _mm256_storeu_ps(target + x + 8, b);
  }
  for (; x + 8 <= count; x += 8) {
    __m256 a = _mm256_setzero_ps();
    for (int k = 0; k < taps; k++) {
      const __m256 s = _mm256_loadu_ps(tap(by_rows, source, step, rows, offset, k) + x);
      a = _mm256_add_ps(a, _mm256_mul_ps(_mm256_set1_ps(weights[k]), s));
    }
    _mm256_storeu_ps(target + x, a);
  }
  return x;
}

__attribute__((target("avx2"))) static int blur_pass_avx2(float *target, const float *source,
                                                          ptrdiff_t step, const float *weights,
                                                          int taps, int count) {
  return blur_avx2(0, target, source, step, NULL, 0, weights, taps, count);
}

__attribute__((target("avx2"))) static int blur_rows_avx2(float *target,
                                                          const float *const *rows,
                                                          ptrdiff_t offset, const float *weights,
                                                          int taps, int count) {
  return blur_avx2(1, target, NULL, 0, rows, offset, weights, taps, count);
}
#endif

void transit_blur_pass_using(int level, float *target, const float *source, ptrdiff_t step,
                             const float *weights, int taps, int count) {
  int x = 0;
#if defined(__x86_64__)
  if (level >= 2 && has_avx2()) x = blur_pass_avx2(target, source, step, weights, taps, count);
#endif
  blur_rest(level, 0, target, source, step, NULL, 0, weights, taps, x, count);
}

void transit_blur_pass(float *target, const float *source, ptrdiff_t step,
                       const float *weights, int taps, int count) {
  transit_blur_pass_using(2, target, source, step, weights, taps, count);
}

void transit_blur_pass_rows(float *target, const float *const *rows, ptrdiff_t offset,
                            const float *weights, int taps, int count) {
  int x = 0;
#if defined(__x86_64__)
  if (has_avx2()) x = blur_rows_avx2(target, rows, offset, weights, taps, count);
#endif
  blur_rest(2, 1, target, NULL, 0, rows, offset, weights, taps, x, count);
}
