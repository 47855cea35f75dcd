#!/bin/sh
# Pulled diagnostics with a real pulling client: pytest-lsp (pygls) starts `cardc lsp`,
# declares `textDocument.diagnostic` and `workspace.diagnostics.refreshSupport`, pulls the
# workspace's diagnostics, edits an imported file and checks the refresh request and the new
# diagnostics of the importers that are not open (lsp_pull_check.py says what it checks).
#
# Run it from anywhere: Tests/EndToEnd/lsp-pull.sh. Uses CARDC (default: the debug build).
# Prints "skipped: …" and exits 0 when python3 with pytest-lsp cannot be had.
set -eu

here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
. "$here/lib/python.sh"
find_cardc
if ! python_with pytest_lsp pytest-lsp; then
    echo "skipped: python3 with pytest-lsp is not available"
    exit 0
fi
CARDC=$cardc exec timeout 120 "$python" -m pytest -q -p no:cacheprovider "$here/lsp_pull_check.py"
