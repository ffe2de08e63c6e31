#!/usr/bin/env bash
# Timeline sampling benchmark: time per view per sample for flat changes, 3-D
# turns, absolute 3-D transform targets and every appearance property
# animating, measured in turn, kind after kind in each run (with the ratios to
# flat); a flight's own cost per sample, set beside the appearance figure per
# view; and heap allocations per sample counted by valgrind (the difference
# between two runs that differ only in the number of samples, so setup
# allocations cancel out).
#
#   Benchmarks/sampling.sh [BASELINE]
#
# BASELINE, another checkout of the package (say `git worktree add
# /tmp/before HEAD~3`, or `git archive`), is built and measured side by side:
# the two builds' runs alternate, RUNS times each (default 5), so that a
# machine shared with other work slows both alike, and the medians and
# their ratio are printed. Each run is already the best of five rounds,
# timed by the thread's CPU clock.
set -euo pipefail
# BASELINE as the caller wrote it, before the script moves to its folder.
baseline=${1:+$(cd "$1" && pwd)}
cd "$(dirname "$0")"
source ./stats.sh
build() { (cd "$1" && swift build -c release --product TransitBenchmarks >/dev/null &&
  echo "$(swift build -c release --show-bin-path)/TransitBenchmarks"); }
bin=$(build .)
base=""
if [ -n "$baseline" ]; then base=$(build "$baseline/Benchmarks"); fi
runs=${RUNS:-5}
ns() { "$1" 200000 "$2" | head -1 | sed -n 's/.*: \([0-9.]*\) ns per view per sample/\1/p'; }
declare -A med basemed these those
kinds=(flat turn absolute appearance)
# The kinds alternate run by run (and with the baseline's), so that a ratio
# between two kinds compares runs minutes apart at most on a shared machine.
for _ in $(seq "$runs"); do
  for kind in "${kinds[@]}"; do
    these[$kind]+=" $(ns "$bin" "$kind")"
    if [ -n "$base" ]; then those[$kind]+=" $(ns "$base" "$kind")"; fi
  done
done
for kind in "${kinds[@]}"; do
  read -ra this <<<"${these[$kind]}"
  med[$kind]=$(median "${this[@]}")
  echo "timeline sampling ($kind): ${med[$kind]} ns per view per sample, median of ${this[*]}"
  if [ -n "$base" ]; then
    read -ra that <<<"${those[$kind]}"
    basemed[$kind]=$(median "${that[@]}")
    echo "  baseline: ${basemed[$kind]} ns, median of ${that[*]}; this / baseline = $(ratio "${med[$kind]}" "${basemed[$kind]}")"
  fi
done
echo "turn / flat = $(ratio "${med[turn]}" "${med[flat]}")  (goal: turn <= 60 ns)"
echo "absolute / flat = $(ratio "${med[absolute]}" "${med[flat]}")  (goal: absolute <= 100 ns)"
echo "appearance / flat = $(ratio "${med[appearance]}" "${med[flat]}")  (goal: appearance <= 1.5 x flat)"
# A flight's own cost: the sample beyond the same push without matching, per
# flight (the whole sample charged to the flights is printed as a bound).
own() { echo "$1" | sed -n 's/.*: \([0-9.]*\) ns per flight per sample, beyond.*/\1/p'; }
flight=()
whole=()
baseflight=()
for _ in $(seq "$runs"); do
  out=$("$bin" 200000 flight)
  flight+=("$(own "$out")")
  whole+=("$(echo "$out" | sed -n 's/.*: \([0-9.]*\) ns per flight per sample, whole sample/\1/p')")
  if [ -n "$base" ]; then baseflight+=("$(own "$("$base" 200000 flight)")"); fi
done
perflight=$(median "${flight[@]}")
echo "timeline sampling (flight): $perflight ns per flight per sample beyond the push without matching, median of ${flight[*]}; whole sample charged to the flights: median $(median "${whole[@]}")"
if [ -n "$base" ]; then
  before=$(median "${baseflight[@]}")
  echo "  baseline: $before ns, median of ${baseflight[*]}; this / baseline = $(ratio "$perflight" "$before")"
fi
echo "flight's own cost per flight / appearance per view = $(ratio "$perflight" "${med[appearance]}")  (goal: <= 2)"
if [ -n "$base" ]; then
  echo "  baseline: $(ratio "$before" "${basemed[appearance]}")"
fi
if command -v valgrind >/dev/null; then
  # The flight kind samples two pushes (with matching and without), the
  # same number of samples each: 0 over their difference is 0 for both.
  for kind in flat turn absolute appearance flight; do
    allocs() { valgrind "$bin" "$1" "$kind" 2>&1 | sed -n 's/.*total heap usage: \([0-9,]*\) allocs.*/\1/p' | tr -d ,; }
    a=$(allocs 100); b=$(allocs 1100)
    echo "$kind: heap allocations $a for 100 samples, $b for 1100: $(( (b - a) / 1000 )) per sample (exactly $((b - a)) over 1000)"
  done
else
  echo "valgrind not installed: allocation count skipped (apt-get install valgrind)"
fi
