"""Checks Grammar/cardc.schema.json with jsonschema and against cardc (see config-schema.sh)."""
import glob
import json
import os
import subprocess
import sys
import tempfile

import jsonschema

root, cardc = sys.argv[1], sys.argv[2]
with open(os.path.join(root, "Grammar", "cardc.schema.json"), encoding="utf-8") as f:
    schema = json.load(f)
jsonschema.Draft202012Validator.check_schema(schema)
validator = jsonschema.Draft202012Validator(schema)

fixtures = sorted(glob.glob(os.path.join(root, "Tests", "CardProjectTests", "Fixtures", "config", "*.json")))
samples = sorted(glob.glob(os.path.join(root, "Samples", "**", "cardc.json"), recursive=True))
if len(fixtures) < 10 or not samples:
    sys.exit(f"fixtures not found: {len(fixtures)} fixtures, {len(samples)} samples")

failures = []
with tempfile.TemporaryDirectory() as scratch:
    deck = os.path.join(scratch, "deck.cards")
    with open(deck, "w", encoding="utf-8") as f:
        f.write('card Hello {\n  text("hello")\n}\n')
    for path in fixtures + samples:
        name = os.path.relpath(path, root)
        base = os.path.basename(path)
        expect_valid = not base.startswith("invalid-")
        try:
            with open(path, encoding="utf-8") as f:
                instance = json.load(f)
            errors = [e.message for e in validator.iter_errors(instance)]
            schema_valid = not errors
        except json.JSONDecodeError as error:
            errors, schema_valid = [f"not JSON: {error}"], None
        run = subprocess.run([cardc, "check", "--config", path, deck], capture_output=True, text=True)
        cardc_valid = run.returncode == 0
        if run.returncode not in (0, 2):
            failures.append(f"{name}: cardc exited {run.returncode}: {run.stderr.strip()}")
        if cardc_valid != expect_valid:
            failures.append(f"{name}: cardc {'accepted' if cardc_valid else 'refused'} it: {run.stderr.strip()}")
        if not expect_valid and not cardc_valid and not run.stderr.startswith("cardc: error: "):
            failures.append(f"{name}: the error is not one `cardc: error:` line: {run.stderr!r}")
        if base.startswith("invalid-syntax-"):
            if schema_valid is not None:
                failures.append(f"{name}: expected a JSON syntax error")
        elif base.startswith("invalid-beyond-schema-"):
            if not schema_valid:
                failures.append(f"{name}: the schema refuses it ({errors[0]}); rename it invalid-*")
        elif schema_valid != expect_valid:
            failures.append(f"{name}: the schema {'accepts' if schema_valid else 'refuses'} it: {errors[:1]}")
        print(f"{'ok ' if expect_valid else 'bad'} {name}: schema {'-' if schema_valid is None else schema_valid}, cardc exit {run.returncode}")

if failures:
    print("\n".join(failures), file=sys.stderr)
    sys.exit(1)
print(f"config-schema: {len(fixtures) + len(samples)} configurations, schema and cardc agree")
