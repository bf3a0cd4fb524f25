#!/usr/bin/env bash
# The test command: installs what is missing, builds, runs every test suite
# (unit, rendering and the end-to-end suites under headless sway, weston and Xvfb).
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="/opt/swift/usr/bin:$PATH"
bash scripts/install-deps.sh
swift build --build-tests
swift test --skip-build
