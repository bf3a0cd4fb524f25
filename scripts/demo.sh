#!/usr/bin/env bash
# The main job: installs what is missing (only the runtime set of install-deps.sh),
# builds, and runs the overlay on the bundled demo scene. Without a display it
# explains and renders the demo headless.
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="/opt/swift/usr/bin:$PATH"
bash scripts/install-deps.sh --runtime
# The Swift runtime linked in: the binary needs no Swift libraries at run time,
# and it is about 4.5 MB smaller in memory (docs/latency.md, "Memory").
swift build -c release --static-swift-stdlib --product adaptive-pointer
exec .build/release/adaptive-pointer run "$@"
