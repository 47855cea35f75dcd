#!/usr/bin/env bash
# The project's test command (the README's second command; `.ci/run` calls exactly this):
#   1. `swift test` — the unit, golden and in-process command-line tests;
#   2. every end-to-end check in Tests/EndToEnd/ with the real clients (Neovim, Node, Chromium,
#      a TextMate engine, swiftc, a SwiftPM package using the plugin), each printing
#      "skipped: …" and passing when its tool is not installed;
#   3. the libFuzzer target for CARDC_FUZZ_SECONDS seconds (default 60; 0 leaves it out), when
#      this toolchain can build it.
# Runs every step even after a failure, then exits 1 if any failed.
set -uo pipefail
cd "$(dirname "$0")/.."

failed=()
step() {
    echo "=== $*"
    "$@" || failed+=("$*")
}

step swift test
# The end-to-end scripts run the debug `cardc` (CARDC overrides it).
step swift build --product cardc
for script in Tests/EndToEnd/*.sh; do
    step "$script"
done
seconds=${CARDC_FUZZ_SECONDS:-60}
if [ "$seconds" != 0 ]; then
    step Tests/EndToEnd/Fuzz/run.sh "$seconds"
fi

if [ ${#failed[@]} -gt 0 ]; then
    printf 'FAILED: %s\n' "${failed[@]}"
    exit 1
fi
echo "all tests passed"
