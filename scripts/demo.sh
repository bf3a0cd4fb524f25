#!/usr/bin/env bash
# The main job: installs what is missing (only the runtime set of install-deps.sh),
# builds, and runs the overlay on the bundled demo scene. Without a display it
# explains and renders the demo headless.
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="/opt/swift/usr/bin:$PATH"
bash scripts/install-deps.sh --runtime
swift build -c release --product adaptive-pointer
exec .build/release/adaptive-pointer run "$@"
