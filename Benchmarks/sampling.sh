#!/usr/bin/env bash
# Timeline sampling benchmark: time per view per sample, and heap allocations
# per sample counted by valgrind (the difference between two runs that differ
# only in the number of samples, so setup allocations cancel out).
set -euo pipefail
cd "$(dirname "$0")"
swift build -c release --product TransitBenchmarks >/dev/null
bin=$(swift build -c release --show-bin-path)/TransitBenchmarks
"$bin" 200000 | head -1
if command -v valgrind >/dev/null; then
  allocs() { valgrind "$bin" "$1" 2>&1 | sed -n 's/.*total heap usage: \([0-9,]*\) allocs.*/\1/p' | tr -d ,; }
  a=$(allocs 100); b=$(allocs 1100)
  echo "heap allocations: $a for 100 samples, $b for 1100 samples: $(( (b - a) / 1000 )) per sample (exactly $((b - a)) over 1000)"
else
  echo "valgrind not installed: allocation count skipped (apt-get install valgrind)"
fi
