// The perspective mapping's row loop on its own: the time per destination
// pixel of mapping a picture onto 1280 × 720 pixels as a turn about the
// horizontal axis (LEVEL rows) and about the vertical axis (COLUMNS rows)
// in the rotate styles' perspective, each row set up as ProjectiveMapping.map
// sets it up. Built by mapping.sh
// against a checkout's Sources/CTransitPerspective (this file includes its
// transit_perspective.c), so two builds can be compared side by side.
//
//   mapping PICTURE.png level|columns ROUNDS
//
// PICTURE is drawn with libpng's simplified API as premultiplied BGRA (an
// opaque picture, as a view's is, needs no premultiplying), or `noise` for
// 1810 × 1018 pixels each of its own colour (the worst case: nothing flat).
// Prints the best of ROUNDS mappings, in nanoseconds per destination pixel.
// A checkout whose COLUMNS rows take known pixels (TRANSIT_ROW_HAS_RUNS) has
// the picture's column runs worked out before the timed mappings, as a kept
// picture has them; with RUNS_TIME set, the best time of working them out
// is printed to standard error. A checkout whose columns remember up to
// which line they know their pixels (TRANSIT_ROW_HAS_UNTIL) gets those
// fields; an older one its known row ranges.
#include TRANSIT_PERSPECTIVE_C
#include <png.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static double now(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

int main(int argc, char **argv) {
  if (argc != 4) {
    fprintf(stderr, "usage: mapping PICTURE.png|noise level|columns ROUNDS\n");
    return 64;
  }
  uint32_t *source;
  ptrdiff_t sw, sh;
  if (strcmp(argv[1], "noise") == 0) {
    sw = 1810, sh = 1018;
    source = malloc((size_t)(sw * sh) * 4);
    uint32_t state = 1;
    for (ptrdiff_t k = 0; k < sw * sh; k++) {
      state = state * 1664525u + 1013904223u;
      source[k] = 0xFF000000u | (state >> 8);
    }
  } else {
    png_image image;
    memset(&image, 0, sizeof image);
    image.version = PNG_IMAGE_VERSION;
    if (!png_image_begin_read_from_file(&image, argv[1])) {
      fprintf(stderr, "mapping: %s: %s\n", argv[1], image.message);
      return 66;
    }
    image.format = PNG_FORMAT_BGRA;
    sw = image.width, sh = image.height;
    source = malloc(PNG_IMAGE_SIZE(image));
    if (!png_image_finish_read(&image, NULL, source, 0, NULL)) {
      fprintf(stderr, "mapping: %s: %s\n", argv[1], image.message);
      return 66;
    }
  }
  const int level = strcmp(argv[2], "level") == 0;
  const int rounds = atoi(argv[3]);
  const ptrdiff_t width = 1280, height = 720;
  uint32_t *out = calloc((size_t)(width * height), 4);
  double *column_r = malloc(width * sizeof(double)), *column_u = malloc(width * sizeof(double));
  int32_t *column_index = malloc(width * 4), *column_weights = malloc(width * 4);
  // The inverse map of a view of the screen's size turned by about 45°
  // through the rotate styles' camera (4 × 1280 points away): source
  // position = (a·x + b·y + c, d·x + e·y + f) / (g·x + h·y + i) in device
  // pixels, the source's centre at the screen's, scaled to the picture.
  const double sx = (double)sw / width, sy = (double)sh / height, g0 = 0.00025;
  double a = 1.3 * sx, b = 0, c = -640 * 1.3 * sx + (double)sw / 2, d = g0 * (double)sh / 2,
         e = sy, f = -360 * sy + (double)sh / 2, g = g0, h = 0, i = 1;
  if (level)
    a = sx, b = g0 * (double)sw / 2, c = -640 * sx + (double)sw / 2, d = 0, e = 1.3 * sy,
    f = -360 * 1.3 * sy + (double)sh / 2, g = 0, h = g0, i = 1;
  const double x0 = 0.5;
  for (ptrdiff_t k = 0; k < width; k++) {
    double q = g * x0 + i + g * (double)k, r = q > 0 ? 1 / q : 0;
    column_r[k] = r;
    column_u[k] = (a * x0 + c + a * (double)k) * r - 0.5;
  }
  transit_prepare_columns(column_u, width, sw, column_index, column_weights);
  transit_row row;
  memset(&row, 0, sizeof row);
  row.source = source, row.source_stride = sw, row.source_width = sw, row.source_height = sh;
  row.column_reciprocal = column_r, row.column_u = column_u;
  row.column_index = column_index, row.column_weights = column_weights;
  row.prefetch_rows = 4;
  row.level = malloc((size_t)(sw + 1) * 8);
#ifdef TRANSIT_ROW_HAS_POSITIONS
  row.positions = malloc(width * 4);
#endif
#ifdef TRANSIT_ROW_HAS_RUNS
  uint8_t *runs = malloc((size_t)(sw * sh));
#ifdef TRANSIT_ROW_HAS_UNTIL
  int32_t *known_until = malloc(width * 4);
  row.column_runs = runs, row.known_until = known_until;
  row.chunk_misses = calloc(width / TRANSIT_COLUMNS_CHUNK + 1, 4);
  row.lines = height, row.origin_y = 0, row.v_x0 = d * x0, row.vb = e, row.vc = f;
#else
  int32_t *known_low = malloc(width * 4), *known_high = malloc(width * 4);
  row.column_runs = runs, row.known_low = known_low, row.known_high = known_high;
#endif
  row.known_value = malloc(width * 4);
  double runs_best = 1e30;
  for (int round = 0; round < rounds; round++) {
    double start = now();
    transit_column_runs(source, sw, sw, sh, runs);
    double took = now() - start;
    if (took < runs_best) runs_best = took;
  }
  if (getenv("RUNS_TIME")) fprintf(stderr, "runs: %.3f ms\n", runs_best * 1e3);
#endif
  row.ua = a, row.va = d, row.g = g;
  row.mode = level ? TRANSIT_ROW_LEVEL : TRANSIT_ROW_COLUMNS;
  double best = 1e30;
  for (int round = 0; round < rounds; round++) {
    double start = now();
#ifdef TRANSIT_ROW_HAS_RUNS
#ifdef TRANSIT_ROW_HAS_UNTIL
    memset(known_until, 0, width * 4);
    memset(row.chunk_misses, 0, (width / TRANSIT_COLUMNS_CHUNK + 1) * 4);
#else
    memset(known_low, 0, width * 4), memset(known_high, 0, width * 4);
#endif
#endif
    for (ptrdiff_t line = 0; line < height; line++) {
      double y = (double)line + 0.5;
      row.u_base = a * x0 + b * y + c;
#ifdef TRANSIT_ROW_HAS_UNTIL
      row.line = line;
      row.v_base = transit_row_v_base(&row, line);
#else
      row.v_base = d * x0 + e * y + f;
#endif
      row.q_base = g * x0 + h * y + i;
      row.row_reciprocal = 1 / row.q_base;
      row.start = row.full_start = 0;
      row.full_end = row.end = width;
      transit_map_row(&row, out + line * width, 1);
    }
    double took = now() - start;
    if (took < best) best = took;
  }
  printf("%.3f\n", best / (double)(width * height) * 1e9);
  return 0;
}
