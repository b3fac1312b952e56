#!/usr/bin/env bash
# Sardegna, two players: ismcts at 2,000 iterations a move against the heuristic bot, 200 games
# (100 deals, seats swapped). Reproduces experiments/sardegna_ismcts_vs_heuristic.txt.
#   experiments/sardegna_ismcts_vs_heuristic.sh [GAMES]
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
games=${1:-200}
"$root/scripts/setup.sh" "$root/build" >/dev/null
out="$root/experiments/sardegna_ismcts_vs_heuristic.txt"
cmd=(arena --game sardegna --players 2 --bots ismcts:iters=2000,heuristic --games "$games" --seed 1 --jobs "$(nproc)")
{
  echo "# $(date -u +%Y-%m-%d), $(nproc) cores: build/nuraghe ${cmd[*]}"
  "$root/build/nuraghe" "${cmd[@]}"
} | tee "$out"
