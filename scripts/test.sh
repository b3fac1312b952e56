#!/usr/bin/env bash
# First the layering of the sources (scripts/check-layering.sh, and a test that it can fail). Then
# builds nuraghe with warnings as errors (NURAGHE_WERROR) and runs every test suite three times:
# the Release build; AddressSanitizer + UndefinedBehaviorSanitizer; ThreadSanitizer (for the
# parallel search and arena). The sanitizer builds play fewer random games and lighter strength
# tests, never fewer rule tests. Then the libFuzzer harnesses (clang-14): every corpus input once,
# and about a minute of fuzzing from the corpus (scripts/fuzz.sh runs them for longer). Last, an
# MPI build of the program checks that `mpirun -n 2 nuraghe arena` plays the games one process
# plays.
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
jobs=$(nproc)

echo "== Layering"
"$root/scripts/check-layering.sh"
bash "$root/tests/layering_test.sh"

echo "== Release build"
"$root/scripts/setup.sh" "$root/build" -DNURAGHE_WERROR=ON
(cd "$root/build" && ctest --output-on-failure -j "$jobs")

echo "== AddressSanitizer + UndefinedBehaviorSanitizer build"
"$root/scripts/setup.sh" "$root/build-sanitize" -DCMAKE_BUILD_TYPE=RelWithDebInfo -DNURAGHE_SANITIZE=ON -DNURAGHE_BENCH=OFF -DNURAGHE_WERROR=ON
(cd "$root/build-sanitize" && ctest --output-on-failure -j "$jobs")

echo "== ThreadSanitizer build"
"$root/scripts/setup.sh" "$root/build-tsan" -DCMAKE_BUILD_TYPE=RelWithDebInfo -DNURAGHE_TSAN=ON -DNURAGHE_BENCH=OFF -DNURAGHE_WERROR=ON
(cd "$root/build-tsan" && TSAN_OPTIONS="halt_on_error=1 second_deadlock_stack=1" ctest --output-on-failure -j "$jobs")

echo "== libFuzzer build: the regression corpus, then a short run of each harness"
NURAGHE_TARGET=fuzz "$root/scripts/setup.sh" "$root/build-fuzz" -DNURAGHE_FUZZ=ON -DCMAKE_CXX_COMPILER=clang++-14 -DNURAGHE_BENCH=OFF -DCMAKE_BUILD_TYPE=RelWithDebInfo -DNURAGHE_WERROR=ON
(cd "$root/build-fuzz" && ctest --output-on-failure -R '^fuzz-')

echo "== MPI build (the arena over two ranks)"
NURAGHE_TARGET=nuraghe "$root/scripts/setup.sh" "$root/build-mpi" -DNURAGHE_MPI=ON -DNURAGHE_BENCH=OFF -DNURAGHE_WERROR=ON
(cd "$root/build-mpi" && ctest --output-on-failure -R '^mpi$')
