"""Checks cardc's checkstyle, junit and gitlab reports with real readers (see ci-reports.sh)."""
import json
import os
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ElementTree

import jsonschema
import junitparser

root, cardc = sys.argv[1], sys.argv[2]
schemas = os.path.join(root, "Tests", "EndToEnd", "schemas")
failures = []


def check(condition, message):
    if not condition:
        failures.append(message)


DECK = """card Budget: shadow(color: .lightGray, radius: 10) {
  model {
    spent: 0.62
    unused: "x"
  }
  bar(percent: $spent)
  button("Go")
  button("Go")
}
"""
CLEAN = 'card Hello {\n  text("hello")\n}\n'
# Markup in its name; a raw escape, a bell and markup in its text (E102 quotes what it found).
ODD_NAME = "odd <&\"'>.cards"
ODD = 'card Odd {\n  text("<b>&amp;</b> \\"quoted\\"")\n  \x1b\x07 text("x")\n  model { unused: "<&>" }\n}\n'


def run(directory, fmt, *extra):
    return subprocess.run([cardc, "check", "--format", fmt, *extra, "."], cwd=directory, capture_output=True)


def findings_from_json(directory):
    result = run(directory, "json")
    check(result.returncode == 1, f"json: exit {result.returncode}")
    return [(d["file"], d["line"], d["column"], d["code"], d["severity"]) for d in json.loads(result.stdout)]


with tempfile.TemporaryDirectory() as scratch:
    for name, text in [("deck.cards", DECK), ("clean.cards", CLEAN), (ODD_NAME, ODD)]:
        with open(os.path.join(scratch, name), "w", encoding="utf-8") as f:
            f.write(text)
    reference = findings_from_json(scratch)
    codes = {finding[3] for finding in reference}
    check({"E501", "E102", "W101", "W105"} <= codes, f"the project should report E501, E102, W101 and W105: {sorted(codes)}")
    files = sorted({"deck.cards", "clean.cards", ODD_NAME})

    # checkstyle: the XSD, then the findings.
    result = run(scratch, "checkstyle")
    check(result.returncode == 1, f"checkstyle: exit {result.returncode}")
    report = os.path.join(scratch, "checkstyle.xml")
    with open(report, "wb") as f:
        f.write(result.stdout)
    lint = subprocess.run(["xmllint", "--noout", "--schema", os.path.join(schemas, "checkstyle-report.xsd"), report],
                          capture_output=True, text=True)
    check(lint.returncode == 0, f"checkstyle: xmllint --schema: {lint.stderr.strip()}")
    document = ElementTree.parse(report).getroot()
    listed = sorted(f.get("name") for f in document.findall("file"))
    check(listed == files, f"checkstyle: files {listed}, expected {files}")
    found = sorted((f.get("name"), int(e.get("line")), int(e.get("column")), e.get("source").removeprefix("cardc."), e.get("severity"))
                   for f in document.findall("file") for e in f.findall("error"))
    check(found == sorted(reference), f"checkstyle: {found} differs from json's {sorted(reference)}")
    odd = [e.get("message") for f in document.findall("file") if f.get("name") == ODD_NAME for e in f.findall("error")]
    check(any("\\u{1B}" in message for message in odd), f"checkstyle: the escape character is not shown escaped: {odd}")
    print(f"checkstyle: valid against the XSD, {len(found)} findings in {len(listed)} files")

    # junit: junitparser reads it; one failing case per finding, one passing case per clean file.
    result = run(scratch, "junit")
    check(result.returncode == 1, f"junit: exit {result.returncode}")
    report = os.path.join(scratch, "junit.xml")
    with open(report, "wb") as f:
        f.write(result.stdout)
    lint = subprocess.run(["xmllint", "--noout", report], capture_output=True, text=True)
    check(lint.returncode == 0, f"junit: not well-formed XML: {lint.stderr.strip()}")
    xml = junitparser.JUnitXml.fromfile(report)
    suites = list(xml) if isinstance(xml, junitparser.JUnitXml) else [xml]
    check(sorted(suite.name for suite in suites) == files, f"junit: suites {[s.name for s in suites]}")
    failed, passed = [], []
    for suite in suites:
        for case in suite:
            results = case.result
            if results:
                check(all(isinstance(r, junitparser.Failure) for r in results), f"junit: {case.name}: not a failure: {results}")
                code = case.name.split(" ")[0]
                failed.append((suite.name, code, results[0].type))
            else:
                passed.append(suite.name)
    check(sorted(failed) == sorted((f[0], f[3], f[4]) for f in reference), f"junit: failures {sorted(failed)} differ from json")
    check(passed == ["clean.cards"], f"junit: passing cases {passed}")
    check(xml.failures == len(reference) if isinstance(xml, junitparser.JUnitXml) else True,
          f"junit: testsuites failures={getattr(xml, 'failures', None)}, expected {len(reference)}")
    print(f"junit: junitparser read {len(suites)} suites, {len(failed)} failures, {len(passed)} passing")

    # gitlab: the schema, the findings, unique fingerprints that survive lines added above.
    with open(os.path.join(schemas, "gitlab-codequality.schema.json"), encoding="utf-8") as f:
        schema = json.load(f)
    jsonschema.Draft202012Validator.check_schema(schema)
    result = run(scratch, "gitlab")
    check(result.returncode == 1, f"gitlab: exit {result.returncode}")
    check(not result.stdout.startswith(b"\xef\xbb\xbf"), "gitlab: starts with a byte order mark")
    issues = json.loads(result.stdout)
    errors = [e.message for e in jsonschema.Draft202012Validator(schema).iter_errors(issues)]
    check(not errors, f"gitlab: schema: {errors[:3]}")
    found = sorted((i["location"]["path"], i["location"]["lines"]["begin"], i["check_name"]) for i in issues)
    check(found == sorted((f[0], f[1], f[3]) for f in reference), f"gitlab: {found} differs from json")
    prints = [i["fingerprint"] for i in issues]
    check(len(set(prints)) == len(prints), "gitlab: fingerprints are not unique (two identical `button(\"Go\")` lines)")
    with open(os.path.join(scratch, "deck.cards"), "w", encoding="utf-8") as f:
        f.write("// Three lines\n// added above\n\n" + DECK)
    moved = json.loads(run(scratch, "gitlab").stdout)
    check(sorted(i["fingerprint"] for i in moved) == sorted(prints), "gitlab: fingerprints changed when lines were added above")
    check(sorted(i["location"]["lines"]["begin"] for i in moved if i["location"]["path"] == "deck.cards")
          == sorted(i["location"]["lines"]["begin"] + 3 for i in issues if i["location"]["path"] == "deck.cards"),
          "gitlab: lines did not move by 3")
    print(f"gitlab: valid against the schema, {len(issues)} issues, fingerprints unique and stable when lines move")

if failures:
    print("\n".join(failures), file=sys.stderr)
    sys.exit(1)
print("ci-reports: checkstyle, junit and gitlab reports read by their readers and agree with json")
