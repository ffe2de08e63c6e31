#!/usr/bin/env bash
# What shadows cost: 60 frames at 1280×720 of a push whose two screens hold
# 20 cards each, every card shadowed, against the same push without shadows,
# drawn (and then drawn and PNG-encoded) in alternating rounds in one run,
# timed by the thread's CPU clock; prints the medians and their ratios.
#
#   Benchmarks/shadows.sh            (ROUNDS=7 by default)
set -euo pipefail
cd "$(dirname "$0")"
swift build -c release --product ShadowBenchmarks >/dev/null
"$(swift build -c release --show-bin-path)/ShadowBenchmarks" "${ROUNDS:-7}"
