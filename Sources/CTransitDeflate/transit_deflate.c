#define _GNU_SOURCE  // mremap, MAP_FIXED_NOREPLACE

#include "transit_deflate.h"

#include <isa-l/igzip_lib.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>

#if defined(__linux__) && defined(__x86_64__)
#include <pthread.h>
#include <sys/mman.h>
#define TRANSIT_PLACED_ENGINES 1
#endif

#if defined(__x86_64__)
#include <immintrin.h>
#endif

// ---- The SUB filter ------------------------------------------------------

// value × 255 / alpha, rounded, at most 255 (PixelMath.unpremultiply).
static inline uint32_t unpremultiply(uint32_t value, uint32_t alpha) {
  uint32_t v = (value * 255 + alpha / 2) / alpha;
  return v > 255 ? 255 : v;
}

// The straight (un-premultiplied) samples of one pixel: R, G, B (and A).
static void straight_samples(uint32_t pixel, int has_alpha, uint8_t *out) {
  uint32_t a = pixel >> 24, r = (pixel >> 16) & 0xFF, g = (pixel >> 8) & 0xFF, b = pixel & 0xFF;
  if (has_alpha) {
    if (a == 0) {
      r = g = b = 0;
    } else if (a != 255) {
      r = unpremultiply(r, a);
      g = unpremultiply(g, a);
      b = unpremultiply(b, a);
    }
    out[3] = (uint8_t)a;
  }
  out[0] = (uint8_t)r, out[1] = (uint8_t)g, out[2] = (uint8_t)b;
}

static void filter_rgba(const uint32_t *row, size_t width, uint8_t *out) {
  uint8_t previous[4] = {0, 0, 0, 0};
  for (size_t x = 0; x < width; x++, out += 4) {
    uint8_t current[4];
    straight_samples(row[x], 1, current);
    for (int k = 0; k < 4; k++) out[k] = (uint8_t)(current[k] - previous[k]);
    memcpy(previous, current, 4);
  }
}

// Bytewise pixel − left neighbour, then B, G, R of each pixel reordered to
// R, G, B. Without `exact`, one 4-byte store per pixel whose spare byte the
// next overwrites (and one byte past the row's samples); with it, exactly
// three bytes per pixel, for blocks that other threads fill beside it.
// Returns the AND of the pixels it read, whose top byte is 0xFF exactly when
// they are all opaque.
static inline uint32_t filter_rgb_scalar(
    const uint32_t *row, size_t from, size_t width, uint8_t *out, int exact) {
  uint32_t previous = from ? row[from - 1] : 0;
  uint32_t all = 0xFFFFFFFFu;
  for (size_t x = from; x < width; x++) {
    uint32_t pixel = row[x];
    all &= pixel;
    uint32_t d = ((pixel | 0x80808080u) - (previous & 0x7F7F7F7Fu)) ^
                 ((pixel ^ ~previous) & 0x80808080u);
    previous = pixel;
    uint32_t rgb = __builtin_bswap32(d) >> 8;  // bytes R, G, B, 0 in memory
    if (exact) {
      memcpy(out + x * 3, &rgb, 3);
    } else {
      memcpy(out + x * 3, &rgb, 4);
    }
  }
  return all;
}

#if defined(__x86_64__)
// Four pixels at a time: one byte subtraction of the row shifted by a pixel,
// one shuffle dropping alpha and swapping to R, G, B, one 16-byte store.
// The opacity check rides along: the AND of every pixel read, so that an
// encoder can write RGB without a separate pass to learn it may.
__attribute__((target("ssse3"))) static uint32_t filter_rgb_ssse3(
    const uint32_t *row, size_t width, uint8_t *out, int exact) {
  const __m128i order = _mm_setr_epi8(2, 1, 0, 6, 5, 4, 10, 9, 8, 14, 13, 12, -1, -1, -1, -1);
  size_t x = 0;
  __m128i all = _mm_set1_epi32(-1);
  // A store writes 16 bytes for 12: with `exact`, the last ones are left to
  // the scalar loop so that nothing is written past the row's samples.
  size_t limit = exact ? (width >= 2 ? width - 2 : 0) : width;
  if (limit >= 4) {
    __m128i current = _mm_loadu_si128((const __m128i *)row);
    __m128i left = _mm_slli_si128(current, 4);
    all = _mm_and_si128(all, current);
    _mm_storeu_si128((__m128i *)out, _mm_shuffle_epi8(_mm_sub_epi8(current, left), order));
    for (x = 4; x + 4 <= limit; x += 4) {
      current = _mm_loadu_si128((const __m128i *)(row + x));
      left = _mm_loadu_si128((const __m128i *)(row + x - 1));
      all = _mm_and_si128(all, current);
      _mm_storeu_si128(
          (__m128i *)(out + x * 3), _mm_shuffle_epi8(_mm_sub_epi8(current, left), order));
    }
  }
  uint32_t lanes[4];
  _mm_storeu_si128((__m128i *)lanes, all);
  uint32_t rest = filter_rgb_scalar(row, x, width, out, exact);
  return lanes[0] & lanes[1] & lanes[2] & lanes[3] & rest;
}
#endif

