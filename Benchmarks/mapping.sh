#!/usr/bin/env bash
# The perspective mapping's row loop on its own (Benchmarks/Mapping/mapping.c):
# nanoseconds per destination pixel of mapping a picture onto 1280 × 720
# pixels, turned about the horizontal axis (LEVEL rows, as rotate-horizontally
# and flip-* draw) and about the vertical axis (COLUMNS rows, as
# rotate-vertically draws), for a view as the rotate styles draw it (the
# demo's first screen, drawn at 1810 × 1018 like their largest picture) and
# for a picture of noise (nothing flat). Each figure is the best of 20
# mappings; the median of RUNS (default 5) such figures is printed.
#
#   Benchmarks/mapping.sh [BASELINE]      (needs libpng-dev)
#
# BASELINE, another checkout of the package (say `git worktree add
# /tmp/before HEAD~3`), is compiled the same way and measured side by side,
# the two builds' runs alternating, with the ratio printed.
set -euo pipefail
# BASELINE as the caller wrote it, before common.sh moves to the package root.
baseline=${1:+$(cd "$1" && pwd)}
source "$(dirname "$0")/common.sh"
source "$root/Benchmarks/stats.sh"
harness() {
  local checkout=$1 out=$2 flags=()
  grep -q 'int32_t \*positions;' "$checkout/Sources/CTransitPerspective/include/transit_perspective.h" &&
    flags+=(-DTRANSIT_ROW_HAS_POSITIONS)
  grep -q 'column_runs;' "$checkout/Sources/CTransitPerspective/include/transit_perspective.h" &&
    flags+=(-DTRANSIT_ROW_HAS_RUNS)
  grep -q 'known_until;' "$checkout/Sources/CTransitPerspective/include/transit_perspective.h" &&
    flags+=(-DTRANSIT_ROW_HAS_UNTIL)
  cc -O2 -ffp-contract=off "${flags[@]}" \
    -DTRANSIT_PERSPECTIVE_C="\"$checkout/Sources/CTransitPerspective/transit_perspective.c\"" \
    -I"$checkout/Sources/CTransitPerspective/include" Benchmarks/Mapping/mapping.c -lpng -o "$out"
}
harness "$root" "$work/mapping"
base=""
if [ -n "$baseline" ]; then harness "$baseline" "$work/baseline"; base="$work/baseline"; fi
"$animrender" render --style rotate-vertically-from-right-clockwise --size 1810x1018 --frames 2 \
  --layout frames -o "$work/view-%d.png" --quiet >/dev/null
runs=${RUNS:-5}
for picture in view noise; do
  file=$([ "$picture" = view ] && echo "$work/view-0.png" || echo noise)
  for rows in level columns; do
    this=() that=()
    for _ in $(seq "$runs"); do
      this+=("$("$work/mapping" "$file" "$rows" 20)")
      if [ -n "$base" ]; then that+=("$("$base" "$file" "$rows" 20)"); fi
    done
    now=$(median "${this[@]}")
    line="$picture, $rows rows: $now ns per pixel"
    if [ -n "$base" ]; then
      before=$(median "${that[@]}")
      line+="; baseline $before; this / baseline = $(ratio "$now" "$before")"
    fi
    echo "$line"
  done
done
