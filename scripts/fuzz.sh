#!/usr/bin/env bash
# libFuzzer runs over the code that reads hostile input (docs/limits.md):
#   scene   scene bytes → loader → lint → report
#   trace   trace bytes → reader → engine steps → frame dump
#   render  scene + trace → renderer → small frames (Cairo)
#   png     image bytes → PNGFile checks (sizes, chunk lengths, CRCs) → Cairo's decoder
# Usage: scripts/fuzz.sh [seconds per target, default 60] [target…]
# Builds with swiftc -sanitize=fuzzer,address into .build/fuzz (PointerCore and
# PointerRendering as modules, then one executable per target), runs each target
# on a copy of its committed seed corpus (Tests/Fuzz/corpus/<target>) and keeps
# what it finds in .build/fuzz/findings/<target>. Exit 1 when a target crashes.
# -timeout=30: a unit takes well under a second; 10 s was reached on a loaded machine
# (a nice'd run starved by builds), which is not a hang.
# Leak detection is off (-detect_leaks=0): Swift's lazy globals and fontconfig's
# caches are reported as leaks at exit; unbounded growth still fails on -rss_limit_mb.
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="/opt/swift/usr/bin:$PATH"
seconds="${1:-60}"
shift || true
targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=(scene trace render png)
out=.build/fuzz
mkdir -p "$out"
# -package-name: the modules share `package` declarations (as under SwiftPM).
flags=(-sanitize=fuzzer,address -O -g -parse-as-library -package-name adaptivepointer -module-cache-path "$out/cache")

started=$(date +%s)
if [ ! -f "$out/PointerCore.o" ] || [ -n "$(find Sources/PointerCore -name '*.swift' -newer "$out/PointerCore.o" | head -1)" ]; then
    echo "fuzz: building PointerCore"
    swiftc "${flags[@]}" -wmo -module-name PointerCore -emit-module -emit-module-path "$out/PointerCore.swiftmodule" \
        -c $(find Sources/PointerCore -name '*.swift' | sort) -o "$out/PointerCore.o"
fi
needs_render=0
for t in "${targets[@]}"; do [ "$t" = render ] || [ "$t" = png ] && needs_render=1; done
if [ $needs_render = 1 ] && { [ ! -f "$out/PointerRendering.o" ] || [ "$out/PointerCore.o" -nt "$out/PointerRendering.o" ] \
        || [ -n "$(find Sources/PointerRendering -name '*.swift' -newer "$out/PointerRendering.o" | head -1)" ]; }; then
    echo "fuzz: building PointerRendering"
    swiftc "${flags[@]}" -wmo -module-name PointerRendering -I "$out" -I Sources/CCairo $(pkg-config --cflags-only-I cairo | sed 's/-I/-Xcc -I/g') \
        -emit-module -emit-module-path "$out/PointerRendering.swiftmodule" \
        -c $(find Sources/PointerRendering -name '*.swift' | sort) -o "$out/PointerRendering.o"
fi

declare -A source=([scene]=SceneLintFuzz.swift [trace]=TraceEngineFuzz.swift [render]=RenderFuzz.swift [png]=PNGFuzz.swift)
declare -A dict=([scene]=json.dict [trace]=json.dict [render]=json.dict [png]=png.dict)
for t in "${targets[@]}"; do
    [ -n "${source[$t]:-}" ] || { echo "fuzz: unknown target '$t' (scene, trace, render, png)" >&2; exit 64; }
    objects=("$out/PointerCore.o")
    extra=()
    if [ "$t" = render ] || [ "$t" = png ]; then
        objects+=("$out/PointerRendering.o")
        extra=(-I Sources/CCairo $(pkg-config --cflags-only-I cairo | sed 's/-I/-Xcc -I/g') $(pkg-config --libs cairo))
    fi
    echo "fuzz: building $t"
    rm -f "$out/fuzz-$t"
    # gold's "Cannot export local symbol '__asan_…'" warnings are harmless: filtered.
    swiftc "${flags[@]}" -I "$out" "${extra[@]}" "Tests/Fuzz/${source[$t]}" "${objects[@]}" -o "$out/fuzz-$t" 2>&1 \
        | { grep -v "Cannot export local symbol" || true; }
    [ -x "$out/fuzz-$t" ] || { echo "fuzz: building $t failed" >&2; exit 1; }
done
echo "fuzz: built in $(( $(date +%s) - started )) s"

status=0
for t in "${targets[@]}"; do
    corpus="$out/corpus/$t"
    mkdir -p "$corpus" "$out/findings/$t"
    cp -n Tests/Fuzz/corpus/$t/* "$corpus/" 2>/dev/null || true
    echo "fuzz: running $t for $seconds s"
    if ! ASAN_OPTIONS=detect_leaks=0 "$out/fuzz-$t" "$corpus" -max_total_time="$seconds" -max_len=65536 -timeout=30 -rss_limit_mb=2048 -detect_leaks=0 \
            -dict="Tests/Fuzz/${dict[$t]}" -artifact_prefix="$out/findings/$t/" -print_final_stats=1 2>"$out/$t.log"; then
        status=1
        echo "fuzz: $t FAILED; see $out/$t.log and $out/findings/$t/" >&2
        grep -E "ERROR|Fatal error|==.*==" "$out/$t.log" | head -20 >&2 || true
    fi
    grep -E "stat::number_of_executed_units|stat::peak_rss_mb|cov:" "$out/$t.log" | tail -3
done
exit $status
