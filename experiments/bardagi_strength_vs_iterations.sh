#!/usr/bin/env bash
# Bardagi, three players: mo-ismcts at N iterations a move (heuristic rollouts cut off after 20 steps
# by the static evaluation, pruned moves, progressive bias 10) in one seat against the heuristic in
# the other two, N = 100, 300, 1000; GAMES games per N, a multiple of 6 (default 30: 5 deals in their
# 6 seatings), the same deals for every N (--seed 1), Summer side, full game. The search's win share
# with a 95% Wilson interval over games (plotted: 5 deals are too few for the arena's bootstrap over
# deals, which the table gives too), its mean score and ms a move. The two heuristic seats are copies
# of one bot (--fill heuristic: fill.1 and fill.2).
# The 2,000-iteration point comes at no cost from experiments/bardagi_mo_ismcts_vs_heuristic.jsonl
# when it exists (the same command with iters=2000 and more games, so its first GAMES / 6 deals are
# the same deals; of a file written before fair tables, 3 games a deal in rotations, the same deals
# are taken); its whole run is given beside it.
#   experiments/bardagi_strength_vs_iterations.sh [GAMES]
# Writes experiments/bardagi_strength_vs_iterations.{csv,txt,png}; statistics by
# experiments/bardagi_stats.py. Set-up shared with the other experiments in experiments/common.sh:
# every nuraghe run (a private copy of build/nuraghe) takes /tmp/nuraghe-cpu.lock.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"
games=${1:-30}
jobs=2
iters_list=(100 300 1000)
search_params=rollout=heuristic,cutoff=20,prune=on,bias=10
big=$root/experiments/bardagi_mo_ismcts_vs_heuristic.jsonl

experiment_start bardagi_strength_vs_iterations
experiment_header "Bardagi, 3 players, mo-ismcts:iters=N,$search_params against two copies of the heuristic (--fill heuristic), $games games per N"
echo "# commands (each under flock $lock):" >>"$txt"

rm -f "$csv"
: >"$tmp/plot.dat"
table() {  # LABEL ITERS ARENA_CSV: the table rows, the csv, the plot row of the search bot
  python3 "$root/experiments/bardagi_stats.py" wins "$3" "$1" "$csv" 2>"$tmp/rows.dat"
  awk -v n="$2" 'NR == 1 {print n, $0}' "$tmp/rows.dat" | sed 's/"[^"]*" "[^"]*"//' >>"$tmp/plot.dat"
}
{
  echo
  for n in "${iters_list[@]}"; do
    cmd=(arena --game bardagi --players 3 --bot "mo-ismcts:iters=$n,$search_params" --fill heuristic
      --games "$games" --seed 1 --jobs "$jobs" --format csv)
    echo "# build/nuraghe ${cmd[*]}" >>"$txt.cmds"
    echo "$name: iters=$n ..." >&2
    locked "$nuraghe" "${cmd[@]}" >"$tmp/$n.csv"
    echo "## iters=$n ($games games)"
    table "iters=$n" "$n" "$tmp/$n.csv"
    echo
  done
  if [[ -s $big ]]; then
    cp "$big" "$tmp/big.jsonl"
    # Its games of the first $((games / 6)) deals: the same deals as above. Game g is deal g / k, k the
    # games of a deal: 6 on fair tables, 3 (rotations) in a file written before them.
    python3 - "$tmp/big.jsonl" "$((games / 6))" >"$tmp/big-first.jsonl" 2>"$tmp/big-rules.txt" <<'EOF'
import json, sys
lines = open(sys.argv[1]).read().splitlines()
header = json.loads(lines[0])
n = header["players"]
fair = header.get("seatings") == "balanced"
k = n * (n - 1) if fair else n
print(lines[0])
for l in lines[1:]:
    if l.strip() and json.loads(l)["index"] // k < int(sys.argv[2]):
        print(l)
print("on fair tables" if fair else "played before fair tables: 3 rotations a deal, a spec's seed= fixing that bot's choices",
      file=sys.stderr)
EOF
    first=$(($(wc -l <"$tmp/big-first.jsonl") - 1))
    all=$(($(wc -l <"$tmp/big.jsonl") - 1))
    echo "# build/nuraghe merge FIRST.jsonl --format csv; build/nuraghe merge experiments/bardagi_mo_ismcts_vs_heuristic.jsonl --format csv (the 2,000-iteration run, $all games; FIRST: its $first games of the first $((games / 6)) deals)" >>"$txt.cmds"
    locked "$nuraghe" merge "$tmp/big-first.jsonl" --format csv >"$tmp/2000.csv" 2>/dev/null
    locked "$nuraghe" merge "$tmp/big.jsonl" --format csv >"$tmp/2000-all.csv" 2>/dev/null
    echo "## iters=2000: the first $first games of experiments/bardagi_mo_ismcts_vs_heuristic.jsonl (the same deals, $(cat "$tmp/big-rules.txt"))"
    table "iters=2000" 2000 "$tmp/2000.csv"
    echo
    echo "## iters=2000: all $all games of experiments/bardagi_mo_ismcts_vs_heuristic.jsonl (for reference; not plotted)"
    python3 "$root/experiments/bardagi_stats.py" wins "$tmp/2000-all.csv" "iters=2000, all $all games" "$csv" 2>/dev/null
    echo
  else
    echo "## iters=2000: experiments/bardagi_mo_ismcts_vs_heuristic.jsonl not found; rerun this script once it exists for that point"
    echo
  fi
  echo "win share [95% bootstrap]: the arena's, over duplicate sets (a deal in its 6 seatings); with $((games / 6)) sets it"
  echo "is rough and collapses to zero width when every set gives the same. [95% Wilson]: binomial over the games"
  echo "(a shared win counts as a fraction), plotted."
} >"$tmp/tables.txt"
sed 's/^# /#   /' "$txt.cmds" >>"$txt"
rm -f "$txt.cmds"
cat "$tmp/tables.txt" >>"$txt"

# plot.dat: iters win_share boot_low boot_high wilson_low wilson_high mean_score ms_per_move
gnuplot <<EOF
set terminal pngcairo size 900,600 font "sans,12"
set output "$png"
set title "Bardagi, 3 players: mo-ismcts against two heuristics ($games games a point on the same deals, 95% Wilson)"
set xlabel "mo-ismcts iterations per move (log scale)"
set ylabel "mo-ismcts win share"
set logscale x
set xrange [70:3000]
set yrange [0:1.05]
set xtics (100, 300, 1000, 2000)
set grid
set key top left
plot 1.0/3 with lines dashtype 2 lw 2 lc rgb "#d62728" title "fair share 1/3", \
     "$tmp/plot.dat" using 1:2:5:6 with yerrorlines lw 2 pt 7 ps 1.3 lc rgb "#1f77b4" title "mo-ismcts win share", \
     "$tmp/plot.dat" using 1:2:(sprintf("%.0f%%, %.0f ms/move", 100*\$2, \$8)) with labels left offset 0.8,0.8 font "sans,10" notitle
EOF
experiment_finish
