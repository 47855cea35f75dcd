#!/usr/bin/env python3
"""No input size makes any command super-linear.

For each growing dimension of an input (parts per card, cards, cards on one line, themes in a
chain, stacks, fields, files in an import chain, files in a directory), decks are generated at three sizes n, 2n
and 4n, and every command is run on them under Valgrind (cachegrind without cache simulation):
the work is the instructions the whole `cardc` process executes, counted, not timed. With
W(n) the count, the growth from 2n to 4n divided by the growth from n to 2n is 2 for linear
work (the fixed start-up cost cancels out) and tends to 4 for quadratic work; a ratio above
2.5 fails. Hashing is made deterministic (SWIFT_DETERMINISTIC_HASHING) so counts repeat.

    Tests/EndToEnd/linear_work.py CARDC [--only DIMENSION] [--scale K]   (or Tests/EndToEnd/linear-work.sh)

CARDC should be a release build. Exit status 0 when every ratio is within bounds, 1 otherwise,
2 when Valgrind is missing. Prints a table: dimension, command, the three counts and the ratio.
"""
import os
import re
import shutil
import subprocess
import sys
import tempfile

LIMIT = 2.5


def card(name, parts, fields=0, part="text"):
    lines = [f"card {name}: rounded(radius: 8) {{"]
    if fields:
        lines.append("  model {")
        lines += [f'    f{i}: "value {i}"' for i in range(fields)]
        lines.append("  }")
        lines += [f"  text($f{i})" for i in range(fields)]
    lines += [f'  {part}("{part} {i}")' for i in range(parts)]
    lines.append("}")
    return "\n".join(lines) + "\n"


def deck_parts(n):
    # One card of n same-kind parts: the Swift back end names each (`text`, `text2`, …).
    return {"deck.cards": card("Big", n) + "stack Main: list { Big }\n"}


def deck_cards(n):
    cards = "".join(card(f"C{i}", 3) for i in range(n))
    return {"deck.cards": cards + "stack Main: list { C0 }\n"}


def deck_one_line(n):
    # A deck without line breaks: positions on one long line (the language server's columns).
    cards = " ".join(f'card C{i}: rounded(radius: 8) {{ model {{ f: "v" }} text($f) text("t") }}' for i in range(n))
    return {"deck.cards": cards + " stack Main: list { " + " ".join(f"C{i}" for i in range(n)) + " }\n"}


def deck_themes(n):
    themes = "theme T0: Mint { titleColor: #102030 }\n"
    themes += "".join(f"theme T{i}: T{i - 1} {{ titleColor: #10{i % 100:02d}30 }}\n" for i in range(1, n))
    return {"deck.cards": themes + card("A", 2) + f"stack Main: list {{ theme: T{n - 1}\n  A\n}}\n"}


def deck_stacks(n):
    cards = "".join(card(f"C{i}", 2) for i in range(n))
    stacks = "".join(f"stack S{i}: list {{ C{i} }}\n" for i in range(n))
    return {"deck.cards": cards + stacks}


def deck_fields(n):
    return {"deck.cards": card("Fields", 0, fields=n) + "stack Main: list { Fields }\n"}


def deck_shared_parts(n):
    # One card of n parts shared by its two states: each state lists them all (W1001 looks at
    # each shared part once, by a table).
    body = card("Shared", n)[: -len("}\n")]
    body += '  state loading { text("x") }\n  state hasData { text("y") }\n}\n'
    return {"deck.cards": body + "stack Main: list { Shared }\n"}


def deck_chain(n):
    files = {}
    for i in range(n):
        head = f'import "f{i + 1}.cards"\n' if i + 1 < n else ""
        files[f"f{i}.cards"] = head + card(f"C{i}", 1)
    return files


def deck_directory(n):
    return {f"d{i:05d}.cards": card(f"C{i}", 2) for i in range(n)}


# dimension: (generator, base size, commands). A command is a list of arguments where DECK is
# the entry file and DIR the directory; "lsp" is a language-server session on DECK.
ONE_FILE = [
    ["check", "DECK"],
    ["build", "DECK", "--emit", "json", "-o", "OUT"],
    ["build", "DECK", "--emit", "swift", "-o", "OUT"],
    ["build", "DECK", "--emit", "swift", "--swift-flavor", "observation", "-o", "OUT"],
    ["build", "DECK", "--emit", "preview", "-o", "OUT"],
    ["build", "DECK", "--emit", "html", "-o", "OUT"],
    ["fmt", "--check", "DECK"],
    ["preview", "DECK", "--width", "80", "--color", "never"],
    "lsp",
]
DIMENSIONS = {
    "parts per card": (deck_parts, 300, ONE_FILE),
    # (Past 200 cards the gallery writes a lean page: 4n stays below.)
    "cards": (deck_cards, 40, ONE_FILE),
    "cards on one line": (deck_one_line, 40, ONE_FILE),
    "themes in a chain": (deck_themes, 300, ONE_FILE),
    "stacks": (deck_stacks, 50, ONE_FILE),
    "fields": (deck_fields, 200, ONE_FILE),
    "parts shared by states": (deck_shared_parts, 300, ONE_FILE),
    "files in an import chain": (deck_chain, 100, [["check", "DIR"], ["build", "DECK", "--emit", "json,swift", "-o", "OUT"],
                                                   ["fmt", "--check", "DIR"], "lsp"]),
    "files in a directory": (deck_directory, 100, [["check", "DIR"], ["fmt", "--check", "DIR"]]),
}


