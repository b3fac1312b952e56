#!/usr/bin/env bash
# Installs, builds, and runs a real tournament, then prints its table: three bots at a three-player
# Sardegna table (ismcts, the heuristic, random), every bot in every seat of every deal.
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
"$root/scripts/setup.sh" "$root/build"
jobs=$(nproc)
cmd=(arena --game sardegna --players 3 --bots ismcts:iters=300,heuristic,random --games 30 --seed 1 --jobs "$jobs")
echo
echo "\$ build/nuraghe ${cmd[*]}"
"$root/build/nuraghe" "${cmd[@]}"
