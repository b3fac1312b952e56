#!/usr/bin/env bash
# Bardagi, three players: single-observer against multiple-observer information-set MCTS, at one
# table with the heuristic: ismcts and mo-ismcts at 500 iterations a move, otherwise the search of
# experiments/bardagi_mo_ismcts_vs_heuristic.sh (heuristic rollouts cut off after 20 steps by the
# static evaluation, pruned moves, progressive bias 10), and the heuristic in the third seat. GAMES
# games, a multiple of 6 (default 60: 10 deals in their 6 seatings), Summer side, full game,
# --seed 1. Win share with the arena's 95% bootstrap interval over deals and a 95% Wilson interval
# over games, mean score, ms a move, Elo, and the head-to-head differences of the arena's table.
#   experiments/bardagi_so_vs_mo.sh [GAMES]
# Writes experiments/bardagi_so_vs_mo.{csv,txt,png}; statistics by experiments/bardagi_stats.py.
# Set-up shared with the other experiments in experiments/common.sh: every nuraghe run (a private copy
# of build/nuraghe) takes /tmp/nuraghe-cpu.lock, so it never overlaps a build or another experiment.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"
games=${1:-60}
jobs=2
params=iters=500,rollout=heuristic,cutoff=20,prune=on,bias=10

experiment_start bardagi_so_vs_mo
experiment_header "Bardagi, 3 players, ismcts against mo-ismcts against the heuristic ($params); $games games"
bardagi_table so_vs_mo "Bardagi, 3 players: ismcts and mo-ismcts at 500 iterations against the heuristic ($games games)" "ismcts:$params" "mo-ismcts:$params" heuristic
experiment_finish
