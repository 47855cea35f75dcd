#!/usr/bin/env bash
# End to end: cardc's own package builds without a single compiler warning.
#
#   1. every target and test target in the debug configuration, with warnings as errors;
#   2. every target in the release configuration (`swift build -c release`: a package using the
#      plugin builds `cardc` in its own configuration, release for an app's release build), with
#      warnings as errors.
#
# The builds use their own scratch directory (CARDC_WARNINGS_SCRATCH, default
# `.build/warnings` in the repository), so the usual `.build` keeps its flags. Warnings as errors,
# rather than searching a log for them, because an incremental build prints a file's warnings
# only when it compiles the file: an error leaves the file to be compiled, and reported, again
# on the next run. Any `warning:` line left in the log (from the plugin, say, which `-Xswiftc`
# does not reach) fails the check too. A package using the plugin is checked by
# plugin-package.sh.
#
# Usage: Tests/EndToEnd/no-warnings.sh
# Prints "skipped: …" and exits 0 when `swift` is missing.
set -euo pipefail

if ! command -v swift >/dev/null 2>&1; then
    echo "skipped: swift not found"
    exit 0
fi

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
scratch="${CARDC_WARNINGS_SCRATCH:-$root/.build/warnings}"
log="$(mktemp)"
trap 'rm -f "$log"' EXIT
fail() { echo "FAIL: $*" >&2; exit 1; }

check() { # description, then swift build's arguments
    local description="$1"
    shift
    if ! swift build --package-path "$root" --scratch-path "$scratch" -Xswiftc -warnings-as-errors "$@" >"$log" 2>&1; then
        grep -E "(error|warning):" "$log" >&2 || tail -40 "$log" >&2
        fail "$description does not build without warnings"
    fi
    if grep -q "warning:" "$log"; then
        grep "warning:" "$log" >&2
        fail "$description printed warnings"
    fi
    echo "$description: no warnings"
}

# Release builds leave `@testable import` out, so the test targets are built in debug only.
check "debug build, tests included" --build-tests
check "release build" -c release
echo "no warnings: ok"
