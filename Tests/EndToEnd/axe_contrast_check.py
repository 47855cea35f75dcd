"""An independent engine over the gallery: axe-core's color-contrast rule in headless Chromium
(Selenium and chromedriver) against the contrast marks cardc puts on the gallery's parts.

Usage: axe_contrast_check.py PAGE.html

Every part the gallery marks for W1001 (`data-contrast` with a W1001 token: a text whose deck-
chosen colours fail WCAG 2.2 SC 1.4.3 in that column's theme) must be a part axe-core reports a
color-contrast violation in — or, where axe-core cannot judge it, one it reports as incomplete
with a reason that says why (a gradient or an image behind the text: axe-core reads no gradient
stops, cardc compares every stop). And every part axe-core reports a violation in must be one
the gallery marks. The comparison is per part (a `.p` element, or a sheet card's header `.hd`):
axe-core reports the text node's element, which sits in its part.

Left out on purpose, and printed: W1004 marks (axe-core has no rule for non-text contrast,
SC 1.4.11) and `data-contrast-builtin` marks (a built-in theme's own pair, which cardc does not
report by design and axe-core does flag: they are expected to be violations, and are counted).
Exit status 1 on any disagreement, with each one listed.
"""
import os
import shutil
import sys

from selenium import webdriver
from selenium.webdriver.chrome.service import Service

import axe_selenium_python

AXE = os.path.join(os.path.dirname(axe_selenium_python.__file__), "node_modules", "axe-core", "axe.min.js")

# Runs in the page after axe-core: each node's part (its index among the page's parts) and the
# gallery's marks. Returns plain data.
COMPARE = r"""
const callback = arguments[arguments.length - 1];
const parts = Array.from(document.querySelectorAll('.c .p, .c .hd'));
const partOf = (target) => {
  const selector = Array.isArray(target) ? target[target.length - 1] : target;
  const element = document.querySelector(selector);
  const part = element && element.closest('.p, .hd');
  return part ? parts.indexOf(part) : -1;
};
// A text over a gradient, which axe-core's rule leaves incomplete, measured with axe-core's own
// colour arithmetic (axe.commons.color) against each stop of the card's gradient, and its own
// large-text test (18 pt = 24 px, or 14 pt = 18.66 px bold): the worst stop and the threshold.
const overStops = (part) => {
  const card = part.closest('.c');
  const walker = document.createTreeWalker(part, NodeFilter.SHOW_TEXT);
  let node, element = null;
  while ((node = walker.nextNode())) { if (node.textContent.trim()) { element = node.parentElement; break; } }
  if (!card || !element) return null;
  const color = axe.commons.color;
  const parse = (text) => { const c = new color.Color(); c.parseRgbString(text); return c; };
  const stops = (getComputedStyle(card).backgroundImage.match(/rgba?\([^)]*\)/g) || []).map(parse);
  if (stops.length < 2) return null;
  const style = getComputedStyle(element);
  const foreground = parse(style.color);
  const size = parseFloat(style.fontSize), bold = parseInt(style.fontWeight, 10) >= 700;
  const points = Math.ceil(size * 72) / 96;
  const threshold = (bold && points < 14) || (!bold && points < 18) ? 4.5 : 3;
  const worst = Math.min(...stops.map(stop => color.getContrast(stop, color.flattenColors(foreground, stop))));
  return {worst: Math.round(worst * 100) / 100, threshold};
};
const describe = (index) => {
  const part = parts[index];
  if (!part) return 'outside any part';
  const card = part.closest('.c');
  return (card ? card.getAttribute('title') : '?') + ' / ' + (part.getAttribute('title') || part.className);
};
axe.run({include: [['.c']]}, {runOnly: {type: 'rule', values: ['color-contrast']}, resultTypes: ['violations', 'incomplete']})
  .then(results => {
    const nodes = (list) => list.flatMap(rule => rule.nodes.map(node => {
      const check = (node.any || [])[0] || {};
      const data = check.data || {};
      return {part: partOf(node.target), ratio: data.contrastRatio || null,
              reason: typeof data === 'string' ? data : (data.messageKey || check.message || '')};
    }));
    const marks = parts.map((part, index) => ({
      index,
      reported: (part.getAttribute('data-contrast') || '').split(' ').filter(t => t),
      builtin: (part.getAttribute('data-contrast-builtin') || '').split(' ').filter(t => t),
      gradient: getComputedStyle(part.closest('.c')).backgroundImage.includes('gradient'),
      stops: getComputedStyle(part.closest('.c')).backgroundImage.includes('gradient') ? overStops(part) : null,
      where: describe(index),
    })).filter(mark => mark.reported.length || mark.builtin.length);
    const unmarked = {};
    for (const node of nodes(results.incomplete)) {
      const part = parts[node.part];
      if (part && !part.hasAttribute('data-contrast') && getComputedStyle(part.closest('.c')).backgroundImage.includes('gradient')) {
        unmarked[node.part] = overStops(part);
      }
    }
    callback({version: axe.version, unmarked, violations: nodes(results.violations), incomplete: nodes(results.incomplete),
              marks, descriptions: Object.fromEntries(nodes(results.violations).concat(nodes(results.incomplete))
                .map(node => [node.part, describe(node.part)]))});
  })
  .catch(error => callback({error: String(error)}));
"""


