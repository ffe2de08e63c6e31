#!/usr/bin/env bash
# Timeline sampling benchmark: time per view per sample for flat changes, 3-D
# turns and absolute 3-D transform targets, measured one after the other in
# one run (with the ratios to flat), and heap allocations per sample counted
# by valgrind (the difference between two runs that differ only in the
# number of samples, so setup allocations cancel out).
set -euo pipefail
cd "$(dirname "$0")"
swift build -c release --product TransitBenchmarks >/dev/null
bin=$(swift build -c release --show-bin-path)/TransitBenchmarks
declare -A ns
for kind in flat turn absolute; do
  line=$("$bin" 200000 "$kind" | head -1)
  echo "$line"
  ns[$kind]=$(sed -n 's/.*: \([0-9.]*\) ns per view per sample/\1/p' <<<"$line")
done
echo "turn / flat = $(python3 -c "print(f'{${ns[turn]} / ${ns[flat]}:.2f}')")  (goal: turn <= 60 ns)"
echo "absolute / flat = $(python3 -c "print(f'{${ns[absolute]} / ${ns[flat]}:.2f}')")  (goal: absolute <= 100 ns)"
if command -v valgrind >/dev/null; then
  for kind in flat turn absolute; do
    allocs() { valgrind "$bin" "$1" "$kind" 2>&1 | sed -n 's/.*total heap usage: \([0-9,]*\) allocs.*/\1/p' | tr -d ,; }
    a=$(allocs 100); b=$(allocs 1100)
    echo "$kind: heap allocations $a for 100 samples, $b for 1100: $(( (b - a) / 1000 )) per sample (exactly $((b - a)) over 1000)"
  done
else
  echo "valgrind not installed: allocation count skipped (apt-get install valgrind)"
fi
