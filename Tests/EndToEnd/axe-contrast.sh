#!/bin/sh
# Runs an independent engine over the gallery: builds the HTML gallery of Tests/EndToEnd/axe/
# contrast.cards (passing and failing colours in a light theme, a dark theme and gradient cards)
# in both its themes, runs axe-core's color-contrast rule over it in headless Chromium (Selenium,
# chromedriver; axe-core as the axe-selenium-python package bundles it), and requires that every
# part axe-core flags is one cardc marks for W1001 and the other way round; texts over a gradient,
# which axe-core's rule leaves incomplete, are measured with axe-core's own colour arithmetic at
# each stop (axe_contrast_check.py says what is compared and what is not). Also checks that
# `cardc check` reports the deck's failing pairs, and nothing else, as W1001/W1004.
#
#   Tests/EndToEnd/axe-contrast.sh
#
# Prints "skipped: …" and exits 0 when Chromium, chromedriver, Python 3, Selenium or
# axe-selenium-python is missing. Uses CARDC (default: the debug build, .build/debug/cardc).
set -eu

here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
chromium=${CHROMIUM:-$(command -v chromium || command -v chromium-browser || command -v google-chrome || true)}
chromedriver=${CHROMEDRIVER:-$(command -v chromedriver || true)}
if [ -z "$chromium" ] || [ -z "$chromedriver" ]; then
    echo "skipped: axe-contrast (chromium and chromium-driver are needed; apt-get install chromium chromium-driver)"
    exit 0
fi
if ! command -v python3 >/dev/null 2>&1 || ! python3 -c "import selenium, axe_selenium_python" 2>/dev/null; then
    echo "skipped: axe-contrast (python3 with selenium and axe-selenium-python is needed; pip install selenium axe-selenium-python)"
    exit 0
fi
cardc=${CARDC:-$root/.build/debug/cardc}
case $cardc in /*) ;; */*) cardc=$PWD/$cardc ;; esac
if [ ! -x "$cardc" ]; then
    echo "axe-contrast: no cardc at $cardc (run swift build, or set CARDC)" >&2
    exit 1
fi

out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
cd "$root"
deck=Tests/EndToEnd/axe/contrast.cards

# What cardc check says: the deck's failing pairs in the themes its stacks show the cards in.
"$cardc" check "$deck" --format json > "$out/check.json" || true
python3 - "$out/check.json" <<'PY'
import json, sys
diagnostics = json.load(open(sys.argv[1]))
if isinstance(diagnostics, dict):
    diagnostics = diagnostics.get("diagnostics", [])
codes = sorted(d["code"] for d in diagnostics)
expected = ["W1001"] * 5 + ["W1004"]
if codes != expected:
    print(f"axe-contrast: cardc check reports {codes}, expected {expected}")
    for d in diagnostics:
        print("  ", d["code"], d["message"])
    sys.exit(1)
print(f"cardc check: {len(diagnostics)} warnings ({', '.join(codes)}), each failing pair once")
PY

# The gallery in both themes of the deck, each card in each, at the default text size only:
# W1001 judges text at the default size (a larger one can only make a text large, which lowers
# the minimum), so in a Dynamic Type column axe-core may pass a marked 17-point text drawn at 40
# pixels; that column is left out rather than counted as agreement.
"$cardc" build "$deck" --emit html --theme Paper --theme Night --text-size large -o "$out" --quiet 2>/dev/null
CHROMIUM=$chromium CHROMEDRIVER=$chromedriver python3 "$here/axe_contrast_check.py" "$out/contrast.cards.html"
