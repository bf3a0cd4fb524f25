#!/usr/bin/env bash
# Builds the KWin companion effect against the installed KWin headers:
#   companions/kde/build.sh [OUT_DIR]    (default: .build/kwin-companion)
# Writes OUT_DIR/adaptivepointercompanion.so. KWin 5.27 (Qt 5) needs kwin-dev,
# libkf5globalaccel-dev, qtbase5-dev-tools and g++ (scripts/install-deps.sh
# --kde lists them). KWin 6 (Qt 6) is picked when its headers are installed.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
out="${1:-$here/../../.build/kwin-companion}"
mkdir -p "$out"
out="$(cd "$out" && pwd)"

if [ -f /usr/include/kwin/effect/effecthandler.h ] && pkg-config --exists Qt6Core; then
  qt=Qt6; kf=KF6; moc="$(pkg-config --variable=libexecdir Qt6Core)/moc"
  kwin_cflags="-I/usr/include/kwin -DAP_KWIN_MAJOR=6"; kwin_libs="-lkwin"
elif [ -f /usr/include/kwineffects.h ]; then
  qt=Qt5; kf=KF5; moc="$(pkg-config --variable=host_bins Qt5Core)/moc"
  kwin_cflags="-DAP_KWIN_MAJOR=5"; kwin_libs="-lkwineffects"
else
  echo "build.sh: no KWin headers found. On Debian 12: apt-get install kwin-dev libkf5globalaccel-dev qtbase5-dev-tools g++" >&2
  exit 1
fi
[ -x "$moc" ] || { echo "build.sh: Qt's moc is missing ($moc): install qtbase5-dev-tools (Qt 5) or qt6-base-dev-tools (Qt 6)" >&2; exit 1; }
ga_inc="/usr/include/$kf/KGlobalAccel"
[ -d "$ga_inc" ] || { echo "build.sh: KGlobalAccel headers are missing ($ga_inc): install lib${kf,,}globalaccel-dev" >&2; exit 1; }

# shellcheck disable=SC2046,SC2207 # pkg-config prints one flag per word
includes=(-I"$here/src" $kwin_cflags -I"$ga_inc")
for d in KCoreAddons KConfigCore KConfigGui KConfig KWindowSystem; do
  [ -d "/usr/include/$kf/$d" ] && includes+=(-I"/usr/include/$kf/$d")
done
includes+=($(pkg-config --cflags-only-I ${qt}Core ${qt}Gui ${qt}Network ${qt}Widgets ${qt}DBus))

gen="$out/gen"
mkdir -p "$gen"
cp "$here/src/metadata.json" "$gen/metadata.json"
"$moc" "${includes[@]}" "$here/src/companion.h" -o "$gen/moc_companion.cpp"
"$moc" "${includes[@]}" -I/usr/include -I"$gen" "$here/src/main.cpp" -o "$gen/main.moc"

# shellcheck disable=SC2046
g++ -std=c++20 -O2 -fPIC -shared -Wall -Wextra -Wno-deprecated-declarations \
  -DQT_NO_KEYWORDS -DQT_NO_CAST_FROM_ASCII_DISABLED \
  "${includes[@]}" -I"$gen" $(pkg-config --cflags-only-other ${qt}Core) \
  -o "$out/adaptivepointercompanion.so" \
  "$here/src/companion.cpp" "$here/src/main.cpp" "$gen/moc_companion.cpp" \
  $kwin_libs -l${kf}GlobalAccel -l${kf}CoreAddons $(pkg-config --libs ${qt}Core ${qt}Gui ${qt}Network ${qt}Widgets ${qt}DBus) \
  -Wl,--no-undefined
echo "$out/adaptivepointercompanion.so"
