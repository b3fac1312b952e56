#!/usr/bin/env bash
# Bardagi, three players: mo-ismcts at 2,000 iterations a move in one seat against the heuristic in
# the other two, over GAMES duplicate games, a multiple of 6 (GAMES / 6 deals, each in its six
# seatings). The aim: the 95% interval of the search's win share above 1/3. The two
# heuristic seats are copies of one bot (--fill heuristic: fill.1 and fill.2, whose rows are an A/A
# check of the table). The search spec is the one a 15-game pilot on other deals (--seed 101) tried
# first (docs/rules-bardagi.md, "Search"); this run plays other deals (--seed 1: every deal's seed is
# a hash of it).
#   experiments/bardagi_mo_ismcts_vs_heuristic.sh [GAMES]
# Writes experiments/bardagi_mo_ismcts_vs_heuristic.txt (the arena's table under a header) and
# experiments/bardagi_mo_ismcts_vs_heuristic.jsonl (the results file: replay, score --results).
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"
games=${1:-204}
need_nuraghe
private_nuraghe
out="$root/experiments/bardagi_mo_ismcts_vs_heuristic"
spec=mo-ismcts:iters=2000,rollout=heuristic,cutoff=20,prune=on,bias=10
cmd=(arena --game bardagi --players 3 --bot "$spec" --fill heuristic --games "$games"
  --seed 1 --jobs "$(nproc)" --out "$tmp/results.jsonl")
# Written to scratch files first and moved into place at the end: a killed run leaves the previous
# results, not a header without its table.
{
  echo "# $(date -u +%Y-%m-%d), $(nproc) cores: build/nuraghe ${cmd[*]/#$tmp\/results.jsonl/experiments/bardagi_mo_ismcts_vs_heuristic.jsonl}"
  echo "# binary: $binary"
  locked "$nuraghe" "${cmd[@]}"
} | tee "$tmp/out.txt"
mv "$tmp/results.jsonl" "$out.jsonl"
mv "$tmp/out.txt" "$out.txt"
