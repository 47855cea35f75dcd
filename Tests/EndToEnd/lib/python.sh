# Sourced by the end-to-end scripts that need a Python package (not a test itself: only
# Tests/EndToEnd/*.sh are run). `python_with MODULE PACKAGE` sets $python to an interpreter that
# can import MODULE: python3 itself, else a virtual environment under $TMPDIR (kept for the next
# run) where pip installed PACKAGE. It returns 1 when neither works (no python3, no network),
# and the script then prints "skipped: …" and exits 0.
python_with() {
    module=$1
    package=$2
    python=${PYTHON:-python3}
    command -v "$python" >/dev/null 2>&1 || return 1
    "$python" -c "import $module" >/dev/null 2>&1 && return 0
    venv="${TMPDIR:-/tmp}/cardc-e2e-venv"
    if [ -x "$venv/bin/python" ] || "$python" -m venv "$venv" >/dev/null 2>&1; then
        if "$venv/bin/python" -c "import $module" >/dev/null 2>&1 \
            || "$venv/bin/python" -m pip install --quiet "$package" >/dev/null 2>&1; then
            python="$venv/bin/python"
            return 0
        fi
    fi
    return 1
}

# The cardc to test: $CARDC, else the debug build (Tests/run-all.sh builds it first).
find_cardc() {
    cardc=${CARDC:-$root/.build/debug/cardc}
    if [ ! -x "$cardc" ]; then
        echo "no cardc at $cardc (run swift build --product cardc, or set CARDC)" >&2
        exit 1
    fi
}
