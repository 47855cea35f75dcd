#!/bin/sh
# The reports CI systems read, checked by real readers: `cardc check --format checkstyle`
# against a Checkstyle report XSD with xmllint, `--format junit` read by junitparser (the
# Python JUnit XML reader), `--format gitlab` against a GitLab Code Quality / Code Climate
# issue schema with jsonschema; each agrees with `--format json` finding for finding, on a
# project with errors, warnings, a clean file and a file whose name and contents hold markup
# and control characters; GitLab's fingerprints are unique and survive lines added above.
# The schemas are Tests/EndToEnd/schemas/ (see the comment at the top of each).
#
# Run it from anywhere: Tests/EndToEnd/ci-reports.sh. Uses CARDC (default: the debug build).
# Prints "skipped: …" and exits 0 when xmllint or python3 with junitparser and jsonschema
# cannot be had.
set -eu

here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
. "$here/lib/python.sh"
find_cardc
if ! command -v xmllint >/dev/null 2>&1; then
    echo "skipped: xmllint is not installed"
    exit 0
fi
if ! python_with jsonschema jsonschema || ! python_with junitparser junitparser; then
    echo "skipped: python3 with jsonschema and junitparser is not available"
    exit 0
fi
if ! "$python" -c 'import jsonschema, junitparser' >/dev/null 2>&1; then
    echo "skipped: no python3 with both jsonschema and junitparser"
    exit 0
fi
exec "$python" "$here/ci_reports_check.py" "$root" "$cardc"
