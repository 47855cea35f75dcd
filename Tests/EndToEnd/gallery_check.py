#!/usr/bin/env python3
r"""Opens cardc HTML galleries in headless Chromium and checks them with the DOM's measured boxes.

For every gallery given:
  - no part (`.p`) of a card drawn on its own or in a list stack lies outside its card's box
    (clipping containers inside the card, such as a scrolling collection, clip what they hold;
    collapsible, swipe and sheet stacks clip their cards by design and are not checked);
  - no text in a card with rounded corners has a line in a corner, outside the corner's radius
    (cut by the corner, as the page and the app clip the card);
  - no text box (`.x`, a wrapping text whose height is the layout model's estimate) needs more
    height or width than its frame: its content is measured with `height: auto` (except where
    it shows escapes: the layout measures one raw character, the page shows `\u{202E}`);
    Text boxes of a Dynamic Type column (a card of class `Z<n>`, at a larger text size) are
    measured and reported in a table of their own, not held to their frames;
  - the page made no network request and ran no script of its own (its CSP forbids both);
  - every card grid's column headings stay in view: with the window scrolled to the middle of a
    grid taller than it, the headings are at the window's top and nothing covers them, and with
    the page scrolled right past a grid's left edge, the state headings are at the window's left;
  - every sheet stack draws each pushed card (`figure.push`, as many as the section's
    `data-pushes`), that card and only it on the sheet's screen; with the deck's layout JSON
    beside the page (`<name>.layout.json`), every card after a sheet's root is on one of the
    screens of that stack's section;
  - with --expect-columns PAGE=A|B, the first grid's column headings are exactly A, B;
  - a full-page screenshot is written beside it (`<name>.png`).

With --calibrate it also prints, per part kind, how far the layout model's estimate is from the
rendered height (median and worst error in points and percent), and with --json writes every
measured text box. Talks to Chromium over the DevTools protocol on a pipe
(--remote-debugging-pipe): Python's standard library only. Exit status 1 on any problem.
"""
import argparse
import base64
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time


