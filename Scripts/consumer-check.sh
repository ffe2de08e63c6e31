#!/usr/bin/env bash
# Checks Transit the way another package uses it: as a versioned dependency.
#
#   Scripts/consumer-check.sh        # make consumer-check; CI runs it too
#
# The consumer package is Docs/GoldenTests.md's, exactly as written: its Package.swift
# and its test file are the fenced swift blocks that follow the lines
# `<!-- consumer: Package.swift -->` and
# `<!-- consumer: Tests/MyAppTests/TransitionTests.swift -->`. The current
# commit goes into a temporary repository, tagged with the version that
# Package.swift asks for (`from: "X.Y.Z"`), and git reads Package.swift's
# Transit address from there (a `url.<file URL>.insteadOf` setting for this
# script's commands only). SwiftPM refuses unsafe flags in a dependency
# resolved this way, so this fails if Package.swift gains any.
#
# Then the test runs three times: it records its golden (and fails, as a
# recording always does); it passes against it with TRANSIT_RECORD=never;
# and it fails with TRANSIT_RECORD=never once the golden is gone, which shows
# the golden assertion really ran. SwiftPM's caches and settings live in the
# temporary folder, so nothing from an earlier run (a tag that moved) is
# reused. CONSUMER_KEEP=1 keeps the folder and prints where it is.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)
SWIFT="${SWIFT:-swift}"

work=$(mktemp -d)
cleanup() {
  if [ "${CONSUMER_KEEP:-0}" = 1 ]; then echo "consumer-check: kept $work"; else rm -rf "$work"; fi
}
trap cleanup EXIT
fail() {
  echo "consumer-check: $*" >&2
  exit 1
}

# Docs/GoldenTests.md's marked blocks, written under $work/consumer.
consumer="$work/consumer"
mkdir -p "$consumer"
for file in Package.swift Tests/MyAppTests/TransitionTests.swift; do
  mkdir -p "$consumer/$(dirname "$file")"
  awk -v marker="<!-- consumer: $file -->" '
    state == 0 && $0 == marker { state = 1; next }
    state == 1 { if ($0 == "```swift") { state = 2; next } else { exit 2 } }
    state == 2 { if ($0 == "```") { state = 3; exit 0 } else { print } }
    END { if (state != 3) exit 2 }
  ' Docs/GoldenTests.md >"$consumer/$file" \
    || fail "Docs/GoldenTests.md has no \`<!-- consumer: $file -->\` line followed by a \`\`\`swift block"
done

# The Transit dependency the page names: its address and its version.
dependency=$(grep -E '\.package\(url: "[^"]*/Transit(\.git)?", from: "[0-9]+\.[0-9]+\.[0-9]+"\)' \
  "$consumer/Package.swift" || true)
[ "$(printf '%s' "$dependency" | grep -c .)" = 1 ] \
  || fail "Docs/GoldenTests.md's Package.swift must name Transit once, as .package(url: \"…/Transit.git\", from: \"X.Y.Z\")"
url=$(printf '%s' "$dependency" | sed -E 's/.*url: "([^"]*)".*/\1/')
version=$(printf '%s' "$dependency" | sed -E 's/.*from: "([^"]*)".*/\1/')

# This commit, alone in a repository of its own, tagged with that version.
commit=$(git rev-parse HEAD)
git init -q --bare "$work/Transit.git"
git push -q "$work/Transit.git" "$commit:refs/heads/main"
git -C "$work/Transit.git" tag "$version" "$commit"
export GIT_CONFIG_COUNT=1
export GIT_CONFIG_KEY_0="url.file://$work/Transit.git.insteadOf"
export GIT_CONFIG_VALUE_0="$url"
echo "consumer-check: Docs/GoldenTests.md's package against $url $version = $(git rev-parse --short "$commit")"

swiftpm=(--package-path "$consumer" --cache-path "$work/cache" --config-path "$work/config"
  --security-path "$work/security")
log="$work/log"
run_tests() {
  TRANSIT_RECORD="$1" "$SWIFT" test "${swiftpm[@]}" >"$log" 2>&1
}

# 1. Records the golden, and fails saying so.
if run_tests missing; then
  cat "$log"
  fail "the first run passed, but it had no golden to compare with"
fi
golden="$consumer/Goldens/stack/push-detail.png"
if [ ! -s "$golden" ]; then
  cat "$log"
  fail "the first run wrote no golden at $golden"
fi
grep -q "\"version\" : \"$version\"" "$consumer/Package.resolved" \
  && grep -q "\"revision\" : \"$commit\"" "$consumer/Package.resolved" \
  || fail "Package.resolved does not hold Transit $version at $commit"

# 2. Passes against it, never writing.
if ! run_tests never; then
  cat "$log"
  fail "the test failed against the golden it had just recorded"
fi
grep -E "Test run with [0-9]+ tests? .*passed" "$log" || fail "no passing test run in the output"

# 3. Fails once the golden is gone: the assertion is real.
mv "$golden" "$work/push-detail.png"
if run_tests never; then
  cat "$log"
  fail "the test passed without its golden"
fi
mv "$work/push-detail.png" "$golden"
echo "consumer-check: Transit, TransitRender and TransitTesting work as a versioned dependency"
