#!/usr/bin/env bash
# libFuzzer runs over the code that reads hostile input (docs/limits.md):
#   scene   scene bytes → loader → lint → report
#   trace   trace bytes → reader → engine steps → frame dump
#   render  scene + trace → renderer → small frames (Cairo)
#   png     image bytes → PNGFile checks (sizes, chunk lengths, CRCs) → Cairo's decoder
# Usage: scripts/fuzz.sh [seconds per target, default 60] [target…]
# Builds with swiftc -sanitize=fuzzer,address into .build/fuzz (the core, scene,
# lint, trace and rendering targets as modules, then one executable per target), runs each target
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
# RealModule (swift-numerics, a package dependency) gives the pure core its maths.
numerics=.build/checkouts/swift-numerics
[ -d "$numerics/Sources/RealModule" ] || swift package resolve >/dev/null
shims=(-I "$numerics/Sources/_NumericsShims/include")
cairo=(-I Sources/CCairo $(pkg-config --cflags-only-I cairo | sed 's/-I/-Xcc -I/g'))

# build_module NAME DIR [flags…]: one object and module per target, rebuilt when
# its sources or an object built before it (its dependencies) are newer.
built=()
build_module() {
    local name=$1 dir=$2
    shift 2
    local stale=0
    [ -f "$out/$name.o" ] || stale=1
    [ -n "$(find "$dir" -name '*.swift' -newer "$out/$name.o" 2>/dev/null | head -1)" ] && stale=1
    for o in "${built[@]}"; do [ "$o" -nt "$out/$name.o" ] && stale=1; done
    if [ $stale = 1 ]; then
        echo "fuzz: building $name"
        swiftc "${flags[@]}" -wmo -module-name "$name" -I "$out" "$@" -emit-module -emit-module-path "$out/$name.swiftmodule" \
            -c $(find "$dir" -name '*.swift' | sort) -o "$out/$name.o"
    fi
    built+=("$out/$name.o")
}
build_module RealModule "$numerics/Sources/RealModule" "${shims[@]}"
build_module PointerCore Sources/PointerCore "${shims[@]}"
build_module SceneFormat Sources/SceneFormat "${shims[@]}"
build_module SceneLint Sources/SceneLint "${shims[@]}"
build_module PointerTrace Sources/PointerTrace "${shims[@]}"
needs_render=0
for t in "${targets[@]}"; do [ "$t" = render ] || [ "$t" = png ] && needs_render=1; done
[ $needs_render = 0 ] || build_module PointerRendering Sources/PointerRendering "${shims[@]}" "${cairo[@]}"

declare -A source=([scene]=SceneLintFuzz.swift [trace]=TraceEngineFuzz.swift [render]=RenderFuzz.swift [png]=PNGFuzz.swift)
declare -A dict=([scene]=json.dict [trace]=json.dict [render]=json.dict [png]=png.dict)
for t in "${targets[@]}"; do
    [ -n "${source[$t]:-}" ] || { echo "fuzz: unknown target '$t' (scene, trace, render, png)" >&2; exit 64; }
    objects=("$out/RealModule.o" "$out/PointerCore.o" "$out/SceneFormat.o" "$out/SceneLint.o" "$out/PointerTrace.o")
    extra=("${shims[@]}")
    if [ "$t" = render ] || [ "$t" = png ]; then
        objects+=("$out/PointerRendering.o")
        extra+=("${cairo[@]}" $(pkg-config --libs cairo))
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
