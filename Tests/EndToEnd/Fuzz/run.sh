#!/usr/bin/env bash
# Builds the libFuzzer target over the whole cardc pipeline (FuzzTarget.swift) and runs it.
#
#   Tests/EndToEnd/Fuzz/run.sh [SECONDS]      # default 60
#
# SwiftPM cannot link it (its link step passes `--defsym main=...`, which fails with
# -sanitize=fuzzer), so every library module under Sources/ is compiled here with swiftc
# (-O -sanitize=fuzzer,address, Swift 6 mode), in the order their imports give, and linked
# with the entry. Work files go to $CARDC_FUZZ_DIR (default .build/fuzz): the modules, the
# binary (rebuilt as far as a source changed), the seeds (the samples and every test fixture,
# copied at each run), the corpus libFuzzer grows, and findings/ (crash-*, leak-*, timeout-*).
# Exit status: 0 when the run found nothing or the fuzzer cannot be built on this machine
# ("skipped: <reason>"), 1 on a finding, 2 on a usage or build error.
set -euo pipefail

seconds="${1:-60}"
case "$seconds" in '' | *[!0-9]*) echo "usage: $0 [SECONDS]" >&2; exit 2 ;; esac
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../../.." && pwd)"
work="${CARDC_FUZZ_DIR:-$root/.build/fuzz}"
binary="$work/cardc-fuzz"

skip() { echo "skipped: $*"; exit 0; }

swiftc="${SWIFTC:-$(command -v swiftc || true)}"
[ -n "$swiftc" ] || skip "swiftc not found on PATH"
mkdir -p "$work/modules" "$work/corpus" "$work/findings"

# Can this toolchain build and link a libFuzzer target at all? (Xcode's cannot.)
printf '@_cdecl("LLVMFuzzerTestOneInput") public func probe(_ d: UnsafePointer<UInt8>?, _ n: Int) -> CInt { 0 }\n' \
    > "$work/probe.swift"
if ! "$swiftc" -parse-as-library -sanitize=fuzzer,address "$work/probe.swift" -o "$work/probe" > "$work/probe.log" 2>&1; then
    skip "$swiftc cannot link a libFuzzer target with -sanitize=fuzzer,address (see $work/probe.log)"
fi

# -package-name: the modules share `package` declarations, as SwiftPM builds them.
flags=(-O -g -swift-version 6 -sanitize=fuzzer,address -parse-as-library -package-name cardc -I "$work/modules")

