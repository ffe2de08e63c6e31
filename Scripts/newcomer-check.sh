#!/usr/bin/env bash
# Follows README.md as a newcomer would, exactly as written: the install
# command of "## Install animrender" (with HOME in a temporary folder, so
# `PREFIX=$HOME/.local` lands there), then, in another empty folder, the scene
# file of "## Your first animation" saved as hello.json and every command of
# that section run with the installed program first on PATH. Each output must
# exist, and the GIF must hold the whole story (checked with Pillow).
#
#   Scripts/newcomer-check.sh        # make newcomer-check; CI runs it too
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail() {
  echo "newcomer-check: $*" >&2
  exit 1
}

# The fenced block of a given kind that follows a README heading.
block() { # heading, fence
  awk -v heading="$1" -v fence="$2" '
    $0 == heading { state = 1; next }
    state == 1 && /^## / { exit }
    state == 1 && $0 == fence { state = 2; next }
    state == 2 && $0 == "```" { exit }
    state == 2 { print }
  ' README.md
}

install=$(block "## Install animrender" '```sh' | grep '^make install' || true)
[ -n "$install" ] || fail "README's Install section shows no make install command"
echo "newcomer-check: $install"
mkdir -p "$work/home"
(cd "$root" && HOME="$work/home" bash -c "$install") >"$work/install.log" 2>&1 \
  || { cat "$work/install.log"; fail "the install command failed"; }
[ -x "$work/home/.local/bin/animrender" ] || fail "no animrender in \$HOME/.local/bin after the install"

mkdir -p "$work/first"
block "## Your first animation" '```json' >"$work/first/hello.json"
[ -s "$work/first/hello.json" ] || fail "README's first animation shows no scene file"
commands=$(block "## Your first animation" '```sh')
[ -n "$commands" ] || fail "README's first animation shows no commands"
while IFS= read -r command; do
  [ -n "$command" ] || continue
  echo "newcomer-check: $command"
  (cd "$work/first" && HOME="$work/home" PATH="$work/home/.local/bin:$PATH" bash -c "$command") \
    || fail "\`$command\` failed"
done <<<"$commands"
for name in hello.gif hello.png hello-strip.png hello-states.json; do
  [ -s "$work/first/$name" ] || fail "no $name after the first animation's commands"
done
frames=$(python3 -c 'import sys; from PIL import Image; print(Image.open(sys.argv[1]).n_frames)' \
  "$work/first/hello.gif")
[ "$frames" -ge 10 ] || fail "hello.gif holds $frames frames, not the whole story"
echo "newcomer-check: README's install and first animation work as written ($frames GIF frames)"
