#include "transit_deflate.h"

#include <isa-l/igzip_lib.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>

#if defined(__x86_64__)
#include <immintrin.h>
#endif

// ---- The SUB filter ------------------------------------------------------

// value × 255 / alpha, rounded, at most 255 (PixelMath.unpremultiply).
static inline uint32_t unpremultiply(uint32_t value, uint32_t alpha) {
  uint32_t v = (value * 255 + alpha / 2) / alpha;
  return v > 255 ? 255 : v;
}

static void filter_rgba(const uint32_t *row, size_t width, uint8_t *out) {
  uint32_t pr = 0, pg = 0, pb = 0, pa = 0;
  for (size_t x = 0; x < width; x++) {
    uint32_t pixel = row[x], a = pixel >> 24;
    uint32_t r = (pixel >> 16) & 0xFF, g = (pixel >> 8) & 0xFF, b = pixel & 0xFF;
    if (a == 0) {
      r = g = b = 0;
    } else if (a != 255) {
      r = unpremultiply(r, a);
      g = unpremultiply(g, a);
      b = unpremultiply(b, a);
    }
    out[0] = (uint8_t)(r - pr);
    out[1] = (uint8_t)(g - pg);
    out[2] = (uint8_t)(b - pb);
    out[3] = (uint8_t)(a - pa);
    out += 4;
    pr = r, pg = g, pb = b, pa = a;
  }
}

// Bytewise pixel − left neighbour, then B, G, R of each pixel reordered to
// R, G, B; one 4-byte store per pixel whose spare byte the next overwrites.
// Returns the AND of the pixels it read, whose top byte is 0xFF exactly when
// they are all opaque.
static uint32_t filter_rgb_scalar(const uint32_t *row, size_t from, size_t width, uint8_t *out) {
  uint32_t previous = from ? row[from - 1] : 0;
  uint32_t all = 0xFFFFFFFFu;
  for (size_t x = from; x < width; x++) {
    uint32_t pixel = row[x];
    all &= pixel;
    uint32_t d = ((pixel | 0x80808080u) - (previous & 0x7F7F7F7Fu)) ^
                 ((pixel ^ ~previous) & 0x80808080u);
    previous = pixel;
    uint32_t rgb = __builtin_bswap32(d) >> 8;  // bytes R, G, B, 0 in memory
    memcpy(out + x * 3, &rgb, 4);
  }
  return all;
}

#if defined(__x86_64__)
// Four pixels at a time: one byte subtraction of the row shifted by a pixel,
// one shuffle dropping alpha and swapping to R, G, B, one 16-byte store.
// The opacity check rides along: the AND of every pixel read, so that an
// encoder can write RGB without a separate pass to learn it may.
__attribute__((target("ssse3"))) static uint32_t filter_rgb_ssse3(
    const uint32_t *row, size_t width, uint8_t *out) {
  const __m128i order = _mm_setr_epi8(2, 1, 0, 6, 5, 4, 10, 9, 8, 14, 13, 12, -1, -1, -1, -1);
  size_t x = 0;
  __m128i all = _mm_set1_epi32(-1);
  if (width >= 4) {
    __m128i current = _mm_loadu_si128((const __m128i *)row);
    __m128i left = _mm_slli_si128(current, 4);
    all = _mm_and_si128(all, current);
    _mm_storeu_si128((__m128i *)out, _mm_shuffle_epi8(_mm_sub_epi8(current, left), order));
    for (x = 4; x + 4 <= width; x += 4) {
      current = _mm_loadu_si128((const __m128i *)(row + x));
      left = _mm_loadu_si128((const __m128i *)(row + x - 1));
      all = _mm_and_si128(all, current);
      _mm_storeu_si128(
          (__m128i *)(out + x * 3), _mm_shuffle_epi8(_mm_sub_epi8(current, left), order));
    }
  }
  uint32_t lanes[4];
  _mm_storeu_si128((__m128i *)lanes, all);
  return lanes[0] & lanes[1] & lanes[2] & lanes[3] & filter_rgb_scalar(row, x, width, out);
}

static int has_ssse3(void) {
  static int known = -1;
  if (known < 0) known = __builtin_cpu_supports("ssse3") ? 1 : 0;
  return known;
}
#endif

// Filters one row; returns 0 when it was written as RGB but holds a pixel
// that is not opaque, 1 otherwise.
static int filter_row(const uint32_t *pixels, size_t width, int has_alpha, uint8_t *out) {
  out[0] = 1;  // SUB
  if (has_alpha) {
    filter_rgba(pixels, width, out + 1);
    return 1;
  }
  uint32_t all;
#if defined(__x86_64__)
  if (has_ssse3()) {
    all = filter_rgb_ssse3(pixels, width, out + 1);
  } else {
    all = filter_rgb_scalar(pixels, 0, width, out + 1);
  }
#else
  all = filter_rgb_scalar(pixels, 0, width, out + 1);
#endif
  return all >> 24 == 0xFF;
}

void transit_filter_row(const uint32_t *pixels, size_t width, int has_alpha, uint8_t *out) {
  filter_row(pixels, width, has_alpha, out);
}

// ---- Output --------------------------------------------------------------

static int reserve(transit_segment *s, size_t more) {
  if (s->capacity - s->count >= more) return 0;
  size_t capacity = s->capacity ? s->capacity : 1 << 16;
  while (capacity - s->count < more) capacity *= 2;
  uint8_t *bytes = realloc(s->bytes, capacity);
  if (!bytes) return -1;
  s->bytes = bytes;
  s->capacity = capacity;
  return 0;
}

