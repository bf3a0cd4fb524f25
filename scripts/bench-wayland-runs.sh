#!/bin/bash
# scripts/bench-wayland.sh, several times, and the medians: one tour's p99 is
# its 6th slowest motion, so on a shared machine it moves by a millisecond or
# more between runs. With two or more --bin, the builds take turns (run 1 of
# each, then run 2 of each, ...), so a busy minute falls on all of them, and
# each later build is compared with the first, pair by pair.
#
#   scripts/bench-wayland-runs.sh [--runs N] [--bin DIR]... [bench-wayland.sh options]
#
# --runs: tours per build (default 8). --bin: a directory with adaptive-pointer
# and wayland-input-player (default .build/release). Other options (--size,
# --scale, --scene, -- run options) go to every run unchanged.
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
RUNS=8
BINS=()
PASS=()
while [ $# -gt 0 ]; do
  case $1 in
    --runs) RUNS=$2; shift 2 ;;
    --bin) BINS+=("$2"); shift 2 ;;
    *) PASS+=("$1"); shift ;;
  esac
done
[ "${#BINS[@]}" -gt 0 ] || BINS=("$ROOT/.build/release")
case $RUNS in ''|*[!0-9]*|0) echo "--runs takes a whole number above 0, not '$RUNS'" >&2; exit 2 ;; esac

TABLE=$(mktemp /tmp/ap-bench-runs-XXXXXX)
trap 'rm -f "$TABLE"' EXIT
for run in $(seq "$RUNS"); do
  for b in "${!BINS[@]}"; do
    out=$(bash "$ROOT/scripts/bench-wayland.sh" --bin "${BINS[$b]}" "${PASS[@]}" 2>&1) || {
      echo "run $run of ${BINS[$b]} failed:" >&2; echo "$out" >&2; exit 1; }
    # One line per run: build, p50, p99, frame processing p50, p99, overlay CPU, sway CPU, peak RSS.
    echo "$out" | python3 -c '
import re, sys
t = sys.stdin.read()
def num(pattern):
    m = re.search(pattern, t)
    return m.group(1) if m else "nan"
each = re.search(r"motion→(?:present|frame-done) \(each motion event\): p50 ([\d.]+) ms, p99 ([\d.]+) ms", t)
fp = re.search(r"frame processing[^:]*: p50 ([\d.]+) ms, p99 ([\d.]+) ms", t)
print(sys.argv[1], each.group(1) if each else "nan", each.group(2) if each else "nan",
      fp.group(1) if fp else "nan", fp.group(2) if fp else "nan",
      num(r"overlay ([\d.]+) s"), num(r"sway ([\d.]+) s"), num(r"VmHWM\): ([\d.]+) MiB"))
' "$b" >> "$TABLE"
    tail -1 "$TABLE" | awk -v run="$run" -v bin="${BINS[$b]}" '{
      printf "run %d %s: motion→frame p50 %s p99 %s ms | frame processing p50 %s p99 %s ms | CPU overlay %s s, sway %s s | peak RSS %s MiB\n",
             run, bin, $2, $3, $4, $5, $6, $7, $8 }'
  done
done

python3 - "$TABLE" "${BINS[@]}" <<'EOF'
import statistics, sys
rows = [line.split() for line in open(sys.argv[1])]
bins = sys.argv[2:]
names = ["motion→frame p50", "motion→frame p99", "frame processing p50", "frame processing p99",
         "overlay CPU", "sway CPU", "peak RSS"]
units = ["ms", "ms", "ms", "ms", "s", "s", "MiB"]
cols = {b: [[float(r[k + 1]) for r in rows if int(r[0]) == b] for k in range(len(names))] for b in range(len(bins))}
print(f"medians over {len(cols[0][0])} runs (min–max):")
for b, name in enumerate(bins):
    print(f"  {name}")
    for k, label in enumerate(names):
        v = [x for x in cols[b][k] if x == x]
        if v:
            print(f"    {label}: {statistics.median(v):.2f} {units[k]} ({min(v):.2f}–{max(v):.2f})")
for b in range(1, len(bins)):
    pairs = list(zip(cols[0][1], cols[b][1]))
    lower = sum(1 for first, other in pairs if other < first)
    print(f"  p99 of {bins[b]} lower than {bins[0]} in {lower} of {len(pairs)} pairs")
EOF
