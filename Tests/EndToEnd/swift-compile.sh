#!/usr/bin/env bash
# The Swift back end's compile checks that `swift test` leaves out for time (it compiles and runs
# the Observation flavor, and type-checks the CardParts flavor, in the Swift 6 mode only):
#
#   1. every sample, the reference deck (Tests/SwiftShims/Examples), the hostile fixture and the dark one
#      (Tests/CardEmitTests/Fixtures), in both flavors and with every access level
#      (internal, public, package), type-check in the Swift 5 and the Swift 6 language modes with
#      warnings as errors — the CardParts flavor against the shims in Tests/SwiftShims;
#   2. in every stack kind of the PawPal fixture, an app's subclass of a card's controller comes
#      from the stack's overridable factory (Tests/CardEmitTests/Fixtures/StackFactories/*.swift):
#      the app files type-check with the fixture's CardParts Swift in one module (internal), and
#      from another module that imports it (`--access public`: factories and actions are `open`),
#      in the Swift 5 and 6 modes;
#   3. the CardParts Swift of a 200-card CardBench deck type-checks without a single
#      "expression took too long" warning at 100 ms (-warn-long-expression-type-checking=100);
#      the time is reported, not asserted.
#
# Usage: Tests/EndToEnd/swift-compile.sh
# Environment: SWIFTC (default: swiftc on PATH). Prints "skipped: …" and exits 0 without swiftc.
set -euo pipefail

swiftc="${SWIFTC:-$(command -v swiftc || true)}"
if [[ -z "$swiftc" ]]; then
    echo "skipped: swiftc not found"
    exit 0
fi
export SWIFTC="$swiftc"

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
fail() { echo "FAIL: $*" >&2; exit 1; }

swift build --package-path "$root" --product cardc >/dev/null
swift build --package-path "$root" --product CardBench >/dev/null
bin="$(swift build --package-path "$root" --show-bin-path)"
cardc="$bin/cardc"
"$root/Tests/SwiftShims/build-shims.sh" "$work/shims" >/dev/null

# Generates one group of inputs into a directory: all samples together (overview imports theme),
# or the reference deck, the hostile fixture and the dark Turbo one (their card names differ from each other's but
# not from the samples').
generate() { # flavor access group directory
    local flavor="$1" access="$2" group="$3" out="$4"
    mkdir -p "$out"
    if [[ "$group" == samples ]]; then
        "$cardc" build "$root"/Samples/*.cards --emit swift --swift-flavor "$flavor" --access "$access" -o "$out" -q
    else
        "$cardc" build "$root/Tests/SwiftShims/Examples/Reference.cards" --emit swift --swift-flavor "$flavor" \
            --access "$access" -o "$out" -q
        "$cardc" build "$root/Tests/CardEmitTests/Fixtures/hostile.cards" "$root/Tests/CardEmitTests/Fixtures/gallery-midnight.cards" \
            --emit swift --swift-flavor "$flavor" --access "$access" -o "$out" -q
    fi
}

checks=0
for flavor in cardparts observation; do
    for access in internal public package; do
        for group in samples reference; do
            out="$work/$flavor-$access-$group"
            generate "$flavor" "$access" "$group" "$out"
            for version in 5 6; do
                arguments=(-typecheck -swift-version "$version" -warnings-as-errors)
                [[ "$flavor" == cardparts ]] && arguments+=(-I "$work/shims") || arguments+=(-parse-as-library)
                [[ "$access" == package ]] && arguments+=(-package-name CardcCompileCheck)
                if ! "$swiftc" "${arguments[@]}" "$out"/*.swift 2>"$out.log"; then
                    cat "$out.log" >&2
                    fail "$flavor, --access $access, $group, Swift $version"
                fi
                checks=$((checks + 1))
            done
        done
    done
done
echo "type-checked the samples, the reference deck and the fixtures: $checks configurations (2 flavors × 3 access levels × 2 language modes × 2 groups)"

# The app files of the stack factories, in the module of the generated Swift and in another one.
factories="$root/Tests/CardEmitTests/Fixtures/StackFactories"
"$cardc" build "$root/Tests/CardEmitTests/Fixtures/pawpal.cards" --emit swift -o "$work/factories-internal" -q
"$cardc" build "$root/Tests/CardEmitTests/Fixtures/pawpal.cards" --emit swift --access public -o "$work/factories-public" -q
mkdir -p "$work/factories-app"
for file in "$factories"/*.swift; do
    { echo "import PawPal"; cat "$file"; } >"$work/factories-app/$(basename "$file")"
done
for version in 5 6; do
    "$swiftc" -typecheck -I "$work/shims" -swift-version "$version" -warnings-as-errors \
        "$work/factories-internal/pawpal.cards.swift" "$factories"/*.swift 2>"$work/factories.log" \
        || { cat "$work/factories.log" >&2; fail "stack factories in one module, Swift $version"; }
    "$swiftc" -emit-module -module-name PawPal -parse-as-library -I "$work/shims" -swift-version "$version" -warnings-as-errors \
        "$work/factories-public/pawpal.cards.swift" -o "$work/factories-public/PawPal.swiftmodule" 2>"$work/factories.log" \
        || { cat "$work/factories.log" >&2; fail "the public PawPal module, Swift $version"; }
    "$swiftc" -typecheck -I "$work/shims" -I "$work/factories-public" -swift-version "$version" -warnings-as-errors \
        "$work/factories-app"/*.swift 2>"$work/factories.log" \
        || { cat "$work/factories.log" >&2; fail "stack factories from another module, Swift $version"; }
done
echo "stack factories: the app's subclasses type-check in every stack kind, in one module and from another (Swift 5 and 6)"

# The 200-card deck.
"$bin/CardBench" --cards 200 --write "$work/deck200.cards" >/dev/null
"$cardc" build "$work/deck200.cards" --emit swift -o "$work/deck200" -q
lines=$(wc -l <"$work/deck200/deck200.cards.swift")
start=$(date +%s.%N)
"$swiftc" -typecheck -I "$work/shims" -swift-version 6 -Xfrontend -warn-long-expression-type-checking=100 \
    "$work/deck200/deck200.cards.swift" 2>"$work/deck200.log" || { cat "$work/deck200.log" >&2; fail "the 200-card deck"; }
end=$(date +%s.%N)
slow=$(grep -c "took [0-9]*ms to type-check" "$work/deck200.log" || true)
printf '200-card deck: %s lines of CardParts Swift type-checked in %.1f s, %s expression(s) over 100 ms\n' \
    "$lines" "$(awk -v a="$start" -v b="$end" 'BEGIN { print b - a }')" "$slow"
[[ "$slow" == 0 ]] || { grep "took" "$work/deck200.log" | head -20 >&2; fail "slow expressions in the 200-card deck"; }
echo "swift compile: ok"
