#!/usr/bin/env bash
# Installs, builds, and runs a real tournament, then prints its table: four bots at a four-player
# Sardegna table (ismcts, mo-ismcts, the heuristic, random), every bot in every seat of every deal.
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
"$root/scripts/setup.sh" "$root/build"
jobs=$(nproc)
cmd=(arena --game sardegna --players 4 --bot ismcts:iters=500 --bot mo-ismcts:iters=500 --bot heuristic --bot random
     --games 24 --seed 1 --jobs "$jobs")
echo
echo "\$ build/nuraghe ${cmd[*]}"
"$root/build/nuraghe" "${cmd[@]}"