# Library modules: directories of Sources/ without a main.swift (cardc, CardBench are executables).
modules=()
for directory in "$root"/Sources/*/; do
    name="$(basename "$directory")"
    [ -e "$directory/main.swift" ] || modules+=("$name")
done

imports() { # the project modules that module $1 imports
    local other
    for other in "${modules[@]}"; do
        [ "$other" != "$1" ] || continue
        if grep -rqE "^[[:space:]]*(@[A-Za-z_]+[[:space:]]+)*import[[:space:]]+$other([[:space:]]|$)" \
            --include='*.swift' "$root/Sources/$1"; then
            echo "$other"
        fi
    done
}

# Each module is compiled again when one of its sources, or a module it imports, is newer than
# its object; the fuzzer is linked again when an object or the entry is newer than it.
newer() { # true when any file under $2... is newer than $1 (or $1 is missing)
    local target="$1"
    shift
    [ -e "$target" ] || return 0
    [ -n "$(find "$@" -newer "$target" 2> /dev/null | head -n 1)" ]
}
built=()
objects=()
while [ "${#built[@]}" -lt "${#modules[@]}" ]; do
    progress=0
    for module in "${modules[@]}"; do
        case " ${built[*]} " in *" $module "*) continue ;; esac
        ready=1
        dependencies=()
        for dependency in $(imports "$module"); do
            case " ${built[*]} " in *" $dependency "*) ;; *) ready=0 ;; esac
            dependencies+=("$work/modules/$dependency.o")
        done
        [ "$ready" = 1 ] || continue
        object="$work/modules/$module.o"
        if newer "$object" "$root/Sources/$module" ${dependencies[@]+"${dependencies[@]}"}; then
            echo "compiling $module for the fuzzer..."
            sources=()
            while IFS= read -r file; do sources+=("$file"); done \
                < <(find "$root/Sources/$module" -name '*.swift' | sort)
            if ! "$swiftc" "${flags[@]}" -wmo -module-name "$module" -emit-module \
                -emit-module-path "$work/modules/$module.swiftmodule" -c "${sources[@]}" -o "$object" \
                > "$work/build.log" 2>&1; then
                cat "$work/build.log" >&2
                echo "error: cannot compile $module for the fuzzer" >&2
                exit 2
            fi
        fi
        built+=("$module")
        objects+=("$object")
        progress=1
    done
    if [ "$progress" = 0 ]; then
        echo "error: the imports of Sources/ form a cycle or name a missing module" >&2
        exit 2
    fi
done
if newer "$binary" "${objects[@]}" "$here/FuzzTarget.swift"; then
    echo "linking the fuzzer..."
    # (gold warns that it cannot export ASan's local symbols: harmless, kept in the log.)
    if ! "$swiftc" "${flags[@]}" -module-name CardcFuzz "$here/FuzzTarget.swift" "${objects[@]}" -o "$binary" \
        > "$work/build.log" 2>&1; then
        cat "$work/build.log" >&2
        echo "error: cannot link the fuzzer" >&2
        exit 2
    fi
fi

# Seeds: the samples and every fixture, fresh each run (not kept in the repository twice).
rm -rf "$work/seeds"
mkdir -p "$work/seeds"
find "$root/Samples" "$root"/Tests/*/Fixtures -name '*.cards' -type f 2> /dev/null | while IFS= read -r file; do
    relative="${file#"$root"/}"
    cp "$file" "$work/seeds/${relative//\//_}"
done

# Leaks are findings, except the catalog's tables, built once and kept for the process.
export ASAN_OPTIONS="detect_leaks=1${ASAN_OPTIONS:+:$ASAN_OPTIONS}"
# libFuzzer reports a trap itself; Swift's backtracer, run under ASan, only adds noise.
export SWIFT_BACKTRACE="enable=no"
export LSAN_OPTIONS="suppressions=$here/lsan.supp:print_suppressions=0${LSAN_OPTIONS:+:$LSAN_OPTIONS}"

echo "fuzzing for $seconds s (corpus: $work/corpus, findings: $work/findings)"
status=0
"$binary" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -print_final_stats=1 \
    -dict="$here/cards.dict" -artifact_prefix="$work/findings/" "$work/corpus" "$work/seeds" 2>&1 | tee "$work/fuzz.log" \
    || status=${PIPESTATUS[0]}
if [ "$status" != 0 ]; then
    # A CI log may keep only its tail: repeat the cause, the first frames of our code and the
    # input itself (base64, when small), so the finding can be reproduced from the log alone.
    {
        echo "---- finding (exit $status) ----"
        grep -a -m 3 -E "Fatal error|ERROR: |SUMMARY: " "$work/fuzz.log" || true
        grep -a -E "^ +#[0-9]+ .* in [\$]s[0-9]*Card" "$work/fuzz.log" | head -n 8 || true
        artifact="$(ls -t "$work/findings/" 2> /dev/null | head -n 1)"
        if [ -n "$artifact" ] && [ "$(wc -c < "$work/findings/$artifact")" -le 8192 ]; then
            echo "input $artifact (base64; decode into a file and run $binary FILE):"
            base64 < "$work/findings/$artifact"
        fi
        echo "see $work/findings/; reproduce with $binary FILE, then make FILE a regression test"
    } >&2
    exit 1
fi
echo "no findings"
