#!/usr/bin/env bash
# Renders the pictures in docs/images from the bundled scenes and their demo traces:
# one frame each, cropped to the part that shows the effect:
#   adaptive-pointer render SCENE --at T --crop x,y,w,h --scale 2 --out docs/images/NAME.png
#   bash scripts/make-doc-images.sh [path/to/adaptive-pointer]
set -euo pipefail
cd "$(dirname "$0")/.."
bin=${1:-.build/debug/adaptive-pointer}
# name            scene              time   crop x y w h (pt)
shots=(
  "highlight        toolbar             4.30  440   0 280  56"
  "highlight-press  toolbar             4.86  440   0 280  56"
  "lift             app-icons           1.00  440  30 190 140"
  "hover            notifications       0.90  120  70 460 184"
  "hover-event      calendar            5.30   60 170 420 180"
  "ibeam            text-editor         2.00   80 110 480 190"
  "slot-snapping    calendar            2.00  420  80 400 230"
  "crosshair        quilt               1.50  200 240 300 160"
  "modifier-target  quilt               7.60  200 340 300 160"
  "modifier-arrows  text-editor         7.50  300 140 300 130"
  "segment-highlight segmented-control  0.90  110  70 420  80"
  "segment-lift     segmented-control   1.60  110  70 420  80"
  "context-menu     context-menus       3.00    0  60 480 300"
  "reveal           notifications       2.40  360 150 220 110"
  "pinch-zoom       map                 9.90    0  60 900 580"
)
for line in "${shots[@]}"; do
  read -r name scene t x y w h <<<"$line"
  "$bin" render "Assets/Scenes/$scene.json" --at "$t" --crop "$x,$y,$w,$h" --scale 2 --out "docs/images/$name.png" >/dev/null
  echo "docs/images/$name.png  ($scene at $t s)"
done
# The GL renderer beside Cairo at each bundled scene's hardest key moment
# (docs/gpu-renderer.md): a test writes it, as it measures the parity.
AP_PARITY_SHEET="$PWD/docs/images/gpu-parity.png" swift test --filter ParitySheetTests >/dev/null
echo "docs/images/gpu-parity.png  (Cairo | GL | difference)"
