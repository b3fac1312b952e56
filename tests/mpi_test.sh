#!/usr/bin/env bash
# An MPI build's arena split over two ranks on this machine gives the same games and the same table
# (all but timing) as one process with the same seed, in one results file; its labelled self-play
# over two ranks writes the folder one process writes, byte for byte.
# Usage: mpi_test.sh path/to/nuraghe path/to/mpiexec
set -u
nuraghe=$1
mpiexec=$2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
failed=0
bad() { failed=$((failed + 1)); echo "FAIL: $*"; }
# Containers often run as root and have no network but loopback: allow both.
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 OMPI_MCA_btl=self,vader OMPI_MCA_rmaps_base_oversubscribe=1
untimed() { cut -d, -f1-8,10- "$1"; }
games_of() { tail -n +2 "$1" | sed -E 's/"(seconds|think_seconds)":\[[^]]*\]//g' | sort; }

tour=(arena --game sardegna --bot ismcts:iters=100 --bot heuristic --games 16 --seed 8 --format csv)
"$mpiexec" -n 2 "$nuraghe" "${tour[@]}" --out "$tmp/mpi.jsonl" >"$tmp/mpi.csv" 2>"$tmp/mpi.err" || bad "mpirun -n 2 failed: $(tail -5 "$tmp/mpi.err")"
"$nuraghe" "${tour[@]}" --jobs 2 --out "$tmp/one.jsonl" >"$tmp/one.csv" 2>/dev/null || bad "single process failed"
if diff <(untimed "$tmp/one.csv") <(untimed "$tmp/mpi.csv"); then :; else bad "two ranks printed another table"; fi
if diff <(games_of "$tmp/one.jsonl") <(games_of "$tmp/mpi.jsonl") >/dev/null; then :; else bad "two ranks played other games"; fi
if [[ $(ls "$tmp" | grep -c rank) -eq 0 ]]; then :; else bad "rank part files left behind: $(ls "$tmp")"; fi
# Run again: everything is in the results file, so nothing is replayed and the table is the same.
"$mpiexec" -n 2 "$nuraghe" "${tour[@]}" --out "$tmp/mpi.jsonl" >"$tmp/again.csv" 2>/dev/null || bad "second mpirun failed"
if diff <(untimed "$tmp/one.csv") <(untimed "$tmp/again.csv") >/dev/null; then :; else bad "resumed MPI run printed another table"; fi
if [[ $(($(wc -l <"$tmp/mpi.jsonl") - 1)) -eq 16 ]]; then :; else bad "results file holds $(($(wc -l <"$tmp/mpi.jsonl") - 1)) games, not 16"; fi

# Self-play: rank r plays shard r/2 into its own folder, rank 0 joins them into --out.
play=(selfplay -g sardegna -p 2 --bots heuristic -n 12 --chunk 2 --every 5 --seed 3 --label-rate 0.3
      --expert ismcts:iters=20)
"$nuraghe" "${play[@]}" -j 2 --out "$tmp/one" >"$tmp/one.out" 2>/dev/null || bad "single-process selfplay failed"
"$mpiexec" -n 2 "$nuraghe" "${play[@]}" --out "$tmp/two" >"$tmp/two.out" 2>"$tmp/two.err" ||
  bad "mpirun -n 2 selfplay failed: $(tail -5 "$tmp/two.err")"
if diff -r "$tmp/one" "$tmp/two" >/dev/null; then :; else bad "two ranks wrote another self-play folder"; fi
if diff <(sed 's/ in .*(/ (/' "$tmp/one.out") <(sed 's/ in .*(/ (/' "$tmp/two.out") >/dev/null; then :; else
  bad "two ranks printed another summary: $(cat "$tmp/two.out")"; fi
if [[ $(ls "$tmp" | grep -c rank) -eq 0 ]]; then :; else bad "rank folders left behind: $(ls "$tmp")"; fi
# Run again: the folder is whole, so rank 0 plays nothing and it is unchanged.
"$mpiexec" -n 2 "$nuraghe" "${play[@]}" --out "$tmp/two" >/dev/null 2>"$tmp/again.err" || bad "second mpirun selfplay failed"
if grep -q "rank 0 finishes it alone" "$tmp/again.err" && diff -r "$tmp/one" "$tmp/two" >/dev/null; then :; else
  bad "the finished folder was not left as it was: $(cat "$tmp/again.err")"; fi
echo "mpi tests: $failed failed"
[[ $failed -eq 0 ]]
