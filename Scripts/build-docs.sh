#!/usr/bin/env bash
# Builds the DocC documentation of Transit, TransitRender and TransitTesting
# with warnings as errors, and exits non-zero on any warning or error.
#
#   Scripts/build-docs.sh            # archives in .build/plugins/Swift-DocC/outputs/
#
# Needs the swift-docc-plugin dependency (Package.swift) and, for
# TransitRender and TransitTesting, Cairo's headers (`make deps`).
# --disable-sandbox: the plugin runs docc, which the package sandbox would
# stop from writing its archive on some systems.
set -euo pipefail
cd "$(dirname "$0")/.."

SWIFT="${SWIFT:-swift}"
targets=(Transit TransitRender TransitTesting)
log="$(mktemp)"
trap 'rm -f "$log"' EXIT

failed=0
for target in "${targets[@]}"; do
  echo "== documentation for $target"
  if ! "$SWIFT" package --disable-sandbox generate-documentation \
      --target "$target" --warnings-as-errors >"$log" 2>&1; then
    cat "$log"
    echo "build-docs: $target failed" >&2
    failed=1
    continue
  fi
  # --warnings-as-errors already fails on DocC warnings; this also catches a
  # compiler warning printed while the plugin builds the target.
  if grep -E "(^|[^-])warning:" "$log"; then
    echo "build-docs: $target has warnings" >&2
    failed=1
    continue
  fi
  grep -E "^Finished building documentation" "$log" || true
done

if [ "$failed" -ne 0 ]; then
  exit 1
fi
echo "build-docs: ${targets[*]} built without warnings"
