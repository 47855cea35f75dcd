#!/bin/sh
# No input size makes any command super-linear (docs/performance.md): every command — check,
# build with each back end, fmt, preview and a language-server session — on inputs growing in
# each dimension (parts per card, cards, cards on one line, themes in a chain, stacks, fields,
# parts shared by states, files in an import chain, files in a directory), its work counted in
# instructions under Valgrind at three sizes (linear_work.py). Not timed: counted, so it holds on a busy machine.
#
#   Tests/EndToEnd/linear-work.sh                       # the release cardc, built here
#   CARDC=path/to/cardc Tests/EndToEnd/linear-work.sh   # another build (a release one: the
#                                                         debug build's counts are ten times larger)
#   Tests/EndToEnd/linear-work.sh --only fields         # one dimension
#
# Prints "skipped: …" and exits 0 when Valgrind or Python 3 is missing, and unless
# CARDC_LINEAR_WORK=1: with the release build it needs it takes about 45 minutes on two cores,
# so Tests/run-all.sh runs it only when asked (CARDC_LINEAR_WORK=1 Tests/run-all.sh).
set -eu

if [ "${CARDC_LINEAR_WORK:-0}" != 1 ]; then
    echo "skipped: linear work (about 45 minutes; set CARDC_LINEAR_WORK=1 to run it)"
    exit 0
fi

here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
if ! command -v valgrind >/dev/null 2>&1; then
    echo "skipped: linear work (valgrind is not installed; apt-get install valgrind)"
    exit 0
fi
if ! command -v python3 >/dev/null 2>&1; then
    echo "skipped: linear work (python3 is not installed)"
    exit 0
fi
if [ -z "${CARDC:-}" ]; then
    (cd "$root" && swift build -c release --product cardc >/dev/null)
    CARDC=$root/.build/release/cardc
fi
exec python3 "$here/linear_work.py" "$CARDC" "$@"
