#!/bin/bash
# Latency, CPU and memory of `adaptive-pointer run` under headless sway 1.7:
# starts sway as an unprivileged user (like the end-to-end tests), runs the
# overlay with --stats, plays 600 relative motions 8 ms apart (a tour over
# the stage) with wayland-input-player, and prints the overlay's stats, its
# peak RSS (VmHWM) and the CPU time of the overlay and of sway.
#
#   scripts/bench-wayland.sh [--bin DIR] [--scene NAME|FILE] [--size WxH] [--scale N]
#                            [--events N] [--interval S] [-- extra run options]
#
# --bin: where adaptive-pointer and wayland-input-player are (default .build/release).
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
BIN=$ROOT/.build/release
SCENE=demo
SIZE=1280x800
SCALE=1
EVENTS=600
INTERVAL=0.008
while [ $# -gt 0 ]; do
  case $1 in
    --bin) BIN=$2; shift 2 ;;
    --scene) SCENE=$2; shift 2 ;;
    --size) SIZE=$2; shift 2 ;;
    --scale) SCALE=$2; shift 2 ;;
    --events) EVENTS=$2; shift 2 ;;
    --interval) INTERVAL=$2; shift 2 ;;
    --) shift; break ;;
    *) echo "unknown option $1" >&2; exit 2 ;;
  esac
done
EXTRA=("$@")
for tool in sway setpriv; do
  command -v $tool >/dev/null || { echo "needs $tool" >&2; exit 2; }
done
[ -x "$BIN/adaptive-pointer" ] && [ -x "$BIN/wayland-input-player" ] || {
  echo "build first: swift build -c release --static-swift-stdlib --product adaptive-pointer; swift build -c release --product wayland-input-player" >&2; exit 2; }

USER_NAME=adaptive-pointer-test
if [ "$(id -u)" = 0 ] && ! id $USER_NAME >/dev/null 2>&1; then
  useradd --system --no-create-home --shell /usr/sbin/nologin $USER_NAME
fi
RUN=$(mktemp -d /tmp/ap-bench-XXXXXX)
chmod 700 "$RUN"
cleanup() {
  [ -n "${AP_PID:-}" ] && kill "$AP_PID" 2>/dev/null || true
  [ -n "${SWAY_PID:-}" ] && kill "$SWAY_PID" 2>/dev/null || true
  sleep 0.3
  rm -rf "$RUN"
}
trap cleanup EXIT
cat > "$RUN/sway.conf" <<EOF
xwayland disable
output HEADLESS-1 mode $SIZE scale $SCALE
default_border none
EOF
chmod 644 "$RUN/sway.conf"
SWAY_ENV=(env -i PATH=/usr/local/bin:/usr/bin:/bin XDG_RUNTIME_DIR="$RUN" HOME="$RUN"
          WLR_BACKENDS=headless WLR_LIBINPUT_NO_DEVICES=1 WLR_RENDERER=pixman)
if [ "$(id -u)" = 0 ]; then
  chown $USER_NAME "$RUN"
  "${SWAY_ENV[@]}" setpriv --reuid=$USER_NAME --regid=$USER_NAME --clear-groups -- sway -c "$RUN/sway.conf" >"$RUN.sway.log" 2>&1 &
else
  "${SWAY_ENV[@]}" sway -c "$RUN/sway.conf" >"$RUN.sway.log" 2>&1 &
fi
SWAY_PID=$!
for _ in $(seq 100); do
  SOCK=$(ls "$RUN" 2>/dev/null | grep '^wayland-[0-9]*$' | head -1 || true)
  [ -n "$SOCK" ] && break
  sleep 0.1
