#!/usr/bin/env bash
# Fuzzes nuraghe's readers of user input with libFuzzer (tests/fuzz/README.md): position files,
# moves in notation, Sardegna map files and arena results files.
#   scripts/fuzz.sh [options] [SECONDS_PER_HARNESS] [harness...]
# SECONDS_PER_HARNESS defaults to 300; the harnesses are fuzz_position, fuzz_move, fuzz_map and
# fuzz_results (all by default). Builds build-fuzz first (clang-14, through scripts/setup.sh).
# Options:
#   --build DIR    use the harnesses already built in DIR instead of building build-fuzz
#   --regress      run each harness once over every corpus input, no fuzzing
#   --keep         add the new inputs libFuzzer finds to tests/fuzz/corpus/<harness>/ (by default
#                  they go to DIR/fuzz/corpus/<harness>/ and the source tree is only read)
#   --fresh        start from the source corpus alone and keep nothing (new inputs go to this run's
#                  folder): the time a run takes does not grow with earlier runs (ctest fuzz-short)
#   --keep-going   after a crash, go on fuzzing (libFuzzer -fork=1 -ignore_crashes=1) and collect
#                  every crash input of the run
# Exits 1 if any harness crashed, and prints where each crash input is and how to rerun it.
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
all=(fuzz_position fuzz_move fuzz_map fuzz_results)
declare -A max_len=([fuzz_position]=8192 [fuzz_move]=8192 [fuzz_map]=8192 [fuzz_results]=16384)

usage() { sed -n '2,16p' "${BASH_SOURCE[0]}" | sed 's/^# \{0,1\}//'; }
seconds=300 build="" regress=0 keep=0 fresh=0 keep_going=0
harnesses=()
while [[ $# -gt 0 ]]; do
  case $1 in
    --build) build=$(cd "$2" && pwd); shift 2 ;;
    --regress) regress=1; shift ;;
    --keep) keep=1; shift ;;
    --fresh) fresh=1; shift ;;
    --keep-going) keep_going=1; shift ;;
    -h|--help) usage; exit 0 ;;
    fuzz_position|fuzz_move|fuzz_map|fuzz_results) harnesses+=("$1"); shift ;;
    *)
      if [[ $1 =~ ^[0-9]+$ && $1 -gt 0 ]]; then seconds=$1; shift
      else echo "fuzz.sh: unknown argument \"$1\" (harnesses: ${all[*]}; see --help)" >&2; exit 2; fi ;;
  esac
done
[[ ${#harnesses[@]} -gt 0 ]] || harnesses=("${all[@]}")

if [[ -z $build ]]; then
  build=$root/build-fuzz
  NURAGHE_TARGET=fuzz "$root/scripts/setup.sh" "$build" -DNURAGHE_FUZZ=ON -DCMAKE_CXX_COMPILER=clang++-14 \
    -DNURAGHE_BENCH=OFF -DCMAKE_BUILD_TYPE=RelWithDebInfo
fi
for h in "${harnesses[@]}"; do
  [[ -x $build/tests/fuzz/$h ]] || { echo "fuzz.sh: $build/tests/fuzz/$h is not built (cmake --build $build --target fuzz)" >&2; exit 2; }
done

work=$build/fuzz
run=$work/run-$(date +%Y%m%d-%H%M%S)-$$  # this run's logs and crash inputs
mkdir -p "$run"
# UBSan: a report with its stack, then the end (libFuzzer reports the abort as a crash).
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}
shopt -s nullglob

# The inputs too big to commit (the 100,000-deep nestings) are written into the build folder.
if [[ $regress == 1 ]]; then
  "$root/tests/fuzz/make_corpus.sh" --deep "$work/generated"
fi

failed=()
for h in "${harnesses[@]}"; do
  exe=$build/tests/fuzz/$h
  src=$root/tests/fuzz/corpus/$h
  out=$run/$h
  mkdir -p "$out/crashes"
  if [[ $regress == 1 ]]; then
    inputs=("$src"/* "$work/generated/$h"/*)
    # One process for all; if it fails, one per input, to name every input that fails.
    if "$exe" -timeout=60 -rss_limit_mb=4096 "${inputs[@]}" > "$out/log.txt" 2>&1; then
      echo "fuzz.sh: $h: ${#inputs[@]} corpus inputs pass"
      continue
    fi
    bad=0
    for f in "${inputs[@]}"; do
      log=$out/$(basename "$f").log
      if "$exe" -timeout=60 -rss_limit_mb=4096 "$f" > "$log" 2>&1; then
        rm -f "$log"
      else
        bad=$((bad + 1))
        why=$(grep -m1 -E "CHECK FAILED|terminate called|what\(\)|ERROR: AddressSanitizer|runtime error|ERROR: libFuzzer|ERROR: LeakSanitizer" "$log" || true)
        echo "fuzz.sh: $h: FAILS on $f: ${why:0:300}"
        echo "    rerun: $exe $f   (log: $log)"
      fi
    done
    echo "fuzz.sh: $h: $bad of ${#inputs[@]} corpus inputs fail"
    failed+=("$h")
    continue
  fi

  if [[ $keep == 1 ]]; then
    corpora=("$src")                        # new inputs are written into the first folder
  elif [[ $fresh == 1 ]]; then
    mkdir -p "$out/corpus"
    corpora=("$out/corpus" "$src")
  else
    mkdir -p "$work/corpus/$h"
    corpora=("$work/corpus/$h" "$src")      # the source corpus is only read
  fi
  opts=(-max_total_time="$seconds" -max_len="${max_len[$h]}" -timeout=25 -rss_limit_mb=4096
        -dict="$root/tests/fuzz/nuraghe.dict" -artifact_prefix="$out/crashes/" -print_final_stats=1)
  [[ $keep_going == 1 ]] && opts+=(-fork=1 -ignore_crashes=1 -ignore_timeouts=1 -ignore_ooms=1)
  echo "fuzz.sh: $h: fuzzing for $seconds s (log: $out/log.txt)"
  status=0
  "$exe" "${opts[@]}" "${corpora[@]}" > "$out/log.txt" 2>&1 || status=$?
  crashes=("$out"/crashes/*)
  if [[ $status -ne 0 || ${#crashes[@]} -gt 0 ]]; then
    failed+=("$h")
    echo "fuzz.sh: $h: CRASHED (libFuzzer status $status); ${#crashes[@]} crash inputs in $out/crashes/"
    for f in "${crashes[@]}"; do echo "    rerun: $exe $f"; done
    grep -m3 -E "CHECK FAILED|terminate called|what\(\)|ERROR: AddressSanitizer|runtime error|ERROR: libFuzzer|SUMMARY" "$out/log.txt" | sed 's/^/    /' || true
  else
    echo "fuzz.sh: $h: no crash; $(grep -E '^#[0-9]+:?[[:space:]]' "$out/log.txt" | tail -1 || true)"
  fi
done

if [[ ${#failed[@]} -gt 0 ]]; then
  echo "fuzz.sh: crashes in ${failed[*]} (logs and inputs under $run)"
  exit 1
fi
echo "fuzz.sh: ${harnesses[*]}: no crash"
