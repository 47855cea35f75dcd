#!/bin/sh
# The GitHub Action (action.yml) checked without GitHub: its structure against a composite
# action schema, its references and scripts, and its steps run locally in order as the runner
# runs them, with actions/cache and the SARIF upload stood in for (github_action_check.py says
# exactly what is and is not exercised). The first scenario builds cardc in release mode.
#
# Run it from anywhere: Tests/EndToEnd/github-action.sh. Prints "skipped: …" and exits 0 when
# swift, or python3 with PyYAML and jsonschema, is not available.
set -eu

here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
. "$here/lib/python.sh"
if ! command -v swift >/dev/null 2>&1 || ! command -v sha256sum >/dev/null 2>&1; then
    echo "skipped: swift or sha256sum is not installed"
    exit 0
fi
if ! python_with yaml PyYAML || ! python_with jsonschema jsonschema || ! "$python" -c 'import yaml, jsonschema' >/dev/null 2>&1; then
    echo "skipped: python3 with PyYAML and jsonschema is not available"
    exit 0
fi
exec "$python" "$here/github_action_check.py" "$root"
