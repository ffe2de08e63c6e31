# The start every animrender benchmark shares; sourced, not run. Leaves the
# shell at the package root with:
#   $root        the package root
#   $work        a scratch folder, removed on exit
#   $animrender  the release build of animrender
# build_rawcairo, which builds the C reference (../shared/bench next to the
# checkout, or next to the folder of worktrees; BENCH overrides) as
# $work/rawcairo, and need_hyperfine, which stops a script that times with
# hyperfine where it is missing.
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$root"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

swift build -c release --product animrender >/dev/null
animrender="$(swift build -c release --show-bin-path)/animrender"

build_rawcairo() {
  local bench=${BENCH:-$root/../shared/bench}
  [ -d "$bench" ] || bench=$root/../../shared/bench
  "$bench/build.sh" "$work/rawcairo"
}

need_hyperfine() {
  command -v hyperfine >/dev/null || { echo "hyperfine is needed: apt-get install -y hyperfine" >&2; exit 1; }
}
