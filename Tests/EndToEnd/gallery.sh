#!/bin/sh
# Builds the HTML gallery (`cardc build --emit html`) of every sample, of the layout fixtures
# (every part of the catalog, every stack kind), of the hostile fixture and of the dark Turbo one
# (rounded and bordered cards), and one with the columns chosen by --theme and --width, opens each
# in headless Chromium and checks, with the DOM's measured boxes, that no part lies outside its
# card, no text is cut by a rounded corner and no text needs more room than its frame, that the page loaded nothing and ran no script, that column headings stay in view and
# sheets draw their pushed cards; writes a full-page screenshot of each (gallery_check.py), and
# prints how far the layout model's text heights are from the rendered ones.
#
#   Tests/EndToEnd/gallery.sh                 # check; pages and PNGs in a temporary directory
#   GALLERY_OUT=DIR Tests/EndToEnd/gallery.sh # keep them in DIR
#   Tests/EndToEnd/gallery.sh --readme        # also rewrite docs/images/gallery.png
#
# Prints "skipped: …" and exits 0 when Chromium (or Python 3) is missing. Uses CARDC (default:
# the debug build, .build/debug/cardc; run `swift build` first).
set -eu

here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
chromium=${CHROMIUM:-$(command -v chromium || command -v chromium-browser || command -v google-chrome || true)}
if [ -z "$chromium" ]; then
    echo "skipped: gallery (chromium is not installed; apt-get install chromium)"
    exit 0
fi
if ! command -v python3 >/dev/null 2>&1; then
    echo "skipped: gallery (python3 is not installed)"
    exit 0
fi
cardc=${CARDC:-$root/.build/debug/cardc}
case $cardc in /*) ;; */*) cardc=$PWD/$cardc ;; esac
if [ ! -x "$cardc" ]; then
    echo "gallery: no cardc at $cardc (run swift build, or set CARDC)" >&2
    exit 1
fi

if [ -n "${GALLERY_OUT:-}" ]; then
    mkdir -p "$GALLERY_OUT"
    out=$(cd "$GALLERY_OUT" && pwd)
else
    out=$(mktemp -d)
    trap 'rm -rf "$out"' EXIT
fi

readme=
if [ "${1:-}" = "--readme" ]; then
    mkdir -p "$root/docs/images"
    readme="--readme-image $root/docs/images/gallery.png"
fi

# Samples first: the README image is a crop of the first page (overview). Decks are named
# relative to the repository, as the page's heading shows the path it was given.
cd "$root"
pages=
for deck in Samples/overview.cards Samples/*.cards \
            Tests/CardLayoutTests/Fixtures/layout-*.cards Tests/CardEmitTests/Fixtures/gallery-*.cards; do
    name=$(basename "$deck" .cards)
    case " $pages " in *" $out/$name.cards.html "*) continue ;; esac
    # The layout JSON beside the page tells the check which cards a sheet pushes.
    "$cardc" build "$deck" --emit json,html -o "$out" --quiet
    pages="$pages $out/$name.cards.html"
done

# The columns chosen on the command line: two themes on one 320-point screen, in that order,
# then the Dynamic Type column (the first theme and width at AX3, by default).
mkdir -p "$out/options"
"$cardc" build Samples/overview.cards --emit html -o "$out/options" --quiet --theme Turbo --theme Mint --width 320
options="$out/options/overview.cards.html"

# shellcheck disable=SC2086 # word splitting of the page list is intended
python3 "$here/gallery_check.py" --chromium "$chromium" --screenshots --calibrate $readme \
    --expect-columns "$options=Turbo · 320 pt|Mint · 320 pt|Turbo · 320 pt · AX3" $pages "$options"
echo "gallery: ok"
