#!/bin/sh
# End-to-end check that `cardc preview --watch` follows a terminal resize: runs it in a tmux
# window 100 columns wide, waits for the drawing, resizes the window to 60 columns
# (`tmux resize-window`, which sends the program SIGWINCH as a terminal emulator would), and
# checks that the screen then holds a new drawing that fits 60 columns: the rule naming the
# card exactly 60 columns wide, the card's box closed at column 60, no line wider. Without
# the redraw the old 100-column drawing stays, cut or wrapped by the terminal.
# Prints "skipped: …" and exits 0 when tmux is missing. Uses CARDC (default: the debug build).
set -eu
if ! command -v tmux >/dev/null 2>&1; then
    echo "skipped: preview-watch-resize (tmux is not installed)"
    exit 0
fi
root=$(cd "$(dirname "$0")/../.." && pwd)
cardc=${CARDC:-$root/.build/debug/cardc}
if [ ! -x "$cardc" ]; then
    echo "preview-watch-resize: no cardc at $cardc (run swift build --product cardc, or set CARDC)" >&2
    exit 1
fi
work=$(mktemp -d)
# A private tmux server (its own socket), so no user session is touched.
socket="$work/tmux.sock"
session=cardc-resize
cleanup() {
    tmux -S "$socket" kill-server >/dev/null 2>&1 || true
    rm -rf "$work"
}
trap cleanup EXIT

cat >"$work/deck.cards" <<'CARDS'
card Resize: rounded(radius: 12) {
  title("Resizing the terminal")
  text("The drawing follows the window's width when it changes.")
  hstack(alignment: .center) {
    text("Volume")
    slider(value: 0.4)
  }
}
CARDS

# `--color never`: the capture is compared as plain text.
tmux -S "$socket" -f /dev/null new-session -d -s "$session" -x 100 -y 40 \
    "TERM=xterm-256color '$cardc' preview '$work/deck.cards' --watch --color never 2>'$work/stderr.txt'; sleep 30"

# Waits (up to 10 s) until the pane shows a card box whose top edge ends at column $1.
wait_for_width() {
    tries=0
    while [ $tries -lt 100 ]; do
        tmux -S "$socket" capture-pane -p -t "$session" >"$work/screen.txt"
        if python3 - "$1" "$work/screen.txt" <<'PY'
import sys
width, path = int(sys.argv[1]), sys.argv[2]
lines = open(path, encoding="utf-8").read().split("\n")
rule = [l for l in lines if l.startswith("── Resize")]
box = [l for l in lines if l.startswith("╭") and l.rstrip().endswith("╮")]
ok = (len(rule) == 1 and len(rule[0].rstrip()) == width
      and len(box) == 1 and len(box[0].rstrip()) == width
      and all(len(l.rstrip()) <= width for l in lines))
sys.exit(0 if ok else 1)
PY
        then return 0; fi
        tries=$((tries + 1))
        sleep 0.1
    done
    return 1
}

if ! wait_for_width 100; then
    echo "preview-watch-resize: FAILED: no 100-column drawing at first; the screen was:" >&2
    cat "$work/screen.txt" >&2
    exit 1
fi
tmux -S "$socket" resize-window -t "$session" -x 60 -y 40
if ! wait_for_width 60; then
    echo "preview-watch-resize: FAILED: no redraw at 60 columns after the resize; the screen was:" >&2
    cat "$work/screen.txt" >&2
    cat "$work/stderr.txt" >&2
    exit 1
fi
echo "preview-watch-resize: ok (drawn at 100 columns, redrawn at 60 after tmux resize-window)"
