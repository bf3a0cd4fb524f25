#!/usr/bin/env bash
# A headless KWin (Wayland) to run a command in, for the KDE companion's
# end-to-end tests. As root:
#
#   scripts/kwin-rig.sh [--before 'SHELL CMD'] [--trust PROGRAM] [--size WxH] -- COMMAND [ARG...]
#
# - kwin_wayland runs from a copy: the packaged binary carries a file capability,
#   which these machines refuse to execute (and its platform plugin checks the name,
#   so the copy keeps it).
# - A private PID namespace: when the rig ends, or is killed, everything it started
#   ends too. HOME and XDG_RUNTIME_DIR are fresh temporary folders; a session bus is
#   started.
# - --before runs in that session before KWin starts: what a user does before
#   logging in (e.g. `adaptive-pointer companion install kde`). Then, as Plasma does
#   at login, every ~/.config/plasma-workspace/env/*.sh is sourced.
# - --trust PROGRAM gives a test program KWin's fake input the way KWin wants it:
#   a desktop entry naming the program with X-KDE-Wayland-Interfaces (the product
#   gets its own from `companion install kde`). KWin runs with
#   KWIN_SCREENSHOT_NO_PERMISSION_CHECKS=1 so the test may take screenshots; the
#   product never needs that.
# - COMMAND gets $RIG_TIMEOUT seconds (default 600). It runs with WAYLAND_DISPLAY,
#   HOME, XDG_RUNTIME_DIR, DBUS_SESSION_BUS_ADDRESS, XDG_CURRENT_DESKTOP=KDE and
#   RIG_LOG (KWin's log) set; its exit status is the rig's.
set -euo pipefail
before=""
trust=""
size="1280x800"
while [ $# -gt 0 ]; do
  case "$1" in
    --before) before="$2"; shift 2 ;;
    --size) size="$2"; shift 2 ;;
    --trust) trust="$2"; shift 2 ;;
    --) shift; break ;;
    *) echo "kwin-rig.sh: unknown option '$1' (use --before CMD, --size WxH, then -- COMMAND)" >&2; exit 64 ;;
  esac
done
[ $# -gt 0 ] || { echo "kwin-rig.sh: no command given (… -- COMMAND)" >&2; exit 64; }
[ "$(id -u)" -eq 0 ] || { echo "kwin-rig.sh: run as root (it needs a private PID namespace)" >&2; exit 1; }
[ -x /usr/bin/kwin_wayland ] || { echo "kwin-rig.sh: kwin_wayland is not installed (scripts/install-deps.sh --test)" >&2; exit 1; }

rig=$(mktemp -d "${TMPDIR:-/tmp}/kwin-rig.XXXXXX")
mkdir -m 700 "$rig/home" "$rig/run"
mkdir "$rig/bin"
cp /usr/bin/kwin_wayland "$rig/bin/kwin_wayland"
export RIG_LOG="${RIG_LOG:-$rig/kwin.log}"
export RIG_BEFORE="$before" RIG_SIZE="$size" RIG_KWIN="$rig/bin/kwin_wayland" RIG_TRUST="$trust"
echo "kwin-rig: KWin log $RIG_LOG" >&2

inner=$(cat <<'INNER'
set -u
export WAYLAND_DISPLAY=wayland-0 XDG_CURRENT_DESKTOP=KDE XDG_SESSION_TYPE=wayland KDE_FULL_SESSION=true
if [ -n "$RIG_BEFORE" ]; then sh -c "$RIG_BEFORE" || exit 70; fi
if [ -n "$RIG_TRUST" ]; then
  mkdir -p "$HOME/.local/share/applications"
  printf '[Desktop Entry]\nType=Application\nName=rig input\nExec=%s\nNoDisplay=true\nX-KDE-Wayland-Interfaces=org_kde_kwin_fake_input\n' \
    "$RIG_TRUST" > "$HOME/.local/share/applications/rig-input.desktop"
fi
for env_script in "$HOME"/.config/plasma-workspace/env/*.sh; do
  [ -f "$env_script" ] && . "$env_script"
done
KWIN_SCREENSHOT_NO_PERMISSION_CHECKS=1 \
  QT_LOGGING_RULES="${QT_LOGGING_RULES:-kwin_scripting=true;adaptivepointer.*=true}" \
  "$RIG_KWIN" --virtual --width "${RIG_SIZE%x*}" --height "${RIG_SIZE#*x}" --no-lockscreen >"$RIG_LOG" 2>&1 &
kwin=$!
up=""
for _ in $(seq 1 150); do
  if [ -S "$XDG_RUNTIME_DIR/wayland-0" ] && gdbus call --session --dest org.kde.KWin --object-path /KWin \
       --method org.freedesktop.DBus.Peer.Ping >/dev/null 2>&1; then up=1; break; fi
  kill -0 "$kwin" 2>/dev/null || break
  sleep 0.2
done
if [ -z "$up" ]; then
  echo "kwin-rig: KWin did not start; its log:" >&2
  tail -20 "$RIG_LOG" >&2
  kill "$kwin" 2>/dev/null
  exit 71
fi
sleep 0.5
timeout -k 5 "${RIG_TIMEOUT:-600}" "$@"
status=$?
kill "$kwin" 2>/dev/null
for _ in $(seq 1 20); do kill -0 "$kwin" 2>/dev/null || break; sleep 0.1; done
kill -9 "$kwin" 2>/dev/null
exit $status
INNER
)

status=0
HOME="$rig/home" XDG_RUNTIME_DIR="$rig/run" unshare -p -f --mount-proc --kill-child \
  dbus-run-session -- bash -c "$inner" rig "$@" || status=$?
if [ "$status" -eq 0 ] && [ "$RIG_LOG" = "$rig/kwin.log" ]; then rm -rf "$rig"; else rm -rf "$rig/home" "$rig/run" "$rig/bin"; fi
exit $status
