#!/usr/bin/env bash
# Bardagi, three players: the bandit at the planning node (the simultaneous selection of cards), one
# of each at one table: mo-ismcts at 500 iterations a move with decoupled UCB, Exp3 and regret
# matching (sim=ucb|exp3|rm; gamma 0.1, the default, for the last two), the search otherwise the
# one of experiments/bardagi_mo_ismcts_vs_heuristic.sh (heuristic rollouts cut off after 20 steps by
# the static evaluation, pruned moves, progressive bias 10). GAMES games, a multiple of 6 (default
# 60: 10 deals in their 6 seatings), Summer side, full game, --seed 1. Win share with the arena's
# 95% bootstrap interval over deals and a 95% Wilson interval over games, mean score, ms a move, Elo.
#   experiments/bardagi_bandits.sh [GAMES]
# Writes experiments/bardagi_bandits.{csv,txt,png}; statistics by experiments/bardagi_stats.py.
# Set-up shared with the other experiments in experiments/common.sh: every nuraghe run (a private copy
# of build/nuraghe) takes /tmp/nuraghe-cpu.lock, so it never overlaps a build or another experiment.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"
games=${1:-60}
jobs=2
base=mo-ismcts:iters=500,rollout=heuristic,cutoff=20,prune=on,bias=10

experiment_start bardagi_bandits
experiment_header "Bardagi, 3 players, the bandit at the planning node: $base with sim=ucb, exp3, rm; $games games"
bardagi_table bandits "Bardagi, 3 players: mo-ismcts at 500 iterations with three bandits at the planning node ($games games)" "$base,sim=ucb" "$base,sim=exp3" "$base,sim=rm"
experiment_finish
