#!/usr/bin/env bash
# Every speed goal of animrender's output in one run: hyperfine times the
# commands side by side (so a busy machine slows them alike) and the ratios
# the goals are stated in are printed at the end, with peak memory measured
# by GNU time's maximum resident set size.
#
#   Benchmarks/speed.sh              (needs hyperfine, libcairo2-dev, libpng-dev)
#   RUNS=5 Benchmarks/speed.sh       (fewer runs)
set -euo pipefail
source "$(dirname "$0")/common.sh"
need_hyperfine
build_rawcairo
a=$animrender
mkdir -p "$work/raw" "$work/f" "$work/p" "$work/s" "$work/r" "$work/k"
push="Examples/reference-push.json"
size="--size 1280x720 --frames 60 --layout frames --quiet"
runs=${RUNS:-10}

hyperfine -N --warmup 1 --runs "$runs" --export-json "$work/t.json" \
  -n "rawcairo fast 2" "$work/rawcairo 1280 720 60 $work/raw fast 2" \
  -n "frames" "$a play $push --layout frames -o $work/f/frame-%03d.png --quiet" \
  -n "strip" "$a play $push --layout strip -o $work/strip.png --quiet" \
  -n "grid" "$a play $push --layout grid -o $work/grid.png --quiet" \
  -n "apng" "$a play $push --layout apng -o $work/apng.png --quiet" \
  -n "push-from-right" "$a render --style push-from-right $size -o $work/p/%03d.png" \
  -n "flip-horizontally" "$a render --style flip-horizontally $size -o $work/s/%03d.png" \
  -n "rotate-horizontally" "$a render --style rotate-horizontally-from-bottom-clockwise $size -o $work/r/%03d.png" \
  -n "rotate-vertically" "$a render --style rotate-vertically-from-right-clockwise $size -o $work/k/%03d.png" \
  >/dev/null
hyperfine -N --warmup 1 --runs "$(( (runs + 2) / 3 ))" --export-json "$work/t1000.json" \
  -n "frames 1000" "$a render --size 1280x720 --frames 1000 --layout frames -o $work/k/%04d.png --quiet" \
  -n "apng 1000" "$a render --size 1280x720 --frames 1000 --layout apng -o $work/a1000.png --quiet" \
  >/dev/null

peak() { /usr/bin/time -f %M "$@" 2>&1 >/dev/null | tail -1; }
strip_peak=$(peak "$a" play "$push" --layout strip -o "$work/strip.png" --quiet)
apng_peak=$(peak "$a" render --size 1280x720 --frames 1000 --layout apng -o "$work/a1000.png" --quiet)
for level in fast smaller smallest; do
  mkdir -p "$work/$level"
  "$a" play "$push" --layout frames --compression "$level" -o "$work/$level/frame-%03d.png" --quiet
done

python3 - "$work" "$strip_peak" "$apng_peak" <<'PY'
import glob, json, os, sys
work, strip_peak, apng_peak = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
results = [r for f in ("t.json", "t1000.json") for r in json.load(open(f"{work}/{f}"))["results"]]
wall = {r["command"]: r["mean"] for r in results}
# CPU time (user + system): steadier than wall time when other work shares
# the cores, and what the goals come down to on an otherwise idle machine.
cpu = {r["command"]: r["user"] + r["system"] for r in results}
size = lambda d: sum(os.path.getsize(p) for p in glob.glob(f"{work}/{d}/*.png"))
def line(what, value, goal):
    print(f"{what:<52} {value:>12}   {goal}")
def ratio(a, b):
    return f"{wall[a] / wall[b]:.3f} {cpu[a] / cpu[b]:.3f}"
print(f"{'':<52} {'wall   cpu':>12}   goal")
line("frames / rawcairo fast 2", ratio("frames", "rawcairo fast 2"), "<= 0.5")
for layout in ("strip", "grid", "apng"):
    line(f"{layout} / frames (60 frames)", ratio(layout, "frames"), "<= 1.3")
line("apng / frames (1,000 frames)", ratio("apng 1000", "frames 1000"), "<= 1.3")
line("strip peak memory, MiB", f"{strip_peak / 1024:.0f}", "<= 300")
line("apng of 1,000 frames peak memory, MiB", f"{apng_peak / 1024:.0f}", "<= 160")
for style in ("flip-horizontally", "rotate-horizontally", "rotate-vertically"):
    line(f"{style} / push-from-right", ratio(style, "push-from-right"), "<= 1.5")
raw = size("raw")
for level in ("fast", "smaller", "smallest"):
    line(f"bytes, 60 frames --compression {level} / rawcairo fast", f"{size(level) / raw:.3f}",
         "<= 1 (fast)" if level == "fast" else "")
print(f"rawcairo fast 2: {wall['rawcairo fast 2'] * 1000:.0f} ms wall, {cpu['rawcairo fast 2'] * 1000:.0f} ms CPU; "
      f"frames: {wall['frames'] * 1000:.0f} ms wall, {cpu['frames'] * 1000:.0f} ms CPU; "
      f"rawcairo fast bytes: {raw}")
PY
