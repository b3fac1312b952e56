#!/usr/bin/env bash
# Ticket to Ride on the Sardinia map, two players: the game's heuristic as PUCT's prior
# (prior=heuristic, docs/search.md "Priors and PUCT") against today's best spec, which steers the
# same search toward the heuristic's move by progressive bias (bias=10). Both at 200 iterations a
# move, which is equal time (the tables' ms a move say so), over DEALS duplicate deals (both
# seatings each, --seed 1). Two priors: softened (the heuristic's move 0.5 of the mass, the rest
# shared) and nearly one-hot (0.9).
#   experiments/ttr_prior_heuristic.sh [DEALS]
# Writes experiments/ttr_prior_heuristic.txt (the two arenas' tables under a header) and keeps the
# results files in experiments/ttr_prior_heuristic/ (a killed run resumes them when run again).
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"
deals=${1:-200}
need_nuraghe
private_nuraghe
out=$root/experiments/ttr_prior_heuristic
mkdir -p "$out"
search=ismcts:iters=200,prune=on,rollout=heuristic,epsilon=0,cutoff=20
best=$search,bias=10
{
  echo "# ttr_prior_heuristic: Ticket to Ride 2p, prior=heuristic (PUCT) against bias=10 (UCB), $deals deals"
  echo "# $(date -u +%Y-%m-%d), $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2- | sed 's/^ //')"
  echo "# binary: $binary"
  for weight in 0.5 0.9; do
    prior=$search,prior=heuristic,prior_weight=$weight
    cmd=(arena --game ttr --players 2 --bot "$prior" --bot "$best" --games $((2 * deals)) --seed 1
      --jobs "$(nproc)" --out "$out/prior_weight-$weight.jsonl")
    echo
    echo "# build/nuraghe ${cmd[*]/#$root\//}"
    locked "$nuraghe" "${cmd[@]}"
  done
} | tee "$tmp/out.txt"
mv "$tmp/out.txt" "$out.txt"
