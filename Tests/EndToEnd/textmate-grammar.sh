#!/bin/sh
# Tokenises every sample and fixture with Grammar/cards.tmLanguage.json in a real TextMate
# engine (the textmate-grammar-python package) and fails if a token is left unscoped or a
# comment, string or binding misses its scope (see textmate_grammar_check.py).
#
# Run it by hand or in CI, from anywhere:  Tests/EndToEnd/textmate-grammar.sh
# It uses the package if python3 can import it; otherwise it installs it with pip into a
# virtual environment under $TMPDIR (kept for the next run), or into the user site. When pip
# cannot get it (no network), it prints "skipped: ..." and exits 0.
set -eu

here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
python=${PYTHON:-python3}

if ! command -v "$python" >/dev/null 2>&1; then
    echo "skipped: $python not found"
    exit 0
fi

if ! "$python" -c 'import textmate_grammar' >/dev/null 2>&1; then
    venv="${TMPDIR:-/tmp}/cardc-textmate-venv"
    if "$venv/bin/python" -c 'import textmate_grammar' >/dev/null 2>&1; then
        python="$venv/bin/python"
    elif "$python" -m venv "$venv" >/dev/null 2>&1 \
        && "$venv/bin/python" -m pip install --quiet textmate-grammar-python >/dev/null 2>&1; then
        python="$venv/bin/python"
    elif "$python" -m pip install --quiet --user textmate-grammar-python >/dev/null 2>&1 \
        && "$python" -c 'import textmate_grammar' >/dev/null 2>&1; then
        :
    else
        echo "skipped: pip could not install textmate-grammar-python"
        exit 0
    fi
fi

exec "$python" "$here/textmate_grammar_check.py" "$root"
