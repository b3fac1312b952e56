#!/usr/bin/env bash
# First the layering of the sources (scripts/check-layering.sh, and a test that it can fail) and
# their format (scripts/check-format.sh, clang-format-14 against .clang-format). Then builds
# nuraghe with warnings as errors (NURAGHE_WERROR) and runs its tests: every suite in the Release
# build (with the viewer's pages in headless chromium, NURAGHE_BROWSER_TEST) and again under
# AddressSanitizer + UndefinedBehaviorSanitizer; the suites that run threads (the parallel search
# and tree, the arena's and self-play's parallel games, the fits) under ThreadSanitizer. The
# sanitizer builds play fewer random games and lighter strength tests, never fewer rule tests. Then
# the libFuzzer harnesses (clang-14): every corpus input once, and about a minute of fuzzing from
# the corpus (scripts/fuzz.sh runs them for longer). Last, an MPI build checks that `mpirun -n 2
# nuraghe arena` plays the games one process plays, and a build for any x86-64 CPU counts under
# callgrind that reading JSON is linear (valgrind cannot read AVX-512). Each stage prints its time.
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
jobs=$(nproc)
# The sanitizer and fuzz builds keep line tables only (-g1: enough for every report's file:line),
# and AddressSanitizer's build compiles at -O1, as its documentation advises: full debug
# information and -O2 took three times as long to compile (the command line's file of the time,
# under ASan: 583 s with -O2 -g, 278 s with -O2 -g1, 199 s with -O1 -g1). -O0 with the games, bots
# and fits at -O1 compiled in 30% less time, but the tests then ran twice as long (the games' rules
# inline in their headers run at the tests' -O0): measured on 2026-12-06, not kept.
asan_flags=(-DCMAKE_BUILD_TYPE=RelWithDebInfo "-DCMAKE_CXX_FLAGS_RELWITHDEBINFO=-O1 -g1 -DNDEBUG")
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

stage "AddressSanitizer + UndefinedBehaviorSanitizer: build"
"$root/scripts/setup.sh" "$root/build-sanitize" "${asan_flags[@]}" -DNURAGHE_SANITIZE=ON -DNURAGHE_BENCH=OFF -DNURAGHE_WERROR=ON
stage "AddressSanitizer + UndefinedBehaviorSanitizer: tests"
(cd "$root/build-sanitize" && ctest --output-on-failure -j "$jobs")

stage "ThreadSanitizer: build (the suites that run threads)"
NURAGHE_TARGET=threaded "$root/scripts/setup.sh" "$root/build-tsan" "${line_tables[@]}" -DNURAGHE_TSAN=ON -DNURAGHE_BENCH=OFF \
  -DNURAGHE_WERROR=ON
stage "ThreadSanitizer: tests"
(cd "$root/build-tsan" && TSAN_OPTIONS="halt_on_error=1 second_deadlock_stack=1" ctest --output-on-failure -j "$jobs" -L threads)

stage "libFuzzer: build"
NURAGHE_TARGET=fuzz "$root/scripts/setup.sh" "$root/build-fuzz" -DNURAGHE_FUZZ=ON -DCMAKE_CXX_COMPILER=clang++-14 -DNURAGHE_BENCH=OFF "${line_tables[@]}" -DNURAGHE_WERROR=ON
stage "libFuzzer: the regression corpus, then a short run of each harness"
(cd "$root/build-fuzz" && ctest --output-on-failure -R '^fuzz-')

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
