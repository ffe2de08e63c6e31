// The C side of Transit's PNG encoder: PNG's SUB filter over premultiplied
// ARGB32 rows (vectorised where the CPU allows) feeding a deflate engine,
// ISA-L's igzip for speed or zlib for size. Only TransitRender imports this.
#ifndef TRANSIT_DEFLATE_H
#define TRANSIT_DEFLATE_H

#include <stddef.h>
#include <stdint.h>

// How hard to compress: the three settings PNGCompression offers.
enum {
  TRANSIT_DEFLATE_FAST = 0,      // ISA-L igzip level 1
  TRANSIT_DEFLATE_SMALLER = 1,   // zlib level 6
  TRANSIT_DEFLATE_SMALLEST = 2,  // zlib level 9
};

// transit_deflate_rows met a translucent pixel while writing RGB.
#define TRANSIT_DEFLATE_TRANSLUCENT 1

// A piece of one raw deflate stream: compressed bytes that, written one piece
// after the other, make a single valid stream. `adler` is the Adler-32 of
// the `raw_count` uncompressed (filtered) bytes it holds.
typedef struct {
  uint8_t *bytes;
  size_t count;
  size_t capacity;
  uint32_t adler;
  size_t raw_count;
} transit_segment;

// Filters `rows` rows of `width` premultiplied ARGB32 pixels (rows `stride`
// pixels apart) into PNG scanlines (filter byte 1, SUB; RGB, or straight
// RGBA when `has_alpha`) and deflates them into `out` (which must be zeroed
// or previously freed). A segment that is not `last` ends byte-aligned
// without the final-block bit and refers to nothing before it, so segments
// compressed independently, on any thread, concatenate into one stream.
// Returns 0; TRANSIT_DEFLATE_TRANSLUCENT when RGB was asked for but a pixel
// is not opaque (the check rides along with the filter, so encoders need no
// pass of their own to choose RGB); or a negative number when the engine
// fails or memory runs out.
int transit_deflate_rows(
    const uint32_t *pixels, size_t stride, size_t width, size_t rows, int has_alpha, int level,
    int last, transit_segment *out);

// Deflates `count` bytes of scanlines already filtered (for pictures whose
// rows are put together from pieces, see transit_filter_block) into `out`,
// as transit_deflate_rows does. Returns 0, or a negative number when the
// engine fails or memory runs out.
int transit_deflate_bytes(
    const uint8_t *bytes, size_t count, int level, int last, transit_segment *out);

// SUB-filters `rows` rows of `width` premultiplied ARGB32 pixels (rows
// `stride` pixels apart) into samples written `out_stride` bytes apart,
// without filter-type bytes, as if a transparent black pixel were left of
// each row (see transit_filter_join), writing nothing past each row's
// samples: a block of a wider scanline that other threads fill beside it.
// Returns 1, or 0 when RGB was asked for and a pixel is not opaque.
int transit_filter_block(
    const uint32_t *pixels, size_t stride, size_t width, size_t rows, int has_alpha, uint8_t *out,
    size_t out_stride);

// `count` pixels of one colour, SUB-filtered as transit_filter_block does:
// the first pixel's samples, then zeros. Returns as transit_filter_block.
int transit_filter_run(uint32_t pixel, size_t count, int has_alpha, uint8_t *out);

// Makes the first pixel's samples of a block filtered as if its left
// neighbour were transparent black into those for the real neighbour `left`.
void transit_filter_join(uint8_t *first, uint32_t left, int has_alpha);

// Releases a segment's bytes.
void transit_segment_free(transit_segment *segment);

// The Adler-32 of A followed by B, from their checksums and B's length.
uint32_t transit_adler32_combine(uint32_t adler_a, uint32_t adler_b, size_t length_b);

// One filtered row (1 + width × 3 or 4 bytes), for tests and the reference
// model; `out` needs 4 bytes of slack after the row.
void transit_filter_row(const uint32_t *pixels, size_t width, int has_alpha, uint8_t *out);

#endif
