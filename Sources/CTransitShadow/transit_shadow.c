#include "transit_shadow.h"

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

// Same operations in the same order on every pixel and every path: no
// contraction into fused multiply-adds, and the vector path computes each
// channel exactly as the scalar one (a · m + d · under, plus a half, cut
// towards zero after clamping into 0…255.5), so both give the same bits.
#pragma STDC FP_CONTRACT OFF

static inline uint32_t channel(float value) {
  float v = value + 0.5f;
  v = v < 0.0f ? 0.0f : (v > 255.0f ? 255.0f : v);
  return (uint32_t)v;
}

static inline uint32_t blend_scalar(uint32_t p, uint32_t m8, const float color[4], float keep) {
  const float m = (float)m8 * (1.0f / 255.0f);
  const float under = 1.0f - keep * m;
  const float pa = (float)(p >> 24), pr = (float)((p >> 16) & 0xff),
              pg = (float)((p >> 8) & 0xff), pb = (float)(p & 0xff);
  return channel(color[0] * m + pa * under) << 24 | channel(color[1] * m + pr * under) << 16 |
         channel(color[2] * m + pg * under) << 8 | channel(color[3] * m + pb * under);
}

#if defined(__x86_64__)
#include <immintrin.h>

// Eight pixels at a time, a channel to a vector: the scalar operations lane
// by lane (no FMA: only "avx2" is enabled here, and contraction is off).
__attribute__((target("avx2"))) static int over_avx2(uint32_t *row, const uint8_t *coverage,
                                                     int width, const float color[4],
                                                     float keep) {
  const __m256 ca = _mm256_set1_ps(color[0]), cr = _mm256_set1_ps(color[1]),
               cg = _mm256_set1_ps(color[2]), cb = _mm256_set1_ps(color[3]);
  const __m256 half = _mm256_set1_ps(0.5f), top = _mm256_set1_ps(255.0f),
               zero_f = _mm256_setzero_ps(), one = _mm256_set1_ps(1.0f),
               keep_v = _mm256_set1_ps(keep), scale = _mm256_set1_ps(1.0f / 255.0f);
  const __m256i byte = _mm256_set1_epi32(0xff);
  int x = 0;
  for (; x + 8 <= width; x += 8) {
    uint64_t eight;
    __builtin_memcpy(&eight, coverage + x, 8);
    if (eight == 0) continue;
    const __m256i mi = _mm256_cvtepu8_epi32(_mm_loadl_epi64((const __m128i *)(coverage + x)));
    const __m256 m = _mm256_mul_ps(_mm256_cvtepi32_ps(mi), scale);
    const __m256 under = _mm256_sub_ps(one, _mm256_mul_ps(keep_v, m));
    const __m256i p = _mm256_loadu_si256((const __m256i *)(row + x));
#define TRANSIT_CHANNEL(shift, c)                                                       \
  _mm256_slli_epi32(                                                                     \
      _mm256_cvttps_epi32(_mm256_min_ps(                                                 \
          _mm256_max_ps(                                                                 \
              _mm256_add_ps(                                                             \
                  _mm256_add_ps(                                                         \
                      _mm256_mul_ps(c, m),                                               \
                      _mm256_mul_ps(                                                     \
                          _mm256_cvtepi32_ps(_mm256_and_si256(_mm256_srli_epi32(p, shift), \
                                                              byte)),                    \
                          under)),                                                       \
                  half),                                                                 \
              zero_f),                                                                   \
          top)),                                                                         \
      shift)
    __m256i q =
        _mm256_or_si256(_mm256_or_si256(TRANSIT_CHANNEL(24, ca), TRANSIT_CHANNEL(16, cr)),
                        _mm256_or_si256(TRANSIT_CHANNEL(8, cg), TRANSIT_CHANNEL(0, cb)));
#undef TRANSIT_CHANNEL
    const __m256i untouched = _mm256_cmpeq_epi32(mi, _mm256_setzero_si256());
    q = _mm256_blendv_epi8(q, p, untouched);
    _mm256_storeu_si256((__m256i *)(row + x), q);
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
  const float keep = color[0] / 255.0f;
#if defined(__SSE2__)
  const __m128 ca = _mm_set1_ps(color[0]), cr = _mm_set1_ps(color[1]),
               cg = _mm_set1_ps(color[2]), cb = _mm_set1_ps(color[3]);
  const __m128 half = _mm_set1_ps(0.5f), top = _mm_set1_ps(255.0f), zero_f = _mm_setzero_ps();
  const __m128 one = _mm_set1_ps(1.0f), keep_v = _mm_set1_ps(keep),
               scale = _mm_set1_ps(1.0f / 255.0f);
  const __m128i byte = _mm_set1_epi32(0xff);
#endif
  for (int y = 0; y < height; y++) {
    uint32_t *row = destination + y * destination_stride;
    const uint8_t *coverage = mask + y * mask_stride;
    int x = 0;
#if defined(__x86_64__)
    if (level >= 2 && has_avx2()) x = over_avx2(row, coverage, width, color, keep);
#endif
#if defined(__SSE2__)
    for (; level >= 1 && x + 4 <= width; x += 4) {
      uint32_t four;
      __builtin_memcpy(&four, coverage + x, 4);
      if (four == 0) continue;
      // Four pixels at once, a channel to a vector.
      const __m128i m8 = _mm_and_si128(_mm_set1_epi32((int)four),
                                       _mm_setr_epi32(0xff, 0xff00, 0xff0000, (int)0xff000000));
      const __m128i mi = _mm_or_si128(
          _mm_or_si128(_mm_and_si128(m8, byte), _mm_and_si128(_mm_srli_epi32(m8, 8), byte)),
          _mm_or_si128(_mm_and_si128(_mm_srli_epi32(m8, 16), byte), _mm_srli_epi32(m8, 24)));
      const __m128 m = _mm_mul_ps(_mm_cvtepi32_ps(mi), scale);
      const __m128 under = _mm_sub_ps(one, _mm_mul_ps(keep_v, m));
      const __m128i p = _mm_loadu_si128((const __m128i *)(row + x));
#define TRANSIT_CHANNEL(shift, c)                                                          \
  _mm_slli_epi32(                                                                           \
      _mm_cvttps_epi32(_mm_min_ps(                                                          \
          _mm_max_ps(_mm_add_ps(_mm_add_ps(_mm_mul_ps(c, m),                                \
                                           _mm_mul_ps(_mm_cvtepi32_ps(_mm_and_si128(        \
                                                          _mm_srli_epi32(p, shift), byte)), \
                                                      under)),                              \
                                half),                                                      \
                     zero_f),                                                               \
          top)),                                                                            \
      shift)
      __m128i q = _mm_or_si128(_mm_or_si128(TRANSIT_CHANNEL(24, ca), TRANSIT_CHANNEL(16, cr)),
                               _mm_or_si128(TRANSIT_CHANNEL(8, cg), TRANSIT_CHANNEL(0, cb)));
#undef TRANSIT_CHANNEL
      // Pixels under a mask of 0 are left as they were.
      const __m128i untouched = _mm_cmpeq_epi32(mi, _mm_setzero_si128());
      q = _mm_or_si128(_mm_and_si128(untouched, p), _mm_andnot_si128(untouched, q));
      _mm_storeu_si128((__m128i *)(row + x), q);
    }
#endif
    for (; x < width; x++) {
      const uint32_t m8 = coverage[x];
      if (m8 != 0) row[x] = blend_scalar(row[x], m8, color, keep);
    }
  }
}
