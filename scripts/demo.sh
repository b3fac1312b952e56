#!/usr/bin/env bash
# Installs, builds, and runs real tournaments, then prints their tables: information-set MCTS against
# the heuristic bot at two-player Sardegna, each in both seats of every deal. At 3,000 iterations a
# move the search wins about 95% (experiments/strength_vs_iterations.txt: below 1,000 it loses);
# the 20 games take some 10 seconds on two cores. Then the four Ticket to Ride playstyles at one
# 4-player table on the Sardinia map, 10 deals each in its 12 balanced seatings (every style in every
# seat and after every other style equally often; a few seconds). Last, a short Bardagi table:
# mo-ismcts at 200 iterations a move against two copies of the heuristic (--fill) at a 3-player short
# game (7 rounds), 10 deals in all 6 orders (some 30 seconds). Every table plays at least the 10
# duplicate sets below which the arena warns that its intervals are too rough.
#
# It builds only what the tables and the README's commands run: the program first, so that the
# first table comes as soon as it is compiled, then the Python module (build/python,
# docs/python.md). scripts/test.sh builds the rest (the test suites and the benchmarks).
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
NURAGHE_TARGET=nuraghe "$root/scripts/setup.sh" "$root/build" -DNURAGHE_PYTHON=ON
jobs=$(nproc)
cmd=(arena --game sardegna --players 2 --bot ismcts:iters=3000 --bot heuristic --games 20 --seed 1 --jobs "$jobs")
echo
echo "\$ build/nuraghe ${cmd[*]}"
"$root/build/nuraghe" "${cmd[@]}"
ttr=(arena --game ttr --players 4 --bots heuristic,heuristic:style=destination-hungry,heuristic:style=one-step,heuristic:style=long-route --games 120 --seed 1 --jobs "$jobs")
echo
echo "\$ build/nuraghe ${ttr[*]}"
"$root/build/nuraghe" "${ttr[@]}"
bardagi=(arena --game bardagi --players 3 -o length=short
  --bot mo-ismcts:iters=200,rollout=heuristic,cutoff=20,prune=on,bias=10 --fill heuristic --games 60
  --seed 1 --jobs "$jobs")
echo
echo "\$ build/nuraghe ${bardagi[*]}"
"$root/build/nuraghe" "${bardagi[@]}"
echo
echo "demo: the Python module (build/python) ..."
NURAGHE_TARGET=nuraghe_python "$root/scripts/setup.sh" "$root/build"
echo "demo: done; the README's commands run from here (scripts/test.sh builds and runs the tests)"
