#!/usr/bin/env bash
# Installs, builds, and runs real tournaments, then prints their tables: information-set MCTS against
# the heuristic bot at two-player Sardegna, each in both seats of every deal. At 3,000 iterations a
# move the search wins about 95% (experiments/strength_vs_iterations.txt: below 1,000 it loses);
# the 20 games take some 10 seconds on two cores. Then the four Ticket to Ride playstyles at one
# 4-player table on the Sardinia map, 10 deals each in its 12 balanced seatings (every style in every
# seat and after every other style equally often; a few seconds). Last, a short Bardagi table:
# mo-ismcts at 500 iterations a move against two copies of the heuristic (--fill) at a 3-player short
# game (7 rounds), 2 deals in all 6 orders (some 40 seconds).
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
"$root/scripts/setup.sh" "$root/build" -DNURAGHE_PYTHON=ON  # the Python module too: build/python (docs/python.md)
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
  --bot mo-ismcts:iters=500,rollout=heuristic,cutoff=20,prune=on,bias=10 --fill heuristic --games 12
  --seed 1 --jobs "$jobs")
echo
echo "\$ build/nuraghe ${bardagi[*]}"
"$root/build/nuraghe" "${bardagi[@]}"
