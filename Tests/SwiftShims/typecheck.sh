#!/usr/bin/env bash
# Type-checks Swift files against the shim modules built by build-shims.sh, in both the Swift 5
# and the Swift 6 language mode, with warnings as errors (an app may build in either mode, and
# Swift 6 mode turns UIKit's main-actor isolation into errors).
#
# Usage: typecheck.sh OUTDIR FILE.swift...
# Environment: SWIFTC (default: swiftc).
set -euo pipefail

if [[ $# -lt 2 ]]; then
    echo "usage: $0 OUTDIR FILE.swift..." >&2
    exit 2
fi

out="$1"
shift
swiftc="${SWIFTC:-swiftc}"

for version in 5 6; do
    "$swiftc" -typecheck -I "$out" -swift-version "$version" -warnings-as-errors "$@"
    echo "type-checked $# file(s) in Swift $version mode"
done
