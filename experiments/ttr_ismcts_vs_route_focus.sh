#!/usr/bin/env bash
# Ticket to Ride on the Sardinia map, two players: ismcts at 2,000 iterations a move against the
# strongest playstyle, heuristic:style=route-focus, over GAMES duplicate games (GAMES / 2 deals,
# seats swapped). The search spec is the one the pilots in docs/rules-ttr.md chose (seed 101,
# 40 games); this run plays other deals (--seed 1: every deal's seed is a hash of it).
#   experiments/ttr_ismcts_vs_route_focus.sh [GAMES]
# Writes experiments/ttr_ismcts_vs_route_focus.txt (the arena's table under a header) and
# experiments/ttr_ismcts_vs_route_focus.jsonl (the results file: replay, score --results).
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"
games=${1:-200}
need_nuraghe
private_nuraghe
out="$root/experiments/ttr_ismcts_vs_route_focus"
spec=ismcts:iters=2000,prune=on,rollout=heuristic,epsilon=0,cutoff=20,bias=10
cmd=(arena --game ttr --players 2 --bot "$spec" --bot heuristic:style=route-focus --games "$games" --seed 1
  --jobs "$(nproc)" --out "$tmp/results.jsonl")
# Written to scratch files first and moved into place at the end: a killed run leaves the previous
# results, not a header without its table.
{
  echo "# $(date -u +%Y-%m-%d), $(nproc) cores: build/nuraghe ${cmd[*]/#$tmp\/results.jsonl/experiments/ttr_ismcts_vs_route_focus.jsonl}"
  echo "# binary: $binary"
  locked "$nuraghe" "${cmd[@]}"
} | tee "$tmp/out.txt"
mv "$tmp/results.jsonl" "$out.jsonl"
mv "$tmp/out.txt" "$out.txt"
