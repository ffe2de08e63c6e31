#!/usr/bin/env bash
# Every speed goal of animrender's output in one run: hyperfine times the
# commands side by side (so a busy machine slows them alike) and the ratios
# the goals are stated in are printed at the end, with peak memory measured
# by GNU time's maximum resident set size.
#
#   Benchmarks/speed.sh              (needs hyperfine, libcairo2-dev, libpng-dev)
#   RUNS=5 Benchmarks/speed.sh       (fewer runs)
#   SETTLE=0 Benchmarks/speed.sh     (no pause before the layouts)
#   ROUNDS=2 Benchmarks/speed.sh     (the styles' runs in fewer rounds)
set -euo pipefail
source "$(dirname "$0")/common.sh"
need_hyperfine
build_rawcairo
a=$animrender
mkdir -p "$work/raw" "$work/f" "$work/p" "$work/s" "$work/r" "$work/k"
push="Examples/reference-push.json"
size="--size 1280x720 --frames 60 --layout frames --quiet"
runs=${RUNS:-10}

# The reference push, drawn by rawcairo and in every layout, is timed in
# one hyperfine run, each command's runs one after the other, as the
# layouts' figures always were. The styles are timed in ROUNDS rounds
# (default 5), RUNS / ROUNDS runs of each a round: a machine shared with
# other work speeds up and slows down over minutes, and when each style's
# runs come one after the other a slow spell lands on one or two of them
# and moves the ratios between them by 15 % and more (rotate-vertically
# against the push: 1.37, 1.41, 1.64 in three runs in a row). Spread over
# rounds, the four styles meet the spells alike. The layouts are not timed
# that way: each run of the frames layout replaces its 60 files (new files
# renamed over the old, which are then deleted), and on this machine's ext4
# a new file is slower to make after many deletions; in rounds beside the
# other commands, the frames layout took 35 % longer (81 against 57–61 ms)
# while rawcairo, which rewrites its files in place, did not.
# For the same reason the layouts start after a pause (SETTLE seconds,
# default 30): run right after another benchmark's styles, the frames
# layout took 83 ms instead of 60.
sleep "${SETTLE:-30}"
hyperfine -N --warmup 1 --runs "$runs" --export-json "$work/t-layouts.json" \
  -n "rawcairo fast 2" "$work/rawcairo 1280 720 60 $work/raw fast 2" \
  -n "frames" "$a play $push --layout frames -o $work/f/frame-%03d.png --quiet" \
  -n "strip" "$a play $push --layout strip -o $work/strip.png --quiet" \
  -n "grid" "$a play $push --layout grid -o $work/grid.png --quiet" \
  -n "apng" "$a play $push --layout apng -o $work/apng.png --quiet" \
  >/dev/null
rounds=${ROUNDS:-5}
per_round=$(( (runs + rounds - 1) / rounds ))
for round in $(seq "$rounds"); do
  # Warm up (page cache, the files each command replaces) in the first round only.
  warmup=$([ "$round" = 1 ] && echo 1 || echo 0)
  hyperfine -N --warmup "$warmup" --runs "$per_round" --export-json "$work/t-styles-$round.json" \
    -n "push-from-right" "$a render --style push-from-right $size -o $work/p/%03d.png" \
    -n "flip-horizontally" "$a render --style flip-horizontally $size -o $work/s/%03d.png" \
    -n "rotate-horizontally" "$a render --style rotate-horizontally-from-bottom-clockwise $size -o $work/r/%03d.png" \
    -n "rotate-vertically" "$a render --style rotate-vertically-from-right-clockwise $size -o $work/k/%03d.png" \
    >/dev/null
done
# The 1,000-frame pair, as the layouts (it too writes 1,000 files a run).
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
results = [r for f in sorted(glob.glob(f"{work}/t*.json")) for r in json.load(open(f))["results"]]
def mean_over_rounds(value):
    per_command = {}
    for r in results:
        per_command.setdefault(r["command"], []).append(value(r))
    return {command: sum(values) / len(values) for command, values in per_command.items()}
# A command is timed equally often in each of its rounds (the layouts in
# one), so the mean of the rounds' means is the mean of all its runs.
wall = mean_over_rounds(lambda r: r["mean"])
# CPU time (user + system): steadier than wall time when other work shares
# the cores, and what the goals come down to on an otherwise idle machine.
cpu = mean_over_rounds(lambda r: r["user"] + r["system"])
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
