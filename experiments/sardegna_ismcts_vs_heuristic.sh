#!/usr/bin/env bash
# Sardegna, two players: ismcts at 2,000 iterations a move against the heuristic bot, 200 games
# (100 deals, seats swapped). Reproduces experiments/sardegna_ismcts_vs_heuristic.txt.
#   experiments/sardegna_ismcts_vs_heuristic.sh [GAMES]
# Uses part of experiments/common.sh: builds build/nuraghe only when it is missing, runs a private
# copy of it under /tmp/nuraghe-cpu.lock (never overlapping a build); no plot, and the .txt keeps its
# own one-line header followed by the arena's table.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"
games=${1:-200}
need_nuraghe
private_nuraghe
out="$root/experiments/sardegna_ismcts_vs_heuristic.txt"
cmd=(arena --game sardegna --players 2 --bots ismcts:iters=2000,heuristic --games "$games" --seed 1 --jobs "$(nproc)")
# Written to a scratch file first and moved into place at the end: a killed run leaves the
# previous results, not a header without its table.
{
  echo "# $(date -u +%Y-%m-%d), $(nproc) cores: build/nuraghe ${cmd[*]}"
  echo "# binary: $binary"
  locked "$nuraghe" "${cmd[@]}"
} | tee "$tmp/out.txt"
mv "$tmp/out.txt" "$out"
