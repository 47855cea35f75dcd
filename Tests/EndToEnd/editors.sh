#!/bin/sh
# Tests the editor set-ups under Editors/ in the editors installed here:
#   - Neovim, headless: opens a sample, saves it (format on save through `cardc fmt -`), checks
#     the buffer and the file, a syntax error, :CardsFormat (nvim-format-on-save.lua);
#   - the VS Code extension under Node, with a stand-in for the `vscode` module (VS Code itself
#     cannot run here): its manifest's shape and its formatting provider
#     (vscode-extension-check.js);
#   - Helix: `hx --health cards` with Editors/helix/languages.toml when hx is installed, and
#     that file's TOML in any case.
# An editor that is not installed is reported as "skipped". Uses CARDC (default: the debug
# build, .build/debug/cardc; run `swift build` first).
set -eu

here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
cardc=${CARDC:-$root/.build/debug/cardc}
if [ ! -x "$cardc" ]; then
    echo "editors: no cardc at $cardc (run swift build, or set CARDC)" >&2
    exit 1
fi

scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
mkdir "$scratch/bin" "$scratch/decks"
ln -s "$cardc" "$scratch/bin/cardc"
PATH="$scratch/bin:$PATH"
export PATH
status=0

# Neovim.
if command -v nvim >/dev/null 2>&1; then
    cp "$here/unformatted.cards" "$scratch/decks/messy.cards"
    cardc fmt - < "$scratch/decks/messy.cards" > "$scratch/decks/expected.cards"
    printf 'card A {\n  text("a"\n}\n' > "$scratch/decks/broken.cards"
    # Any error in the script ends Neovim with exit status 1 (never a prompt left waiting).
    CARDS_TEST_DIR="$scratch/decks" timeout 120 nvim --headless --clean -n \
        --cmd "set runtimepath^=$root/Editors/nvim" \
        -c "lua local ok, e = pcall(dofile, '$here/nvim-format-on-save.lua'); if not ok then io.stderr:write(tostring(e) .. '\\n'); vim.cmd('cquit 1') end" \
        || status=1
else
    echo "skipped: nvim is not installed"
fi

# VS Code extension.
if command -v node >/dev/null 2>&1; then
    node "$here/vscode-extension-check.js" "$root" || status=1
else
    echo "skipped: node is not installed (VS Code extension check)"
fi

# Helix.
languages="$root/Editors/helix/languages.toml"
if command -v python3 >/dev/null 2>&1; then
    python3 - "$languages" <<'EOF' || status=1
import sys, tomllib
with open(sys.argv[1], "rb") as f:
    config = tomllib.load(f)
[language] = [l for l in config["language"] if l["name"] == "cards"]
assert language["file-types"] == ["cards"], language
assert language["formatter"] == {"command": "cardc", "args": ["fmt", "-"]}, language
assert language["auto-format"] is True
assert language["indent"] == {"tab-width": 2, "unit": "  "}
print("helix languages.toml: ok (TOML parses; cards language, formatter cardc fmt -, auto-format)")
EOF
fi
if command -v hx >/dev/null 2>&1; then
    mkdir -p "$scratch/helix/helix"
    cp "$languages" "$scratch/helix/helix/languages.toml"
    XDG_CONFIG_HOME="$scratch/helix" hx --health cards || status=1
else
    echo "skipped: hx (Helix) is not installed"
fi

exit $status
