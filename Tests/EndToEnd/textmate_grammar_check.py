"""Tokenises every sample and fixture with Grammar/cards.tmLanguage.json, using a real TextMate
engine (the textmate-grammar-python package), and checks that

  1. no token other than whitespace is left with only the root scope (source.cards), and
  2. every character of a comment, a string and a binding (found by the small scanner below,
     which follows the lexer's rules) lies in a comment.*, string.* or meta.binding scope.

Usage: python3 textmate_grammar_check.py PACKAGE_ROOT [--show FILE_NAME...]   (textmate-grammar.sh runs it)
--show prints the tokens of the named files with their scopes.
Exit status 0 when every file passes, 1 otherwise.
"""

import json
import logging
import pathlib
import sys

from textmate_grammar.parsers.base import LanguageParser

ROOT_SCOPE = "source.cards"


def corpus(root: pathlib.Path) -> list[pathlib.Path]:
    files = sorted(root.glob("Samples/**/*.cards"))
    files += sorted(root.glob("Tests/*/Fixtures/**/*.cards"))
    files += sorted(root.glob("Tests/*/Fixtures/fmt/*.input")) + sorted(root.glob("Tests/*/Fixtures/fmt/*.golden"))
    return files


def spans(text: str) -> list[tuple[int, int, str]]:
    """(start, end, kind) of the comments, strings and bindings of `text`, as the lexer finds
    them: kind is "comment", "string" or "binding"."""
    result = []
    i, n = 0, len(text)
    while i < n:
        c = text[i]
        if text.startswith("//", i):
            end = text.find("\n", i)
            end = n if end < 0 else end
            result.append((i, end, "comment"))
            i = end
        elif text.startswith("/*", i):
            depth, j = 1, i + 2
            while j < n and depth > 0:
                if text.startswith("*/", j):
                    depth, j = depth - 1, j + 2
                elif text.startswith("/*", j):
                    depth, j = depth + 1, j + 2
                else:
                    j += 1
            result.append((i, j, "comment"))
            i = j
        elif text.startswith('"""', i):
            j = i + 3
            while j < n and not text.startswith('"""', j):
                j += 2 if text[j] == "\\" else 1
            j = min(n, j + 3)
            result.append((i, j, "string"))
            i = j
        elif c == '"':
            j = i + 1
            while j < n and text[j] not in '"\n':
                j += 2 if text[j] == "\\" and j + 1 < n and text[j + 1] != "\n" else 1
            if j < n and text[j] == '"':
                j += 1
            result.append((i, j, "string"))
            i = j
        elif c == "$" and i + 1 < n and (text[i + 1].isascii() and (text[i + 1].isalpha() or text[i + 1] == "_")):
            j = i + 1
            while True:
                while j < n and text[j].isascii() and (text[j].isalnum() or text[j] == "_"):
                    j += 1
                if j + 1 < n and text[j] == "." and text[j + 1].isascii() and (text[j + 1].isalpha() or text[j + 1] == "_"):
                    j += 1
                    continue
                break
            result.append((i, j, "binding"))
            i = j
        else:
            i += 1
    return result


EXPECTED = {
    "comment": lambda scopes: any(s.startswith("comment.") for s in scopes),
    "string": lambda scopes: any(s.startswith("string.") for s in scopes),
    "binding": lambda scopes: "meta.binding.cards" in scopes,
}


def check(parser: LanguageParser, path: pathlib.Path) -> list[str]:
    # The engine reads line breaks as \n (CR LF and lone CR too); so does the scanner here.
    text = path.read_bytes().decode("utf-8", errors="replace").replace("\r\n", "\n").replace("\r", "\n")
    if not text.strip():
        return []
    element = parser.parse_string(text)
    if element is None:
        return [f"{path}: the engine returned nothing"]
    # The scopes of every character, by (line, column).
    scopes_at: dict[tuple[int, int], list[str]] = {}
    problems = []
    for (line, column), content, scopes in element.flatten():
        if content.strip() and all(s == ROOT_SCOPE for s in scopes):
            problems.append(f"{path}:{line + 1}:{column + 1}: {content!r} has only the root scope")
        for k, _ in enumerate(content):
            scopes_at[(line, column + k)] = scopes
    # Offsets to (line, column).
    positions, line, column = [], 0, 0
    for ch in text:
        positions.append((line, column))
        line, column = (line + 1, 0) if ch == "\n" else (line, column + 1)
    for start, end, kind in spans(text):
        for offset in range(start, end):
            if text[offset].isspace():
                continue
            scopes = scopes_at.get(positions[offset], [])
            if not EXPECTED[kind](scopes):
                line, column = positions[offset]
                problems.append(f"{path}:{line + 1}:{column + 1}: {kind} character {text[offset]!r} has scopes {scopes}")
                break
    return problems


def main() -> int:
    # The engine logs every line it skips as a warning; only its errors matter here.
    logging.getLogger("textmate_grammar").setLevel(logging.ERROR)
    root = pathlib.Path(sys.argv[1] if len(sys.argv) > 1 and not sys.argv[1].startswith("-") else ".").resolve()
    grammar = json.loads((root / "Grammar" / "cards.tmLanguage.json").read_text(encoding="utf-8"))
    parser = LanguageParser(grammar)
    files = corpus(root)
    problems = []
    for path in files:
        problems += check(parser, path)
    if "--show" in sys.argv:
        for path in files:
            if path.name in sys.argv:
                text = path.read_bytes().decode("utf-8", errors="replace")
                for position, content, scopes in parser.parse_string(text).flatten():
                    if content.strip():
                        print(position, repr(content), [s for s in scopes if s != ROOT_SCOPE])
    for problem in problems[:50]:
        print(problem)
    if len(problems) > 50:
        print(f"... and {len(problems) - 50} more")
    print(f"textmate-grammar: {len(files)} files tokenised, {len(problems)} problems")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
