#!/bin/bash
# CPU and memory of the X11 overlay (`run desktop --backend x11 --mode overlay`)
# over an ordinary desktop: starts Xvfb (optionally picom), the overlay (or
# another pointer highlighter, for comparison), sets `xset m 1 1`, plays 1000
# relative motions 4 ms apart (a 250 Hz mouse) with xdotool, and prints the CPU
# time (the scheduler's run time, /proc/PID/task/*/schedstat) of the pointer, the X server and
# picom during the motions, and the pointer's peak RSS (VmHWM).
#
#   scripts/bench-x11.sh [--bin DIR] [--size WxH] [--picom] [--events N]
#                        [--highlight-pointer PATH] [-- extra run options]
#
# --bin: where adaptive-pointer is (default .build/release).
# --highlight-pointer: measure that program (`PATH -r 10`) instead of ours.
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
BIN=$ROOT/.build/release
SIZE=1280x800
PICOM=0
EVENTS=1000
OTHER=
while [ $# -gt 0 ]; do
  case $1 in
    --bin) BIN=$2; shift 2 ;;
    --size) SIZE=$2; shift 2 ;;
    --picom) PICOM=1; shift ;;
    --events) EVENTS=$2; shift 2 ;;
    --highlight-pointer) OTHER=$2; shift 2 ;;
    --) shift; break ;;
    *) echo "unknown option $1" >&2; exit 2 ;;
  esac
done
EXTRA=("$@")
for tool in Xvfb xdotool xset; do
  command -v $tool >/dev/null || { echo "needs $tool (apt-get install xvfb xdotool x11-xserver-utils)" >&2; exit 2; }
done
[ "$PICOM" = 0 ] || command -v picom >/dev/null || { echo "needs picom (apt-get install picom)" >&2; exit 2; }
[ -n "$OTHER" ] || [ -x "$BIN/adaptive-pointer" ] || {
  echo "build first: swift build -c release --static-swift-stdlib --product adaptive-pointer" >&2; exit 2; }

RUN=$(mktemp -d /tmp/ap-bench-x11-XXXXXX)
cleanup() {
  for p in ${AP_PID:-} ${PICOM_PID:-} ${XVFB_PID:-}; do kill "$p" 2>/dev/null || true; done
  sleep 0.3
  rm -rf "$RUN"
}
trap cleanup EXIT

# CPU time of PID in seconds: the scheduler's nanosecond run time of its
# threads (/proc/PID/task/*/schedstat), not utime + stime, whose 10 ms ticks
# are as coarse as the differences measured.
cpu() { cat /proc/"$1"/task/*/schedstat 2>/dev/null | awk '{ ns += $1 } END { printf "%.4f\n", ns / 1e9 }'; }

exec 3> "$RUN/displayfd"
Xvfb -displayfd 3 -screen 0 "${SIZE}x24" -nolisten tcp -noreset +extension RANDR > "$RUN/xvfb.log" 2>&1 &
XVFB_PID=$!
for _ in $(seq 150); do [ -s "$RUN/displayfd" ] && break; sleep 0.1; done
export DISPLAY=:$(head -n1 "$RUN/displayfd")
exec 3>&-
if [ "$PICOM" = 1 ]; then
  picom --config /dev/null --backend xrender --no-fading-openclose > "$RUN/picom.log" 2>&1 &
  PICOM_PID=$!
  sleep 1.5
fi
xset m 1 1
xdotool mousemove 200 200
if [ -n "$OTHER" ]; then
  "$OTHER" -r 10 > "$RUN/pointer.log" 2>&1 &
else
  "$BIN/adaptive-pointer" run desktop --backend x11 --mode overlay --stats "${EXTRA[@]}" > "$RUN/pointer.log" 2>&1 &
fi
AP_PID=$!
sleep 2
kill -0 $AP_PID 2>/dev/null || { echo "the pointer did not start:" >&2; cat "$RUN/pointer.log" >&2; exit 1; }

ARGS=()
for ((i = 0; i < EVENTS; i++)); do
  if ((i % 2 == 0)); then ARGS+=(mousemove_relative -- 3 1 sleep 0.004); else ARGS+=(mousemove_relative -- -2 1 sleep 0.004); fi
done
P0=$(cpu $AP_PID); X0=$(cpu $XVFB_PID); C0=${PICOM_PID:+$(cpu $PICOM_PID)}
xdotool "${ARGS[@]}"
sleep 0.5
P1=$(cpu $AP_PID); X1=$(cpu $XVFB_PID); C1=${PICOM_PID:+$(cpu $PICOM_PID)}
RSS=$(awk '/VmHWM/ { print $2 / 1024 }' /proc/$AP_PID/status)
kill -TERM $AP_PID; wait $AP_PID 2>/dev/null || true; AP_PID=

awk -v p0="$P0" -v p1="$P1" -v x0="$X0" -v x1="$X1" -v c0="${C0:-0}" -v c1="${C1:-0}" -v rss="$RSS" \
    -v who="${OTHER:-adaptive-pointer}" -v size="$SIZE" -v picom="$PICOM" -v n="$EVENTS" 'BEGIN {
  printf "%s, %s, %s, %d motions\n", who, size, picom ? "picom" : "no compositor", n
  printf "  CPU: pointer %.3f s, X server %.3f s, picom %.3f s, total %.3f s\n", p1 - p0, x1 - x0, c1 - c0, (p1 - p0) + (x1 - x0) + (c1 - c0)
  printf "  peak RSS (VmHWM): %.1f MB\n", rss
}'
grep -E "p99|frames|wake|shaped|overlay on" "$RUN/pointer.log" | sed 's/^/  /' || true