void transit_segment_free(transit_segment *segment) {
  free(segment->bytes);
  memset(segment, 0, sizeof *segment);
}

uint32_t transit_adler32_combine(uint32_t adler_a, uint32_t adler_b, size_t length_b) {
  return (uint32_t)adler32_combine(adler_a, adler_b, (z_off_t)length_b);
}

// ---- Engines ---------------------------------------------------------------

// A deflate engine fed batches of filtered rows.
typedef struct {
  int level;
  struct isal_zstream isal;
  uint8_t *isal_buffer;
  z_stream zlib;
} engine;

static int engine_start(engine *e, int level) {
  memset(e, 0, sizeof *e);
  e->level = level;
  if (level == TRANSIT_DEFLATE_FAST) {
    isal_deflate_init(&e->isal);
    e->isal.level = 1;
    e->isal.level_buf_size = ISAL_DEF_LVL1_DEFAULT;
    e->isal_buffer = malloc(ISAL_DEF_LVL1_DEFAULT);
    if (!e->isal_buffer) return -1;
    e->isal.level_buf = e->isal_buffer;
    e->isal.gzip_flag = IGZIP_DEFLATE;
    e->isal.flush = NO_FLUSH;
    return 0;
  }
  int zlevel = level == TRANSIT_DEFLATE_SMALLER ? 6 : 9;
  return deflateInit2(&e->zlib, zlevel, Z_DEFLATED, -15, 8, Z_DEFAULT_STRATEGY) == Z_OK ? 0 : -2;
}

static void engine_end(engine *e) {
  if (e->level == TRANSIT_DEFLATE_FAST) {
    free(e->isal_buffer);
  } else {
    deflateEnd(&e->zlib);
  }
}

// Compresses `input`; `finish` is 0 for more to come, 1 to end the segment
// (byte-aligned, not final), 2 to end the stream.
static int engine_write(engine *e, const uint8_t *input, size_t count, int finish,
                        transit_segment *out) {
  if (e->level == TRANSIT_DEFLATE_FAST) {
    struct isal_zstream *z = &e->isal;
    z->next_in = (uint8_t *)input;
    z->avail_in = (uint32_t)count;
    z->end_of_stream = finish == 2;
    z->flush = finish == 1 ? SYNC_FLUSH : NO_FLUSH;
    for (;;) {
      if (reserve(out, count / 2 + (1 << 16))) return -1;
      z->next_out = out->bytes + out->count;
      z->avail_out = (uint32_t)(out->capacity - out->count);
      uint32_t before = z->avail_out;
      if (isal_deflate(z) != COMP_OK) return -3;
      out->count += before - z->avail_out;
      // All input is taken (and, when flushing, written) once output
      // space is left over; the end of the stream shows in the state.
      if (finish == 2 ? z->internal_state.state == ZSTATE_END
                      : z->avail_in == 0 && z->avail_out > 0) {
        return 0;
      }
    }
  }
  z_stream *z = &e->zlib;
  z->next_in = (Bytef *)input;
  z->avail_in = (uInt)count;
  int flush = finish == 2 ? Z_FINISH : finish == 1 ? Z_SYNC_FLUSH : Z_NO_FLUSH;
  for (;;) {
    if (reserve(out, count / 2 + (1 << 16))) return -1;
    z->next_out = out->bytes + out->count;
    z->avail_out = (uInt)(out->capacity - out->count);
    uInt before = z->avail_out;
    int status = deflate(z, flush);
    if (status != Z_OK && status != Z_STREAM_END && status != Z_BUF_ERROR) return -4;
    out->count += before - z->avail_out;
    if (finish == 2 ? status == Z_STREAM_END : (z->avail_in == 0 && z->avail_out > 0)) return 0;
  }
}

int transit_deflate_rows(const uint32_t *pixels, size_t stride, size_t width, size_t rows,
                         int has_alpha, int level, int last, transit_segment *out) {
  if (level < TRANSIT_DEFLATE_FAST || level > TRANSIT_DEFLATE_SMALLEST) return -5;
  size_t row_bytes = 1 + width * (has_alpha ? 4 : 3);
  // About 64 kB of scanlines per call: few calls, still in cache.
  size_t batch = (1 << 16) / row_bytes;
  if (batch < 1) batch = 1;
  uint8_t *buffer = malloc(row_bytes * batch + 16);
  // ISA-L's state is 80 kB: too much for the small stacks of worker threads.
  engine *e = malloc(sizeof *e);
  if (!buffer || !e) {
    free(buffer);
    free(e);
    return -1;
  }
  int status = engine_start(e, level);
  uint32_t adler = 1;
  size_t y = 0;
  while (status == 0) {
    size_t n = rows - y < batch ? rows - y : batch;
    int opaque = 1;
    for (size_t k = 0; k < n; k++) {
      opaque &= filter_row(pixels + (y + k) * stride, width, has_alpha, buffer + k * row_bytes);
    }
    if (!opaque) {
      status = TRANSIT_DEFLATE_TRANSLUCENT;
      break;
    }
    y += n;
    adler = isal_adler32(adler, buffer, n * row_bytes);
    int finish = y < rows ? 0 : last ? 2 : 1;
    status = engine_write(e, buffer, n * row_bytes, finish, out);
    if (finish) break;
  }
  engine_end(e);
  free(e);
  free(buffer);
  out->adler = adler;
  out->raw_count = rows * row_bytes;
  return status;
}
