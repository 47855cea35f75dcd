#!/bin/sh
# Grammar/cardc.schema.json against a real JSON Schema validator (Python's jsonschema) and
# against cardc itself: the schema is a valid draft 2020-12 schema, and for every configuration
# fixture in Tests/CardProjectTests/Fixtures/config/ (and every cardc.json in Samples/) the
# schema and `cardc check --config FILE` agree — valid-* files pass both, invalid-* files fail
# both (invalid-syntax-* are not JSON at all; invalid-beyond-schema-* break a rule JSON Schema
# cannot state, such as a key given twice, and only cardc refuses them).
#
# Run it from anywhere: Tests/EndToEnd/config-schema.sh. Uses CARDC (default: the debug build).
# Prints "skipped: …" and exits 0 when python3 with jsonschema cannot be had.
set -eu

here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
. "$here/lib/python.sh"
find_cardc
if ! python_with jsonschema jsonschema; then
    echo "skipped: python3 with jsonschema is not available"
    exit 0
fi
exec "$python" "$here/config_schema_check.py" "$root" "$cardc"
