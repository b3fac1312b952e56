#!/usr/bin/env bash
# Installs, builds, and runs a real tournament, then prints its table: UCT at two budgets on
# Connect Four, every pairing played from both seats.
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
"$root/scripts/setup.sh" "$root/build"
jobs=$(nproc)
cmd=(arena --game connect4 --bots uct:iters=10000,uct:iters=1000 --games 100 --seed 1 --jobs "$jobs")
echo
echo "\$ build/nuraghe ${cmd[*]}"
"$root/build/nuraghe" "${cmd[@]}"