def main():
    page = os.path.abspath(sys.argv[1])
    options = webdriver.ChromeOptions()
    for argument in ["--headless=new", "--no-sandbox", "--disable-gpu", "--window-size=1500,1900"]:
        options.add_argument(argument)
    if os.environ.get("CHROMIUM"):
        options.binary_location = os.environ["CHROMIUM"]
    driver = webdriver.Chrome(service=Service(os.environ.get("CHROMEDRIVER") or shutil.which("chromedriver")), options=options)
    driver.set_script_timeout(120)
    try:
        driver.get("file://" + page)
        with open(AXE, encoding="utf-8") as script:
            driver.execute_script(script.read())
        result = driver.execute_async_script(COMPARE)
    finally:
        driver.quit()
    if "error" in result:
        print("axe-core failed:", result["error"])
        return 1

    describe = lambda index: result["descriptions"].get(str(index)) or result["descriptions"].get(index) or f"part {index}"
    violations = {}
    for node in result["violations"]:
        violations.setdefault(node["part"], node)
    incomplete = {}
    for node in result["incomplete"]:
        incomplete.setdefault(node["part"], node)
    marked = {}
    builtin = set()
    w1004 = 0
    for mark in result["marks"]:
        texts = [token for token in mark["reported"] if token.startswith("W1001:")]
        w1004 += sum(token.startswith("W1004:") for token in mark["reported"])
        if texts:
            marked[mark["index"]] = mark
        elif any(token.startswith("W1001:") for token in mark["builtin"]):
            builtin.add(mark["index"])

    problems = []
    agreed, undecided = 0, []
    for index, mark in sorted(marked.items()):
        if index in violations:
            agreed += 1
        elif index in incomplete and mark["gradient"]:
            # axe-core's rule cannot judge a gradient; its colour arithmetic at each stop can.
            stops = mark["stops"]
            line = (f"{mark['where']}: cardc {' '.join(mark['reported'])}; axe-core incomplete ({incomplete[index]['reason']})"
                    + (f"; axe-core's colour arithmetic at the worst stop: {stops['worst']}:1 < {stops['threshold']}:1" if stops else ""))
            if stops and stops["worst"] < stops["threshold"]:
                undecided.append(line)
            else:
                problems.append(line + " — passes there")
        elif index in incomplete:
            problems.append(f"{mark['where']}: cardc {' '.join(mark['reported'])}; axe-core could not judge it "
                            f"({incomplete[index]['reason']}) though nothing but a colour is behind it")
        else:
            problems.append(f"{mark['where']}: cardc {' '.join(mark['reported'])}; axe-core finds no contrast problem")
    for index, node in sorted(incomplete.items(), key=lambda item: item[0]):
        if index in marked or index in builtin:
            continue
        stops = result["unmarked"].get(str(index)) or result["unmarked"].get(index)
        if stops and stops["worst"] < stops["threshold"]:
            problems.append(f"{describe(index)}: cardc marks nothing; axe-core's arithmetic at the worst gradient stop: "
                            f"{stops['worst']}:1 < {stops['threshold']}:1")
    expected_builtin = 0
    for index, node in sorted(violations.items(), key=lambda item: item[0]):
        if index in marked:
            continue
        if index in builtin:
            expected_builtin += 1
            continue
        problems.append(f"{describe(index)}: axe-core color-contrast {node['ratio']}:1; cardc marks nothing")

    print(f"axe-core {result['version']}: {len(violations)} parts with color-contrast violations, "
          f"{len(incomplete)} it could not judge")
    print(f"agreed: {agreed} parts cardc marks W1001 and axe-core reports")
    print(f"on gradients: {len(undecided)} marked texts axe-core's rule reports as incomplete, each failing at its worst stop by axe-core's own arithmetic:")
    for line in undecided:
        print("  " + line)
    print(f"not compared: {w1004} W1004 marks (axe-core has no non-text contrast rule), "
          f"{expected_builtin} built-in theme pairs (not reported by cardc, flagged by axe-core)")
    if problems:
        print(f"{len(problems)} disagreement(s):")
        for line in problems:
            print("  " + line)
        return 1
    if agreed == 0:
        print("nothing compared: the deck has no failing text axe-core can judge")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
