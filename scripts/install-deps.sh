#!/usr/bin/env bash
# Installs the Debian packages AdaptivePointer needs. Two sets:
#   --runtime  what `adaptive-pointer run` needs: the libraries to build and run it,
#              a font for labels and the keyboard layouts (scripts/demo.sh)
#   --test     the runtime set plus what the test suites need: headless display
#              servers (sway, weston, Xvfb, GNOME Shell, KWin), screenshots and input
#              injection, the schema checker, and the libraries of work in progress
#              (scripts/test.sh)
# Without a set, --test is meant. `--list` prints the chosen set on one line
# instead of installing it (.ci/run: `apt-get install $(install-deps.sh --list)`),
# `--list-lean` the packages installed without their recommendations (GNOME
# Shell's and KWin's recommendations are a whole desktop).
# Safe to run again: only what is missing is installed.
set -euo pipefail

runtime=(
  # build: pkg-config and the headers of the system library targets (Package.swift)
  pkg-config libcairo2-dev libwayland-dev libxkbcommon-dev libxkbcommon-x11-dev
  libxcb1-dev libxcb-xfixes0-dev libxcb-shape0-dev libxcb-xinput-dev libxcb-randr0-dev
  libxcb-xkb-dev libxcb-shm0-dev libxcb-render0-dev libxcb-damage0-dev libatspi2.0-dev
  # link: GNU ld (Package.swift packs the relocations with it)
  binutils
  # the GL renderer: EGL and GLES 3 headers, Mesa's EGL and (software) drivers
  libegl-dev libgles-dev libegl-mesa0 libgl1-mesa-dri
  # run: the font labels are drawn with, the keymaps xkbcommon compiles, the
  # accessibility bus real applications' targets are read from (run --targets)
  fonts-dejavu-core xkb-data at-spi2-core dbus
)
test_only=(
  # end-to-end suites: headless compositors and X server, screenshots, input
  make sway grim weston xvfb xdotool picom x11-xserver-utils x11-utils
  # sway runs as an unprivileged user (setpriv, useradd) when the tests run as root
  util-linux passwd
  # the JSON Schema agreement tests
  python3-jsonschema
  # regenerating the Wayland protocol glue (scripts/generate-protocols.sh)
  wayland-protocols libwayland-bin
  # the GTK test applications whose accessibility trees the tests read
  python3-gi gir1.2-gtk-3.0
  # the shader checker the GL renderer's tests compile every shader with
  glslang-tools
)
lean_test_only=(
  # the GNOME companion's end-to-end suite: a headless GNOME Shell (Wayland), gjs
  # for the extension's syntax checks, gdbus/gsettings to drive it
  gnome-shell gjs libglib2.0-bin
  # the KDE companion: KWin 5.27 headless (Wayland) for its end-to-end suite, and
  # what its effect is compiled with (companions/kde/build.sh)
  kwin-wayland kwin-dev libkf5globalaccel-dev qtbase5-dev-tools g++
)

set_name=test
list=false
list_lean=false
for arg in "$@"; do
  case "$arg" in
    --list-lean) list_lean=true ;;
    --runtime) set_name=runtime ;;
    --test) set_name=test ;;
    --list) list=true ;;
    -h|--help)
      sed -n '2,10p' "$0" | sed 's/^# \{0,1\}//'
      exit 0 ;;
    *)
      echo "install-deps.sh: unknown option '$arg'; use --runtime, --test and/or --list, --list-lean" >&2
      exit 64 ;;
  esac
done

lean=()
if [ "$set_name" = runtime ]; then
  packages=("${runtime[@]}")
else
  packages=("${runtime[@]}" "${test_only[@]}")
  lean=("${lean_test_only[@]}")
fi

if $list; then echo "${packages[*]}"; exit 0; fi
if $list_lean; then echo "${lean[*]}"; exit 0; fi

lean_missing=()
for p in "${lean[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || lean_missing+=("$p")
done
if ((${#lean_missing[@]} > 0)); then
  SUDO=""
  if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi
  echo "Installing without recommendations: ${lean_missing[*]}" >&2
  $SUDO apt-get update -q
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -q --no-install-recommends "${lean_missing[@]}"
fi

missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if ((${#missing[@]} == 0)); then exit 0; fi
SUDO=""
if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi
echo "Installing ($set_name set): ${missing[*]}" >&2
$SUDO apt-get update -q
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -q "${missing[@]}"
