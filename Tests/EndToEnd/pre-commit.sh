#!/usr/bin/env bash
# The pre-commit hooks (.pre-commit-hooks.yaml) as a team uses them: a scratch Git repository
# whose .pre-commit-config.yaml names this repository's hooks, by revision, from a local clone;
# `pre-commit run --all-files` builds cardc there (`language: swift`: swift build -c release)
# and must pass on a clean deck, and fail on a broken one with cardc's diagnostics, on an
# unformatted one (cardc fmt rewrites it), while a file the project's cardc.json excludes is
# left alone even though pre-commit names it.
#
# The hooks repository is a commit of this working tree (tracked and new files, as they are
# now), made with fixed dates so an unchanged tree gives the same revision and pre-commit's
# cache (in .build/pre-commit, CARDC_PRE_COMMIT_HOME) keeps its build: the first run of a tree
# builds cardc in release mode, which takes minutes.
#
# Run it from anywhere: Tests/EndToEnd/pre-commit.sh. Prints "skipped: …" and exits 0 when
# pre-commit, git or swift is not installed.
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
for tool in pre-commit git swift; do
    if ! command -v "$tool" > /dev/null 2>&1; then
        echo "skipped: $tool is not installed"
        exit 0
    fi
done

work="$root/.build/pre-commit"
home="${CARDC_PRE_COMMIT_HOME:-$work/home}"
hooks="$work/hooks-repo"
mkdir -p "$work"
export GIT_AUTHOR_NAME=cardc GIT_AUTHOR_EMAIL=cardc@example.invalid
export GIT_COMMITTER_NAME=cardc GIT_COMMITTER_EMAIL=cardc@example.invalid
export GIT_AUTHOR_DATE="2000-01-01T00:00:00Z" GIT_COMMITTER_DATE="2000-01-01T00:00:00Z"
export GIT_CONFIG_GLOBAL=/dev/null GIT_CONFIG_NOSYSTEM=1

# 1. The hooks repository: this tree's files (tracked, and new ones not ignored), one commit.
rm -rf "$hooks"
mkdir -p "$hooks"
git -C "$hooks" init -q -b main
(cd "$root" && git ls-files -z --cached --others --exclude-standard) | (cd "$root" && xargs -0 sh -c '
    for f; do [ -f "$f" ] && [ ! -L "$f" ] || continue; mkdir -p "'"$hooks"'/$(dirname "$f")"; cp -p "$f" "'"$hooks"'/$f"; done' sh)
git -C "$hooks" add -A
git -C "$hooks" commit -q -m "cardc hooks under test"
rev=$(git -C "$hooks" rev-parse HEAD)
# One build kept: a cache of another revision is dropped first.
if [ -f "$work/revision" ] && [ "$(cat "$work/revision")" != "$rev" ]; then rm -rf "$home"; fi
echo "$rev" > "$work/revision"
export PRE_COMMIT_HOME="$home"

# 2. A project that uses them.
project=$(mktemp -d)
trap 'rm -rf "$project"' EXIT
git -C "$project" init -q -b main
cat > "$project/.pre-commit-config.yaml" <<YAML
repos:
  - repo: $hooks
    rev: $rev
    hooks:
      - id: cardc-check
      - id: cardc-fmt
YAML
mkdir -p "$project/Cards/Generated"
cat > "$project/Cards/cardc.json" <<'JSON'
{ "exclude": ["Generated"] }
JSON
cat > "$project/Cards/theme.cards" <<'CARDS'
theme Brand: Mint {
  titleColor: #0B3D2E
}
CARDS
cat > "$project/Cards/deck.cards" <<'CARDS'
import "theme.cards"

card Budget {
  model {
    spent: 0.62
  }
  bar(percent: $spent)
}

stack Overview: list {
  theme: Brand
  Budget
}
CARDS
printf 'card {\n' > "$project/Cards/Generated/old.cards"
pre-commit validate-config "$project/.pre-commit-config.yaml"
git -C "$project" add -A
git -C "$project" commit -q -m "a clean deck"

run() { (cd "$project" && pre-commit run --all-files --color never) > "$work/output.txt" 2>&1; }
fail() { echo "pre-commit: $*"; cat "$work/output.txt"; exit 1; }

echo "pre-commit: building the hooks of $rev (cached in $home)..."
run || fail "a clean deck failed"
grep -q '^cardc check\.*Passed' "$work/output.txt" || fail "cardc check did not pass"
grep -q '^cardc fmt\.*Passed' "$work/output.txt" || fail "cardc fmt did not pass"
echo "pre-commit: a clean deck passes both hooks (the excluded broken file is left alone)"

# 3. A broken deck: cardc check fails with the diagnostics.
cat > "$project/Cards/broken.cards" <<'CARDS'
card Broken: shadow(color: .lightGray, radius: 10) {
  text("x")
}
CARDS
git -C "$project" add -A
if run; then fail "a broken deck passed"; fi
grep -q '^cardc check\.*Failed' "$work/output.txt" || fail "cardc check did not fail"
grep -q 'Cards/broken.cards:1:14: error\[E501\]: trait `shadow` is missing `opacity` and `offset`' "$work/output.txt" \
    || fail "the E501 diagnostic is not shown"
echo "pre-commit: a broken deck fails cardc check with its diagnostics"
git -C "$project" rm -q -f Cards/broken.cards

# 4. An unformatted deck: cardc fmt rewrites it, and the hook fails as formatters do.
printf 'card Messy{text("x")\n}\n' > "$project/Cards/messy.cards"
git -C "$project" add -A
if run; then fail "an unformatted deck passed"; fi
grep -q '^cardc fmt\.*Failed' "$work/output.txt" || fail "cardc fmt did not fail"
grep -q 'files were modified by this hook' "$work/output.txt" || fail "cardc fmt did not rewrite the file"
[ "$(cat "$project/Cards/messy.cards")" = "$(printf 'card Messy {\n  text("x")\n}')" ] || fail "messy.cards is not formatted: $(cat "$project/Cards/messy.cards")"
git -C "$project" add -A
run || fail "the formatted deck failed"
echo "pre-commit: an unformatted deck fails cardc fmt, which formats it; then both pass"
echo "pre-commit: passed"
