#!/usr/bin/env bash
# Compiles the signature-only shim modules into OUTDIR, in dependency order, with plain swiftc
# (no SwiftPM). Afterwards a file type-checks against them with
#
#     swiftc -typecheck -I OUTDIR [-swift-version 6] FILE.swift
#
# (typecheck.sh does that in both language modes). The shims are compiled in Swift 5 mode, as
# the libraries they stand for are.
#
# Usage: build-shims.sh OUTDIR
# Environment: SWIFTC (default: swiftc).
set -euo pipefail

if [[ $# -ne 1 ]]; then
    echo "usage: $0 OUTDIR" >&2
    exit 2
fi

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
out="$1"
swiftc="${SWIFTC:-swiftc}"
mkdir -p "$out"
out="$(cd "$out" && pwd)"

# Each module imports only modules listed before it.
modules=(UIKit CoreLocation MapKit RxSwift RxRelay RxCocoa CardParts CardsStack MGSwipeCards TGCardViewController)

for module in "${modules[@]}"; do
    "$swiftc" -emit-module -parse-as-library -swift-version 5 -warnings-as-errors \
        -module-name "$module" -I "$out" \
        -o "$out/$module.swiftmodule" \
        "$here/$module/$module.swift"
done

echo "built ${#modules[@]} shim modules in $out"
