#!/usr/bin/env bash
# First the layering of the sources (scripts/check-layering.sh, and a test that it can fail) and
# their format (scripts/check-format.sh, clang-format-14 against .clang-format). Then builds
# nuraghe with warnings as errors (NURAGHE_WERROR) and runs its tests: every suite in the Release
# build (with the viewer's pages in headless chromium, NURAGHE_BROWSER_TEST) and again under
# AddressSanitizer + UndefinedBehaviorSanitizer with the asserts on, in a clang-14 build that holds
# the libFuzzer harnesses too: every corpus input once, and about a minute of fuzzing from the
# corpus (scripts/fuzz.sh runs them for longer); the suites that run threads (the parallel search
# and tree, the arena's and self-play's parallel games, the fits) under ThreadSanitizer. The
# sanitizer builds play fewer random games and lighter strength tests, never fewer rule tests.
# Last, an MPI build checks that `mpirun -n 2
# nuraghe arena` plays the games one process plays, and a build for any x86-64 CPU counts under
# callgrind that reading JSON is linear (valgrind cannot read AVX-512). Each stage prints its time.
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
jobs=$(nproc)
# The sanitizer builds keep line tables only (-g1: enough for every report's file:line), and
# AddressSanitizer's build compiles at -O1, as its documentation advises: full debug information
# and -O2 took three times as long to compile (the command line's file of the time, under ASan: 583 s
# with -O2 -g, 278 s with -O2 -g1, 199 s with -O1 -g1). -O0 with the games, bots and fits at -O1
# compiled in 30% less time, but the tests then ran twice as long (the games' rules inline in their
# headers run at the tests' -O0): measured on 2026-12-06, not kept. clang-14 compiles it in a fifth
# less time than g++ 12 (a game's commands 32 s against 41 s, test_search.cpp 53 s against 67 s),
# and libFuzzer needs clang: one build for both saves compiling the games and the readers twice.
asan_flags=(-DCMAKE_CXX_COMPILER=clang++-14 -DCMAKE_BUILD_TYPE=RelWithDebInfo "-DCMAKE_CXX_FLAGS_RELWITHDEBINFO=-O1 -g1 -DNDEBUG")
line_tables=(-DCMAKE_BUILD_TYPE=RelWithDebInfo "-DCMAKE_CXX_FLAGS_RELWITHDEBINFO=-O2 -g1 -DNDEBUG")

# Each stage is announced ("== name") and timed: its time when it ends, and every stage's time at
# the end of the run, also when a stage fails (CI's limit is on the whole run, and the times say
# where it goes).
stage_names=() stage_times=() stage_name="" stage_start=0
end_stage() {
  [[ -n $stage_name ]] || return 0
  local took=$((SECONDS - stage_start))
  stage_names+=("$stage_name") stage_times+=("$took")
  echo "-- $stage_name: ${took} s"
  stage_name=""
}
stage() {
  end_stage
  stage_name=$1 stage_start=$SECONDS
  echo "== $1"
}
summary() {
  local rc=$?
  end_stage
  echo "== Stage times"
  for i in "${!stage_names[@]}"; do printf '%6d s  %s\n' "${stage_times[$i]}" "${stage_names[$i]}"; done
  printf '%6d s  %s\n' "$SECONDS" "the whole run$([[ $rc -ne 0 ]] && echo ", failed (exit $rc)")"
}
trap summary EXIT

stage "Layering"
"$root/scripts/check-layering.sh"
bash "$root/tests/layering_test.sh"
stage "Format"
"$root/scripts/check-format.sh"

stage "Release: build"
"$root/scripts/setup.sh" "$root/build" -DNURAGHE_WERROR=ON -DNURAGHE_PYTHON=ON -DNURAGHE_BROWSER_TEST=ON
stage "Release: tests"
(cd "$root/build" && ctest --output-on-failure -j "$jobs")

stage "AddressSanitizer + UndefinedBehaviorSanitizer, with the libFuzzer harnesses (clang-14): build"
"$root/scripts/setup.sh" "$root/build-asan" "${asan_flags[@]}" -DNURAGHE_SANITIZE=ON -DNURAGHE_FUZZ=ON \
  -DNURAGHE_BENCH=OFF -DNURAGHE_WERROR=ON
stage "AddressSanitizer + UndefinedBehaviorSanitizer: tests, the fuzz corpus, a short run of each harness"
(cd "$root/build-asan" && ctest --output-on-failure -j "$jobs")

stage "ThreadSanitizer: build (the suites that run threads)"
NURAGHE_TARGET=threaded "$root/scripts/setup.sh" "$root/build-tsan" "${line_tables[@]}" -DNURAGHE_TSAN=ON -DNURAGHE_BENCH=OFF \
  -DNURAGHE_WERROR=ON
stage "ThreadSanitizer: tests"
(cd "$root/build-tsan" && TSAN_OPTIONS="halt_on_error=1 second_deadlock_stack=1" ctest --output-on-failure -j "$jobs" -L threads)

# The MPI build is the Release build's configuration with MPI: MPI reaches cli/mpi.cpp alone, so
# every other object comes from ccache, compiled moments ago.
stage "MPI: build"
NURAGHE_TARGET=nuraghe "$root/scripts/setup.sh" "$root/build-mpi" -DNURAGHE_WERROR=ON -DNURAGHE_PYTHON=ON -DNURAGHE_MPI=ON
stage "MPI: the arena over two ranks"
(cd "$root/build-mpi" && ctest --output-on-failure -R '^mpi$')

# valgrind 3.19 cannot read AVX-512 instructions: JSON reading's instruction counts come from a
# build for any x86-64 CPU, of json_cost and what it links alone.
stage "For any x86-64 CPU: build of json_cost"
NURAGHE_TARGET=json_cost "$root/scripts/setup.sh" "$root/build-portable" -DNURAGHE_NATIVE=OFF -DNURAGHE_BENCH=OFF \
  -DNURAGHE_WERROR=ON
stage "For any x86-64 CPU: JSON reading's instruction counts"
(cd "$root/build-portable" && ctest --output-on-failure -R '^json-linear$')
