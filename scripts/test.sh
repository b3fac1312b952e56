#!/usr/bin/env bash
# First the layering of the sources (scripts/check-layering.sh, and a test that it can fail) and
# their format (scripts/check-format.sh, clang-format-14 against .clang-format). Then
# builds nuraghe with warnings as errors (NURAGHE_WERROR) and runs every test suite three times:
# the Release build (with the viewer's pages in headless chromium, NURAGHE_BROWSER_TEST);
# AddressSanitizer + UndefinedBehaviorSanitizer; ThreadSanitizer (for the parallel search and
# arena). The sanitizer builds play fewer random games and lighter strength tests, never fewer
# rule tests. Then the libFuzzer harnesses (clang-14): every corpus input once, and about a minute
# of fuzzing from the corpus (scripts/fuzz.sh runs them for longer). Last, an MPI build of the
# program for any x86-64 CPU checks that `mpirun -n 2 nuraghe arena` plays the games one process
# plays, and counts under callgrind that reading JSON is linear (valgrind cannot read AVX-512).
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
jobs=$(nproc)
# The sanitizer and fuzz builds keep line tables only (-g1: enough for every report's file:line),
# and AddressSanitizer's build compiles at -O1, as its documentation advises: full debug
# information and -O2 took three times as long to compile (bots/cli.cpp under ASan: 583 s with
# -O2 -g, 278 s with -O2 -g1, 199 s with -O1 -g1), the largest part of a clean CI run.
asan_flags=(-DCMAKE_BUILD_TYPE=RelWithDebInfo "-DCMAKE_CXX_FLAGS_RELWITHDEBINFO=-O1 -g1 -DNDEBUG")
line_tables=(-DCMAKE_BUILD_TYPE=RelWithDebInfo "-DCMAKE_CXX_FLAGS_RELWITHDEBINFO=-O2 -g1 -DNDEBUG")

echo "== Layering"
"$root/scripts/check-layering.sh"
bash "$root/tests/layering_test.sh"
echo "== Format"
"$root/scripts/check-format.sh"

echo "== Release build"
"$root/scripts/setup.sh" "$root/build" -DNURAGHE_WERROR=ON -DNURAGHE_PYTHON=ON -DNURAGHE_BROWSER_TEST=ON
(cd "$root/build" && ctest --output-on-failure -j "$jobs")

echo "== AddressSanitizer + UndefinedBehaviorSanitizer build"
"$root/scripts/setup.sh" "$root/build-sanitize" "${asan_flags[@]}" -DNURAGHE_SANITIZE=ON -DNURAGHE_BENCH=OFF -DNURAGHE_WERROR=ON
(cd "$root/build-sanitize" && ctest --output-on-failure -j "$jobs")

echo "== ThreadSanitizer build"
"$root/scripts/setup.sh" "$root/build-tsan" "${line_tables[@]}" -DNURAGHE_TSAN=ON -DNURAGHE_BENCH=OFF -DNURAGHE_WERROR=ON
(cd "$root/build-tsan" && TSAN_OPTIONS="halt_on_error=1 second_deadlock_stack=1" ctest --output-on-failure -j "$jobs")

echo "== libFuzzer build: the regression corpus, then a short run of each harness"
NURAGHE_TARGET=fuzz "$root/scripts/setup.sh" "$root/build-fuzz" -DNURAGHE_FUZZ=ON -DCMAKE_CXX_COMPILER=clang++-14 -DNURAGHE_BENCH=OFF "${line_tables[@]}" -DNURAGHE_WERROR=ON
(cd "$root/build-fuzz" && ctest --output-on-failure -R '^fuzz-')

echo "== MPI build for any x86-64 CPU (the arena over two ranks; JSON reading's instruction counts)"
NURAGHE_TARGET="nuraghe json_cost" "$root/scripts/setup.sh" "$root/build-mpi" -DNURAGHE_MPI=ON -DNURAGHE_NATIVE=OFF \
  -DNURAGHE_BENCH=OFF -DNURAGHE_WERROR=ON
(cd "$root/build-mpi" && ctest --output-on-failure -R '^(mpi|json-linear)$')
