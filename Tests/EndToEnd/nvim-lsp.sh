#!/bin/sh
# End-to-end check of `cardc lsp` in a real client: Neovim's built-in LSP client, headless,
# configured by the repository's Editors/nvim set-up (nvim-lsp.lua does the work). Prints
# "skipped: …" and exits 0 when nvim is missing; exits non-zero when a check fails.
set -eu
if ! command -v nvim >/dev/null 2>&1; then
  echo "skipped: nvim is not installed"
  exit 0
fi
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
CARDC=${CARDC:-$ROOT/.build/debug/cardc}
if [ ! -x "$CARDC" ]; then
  swift build --package-path "$ROOT" --product cardc >/dev/null
fi
export CARDS_ROOT="$ROOT" CARDC
# A fresh Neovim (no user configuration); a watchdog in case anything hangs.
exec timeout 120 nvim --headless -u NONE -i NONE -n -c "luafile $ROOT/Tests/EndToEnd/nvim-lsp.lua"
