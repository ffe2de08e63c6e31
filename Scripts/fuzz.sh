#!/usr/bin/env bash
# Runs animrender's libFuzzer targets, each for a given time.
#
#   Scripts/fuzz.sh [SECONDS] [TARGET…]     # default: 600 s each; FuzzPNG FuzzScene FuzzCurve
#
# Builds Fuzz/ (a separate package) in release mode with -sanitize=fuzzer,
# linking with lld (Debian's gold fails on libFuzzer's objects), seeds each
# corpus from the repository (PNG fixtures, example scene files, curve
# names), and runs each target with a 4 GiB RSS limit and a 10 s per-input
# timeout. Corpora and any crash files stay in .build/fuzz/<target>/. Exits
# non-zero when a target finds a crash, a leak of memory past the limit or a
# timeout; prints one summary line per target.
set -euo pipefail
cd "$(dirname "$0")/.."
seconds="${1:-600}"
shift || true
targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=(FuzzPNG FuzzScene FuzzCurve)

(cd Fuzz && swift build -c release -Xswiftc -sanitize=fuzzer --toolset toolset.json >/dev/null)
bin="$(cd Fuzz && swift build -c release -Xswiftc -sanitize=fuzzer --toolset toolset.json --show-bin-path)"

status=0
for target in "${targets[@]}"; do
  work=".build/fuzz/$target"
  mkdir -p "$work/corpus" "$work/crashes"
  case "$target" in
    FuzzPNG) cp -n Tests/TransitRenderTests/Fixtures/*.png Tests/TransitRenderTests/Fixtures/suite/*-11x7.png "$work/corpus/" 2>/dev/null || true ;;
    FuzzScene) cp -n Examples/*.json "$work/corpus/" 2>/dev/null || true ;;
    FuzzCurve)
      i=0
      for curve in linear ease-in-out ease-out-bounce 'cubic-bezier(0.2,0.8,0.2,1)' \
        'steps(4,jump-start)' 'spring(1,100,10,0)' 'mirrored(spring(1,100,10,0))' \
        'mirrored(mirrored(ease))'; do
        printf '%s' "$curve" >"$work/corpus/seed-$i"
        i=$((i + 1))
      done ;;
  esac
  log="$work/last-run.log"
  set +e
  SWIFT_BACKTRACE=enable=no "$bin/$target" "$work/corpus" -max_total_time="$seconds" \
    -rss_limit_mb=4096 -timeout=10 -max_len=65536 -artifact_prefix="$work/crashes/" \
    -print_final_stats=1 >"$log" 2>&1
  code=$?
  set -e
  runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
  corpus=$(ls "$work/corpus" | wc -l)
  if [ "$code" -eq 0 ]; then
    echo "$target: ${seconds} s, ${runs:-?} inputs, corpus $corpus files, nothing found"
  else
    echo "$target: FAILED (exit $code) after ${runs:-?} inputs; see $log and $work/crashes/"
    grep -m3 -E "ERROR|Fatal error|Precondition" "$log" || true
    status=1
  fi
done
exit $status