// One row's samples, SUB-filtered as if a transparent black pixel were on
// its left, without the filter-type byte; with `exact`, nothing is written
// past them (else up to 4 bytes more). Returns 0 when written as RGB but a
// pixel is not opaque, 1 otherwise.
static int filter_samples(
    const uint32_t *pixels, size_t width, int has_alpha, uint8_t *out, int exact) {
  if (has_alpha) {
    filter_rgba(pixels, width, out);
    return 1;
  }
  uint32_t all;
#if defined(__x86_64__)
  // A load and a bit test of what the runtime's constructor found before
  // main: nothing that threads write.
  if (__builtin_cpu_supports("ssse3")) {
    all = filter_rgb_ssse3(pixels, width, out, exact);
  } else {
    all = filter_rgb_scalar(pixels, 0, width, out, exact);
  }
#else
  all = filter_rgb_scalar(pixels, 0, width, out, exact);
#endif
  return all >> 24 == 0xFF;
}

// Filters one row; returns 0 when it was written as RGB but holds a pixel
// that is not opaque, 1 otherwise.
static int filter_row(const uint32_t *pixels, size_t width, int has_alpha, uint8_t *out) {
  out[0] = 1;  // SUB
  return filter_samples(pixels, width, has_alpha, out + 1, 0);
}

int transit_filter_block(const uint32_t *pixels, size_t stride, size_t width, size_t rows,
                         int has_alpha, uint8_t *out, size_t out_stride) {
  int opaque = 1;
  for (size_t y = 0; y < rows; y++) {
    opaque &= filter_samples(pixels + y * stride, width, has_alpha, out + y * out_stride, 1);
  }
  return opaque;
}

int transit_filter_run(uint32_t pixel, size_t count, int has_alpha, uint8_t *out) {
  if (count == 0) return 1;
  size_t bytes = has_alpha ? 4 : 3;
  straight_samples(pixel, has_alpha, out);
  memset(out + bytes, 0, (count - 1) * bytes);
  return has_alpha || pixel >> 24 == 0xFF;
}

