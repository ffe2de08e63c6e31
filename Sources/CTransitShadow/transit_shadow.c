#include "transit_shadow.h"

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

#if defined(__x86_64__)
#include <immintrin.h>

// Eight pixels at a time, their 32 channels in two vectors of sixteen
// 16-bit lanes: pixels 0, 1 | 4, 5 in one and 2, 3 | 6, 7 in the other (the
// order AVX2's in-lane unpacking gives and packing undoes).
__attribute__((target("avx2"))) static int over_avx2(uint32_t *row, const uint8_t *coverage,
                                                     int width, const constants *k) {
  const __m256i c = _mm256_set1_epi64x((long long)((uint64_t)k->c[0] | (uint64_t)k->c[1] << 16 |
                                                   (uint64_t)k->c[2] << 32 |
                                                   (uint64_t)k->c[3] << 48));
  const __m256i keep = _mm256_set1_epi16((short)k->k);
  const __m256i ones = _mm256_set1_epi16(-1), half = _mm256_set1_epi16(128),
                zero = _mm256_setzero_si256();
  // Each pixel's mask byte, twice to a 16-bit lane (mask · 257), four
  // times to a pixel, for the pixels of each vector.
  const __m256i spread_low = _mm256_setr_epi8(0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1, 1, 1, 4, 4,
                                              4, 4, 4, 4, 4, 4, 5, 5, 5, 5, 5, 5, 5, 5);
  const __m256i spread_high = _mm256_setr_epi8(2, 2, 2, 2, 2, 2, 2, 2, 3, 3, 3, 3, 3, 3, 3, 3, 6,
                                               6, 6, 6, 6, 6, 6, 6, 7, 7, 7, 7, 7, 7, 7, 7);
  int x = 0;
  for (; x + 8 <= width; x += 8) {
    uint64_t eight;
    __builtin_memcpy(&eight, coverage + x, 8);
    if (eight == 0) continue;
    const __m256i masks =
        _mm256_broadcastsi128_si256(_mm_loadl_epi64((const __m128i *)(coverage + x)));
    const __m256i p = _mm256_loadu_si256((const __m256i *)(row + x));
#define TRANSIT_HALF(spread, unpack)                                                      \
  ({                                                                                      \
    const __m256i m = _mm256_shuffle_epi8(masks, spread);                                 \
    const __m256i under = _mm256_xor_si256(_mm256_mulhi_epu16(keep, m), ones);           \
    const __m256i kept = _mm256_mulhi_epu16(unpack(zero, p), under);                      \
    const __m256i sum = _mm256_adds_epu16(_mm256_mulhi_epu16(c, m), kept);                \
    _mm256_srli_epi16(_mm256_adds_epu16(sum, half), 8);                                   \
  })
    const __m256i low = TRANSIT_HALF(spread_low, _mm256_unpacklo_epi8);
    const __m256i high = TRANSIT_HALF(spread_high, _mm256_unpackhi_epi8);
#undef TRANSIT_HALF
    _mm256_storeu_si256((__m256i *)(row + x), _mm256_packus_epi16(low, high));
  }
  return x;
}

static int has_avx2(void) {
  static int known = -1;
  if (known < 0) known = __builtin_cpu_supports("avx2") ? 1 : 0;
  return known;
}
#endif

void transit_shadow_over(uint32_t *destination, ptrdiff_t destination_stride,
                         const uint8_t *mask, ptrdiff_t mask_stride, int width, int height,
                         const float color[4]) {
  transit_shadow_over_using(2, destination, destination_stride, mask, mask_stride, width, height,
                            color);
}

void transit_shadow_over_using(int level, uint32_t *destination, ptrdiff_t destination_stride,
                               const uint8_t *mask, ptrdiff_t mask_stride, int width, int height,
                               const float color[4]) {
  const constants k = make_constants(color);
#if defined(__SSE2__)
  const __m128i c = _mm_set_epi16((short)k.c[3], (short)k.c[2], (short)k.c[1], (short)k.c[0],
                                  (short)k.c[3], (short)k.c[2], (short)k.c[1], (short)k.c[0]);
  const __m128i keep = _mm_set1_epi16((short)k.k);
  const __m128i ones = _mm_set1_epi16(-1), half = _mm_set1_epi16(128), zero = _mm_setzero_si128();
#endif
  for (int y = 0; y < height; y++) {
    uint32_t *row = destination + y * destination_stride;
    const uint8_t *coverage = mask + y * mask_stride;
    int x = 0;
#if defined(__x86_64__)
    if (level >= 2 && has_avx2()) x = over_avx2(row, coverage, width, &k);
#endif
#if defined(__SSE2__)
    for (; level >= 1 && x + 4 <= width; x += 4) {
      uint32_t four;
      __builtin_memcpy(&four, coverage + x, 4);
      if (four == 0) continue;
      // Four pixels, two to a vector of eight 16-bit lanes; each mask byte
      // twice to a lane (mask · 257), four lanes to a pixel.
      const __m128i bytes = _mm_cvtsi32_si128((int)four);
      const __m128i words = _mm_unpacklo_epi8(bytes, bytes);
      const __m128i pairs = _mm_unpacklo_epi16(words, words);
      const __m128i p = _mm_loadu_si128((const __m128i *)(row + x));
#define TRANSIT_HALF(m, unpack)                                               \
  ({                                                                          \
    const __m128i under = _mm_xor_si128(_mm_mulhi_epu16(keep, m), ones);      \
    const __m128i kept = _mm_mulhi_epu16(unpack(zero, p), under);             \
    const __m128i sum = _mm_adds_epu16(_mm_mulhi_epu16(c, m), kept);          \
    _mm_srli_epi16(_mm_adds_epu16(sum, half), 8);                             \
  })
      const __m128i low = TRANSIT_HALF(_mm_unpacklo_epi32(pairs, pairs), _mm_unpacklo_epi8);
      const __m128i high = TRANSIT_HALF(_mm_unpackhi_epi32(pairs, pairs), _mm_unpackhi_epi8);
#undef TRANSIT_HALF
      _mm_storeu_si128((__m128i *)(row + x), _mm_packus_epi16(low, high));
    }
#endif
    for (; x < width; x++) {
      const uint32_t m8 = coverage[x];
      if (m8 != 0) row[x] = blend_scalar(row[x], m8, &k);
    }
  }
}