class Browser:
    """A headless Chromium driven over --remote-debugging-pipe (fd 3 in, fd 4 out)."""

    def __init__(self, executable):
        self.profile = tempfile.mkdtemp(prefix="cardc-gallery-")
        to_browser_read, self.to_browser = os.pipe()
        self.from_browser, from_browser_write = os.pipe()

        def wire():
            # Through spare numbers first, so neither end is overwritten by the other; dup2 to
            # the same number would keep close-on-exec, so the flag is cleared explicitly.
            high_read, high_write = os.dup(to_browser_read), os.dup(from_browser_write)
            os.dup2(high_read, 3)
            os.dup2(high_write, 4)
            os.set_inheritable(3, True)
            os.set_inheritable(4, True)

        self.process = subprocess.Popen(
            [executable, "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
             "--no-first-run", "--no-default-browser-check", "--disable-extensions",
             "--font-render-hinting=none", "--remote-debugging-pipe",
             "--user-data-dir=" + self.profile, "about:blank"],
            preexec_fn=wire, close_fds=False, stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        os.close(to_browser_read)
        os.close(from_browser_write)
        self.buffer = b""
        self.next_id = 0
        self.events = []

    def send(self, method, params=None, session=None, timeout=120):
        self.next_id += 1
        message = {"id": self.next_id, "method": method, "params": params or {}}
        if session:
            message["sessionId"] = session
        os.write(self.to_browser, json.dumps(message).encode() + b"\0")
        deadline = time.time() + timeout
        while True:
            reply = self.read(deadline)
            if reply.get("id") == self.next_id:
                if "error" in reply:
                    raise RuntimeError(f"{method}: {reply['error']}")
                return reply.get("result", {})
            self.events.append(reply)

    def read(self, deadline):
        while b"\0" not in self.buffer:
            if time.time() > deadline:
                raise TimeoutError("no reply from Chromium")
            chunk = os.read(self.from_browser, 1 << 20)
            if not chunk:
                raise RuntimeError("Chromium closed the pipe")
            self.buffer += chunk
        message, self.buffer = self.buffer.split(b"\0", 1)
        return json.loads(message)

    def wait_for(self, method, session, timeout=120):
        deadline = time.time() + timeout
        while True:
            for index, event in enumerate(self.events):
                if event.get("method") == method and event.get("sessionId") == session:
                    del self.events[index]
                    return event
            self.events.append(self.read(deadline))

    def close(self):
        try:
            self.send("Browser.close", timeout=10)
        except Exception:
            pass
        try:
            self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.process.kill()
        shutil.rmtree(self.profile, ignore_errors=True)


# Runs in the page through DevTools (the page's own CSP allows no script; DevTools is exempt).
MEASURE = r"""
(() => {
  const problems = [];
  const texts = [];
  const fmt = r => `(${r.left.toFixed(1)}, ${r.top.toFixed(1)}, ${r.width.toFixed(1)} x ${r.height.toFixed(1)})`;
  const label = el => {
    const part = el.closest('.p');
    const card = el.closest('.c');
    const where = card ? (card.getAttribute('title') || '?').split(' · ')[0] : '?';
    const section = el.closest('section');
    return `${section ? section.id : '?'} ${where}: ${part ? part.getAttribute('title') : el.className}`;
  };
  const clips = el => { const s = getComputedStyle(el); return s.overflowX !== 'visible' || s.overflowY !== 'visible'; };
  for (const card of document.querySelectorAll('.c')) {
    const screen = card.closest('.scr');
    if (screen && !screen.classList.contains('list')) continue;
    const box = card.getBoundingClientRect();
    for (const part of card.querySelectorAll('.p')) {
      let r = part.getBoundingClientRect();
      let left = r.left, top = r.top, right = r.right, bottom = r.bottom;
      for (let a = part.parentElement; a && a !== card; a = a.parentElement) {
        if (!clips(a)) continue;
        const c = a.getBoundingClientRect();
        left = Math.max(left, c.left); top = Math.max(top, c.top);
        right = Math.min(right, c.right); bottom = Math.min(bottom, c.bottom);
      }
      if (right - left <= 0 || bottom - top <= 0) continue;  // clipped away entirely
      if (left < box.left - 0.5 || top < box.top - 0.5 || right > box.right + 0.5 || bottom > box.bottom + 0.5) {
        problems.push(`part outside its card: ${label(part)} ${fmt(r)} in card ${fmt(box)}`);
      }
    }
  }
  // Text a card's rounded corner cuts: a line of text (its box, from a Range over the text) with
  // a corner inside the card's corner square but outside the quarter circle of the radius. The
  // page clips a card to its rounded corners as the app's layer does; the parts' margins are
  // what keeps text out of them.
  for (const card of document.querySelectorAll('.c')) {
    const radius = parseFloat(getComputedStyle(card).borderTopLeftRadius) || 0;
    if (radius <= 0) continue;
    const box = card.getBoundingClientRect();
    const outside = (x, y) => {
      const cx = x < box.left + radius ? box.left + radius : x > box.right - radius ? box.right - radius : null;
      const cy = y < box.top + radius ? box.top + radius : y > box.bottom - radius ? box.bottom - radius : null;
      if (cx === null || cy === null || x < box.left || x > box.right || y < box.top || y > box.bottom) return false;
      return Math.hypot(x - cx, y - cy) > radius + 0.5;
    };
    const walker = document.createTreeWalker(card, NodeFilter.SHOW_TEXT);
    let cut = null;
    for (let node = walker.nextNode(); node && !cut; node = walker.nextNode()) {
      if (!node.textContent.trim() || node.parentElement.closest('.ed, .grab')) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      for (const r of range.getClientRects()) {
        if (r.width <= 0 || r.height <= 0) continue;
        // Shrunk by a point: a line box touching the corner square's edge is not cut.
        const corners = [[r.left + 1, r.top + 1], [r.right - 1, r.top + 1], [r.left + 1, r.bottom - 1], [r.right - 1, r.bottom - 1]];
        if (corners.some(([x, y]) => outside(x, y))) { cut = {node, r}; break; }
      }
    }
    if (cut) {
      problems.push(`text cut by a rounded corner (radius ${radius}): ${label(cut.node.parentElement)} ${JSON.stringify(cut.node.textContent.trim().slice(0, 40))} at ${fmt(cut.r)} in card ${fmt(box)}`);
    }
  }
  for (const el of document.querySelectorAll('.x')) {
    const estimate = parseFloat(el.style.height);
    const width = el.getBoundingClientRect().width;
    const saved = el.style.height;
    el.style.height = 'auto';
    const real = el.getBoundingClientRect().height;
    const overflowX = el.scrollWidth > el.clientWidth + 1;
    // The text's width on one line (its widest paragraph), for the glyph-advance fit.
    const savedWidth = el.style.width, savedSpace = el.style.whiteSpace;
    el.style.width = 'max-content'; el.style.whiteSpace = 'pre';
    const natural = el.getBoundingClientRect().width;
    el.style.width = savedWidth; el.style.whiteSpace = savedSpace;
    el.style.height = saved;
    const style = getComputedStyle(el);
    const part = el.closest('.p');
    const kind = el.closest('.hd') ? 'sheet header' : (part ? part.getAttribute('title').split(' · ')[0] : '?');
    const lineHeight = parseFloat(style.lineHeight);
    // The theme family the text is drawn in: Mint's Helvetica, or Turbo's system font; and
    // whether its card is dark (a background under 50% luminance). A Dynamic Type column's card
    // (class Z<n>): measured and reported apart, not held to its frame.
    const card = el.closest('.c');
    const bg = card ? getComputedStyle(card).backgroundColor.match(/[\d.]+/g) : null;
    const dark = bg && bg.length >= 3 && (0.2126 * bg[0] + 0.7152 * bg[1] + 0.0722 * bg[2]) / 255 < 0.5 && (bg.length < 4 || Number(bg[3]) > 0);
    const base = /^\s*-apple-system/i.test(style.fontFamily) ? 'Turbo (system font)' : 'Mint (Helvetica)';
    const dynamicType = card !== null && /(^| )Z[0-9]+( |$)/.test(card.className);
    texts.push({kind, estimate, real, width, natural, escapes: el.querySelector('.e') !== null, size: parseFloat(style.fontSize), weight: style.fontWeight,
                family: style.fontFamily, base, dark: !!dark, lines: Math.round(real / lineHeight), text: el.textContent.slice(0, 80), dynamicType});
    // A box showing escapes (`\u{202E}` for one raw character) is wider than the layout measured.
    const escapes = el.querySelector('.e') !== null;
    if (real > estimate + 0.5 && !escapes && !dynamicType) {
      problems.push(`text taller than its frame: ${label(el)} needs ${real.toFixed(1)}, has ${estimate} (${JSON.stringify(el.textContent.slice(0, 60))})`);
    }
    if (overflowX) problems.push(`text wider than its frame: ${label(el)} (${JSON.stringify(el.textContent.slice(0, 60))})`);
  }
  const scripts = document.querySelectorAll('script').length;
  const handlers = [...document.querySelectorAll('*')].filter(el => [...el.attributes].some(a => a.name.startsWith('on'))).length;
  const resources = performance.getEntriesByType('resource').map(e => e.name);
  if (scripts) problems.push(`${scripts} script element(s)`);
  if (handlers) problems.push(`${handlers} element(s) with event handler attributes`);
  if (resources.length) problems.push(`requests: ${resources.join(', ')}`);
  return {problems, texts, width: document.documentElement.scrollWidth, height: document.documentElement.scrollHeight,
          cards: document.querySelectorAll('.c').length, parts: document.querySelectorAll('.p').length};
})()
"""


# Scrolls the page (so it runs after MEASURE, whose boxes are measured at the top) and puts it back.
STRUCTURE = r"""
(() => {
  const problems = [];
  let grids = 0, rowHeads = 0;
  for (const table of document.querySelectorAll('table.g')) {
    const id = table.closest('section') ? table.closest('section').id : '?';
    const head = table.querySelector('thead th:last-child');
    if (!head) { problems.push(`grid without column headings: ${id}`); continue; }
    const box = table.getBoundingClientRect();
    const headHeight = head.getBoundingClientRect().height;
    if (box.height >= headHeight * 4 && box.height > window.innerHeight / 2) {
      // The grid's middle at the window's top: its headings must still be there, on top.
      window.scrollTo(0, box.top + window.scrollY + box.height / 2);
      const h = head.getBoundingClientRect();
      const hit = document.elementFromPoint(Math.min(h.left + h.width / 2, window.innerWidth - 1), h.top + h.height / 2);
      if (Math.abs(h.top) > 1) problems.push(`column headings scrolled away in ${id}: top ${h.top.toFixed(1)}`);
      else if (h.left + h.width / 2 < window.innerWidth && !(hit && head.contains(hit))) {
        problems.push(`column headings covered in ${id} by ${hit ? hit.className || hit.tagName : 'nothing'}`);
      }
      grids++;
      window.scrollTo(0, 0);
    }
    const first = table.querySelector('tbody th.s');
    const wide = table.getBoundingClientRect();
    if (first && wide.width > window.innerWidth) {
      // Scrolled right past the grid's left edge: the state headings stay at the window's left.
      window.scrollTo(wide.left + window.scrollX + 200, wide.top + window.scrollY - 40);
      const r = first.getBoundingClientRect();
      if (Math.abs(r.left) > 1) problems.push(`state headings scrolled away in ${id}: left ${r.left.toFixed(1)}`);
      rowHeads++;
      window.scrollTo(0, 0);
    }
  }
  let pushes = 0;
  for (const section of document.querySelectorAll('section[data-pushes]')) {
    const figures = section.querySelectorAll('figure.push');
    if (figures.length !== Number(section.dataset.pushes)) {
      problems.push(`sheet ${section.id} draws ${figures.length} pushed cards of ${section.dataset.pushes}`);
    }
    for (const figure of figures) {
      const cards = figure.querySelectorAll('.scr > .c');
      const name = cards.length ? (cards[0].getAttribute('title') || '').split(' · ')[0] : '';
      if (cards.length !== 1 || cards[0].getBoundingClientRect().height <= 0 || name !== figure.dataset.card) {
        problems.push(`sheet ${section.id}: pushed card ${figure.dataset.card} not drawn (${cards.length} cards, '${name}')`);
      }
      pushes++;
    }
  }
  const firstGrid = document.querySelector('table.g');
  const columns = firstGrid ? [...firstGrid.querySelectorAll('thead th')].slice(1).map(th => th.firstChild ? th.firstChild.textContent : '') : [];
  return {problems, grids, rowHeads, pushes, columns};
})()
"""


# The cards drawn on the screens of each stack section, by section id.
SCREENS = r"""
(() => Object.fromEntries([...document.querySelectorAll('section[id^="s"]')].map(section =>
  [section.id, [...section.querySelectorAll('.scr > .c')].map(card => (card.getAttribute('title') || '').split(' · ')[0])])))()
"""


def pushed_cards(page):
    """Sheet stacks' pushed cards by section id (`s<index>`), from the layout JSON beside the page."""
    layout = page[: -len(".cards.html")] + ".layout.json" if page.endswith(".cards.html") else None
    if not layout or not os.path.exists(layout):
        return {}
    with open(layout, encoding="utf-8") as file:
        stacks = json.load(file).get("stacks", [])
    result = {}
    for index, stack in enumerate(stacks):
        if stack.get("kind") == "sheet":
            cards = stack.get("cards", [])
            result[f"s{index}"] = [name for name in dict.fromkeys(cards[1:]) if cards and name != cards[0]]
    return result


def open_page(browser, path, width=1600, height=1000):
    target = browser.send("Target.createTarget", {"url": "about:blank"})["targetId"]
    session = browser.send("Target.attachToTarget", {"targetId": target, "flatten": True})["sessionId"]
    browser.send("Page.enable", session=session)
    browser.send("Emulation.setDeviceMetricsOverride",
                 {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": False}, session=session)
    browser.send("Page.navigate", {"url": "file://" + os.path.abspath(path)}, session=session)
    browser.wait_for("Page.loadEventFired", session)
    return target, session


def evaluate(browser, session, expression):
    result = browser.send("Runtime.evaluate", {"expression": expression, "returnByValue": True}, session=session)
    if "exceptionDetails" in result:
        raise RuntimeError(json.dumps(result["exceptionDetails"])[:2000])
    return result["result"]["value"]


def screenshot(browser, session, path, width, height, clip=None):
    browser.send("Emulation.setDeviceMetricsOverride",
                 {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": False}, session=session)
    params = {"format": "png", "captureBeyondViewport": True}
    if clip:
        params["clip"] = dict(clip, scale=1)
    data = browser.send("Page.captureScreenshot", params, session=session)["data"]
    with open(path, "wb") as file:
        file.write(base64.b64decode(data))


def full_page_screenshot(browser, session, path, width):
    """The whole page `width` wide (at most 4000 x 16000): the height is measured at that width,
    as a wider window wraps the page's prose into fewer lines."""
    width = min(width, 4000)
    browser.send("Emulation.setDeviceMetricsOverride",
                 {"width": width, "height": 1000, "deviceScaleFactor": 1, "mobile": False}, session=session)
    height = min(evaluate(browser, session, "document.documentElement.scrollHeight"), 16000)
    screenshot(browser, session, path, width, height, clip={"x": 0, "y": 0, "width": width, "height": height})


def advance(text):
    """The rendered width per character of a one-paragraph text, in ems; None when not measurable."""
    characters = len(text["text"])
    if text.get("escapes") or "\n" in text["text"] or characters < 8 or characters >= 80 or not text["size"]:
        return None
    return text["natural"] / (characters * text["size"])


def calibration_table(texts):
    # A box showing escapes is wider than the text the layout measured: not a fair comparison.
    escapes = [t for t in texts if t.get("escapes")]
    texts = [t for t in texts if not t.get("escapes")]
    kinds = {}
    for text in texts:
        kinds.setdefault(text["kind"], []).append(text)
    lines = ["| Part kind | Text boxes | Median error (pt) | Worst under (pt) | Worst over (pt) | Median error (%) | Lines off | Advance (em, median) |",
             "| --- | --- | --- | --- | --- | --- | --- | --- |"]

    def row(name, items):
        errors = [t["estimate"] - t["real"] for t in items]
        percent = [100 * (t["estimate"] - t["real"]) / t["real"] for t in items if t["real"] > 0]
        # A whole line off: the error is at least most of one line (1.2 x the font size).
        lines_off = sum(1 for t in items if abs(t["estimate"] - t["real"]) >= t["size"] * 0.9)
        advances = [a for a in map(advance, items) if a is not None]
        return (f"| {name} | {len(items)} | {statistics.median(errors):+.1f} | {min(errors):+.1f} | {max(errors):+.1f} | "
                f"{statistics.median(percent) if percent else 0:+.0f}% | {lines_off} | "
                f"{f'{statistics.median(advances):.3f}' if advances else '–'} |")

    for kind in sorted(kinds):
        lines.append(row(f"`{kind}`", kinds[kind]))
    lines.append(row("all", texts))
    # The same per theme family, and for the texts on dark cards.
    lines += ["", "| Theme | Text boxes | Median error (pt) | Worst under (pt) | Worst over (pt) | Median error (%) | Lines off | Advance (em, median) |",
              "| --- | --- | --- | --- | --- | --- | --- | --- |"]
    for base in sorted({t.get("base", "?") for t in texts}):
        lines.append(row(base, [t for t in texts if t.get("base") == base]))
    dark = [t for t in texts if t.get("dark")]
    if dark:
        lines.append(row("on a dark card", dark))
    if escapes:
        lines.append(f"\n({len(escapes)} boxes left out: they show escapes such as `\\u{{202E}}` for one raw character.)")
    return "\n".join(lines)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("pages", nargs="+", help="gallery pages (*.cards.html)")
    parser.add_argument("--chromium", default=shutil.which("chromium") or shutil.which("chromium-browser") or "chromium")
    parser.add_argument("--screenshots", action="store_true", help="write <page>.png beside each page")
    parser.add_argument("--readme-image", metavar="PNG", help="write a crop of the first page's top for the README")
    parser.add_argument("--calibrate", action="store_true", help="print the estimate's error per part kind")
    parser.add_argument("--json", metavar="FILE", help="write every measured text box as JSON")
    parser.add_argument("--no-text-check", action="store_true", help="report text taller than its frame without failing")
    parser.add_argument("--expect-columns", action="append", default=[], metavar="PAGE=A|B",
                        help="the first grid of PAGE has exactly these column headings")
    arguments = parser.parse_args()
    expected_columns = {}
    for item in arguments.expect_columns:
        page, _, columns = item.partition("=")
        expected_columns[os.path.abspath(page)] = columns.split("|")

    browser = Browser(arguments.chromium)
    failed = False
    all_texts = []
    try:
        for index, page in enumerate(arguments.pages):
            target, session = open_page(browser, page)
            report = evaluate(browser, session, MEASURE)
            problems = report["problems"]
            if arguments.no_text_check:
                problems = [p for p in problems if not p.startswith("text taller")]
            for text in report["texts"]:
                text["page"] = os.path.basename(page)
            all_texts += report["texts"]
            structure = evaluate(browser, session, STRUCTURE)
            problems = problems + structure["problems"]
            screens = evaluate(browser, session, SCREENS)
            for section, names in pushed_cards(page).items():
                for name in names:
                    if name not in screens.get(section, []):
                        problems.append(f"sheet {section}: pushed card {name} is drawn on none of its screens")
            expected = expected_columns.get(os.path.abspath(page))
            if expected is not None and structure["columns"] != expected:
                problems.append(f"column headings {structure['columns']}, expected {expected}")
            status = "ok" if not problems else f"{len(problems)} problem(s)"
            print(f"{os.path.basename(page)}: {report['cards']} cards, {report['parts']} parts, "
                  f"{len(report['texts'])} text boxes, {structure['grids']} grids scrolled under their headings, "
                  f"{structure['pushes']} pushed sheet cards: {status}")
            for problem in problems[:40]:
                print("  " + problem)
            if len(problems) > 40:
                print(f"  … and {len(problems) - 40} more")
            failed = failed or bool(problems)
            if arguments.screenshots:
                full_page_screenshot(browser, session, page[: -len(".html")] + ".png" if page.endswith(".html") else page + ".png",
                                     report["width"])
            if arguments.readme_image and index == 0:
                screenshot(browser, session, arguments.readme_image, 1200, 820,
                           clip={"x": 0, "y": 0, "width": 1200, "height": 820})
            browser.send("Target.closeTarget", {"targetId": target})
    finally:
        browser.close()
    if arguments.calibrate and all_texts:
        grid = [t for t in all_texts if not t.get("dynamicType")]
        dynamic = [t for t in all_texts if t.get("dynamicType")]
        print()
        print("Estimate minus rendered height, per part kind (negative: the estimate is too small):")
        print(calibration_table(grid))
        if dynamic:
            # Not held to their frames: at accessibility sizes a line holds few words, and the
            # model, which ignores word boundaries, can fall a line short (docs/language.md §11.1).
            short = [t for t in dynamic if not t.get("escapes") and t["real"] > t["estimate"] + 0.5]
            print()
            print(f"Dynamic Type columns (larger text sizes), reported, not checked: {len(short)} of "
                  f"{len(dynamic)} text boxes need more height than the estimate")
            print(calibration_table(dynamic))
            for t in short:
                print(f"  short: {t['kind']} {t['text']!r} at {t['size']} pt: estimate {t['estimate']} pt, "
                      f"rendered {t['real']} pt")
    if arguments.json:
        with open(arguments.json, "w") as file:
            json.dump(all_texts, file, indent=1)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