void transit_filter_join(uint8_t *first, uint32_t left, int has_alpha) {
  uint8_t samples[4];
  straight_samples(left, has_alpha, samples);
  for (int k = 0; k < (has_alpha ? 4 : 3); k++) first[k] = (uint8_t)(first[k] - samples[k]);
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

// A deflate engine fed batches of filtered rows. ISA-L's state is 80 kB and
// its level buffer 270 kB: too much for the small stacks of worker threads,
// so an engine lives in memory of its own (see "Where an igzip engine lives").
typedef struct {
  int level;
  struct isal_zstream isal;
  z_stream zlib;
  uint8_t *isal_buffer;
  int placed;  // in a slot (below), else from malloc
} engine;

// ---- Where an igzip engine lives ------------------------------------------
//
// igzip's output must depend on its input alone, but ISA-L 2.30's x86 level-1
// body (igzip_icf_body_h1_gr_bt.asm, `.write_first_byte`) does not: on the
// first bytes of a stream it files the stream's third position under the
// hash of a register it never loaded, which still holds the address of the
// `isal_zstream`. The hash is CRC-32C of address bits 16–47, masked to the
// hash table, where it should be that of input bytes 2–5. The wrong bucket
// then offers a wrong (but verified, so valid) match candidate later on and
// the right one misses position 2: about 1 frame in 150 came out with other
// bytes for the same pixels, depending on where malloc put the engine.
//
// So the engine is placed where the stray hash is the right one: at an
// address whose bits 16–47 hash, masked, to the same bucket as the stream's
// bytes 2–5. The stream then compresses exactly as the intended code would
// (independent of address, thread and run). An engine's memory is a "slot",
// one mapping kept for reuse and moved with mremap (page tables only, the
// pages stay) to a free 64 KiB window with the wanted hash. Where that is not
// possible (other systems, an exhausted search), the engine comes from
// malloc and the output is what igzip gives there.

#if defined(TRANSIT_PLACED_ENGINES)
#define SLOT_ENGINE_BYTES ((sizeof(engine) + 4095) & ~(size_t)4095)
#define SLOT_BYTES (SLOT_ENGINE_BYTES + ((ISAL_DEF_LVL1_DEFAULT + 4095) & ~(size_t)4095))
// Every bucket a level-1 hash can name; smaller tables (short inputs) use
// fewer bits of the same hash.
#define LEVEL1_HASH_MASK (IGZIP_LVL1_HASH_SIZE - 1)

static pthread_mutex_t slot_lock = PTHREAD_MUTEX_INITIALIZER;
static void *free_slots[64];
static int free_slot_count;
// Next 64 KiB window to try: from 16 TiB up, far from where Linux puts the
// heap, libraries, mappings and stacks.
static uint64_t next_window = (uint64_t)1 << 28;

__attribute__((target("sse4.2"))) static uint32_t crc32c_u32(uint32_t value) {
  return __builtin_ia32_crc32si(0, value);
}

// Moves `slot` (or a new mapping when NULL) to a free window whose hash,
// masked, is `bucket`; returns the slot's new address or NULL.
static void *slot_place(void *slot, uint32_t bucket) {
  if (slot && (crc32c_u32((uint32_t)((uintptr_t)slot >> 16)) & LEVEL1_HASH_MASK) == bucket) {
    return slot;
  }
  pthread_mutex_lock(&slot_lock);
  uint64_t window = next_window;
  void *placed = NULL;
  // About one window in 8,192 has the hash; a few thousand of those are tried.
  for (int tries = 0; tries < (1 << 25) && !placed; tries++, window++) {
    if (window >= ((uint64_t)1 << 31)) window = (uint64_t)1 << 28;
    if ((crc32c_u32((uint32_t)window) & LEVEL1_HASH_MASK) != bucket) continue;
    void *at = (void *)(uintptr_t)(window << 16);
    void *reserved = mmap(at, SLOT_BYTES, PROT_NONE,
                          MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE | MAP_FIXED_NOREPLACE, -1, 0);
    if (reserved == MAP_FAILED) continue;
    if (reserved != at) {  // a kernel without MAP_FIXED_NOREPLACE took it as a hint
      munmap(reserved, SLOT_BYTES);
      continue;
    }
    if (!slot) {
      placed = mmap(at, SLOT_BYTES, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED,
                    -1, 0);
    } else {
      placed = mremap(slot, SLOT_BYTES, SLOT_BYTES, MREMAP_MAYMOVE | MREMAP_FIXED, at);
    }
    if (placed == MAP_FAILED) {
      munmap(at, SLOT_BYTES);
      placed = NULL;
      break;
    }
    next_window = window + 1;
  }
  pthread_mutex_unlock(&slot_lock);
  return placed;
}

// A slot placed for a stream whose bytes 2–5 hash to `bucket`: a free one
// moved if need be, or a new one; NULL where none can be placed.
static void *slot_take(uint32_t bucket) {
  // Without SSE 4.2 igzip's C code runs, without the stray hash.
  if (!__builtin_cpu_supports("sse4.2")) return NULL;
  void *slot = NULL;
  pthread_mutex_lock(&slot_lock);
  if (free_slot_count > 0) slot = free_slots[--free_slot_count];
  pthread_mutex_unlock(&slot_lock);
  void *placed = slot_place(slot, bucket & LEVEL1_HASH_MASK);
  if (!placed && slot) munmap(slot, SLOT_BYTES);
  return placed;
}

static void engine_release_placed(engine *e) {
  pthread_mutex_lock(&slot_lock);
  if (free_slot_count < (int)(sizeof free_slots / sizeof free_slots[0])) {
    free_slots[free_slot_count++] = e;
    e = NULL;
  }
  pthread_mutex_unlock(&slot_lock);
  if (e) munmap(e, SLOT_BYTES);
}
#endif

static int engine_start(engine *e) {
  if (e->level == TRANSIT_DEFLATE_FAST) {
    isal_deflate_init(&e->isal);
    e->isal.level = 1;
    e->isal.level_buf_size = ISAL_DEF_LVL1_DEFAULT;
    e->isal.level_buf = e->isal_buffer;
    e->isal.gzip_flag = IGZIP_DEFLATE;
    e->isal.flush = NO_FLUSH;
    return 0;
  }
  int zlevel = e->level == TRANSIT_DEFLATE_SMALLER ? 6 : 9;
  return deflateInit2(&e->zlib, zlevel, Z_DEFLATED, -15, 8, Z_DEFAULT_STRATEGY) == Z_OK ? 0 : -2;
}

// Gives back an engine's memory.
static void engine_release(engine *e) {
#if defined(TRANSIT_PLACED_ENGINES)
  if (e->placed) {
    engine_release_placed(e);
    return;
  }
#endif
  free(e->isal_buffer);
  free(e);
}

// Makes `*made`, an engine for `level` ready to compress; `first` and
// `count` are the first bytes the stream will compress (for where an igzip
// engine lives). Returns 0, -1 when memory runs out, -2 when zlib cannot
// start; nothing is left made then.
static int engine_open(int level, const uint8_t *first, size_t count, engine **made) {
  *made = NULL;
  engine *e = NULL;
  uint8_t *isal_buffer = NULL;
  int placed = 0;
#if defined(TRANSIT_PLACED_ENGINES)
  if (level == TRANSIT_DEFLATE_FAST) {
    uint8_t bytes[4] = {0, 0, 0, 0};
    for (size_t k = 0; k < 4 && k + 2 < count; k++) bytes[k] = first[k + 2];
    uint32_t word;
    memcpy(&word, bytes, 4);
    void *slot = slot_take(crc32c_u32(word));
    if (slot) {
      e = slot;
      isal_buffer = (uint8_t *)slot + SLOT_ENGINE_BYTES;
      placed = 1;
    }
  }
#else
  (void)first, (void)count;
#endif
  if (!e) {
    e = malloc(sizeof *e);
    if (!e) return -1;
    if (level == TRANSIT_DEFLATE_FAST) {
      isal_buffer = malloc(ISAL_DEF_LVL1_DEFAULT);
      if (!isal_buffer) {
        free(e);
        return -1;
      }
    }
  }
  memset(e, 0, sizeof *e);
  e->level = level;
  e->isal_buffer = isal_buffer;
  e->placed = placed;
  int status = engine_start(e);
  if (status) {
    engine_release(e);
    return status;
  }
  *made = e;
  return 0;
}

// Ends an engine that engine_open made.
static void engine_end(engine *e) {
  if (e->level != TRANSIT_DEFLATE_FAST) deflateEnd(&e->zlib);
  engine_release(e);
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

// Where a segment's uncompressed bytes come from, `batch` bytes at a time
// (about 64 kB: few calls, and the filter, the checksum and the engine each
// read them from cache).
typedef struct {
  size_t batch;
  // Pixels filtered into `buffer` a batch of whole rows at a time...
  const uint32_t *pixels;
  size_t stride, width;
  int has_alpha;
  uint8_t *buffer;
  size_t row_bytes;
  // ...or, when `pixels` is NULL, bytes already filtered.
  const uint8_t *bytes;
} source;

// Deflates `count` bytes of `from` into `out`, batch by batch; the engine
// is made once the stream's first bytes are known (see engine_open).
// Returns 0, TRANSIT_DEFLATE_TRANSLUCENT or a negative status.
static int deflate_segment(source from, size_t count, int level, int last, transit_segment *out) {
  if (level < TRANSIT_DEFLATE_FAST || level > TRANSIT_DEFLATE_SMALLEST) return -5;
  engine *e = NULL;
  int status = 0;
  uint32_t adler = 1;
  size_t done = 0;
  while (status == 0) {
    size_t n = count - done < from.batch ? count - done : from.batch;
    const uint8_t *input;
    if (!from.pixels) {
      input = from.bytes + done;
    } else {
      int opaque = 1;
      size_t first = done / from.row_bytes;
      for (size_t k = 0; k < n / from.row_bytes; k++) {
        opaque &= filter_row(from.pixels + (first + k) * from.stride, from.width, from.has_alpha,
                             from.buffer + k * from.row_bytes);
      }
      if (!opaque) {
        status = TRANSIT_DEFLATE_TRANSLUCENT;
        break;
      }
      input = from.buffer;
    }
    if (!e) {
      status = engine_open(level, input, n, &e);
      if (status) break;
    }
    adler = isal_adler32(adler, input, n);
    done += n;
    int finish = done < count ? 0 : last ? 2 : 1;
    status = engine_write(e, input, n, finish, out);
    if (finish) break;
  }
  if (e) engine_end(e);
  out->adler = adler;
  out->raw_count = count;
  return status;
}

int transit_deflate_rows(const uint32_t *pixels, size_t stride, size_t width, size_t rows,
                         int has_alpha, int level, int last, transit_segment *out) {
  size_t row_bytes = 1 + width * (has_alpha ? 4 : 3);
  size_t batch = (1 << 16) / row_bytes;
  if (batch < 1) batch = 1;
  uint8_t *buffer = malloc(row_bytes * batch + 16);
  if (!buffer) return -1;
  source from = {.batch = row_bytes * batch, .pixels = pixels, .stride = stride, .width = width,
                 .has_alpha = has_alpha, .buffer = buffer, .row_bytes = row_bytes};
  int status = deflate_segment(from, rows * row_bytes, level, last, out);
  free(buffer);
  return status;
}

int transit_deflate_bytes(const uint8_t *bytes, size_t count, int level, int last,
                          transit_segment *out) {
  source from = {.batch = 1 << 16, .bytes = bytes};
  return deflate_segment(from, count, level, last, out);
}
