#!/usr/bin/env bash
# animrender against the C reference (../shared/bench/rawcairo.c): 60 frames
# of the reference push at 1280×720, written as separate PNGs, timed side by
# side by hyperfine in one run, with the ratios the goals are stated in.
#
#   Benchmarks/reference.sh            (needs hyperfine, libcairo2-dev, libpng-dev)
set -euo pipefail
source "$(dirname "$0")/common.sh"
need_hyperfine
build_rawcairo
mkdir -p "$work/raw" "$work/anim"

hyperfine --warmup 1 --runs "${RUNS:-10}" --export-json "$work/times.json" \
  -n "rawcairo default 1" "$work/rawcairo 1280 720 60 $work/raw default 1" \
  -n "rawcairo fast 2" "$work/rawcairo 1280 720 60 $work/raw fast 2" \
  -n "animrender" "$animrender play Examples/reference-push.json --layout frames -o $work/anim/frame-%03d.png --quiet"

python3 - "$work/times.json" "$animrender" "$work" <<'PY'
import json, resource, subprocess, sys
times = {r["command"]: r for r in json.load(open(sys.argv[1]))["results"]}
anim = times["animrender"]["mean"]
slow = times["rawcairo default 1"]["mean"]
fast = times["rawcairo fast 2"]["mean"]
print(f"animrender / rawcairo default 1 = {anim / slow:.3f}  (goal <= 0.25)")
print(f"animrender / rawcairo fast 2    = {anim / fast:.3f}  (goal <= 1.3)")
subprocess.run([sys.argv[2], "play", "Examples/reference-push.json", "--layout", "frames",
                "-o", sys.argv[3] + "/anim/frame-%03d.png", "--quiet"], check=True, stdout=subprocess.DEVNULL)
peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024
import os
frame = 1280 * 720 * 4 / 2**20
print(f"animrender peak memory = {peak:.1f} MiB  (goal <= 64 MiB + 2 frames x {os.cpu_count()} cores = {64 + 2 * frame * os.cpu_count():.1f} MiB)")
PY