def frame(message):
    body = message.encode()
    return b"Content-Length: %d\r\n\r\n" % len(body) + body


def lsp_session(path):
    import json
    text = open(path, encoding="utf-8").read()
    uri = "file://" + path
    lines = text.split("\n")
    middle = len(lines) // 2
    messages = [
        {"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {"capabilities": {}, "rootUri": "file://" + os.path.dirname(path)}},
        {"jsonrpc": "2.0", "method": "initialized", "params": {}},
        {"jsonrpc": "2.0", "method": "textDocument/didOpen",
         "params": {"textDocument": {"uri": uri, "languageId": "cards", "version": 1, "text": text}}},
        {"jsonrpc": "2.0", "method": "textDocument/didChange",
         "params": {"textDocument": {"uri": uri, "version": 2},
                    "contentChanges": [{"range": {"start": {"line": middle, "character": 0}, "end": {"line": middle, "character": 0}},
                                        "text": "// \ud83d edited\n"}]}},
    ]
    requests = ["textDocument/semanticTokens/full", "textDocument/documentSymbol", "textDocument/foldingRange",
                "textDocument/documentLink", "textDocument/formatting", "textDocument/inlayHint", "textDocument/codeAction"]
    for number, method in enumerate(requests, start=2):
        params = {"textDocument": {"uri": uri}}
        if method == "textDocument/formatting":
            params["options"] = {"tabSize": 2, "insertSpaces": True}
        if method in ("textDocument/inlayHint", "textDocument/codeAction"):
            params["range"] = {"start": {"line": 0, "character": 0}, "end": {"line": len(lines), "character": 0}}
            params["context"] = {"diagnostics": []}
        messages.append({"jsonrpc": "2.0", "id": number, "method": method, "params": params})
    for number, method in enumerate(["textDocument/definition", "textDocument/hover", "textDocument/references",
                                     "textDocument/completion"], start=20):
        messages.append({"jsonrpc": "2.0", "id": number, "method": method,
                         "params": {"textDocument": {"uri": uri}, "position": {"line": len(lines) - 2, "character": 20},
                                    "context": {"includeDeclaration": True}}})
    messages.append({"jsonrpc": "2.0", "id": 99, "method": "workspace/symbol", "params": {"query": "C"}})
    messages += [{"jsonrpc": "2.0", "id": 100, "method": "shutdown"}, {"jsonrpc": "2.0", "method": "exit"}]
    return b"".join(frame(json.dumps(message)) for message in messages)


def instructions(cardc, arguments, stdin, workdir):
    log = os.path.join(workdir, "valgrind.log")
    environment = dict(os.environ, SWIFT_DETERMINISTIC_HASHING="1", NO_COLOR="1")
    subprocess.run(["valgrind", "--tool=cachegrind", "--cache-sim=no", "--cachegrind-out-file=/dev/null",
                    "--log-file=" + log, cardc] + arguments,
                   input=stdin, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=environment, cwd=workdir, check=False)
    match = re.search(r"I\s+refs:\s+([\d,]+)", open(log).read())
    if not match:
        raise RuntimeError("no instruction count for " + " ".join(arguments))
    return int(match.group(1).replace(",", ""))


def measure(cardc, generator, size, command):
    workdir = tempfile.mkdtemp(prefix="cardc-linear-")
    try:
        deck_dir = os.path.join(workdir, "deck")
        os.mkdir(deck_dir)
        files = generator(size)
        for name, text in files.items():
            with open(os.path.join(deck_dir, name), "w", encoding="utf-8") as handle:
                handle.write(text)
        entry = os.path.join(deck_dir, sorted(files)[0])
        if command == "lsp":
            return instructions(cardc, ["lsp"], lsp_session(entry), workdir)
        arguments = [{"DECK": entry, "DIR": deck_dir, "OUT": os.path.join(workdir, "out")}.get(a, a) for a in command]
        return instructions(cardc, arguments, None, workdir)
    finally:
        shutil.rmtree(workdir, ignore_errors=True)


def main():
    arguments = sys.argv[1:]
    if not arguments:
        print("usage: linear_work.py CARDC [--only DIMENSION] [--scale K]", file=sys.stderr)
        return 2
    cardc = os.path.abspath(arguments[0])
    only = arguments[arguments.index("--only") + 1] if "--only" in arguments else None
    scale = float(arguments[arguments.index("--scale") + 1]) if "--scale" in arguments else 1.0
    if shutil.which("valgrind") is None:
        print("skipped: valgrind not found")
        return 2
    failures = 0
    print(f"{'dimension':<26} {'command':<44} {'W(n)':>14} {'W(2n)':>14} {'W(4n)':>14} {'ratio':>6}")
    for dimension, (generator, base, commands) in DIMENSIONS.items():
        if only and only != dimension:
            continue
        n = max(2, int(base * scale))
        for command in commands:
            counts = [measure(cardc, generator, size, command) for size in (n, 2 * n, 4 * n)]
            ratio = (counts[2] - counts[1]) / max(1, counts[1] - counts[0])
            shown = "lsp session" if command == "lsp" else " ".join(a for a in command if a not in ("DECK", "DIR", "OUT", "-o"))
            verdict = "" if ratio <= LIMIT else "  SUPER-LINEAR"
            failures += ratio > LIMIT
            print(f"{dimension + f' (n={n})':<26} {shown:<44} {counts[0]:>14,} {counts[1]:>14,} {counts[2]:>14,} {ratio:>6.2f}{verdict}",
                  flush=True)
    print("ok: every command grows linearly" if failures == 0 else f"FAILED: {failures} super-linear")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
