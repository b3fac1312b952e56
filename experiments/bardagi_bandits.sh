#!/usr/bin/env bash
# Bardagi, three players: the bandit at the planning node (the simultaneous selection of cards), one
# of each at one table: mo-ismcts at 500 iterations a move with decoupled UCB, Exp3 and regret
# matching (sim=ucb|exp3|rm; gamma 0.1, the default, for the last two), the search otherwise the
# one of experiments/bardagi_mo_ismcts_vs_heuristic.sh (heuristic rollouts cut off after 20 steps by
# the static evaluation, pruned moves, progressive bias 10). GAMES games (default 30: 10 deals in
# their 3 seatings), Summer side, full game, --seed 1. Win share with the arena's 95% bootstrap
# interval over deals and a 95% Wilson interval over games, mean score, ms a move, Elo.
#   experiments/bardagi_bandits.sh [GAMES]
# Writes experiments/bardagi_bandits.{csv,txt,png}; statistics by experiments/bardagi_stats.py.
# Set-up shared with the other experiments in experiments/common.sh: every nuraghe run (a private copy
# of build/nuraghe) takes /tmp/nuraghe-cpu.lock, so it never overlaps a build or another experiment.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"
games=${1:-30}
jobs=2
base=mo-ismcts:iters=500,rollout=heuristic,cutoff=20,prune=on,bias=10

experiment_start bardagi_bandits
experiment_header "Bardagi, 3 players, the bandit at the planning node: $base with sim=ucb, exp3, rm; $games games"
echo "# commands (each under flock $lock):" >>"$txt"

cmd=(arena --game bardagi --players 3 --bot "$base,sim=ucb" --bot "$base,sim=exp3" --bot "$base,sim=rm"
  --games "$games" --seed 1 --jobs "$jobs" --out "$tmp/results.jsonl")
echo "#   build/nuraghe ${cmd[*]/#$tmp\//}" >>"$txt"
echo "#   build/nuraghe merge results.jsonl --format csv" >>"$txt"
echo "$name: $games games ..." >&2
{
  echo
  echo "## the arena's table"
  locked "$nuraghe" "${cmd[@]}"
} >>"$txt"
locked "$nuraghe" merge "$tmp/results.jsonl" --format csv >"$tmp/arena.csv" 2>/dev/null
rm -f "$csv"
{
  echo
  echo "## win share with both intervals (bootstrap: over the $((games / 3)) deals; Wilson: over the $games games)"
  python3 "$root/experiments/bardagi_stats.py" wins "$tmp/arena.csv" bandits "$csv" 2>"$tmp/plot.dat"
  echo
  echo "think time a game by bot (s, mean over its games):"
  python3 - "$tmp/results.jsonl" <<'EOF'
import json, sys
lines = [json.loads(l) for l in open(sys.argv[1]) if l.strip()]
header, games = lines[0], lines[1:]
for b, bot in enumerate(header["bots"]):
    t = [g["think_seconds"][s] for g in games for s in range(len(g["seats"])) if g["seats"][s] == b]
    d = [g["decisions"][s] for g in games for s in range(len(g["seats"])) if g["seats"][s] == b]
    print(f"  {bot}: {sum(t) / len(t):.1f} s a game, {sum(d) / len(d):.0f} decisions a game")
EOF
} >>"$txt"

gnuplot -e "data='$tmp/plot.dat'; out='$png'; fair=1.0/3; nbots=3; heading='Bardagi, 3 players: mo-ismcts at 500 iterations with three bandits at the planning node ($games games)'" \
  "$root/experiments/bardagi_winshare.gp"
experiment_finish
