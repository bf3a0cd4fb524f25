#!/usr/bin/env bash
# Installs the Debian packages AdaptivePointer needs to build, run and test.
# Safe to run again: apt-get skips what is already there.
set -euo pipefail
packages=(
  pkg-config libcairo2-dev libwayland-dev wayland-protocols libxkbcommon-dev libxkbcommon-x11-dev
  libxcb1-dev libxcb-xfixes0-dev libxcb-shape0-dev libxcb-xinput-dev libxcb-randr0-dev
  libxcb-xkb-dev libxcb-shm0-dev libxcb-render0-dev
  sway grim weston xvfb xdotool picom x11-xserver-utils x11-utils python3-jsonschema
  fonts-dejavu-core
  xkb-data libwayland-bin util-linux passwd
  # The GL renderer: EGL and GLES 3 headers, Mesa's EGL and (software) drivers, and
  # glslangValidator, which the tests compile every shader with.
  libegl-dev libgles-dev libegl-mesa0 libgl1-mesa-dri glslang-tools
)
# `--list` prints the packages (one line) for .ci/run's explicit apt-get call.
if [ "${1:-}" = "--list" ]; then echo "${packages[*]}"; exit 0; fi
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if ((${#missing[@]} == 0)); then exit 0; fi
SUDO=""
if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi
echo "Installing: ${missing[*]}" >&2
$SUDO apt-get update -q
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -q "${missing[@]}"
