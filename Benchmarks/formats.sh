#!/usr/bin/env bash
# The same run written in every animation format, side by side in one
# hyperfine run: 30 frames of push-from-right at 390×844 with the app-like
# placeholder screens, as APNG, GIF, WebP and MP4; then the sizes of the
# files, and the ratios against the APNG.
#
#   Benchmarks/formats.sh            (needs hyperfine and ffmpeg; `make deps`)
set -euo pipefail
source "$(dirname "$0")/common.sh"
need_hyperfine
run="$animrender render --style push-from-right --frames 30 --size 390x844 --quiet"

hyperfine --warmup 1 --runs "${RUNS:-5}" --export-json "$work/times.json" \
  -n apng "$run -o $work/a.png --layout animation" \
  -n gif "$run -o $work/a.gif" \
  -n webp "$run -o $work/a.webp" \
  -n mp4 "$run -o $work/a.mp4" >/dev/null

python3 - "$work" <<'PY'
import json, os, sys
work = sys.argv[1]
times = {r["command"]: r for r in json.load(open(f"{work}/times.json"))["results"]}
files = {"apng": "a.png", "gif": "a.gif", "webp": "a.webp", "mp4": "a.mp4"}
base = times["apng"]["mean"]
for name, file in files.items():
    t = times[name]
    size = os.path.getsize(f"{work}/{file}")
    print(f"{name:5} {t['mean'] * 1000:8.1f} ms ± {t['stddev'] * 1000:5.1f}  "
          f"{t['mean'] / base:5.2f} × apng  {size / 1024:8.1f} KiB")
PY
