#!/usr/bin/env bash
# The test command: installs what is missing (the test set of install-deps.sh),
# builds (the Swift packages and the KWin companion), runs every test suite (unit,
# rendering and the end-to-end suites under headless sway, weston, Xvfb, GNOME Shell
# and KWin), then a two-minute fuzz smoke run. Fails when the build prints a warning (the
# build is kept warning-free, so any warning is a new one) or when the sources are
# off the committed swift-format style.
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="/opt/swift/usr/bin:$PATH"
bash scripts/install-deps.sh --test

build_log=$(mktemp "${TMPDIR:-/tmp}/adaptive-pointer-build.XXXXXX")
trap 'rm -f "$build_log"' EXIT
set +e
swift build --build-tests 2>&1 | tee "$build_log"
build_status=${PIPESTATUS[0]}
set -e
if [ "$build_status" -ne 0 ]; then exit "$build_status"; fi
# The KWin companion (a compiled effect) for its installer and end-to-end tests.
bash companions/kde/build.sh .build/kwin-companion 2>&1 | tee -a "$build_log"
# One line per warning (the compiler repeats some, and draws a caret line under each).
warnings=$(grep -E 'warning:' "$build_log" | grep -v -E '^ *[|`]' | sort -u || true)

test_status=0
# One suite at a time: the end-to-end suites each start display servers, and
# Foundation's Process has crashed when several spawn children at once.
swift test --skip-build --no-parallel || test_status=$?

# Fuzz smoke run (scripts/fuzz.sh, docs/limits.md): under three minutes, AP_FUZZ_SECONDS
# per target (default 40, for the four targets), on the committed seed corpus.
# The sanitizer build adds three to five minutes. AP_FUZZ_SECONDS=0 skips it.
fuzz_seconds="${AP_FUZZ_SECONDS:-40}"
if [ "$fuzz_seconds" != 0 ]; then
  bash scripts/fuzz.sh "$fuzz_seconds" || test_status=1
fi

# The committed style (.swift-format): any finding fails the run, after the tests ran.
format_findings=$(swift format lint --strict --recursive --parallel Sources Tests Package.swift 2>&1) || true
if [ -n "$format_findings" ]; then
  echo "error: swift format lint --strict found $(printf '%s\n' "$format_findings" | grep -c 'error:') place(s) off the committed style; run: swift format format -i -r --parallel Sources Tests Package.swift" >&2
  printf '%s\n' "$format_findings" >&2
  test_status=1
fi

if [ -n "$warnings" ]; then
  count=$(printf '%s\n' "$warnings" | wc -l)
  echo "error: the build printed $count warning(s); fix them (the build must stay warning-free):" >&2
  printf '%s\n' "$warnings" >&2
  exit 1
fi
exit "$test_status"
