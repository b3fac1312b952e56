#!/usr/bin/env bash
# Builds nuraghe and runs every test suite: first the Release build, then the same suites under
# AddressSanitizer + UndefinedBehaviorSanitizer (lighter random-game counts, the same rule tests).
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
jobs=$(nproc)

echo "== Release build"
"$root/scripts/setup.sh" "$root/build"
(cd "$root/build" && ctest --output-on-failure -j "$jobs")

echo "== AddressSanitizer + UndefinedBehaviorSanitizer build"
"$root/scripts/setup.sh" "$root/build-sanitize" -DCMAKE_BUILD_TYPE=RelWithDebInfo -DNURAGHE_SANITIZE=ON -DNURAGHE_BENCH=OFF
(cd "$root/build-sanitize" && ctest --output-on-failure -j "$jobs")
