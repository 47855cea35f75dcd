#!/bin/sh
# Checks the protocol half of the VS Code client (Editors/vscode/lsp-client.js) against the
# real `cardc lsp`, in Node with a fake `vscode` module (vscode-client.test.js). Prints
# "skipped: …" and exits 0 when node is missing; exits non-zero when a check fails.
set -eu
if ! command -v node >/dev/null 2>&1; then
  echo "skipped: node is not installed"
  exit 0
fi
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
CARDC=${CARDC:-$ROOT/.build/debug/cardc}
if [ ! -x "$CARDC" ]; then
  swift build --package-path "$ROOT" --product cardc >/dev/null
fi
export CARDC
exec timeout 120 node "$ROOT/Tests/EndToEnd/vscode-client.test.js"
