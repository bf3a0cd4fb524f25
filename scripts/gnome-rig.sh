#!/usr/bin/env bash
# A headless GNOME Shell (Wayland) to run a command in, for the companion's
# end-to-end tests. As root (it needs a private mount namespace):
#
#   scripts/gnome-rig.sh [--before 'SHELL CMD'] [--size WxH] -- COMMAND [ARG...]
#
# - A private mount namespace hides systemd's seat directory and gives the shell a
#   system bus of its own (GNOME Shell quits without logind otherwise). A private
#   PID namespace: when the rig ends, or is killed, everything it started ends too.
# - COMMAND gets $RIG_TIMEOUT seconds (default 600), then the rig tears down.
# - HOME and XDG_RUNTIME_DIR are fresh temporary folders; a session bus is started.
# - --before runs in that session before the shell starts: what a user does before
#   logging in (e.g. `adaptive-pointer companion install gnome`).
# - The shell starts with --unsafe-mode so the test can use org.gnome.Shell.Eval
#   and Screenshot; the product never needs it. The overview is hidden, banners off.
# - COMMAND runs with WAYLAND_DISPLAY, HOME, XDG_RUNTIME_DIR and
#   DBUS_SESSION_BUS_ADDRESS set; its exit status is the rig's. Everything the rig
#   started is stopped afterwards. The shell's log: $RIG_LOG (default: a file in
#   the rig's folder, printed on stderr).
set -euo pipefail
before=""
size="1280x800"
while [ $# -gt 0 ]; do
  case "$1" in
    --before) before="$2"; shift 2 ;;
    --size) size="$2"; shift 2 ;;
    --) shift; break ;;
    *) echo "gnome-rig.sh: unknown option '$1' (use --before CMD, --size WxH, then -- COMMAND)" >&2; exit 64 ;;
  esac
done
[ $# -gt 0 ] || { echo "gnome-rig.sh: no command given (… -- COMMAND)" >&2; exit 64; }
[ "$(id -u)" -eq 0 ] || { echo "gnome-rig.sh: run as root (it needs a private mount namespace)" >&2; exit 1; }
command -v gnome-shell >/dev/null || { echo "gnome-rig.sh: gnome-shell is not installed (scripts/install-deps.sh --test)" >&2; exit 1; }

rig=$(mktemp -d "${TMPDIR:-/tmp}/gnome-rig.XXXXXX")
mkdir -m 700 "$rig/home" "$rig/run"
export RIG_LOG="${RIG_LOG:-$rig/shell.log}"
export RIG_BEFORE="$before" RIG_SIZE="$size"
echo "gnome-rig: shell log $RIG_LOG" >&2

inner=$(cat <<'INNER'
set -u
export WAYLAND_DISPLAY=wayland-0 XDG_CURRENT_DESKTOP=GNOME XDG_SESSION_TYPE=wayland
if [ -n "$RIG_BEFORE" ]; then sh -c "$RIG_BEFORE" || exit 70; fi
gnome-shell --headless --wayland --unsafe-mode --virtual-monitor "$RIG_SIZE" >"$RIG_LOG" 2>&1 &
shell=$!
eval_js() {
  gdbus call --session --dest org.gnome.Shell --object-path /org/gnome/Shell \
    --method org.gnome.Shell.Eval "$1" 2>/dev/null
}
up=""
for _ in $(seq 1 150); do
  if eval_js 1 | grep -q true; then up=1; break; fi
  kill -0 "$shell" 2>/dev/null || break
  sleep 0.2
done
if [ -z "$up" ]; then
  echo "gnome-rig: the shell did not start; its log:" >&2
  tail -20 "$RIG_LOG" >&2
  kill "$shell" 2>/dev/null
  exit 71
fi
eval_js "imports.ui.main.overview.hide(); imports.ui.main.messageTray.bannerBlocked = true; 1" >/dev/null
sleep 0.5
timeout -k 5 "${RIG_TIMEOUT:-600}" "$@"
status=$?
# The shell sometimes hangs on its way out: give it two seconds, then end it.
kill "$shell" 2>/dev/null
for _ in $(seq 1 20); do kill -0 "$shell" 2>/dev/null || break; sleep 0.1; done
kill -9 "$shell" 2>/dev/null
exit $status
INNER
)

status=0
HOME="$rig/home" XDG_RUNTIME_DIR="$rig/run" unshare -m -p -f --mount-proc --kill-child bash -c '
  mount -t tmpfs none /run/systemd 2>/dev/null || { mkdir -p /run/systemd && mount -t tmpfs none /run/systemd; }
  mkdir -p /run/dbus && mount -t tmpfs none /run/dbus
  dbus-daemon --session --address=unix:path=/run/dbus/system_bus_socket --nofork --nopidfile & bus=$!
  dbus-run-session -- bash -c "$1" rig "${@:2}"
  status=$?
  kill $bus 2>/dev/null
  exit $status' rig "$inner" "$@" || status=$?
if [ "$status" -eq 0 ] && [ "$RIG_LOG" = "$rig/shell.log" ]; then rm -rf "$rig"; else rm -rf "$rig/home" "$rig/run"; fi
exit $status