int transit_bytes_equal(const uint8_t *a, const uint8_t *b, size_t count) {
  return memcmp(a, b, count) == 0;
}

void transit_mark_changes(const uint8_t *row, int width, uint8_t *changes) {
  for (int c = 1; c < width; c++) changes[c] |= (uint8_t)(row[c] != row[c - 1]);
}

static void blur_pass_scalar(float *target, const float *source, ptrdiff_t step,
                             const float *weights, int taps, int from, int count) {
  for (int x = from; x < count; x++) {
    float sum = 0.0f;
    for (int k = 0; k < taps; k++) {
      const float product = weights[k] * source[x + k * step];
      sum = sum + product;
    }
    target[x] = sum;
  }
}

#if defined(__x86_64__)
__attribute__((target("avx2"))) static int blur_pass_avx2(float *target, const float *source,
                                                          ptrdiff_t step, const float *weights,
                                                          int taps, int count) {
  int x = 0;
  for (; x + 16 <= count; x += 16) {
    __m256 a = _mm256_setzero_ps(), b = _mm256_setzero_ps();
    const float *s = source + x;
    for (int k = 0; k < taps; k++, s += step) {
      const __m256 w = _mm256_set1_ps(weights[k]);
      a = _mm256_add_ps(a, _mm256_mul_ps(w, _mm256_loadu_ps(s)));
      b = _mm256_add_ps(b, _mm256_mul_ps(w, _mm256_loadu_ps(s + 8)));
    }
    _mm256_storeu_ps(target + x, a);
    _mm256_storeu_ps(target + x + 8, b);
  }
  for (; x + 8 <= count; x += 8) {
    __m256 a = _mm256_setzero_ps();
    const float *s = source + x;
    for (int k = 0; k < taps; k++, s += step) {
      a = _mm256_add_ps(a, _mm256_mul_ps(_mm256_set1_ps(weights[k]), _mm256_loadu_ps(s)));
    }
    _mm256_storeu_ps(target + x, a);
  }
  return x;
}
#endif

void transit_blur_pass_using(int level, float *target, const float *source, ptrdiff_t step,
                             const float *weights, int taps, int count) {
  int x = 0;
#if defined(__x86_64__)
  if (level >= 2 && has_avx2()) x = blur_pass_avx2(target, source, step, weights, taps, count);
#endif
#if defined(__SSE2__)
  for (; level >= 1 && x + 4 <= count; x += 4) {
    __m128 a = _mm_setzero_ps();
    const float *s = source + x;
    for (int k = 0; k < taps; k++, s += step) {
      a = _mm_add_ps(a, _mm_mul_ps(_mm_set1_ps(weights[k]), _mm_loadu_ps(s)));
    }
    _mm_storeu_ps(target + x, a);
  }
#endif
  blur_pass_scalar(target, source, step, weights, taps, x, count);
}

void transit_blur_pass(float *target, const float *source, ptrdiff_t step,
                       const float *weights, int taps, int count) {
  transit_blur_pass_using(2, target, source, step, weights, taps, count);
}

#if defined(__x86_64__)
__attribute__((target("avx2"))) static int blur_rows_avx2(float *target,
                                                          const float *const *rows,
                                                          ptrdiff_t offset, const float *weights,
                                                          int taps, int count) {
  int x = 0;
  for (; x + 16 <= count; x += 16) {
    __m256 a = _mm256_setzero_ps(), b = _mm256_setzero_ps();
    for (int k = 0; k < taps; k++) {
      const float *s = rows[k] + offset + x;
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
      const __m256 s = _mm256_loadu_ps(rows[k] + offset + x);
      a = _mm256_add_ps(a, _mm256_mul_ps(_mm256_set1_ps(weights[k]), s));
    }
    _mm256_storeu_ps(target + x, a);
  }
  return x;
}
#endif

void transit_blur_pass_rows(float *target, const float *const *rows, ptrdiff_t offset,
                            const float *weights, int taps, int count) {
  int x = 0;
#if defined(__x86_64__)
  if (has_avx2()) x = blur_rows_avx2(target, rows, offset, weights, taps, count);
#endif
#if defined(__SSE2__)
  for (; x + 4 <= count; x += 4) {
    __m128 a = _mm_setzero_ps();
    for (int k = 0; k < taps; k++) {
      a = _mm_add_ps(a, _mm_mul_ps(_mm_set1_ps(weights[k]), _mm_loadu_ps(rows[k] + offset + x)));
    }
    _mm_storeu_ps(target + x, a);
  }
#endif
  for (; x < count; x++) {
    float sum = 0.0f;
    for (int k = 0; k < taps; k++) {
      const float product = weights[k] * rows[k][offset + x];
      sum = sum + product;
    }
    target[x] = sum;
  }
}