done
[ -n "$SOCK" ] || { echo "sway did not start:"; cat "$RUN.sway.log"; exit 1; }
# The sway process itself (setpriv execs it).
export XDG_RUNTIME_DIR=$RUN WAYLAND_DISPLAY=$RUN/$SOCK
W=${SIZE%x*}; H=${SIZE#*x}
LW=$(awk -v w="$W" -v s="$SCALE" 'BEGIN{print int(w/s)}'); LH=$(awk -v h="$H" -v s="$SCALE" 'BEGIN{print int(h/s)}')

"$BIN/adaptive-pointer" run "$SCENE" --stats "${EXTRA[@]}" >"$RUN/ap.log" 2>&1 &
AP_PID=$!
# AP_BENCH_RSS_TRACE=file: the overlay's resident memory every 20 ms (ms, anon, file, shmem kB).
if [ -n "${AP_BENCH_RSS_TRACE:-}" ]; then
  ( start=$(date +%s%N)
    while [ -r /proc/$AP_PID/status ]; do
      awk -v t=$(( ($(date +%s%N) - start) / 1000000 )) '/^Rss(Anon|File|Shmem):/ { v[++n] = $2 } END { if (n == 3) print t, v[1], v[2], v[3] }' /proc/$AP_PID/status 2>/dev/null
      sleep 0.02
    done ) > "$AP_BENCH_RSS_TRACE" &
fi
for _ in $(seq 100); do grep -q "first frame shown" "$RUN/ap.log" && break; sleep 0.1; done
sleep 4 # past the stage's 3 s hint banner

# A tour: start near the middle, then a slow Lissajous loop over the stage.
python3 - "$EVENTS" "$INTERVAL" "$LW" "$LH" > "$RUN/tour.jsonl" <<'EOF'
import math, sys
n, dt, w, h = int(sys.argv[1]), float(sys.argv[2]), float(sys.argv[3]), float(sys.argv[4])
cx, cy = min(w, 1280) / 2, min(h, 800) / 2
print('{"t":0.0,"type":"position","x":%.1f,"y":%.1f}' % (cx, cy))
x, y = cx, cy
for i in range(1, n + 1):
    a = 2 * math.pi * i / n
    nx, ny = cx + 0.38 * min(w, 1280) * math.sin(2 * a), cy + 0.38 * min(h, 800) * math.sin(3 * a)
    print('{"t":%.4f,"type":"motion","dx":%.2f,"dy":%.2f}' % (0.3 + i * dt, nx - x, ny - y))
    x, y = nx, ny
EOF
ps_cpu() { awk '{print $14 + $15}' /proc/$1/stat; }
SWAY_REAL=$(pgrep -P "$SWAY_PID" sway || echo "$SWAY_PID")
CPU_AP0=$(ps_cpu $AP_PID); CPU_SW0=$(ps_cpu $SWAY_REAL)
"$BIN/wayland-input-player" "$RUN/tour.jsonl" --extent "${LW}x${LH}"
sleep 1
CPU_AP1=$(ps_cpu $AP_PID); CPU_SW1=$(ps_cpu $SWAY_REAL)
HWM=$(grep VmHWM /proc/$AP_PID/status | awk '{print $2}')
RSS=$(grep VmRSS /proc/$AP_PID/status | awk '{print $2}')
SPLIT=$(awk '/^Rss(Anon|File|Shmem):/ { printf "%s%s %d MB", sep, substr($1, 4, length($1) - 4), $2 / 1024; sep = ", " }' /proc/$AP_PID/status)
kill -TERM $AP_PID; wait $AP_PID || true
AP_PID=
TICK=$(getconf CLK_TCK)
echo "scene $SCENE, $SIZE scale $SCALE, $EVENTS motions every $INTERVAL s, run ${EXTRA[*]:-}"
sed -n '/stats:/,$p' "$RUN/ap.log"
awk -v a="$CPU_AP0" -v b="$CPU_AP1" -v c="$CPU_SW0" -v d="$CPU_SW1" -v t="$TICK" \
  'BEGIN{printf "CPU during the tour: overlay %.2f s, sway %.2f s\n", (b-a)/t, (d-c)/t}'
awk -v h="$HWM" -v r="$RSS" -v s="$SPLIT" 'BEGIN{printf "peak RSS (VmHWM): %.1f MiB; after the tour (VmRSS): %.1f MiB (%s)\n", h / 1024, r / 1024, s}'
[ -n "${AP_BENCH_LOG:-}" ] && cp "$RUN/ap.log" "$AP_BENCH_LOG" || true
