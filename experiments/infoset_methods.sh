#!/usr/bin/env bash
# Sardegna, alternate Sentinel variant (-o variant=alt-sentinel: players hold private fort cards),
# two players: information-set search methods against the heuristic bot, 40 games each (20 deals,
# seats swapped, the same deals for every method: --seed 1).
#   pimc:iters=50,dets=20   PIMC at the same budget as the others: 20 determinizations x 50 = 1,000
#                           iterations a move (pimc's iters is per determinization)
#   pimc:iters=200,dets=5   the same budget split into 5 determinizations x 200
#   ismcts:iters=1000       single-observer ISMCTS
#   mo-ismcts:iters=1000    multiple-observer ISMCTS
#   cheat-uct:iters=1000    UCT on the true state, hidden cards included: an upper bound, not a fair player
#   pimc:iters=1000         PIMC with the default 20 determinizations: 20,000 iterations a move (20x the
#                           budget of the others; the most expensive run, about 3 minutes on 2 AMD EPYC cores)
# Writes experiments/infoset_methods.{csv,txt,png}.
#   experiments/infoset_methods.sh [GAMES]
# Set-up shared with the other experiments in experiments/common.sh: every nuraghe run (a private copy
# of build/nuraghe) takes /tmp/nuraghe-cpu.lock, so it never overlaps a build on the shared machine;
# each tournament is played in 4 shards (deal d in shard d % 4) so the lock is released between
# shards, then the shards are merged (merged shards give the same table as one run).
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"
games=${1:-40}
bots=(pimc:iters=50,dets=20 pimc:iters=200,dets=5 ismcts:iters=1000 mo-ismcts:iters=1000 cheat-uct:iters=1000 pimc:iters=1000)
shards=4
jobs=2

experiment_start infoset_methods

experiment_header "Sardegna variant=alt-sentinel, 2 players, each method against heuristic, $games games each"
echo "# commands (each arena under flock $lock; shard i in 0..$((shards - 1)), then merged):" >>"$txt"

echo "method,bot,games,wins,win_rate,win_rate_low,win_rate_high,mean_score,mean_rank,ms_per_move,elo,elo_low,elo_high" >"$csv"
for b in "${bots[@]}"; do
  cmd=(arena --game sardegna --players 2 -o variant=alt-sentinel --bot "$b" --bot heuristic --games "$games" --seed 1 --jobs "$jobs")
  echo "#   build/nuraghe ${cmd[*]} --shard i/$shards --out $b.i.jsonl" >>"$txt"
  files=()
  for i in $(seq 0 $((shards - 1))); do
    echo "$name: $b shard $i/$shards ..." >&2
    f=$tmp/$b.$i.jsonl
    rm -f "$f"
    locked "$nuraghe" "${cmd[@]}" --shard "$i/$shards" --out "$f" >/dev/null 2>&1
    files+=("$f")
  done
  echo "#   build/nuraghe merge --format csv $b.*.jsonl" >>"$txt"
  "$nuraghe" merge --format csv "${files[@]}" | tail -n +2 | sed "s/^/\"$b\",/" >>"$csv"
done

python3 - "$csv" "$tmp/plot.dat" >>"$txt" <<'EOF'
import csv, sys
rows = list(csv.DictReader(open(sys.argv[1])))
print()
print(f"{'method':<24} {'bot':<24} {'games':>5} {'wins':>6} {'win rate [95% CI]':>24} {'mean score':>10} {'ms/move':>8}")
for r in rows:
    wr = f"{100*float(r['win_rate']):.1f}% [{100*float(r['win_rate_low']):.1f}, {100*float(r['win_rate_high']):.1f}]"
    print(f"{r['method']:<24} {r['bot']:<24} {r['games']:>5} {float(r['wins']):>6.1f} {wr:>24} {float(r['mean_score']):>10.2f} {float(r['ms_per_move']):>8.2f}")
print("\nwin-rate intervals: bootstrap over duplicate sets (a deal played with seats swapped), from the arena")
with open(sys.argv[2], "w") as f:
    i = 0
    for r in rows:
        if r["bot"] == r["method"]:
            f.write(f"{i} {100*float(r['win_rate'])} {100*float(r['win_rate_low'])} {100*float(r['win_rate_high'])} {i}\n")
            i += 1
EOF

gnuplot <<EOF
set terminal pngcairo size 1100,650 font "sans,12"
set output "$png"
set title "Sardegna (alt-sentinel: private fort cards), 2 players: win rate against the heuristic bot\n($games games each, 95% bootstrap CI)"
set ylabel "win rate against heuristic (%)"
set xlabel "method (iterations per move in parentheses)" offset 0,-1.5
set yrange [0:105]
set xrange [-0.6:5.6]
set xtics ("pimc\n20 dets x 50\n(1,000)" 0, "pimc\n5 dets x 200\n(1,000)" 1, "ismcts\n\n(1,000)" 2, "mo-ismcts\n\n(1,000)" 3, "cheat-uct\nsees hidden cards\n(1,000)" 4, "pimc\n20 dets x 1000\n(20,000)" 5) scale 0
set bmargin 6
set grid ytics
set style fill solid 0.75 border -1
set boxwidth 0.6
set key top left opaque box
set palette defined (0 "#1f77b4", 1 "#1f77b4", 2 "#1f77b4", 3 "#1f77b4", 4 "#7f7f7f", 5 "#ff7f0e")
set cbrange [0:5]
unset colorbox
plot "$tmp/plot.dat" using 1:2:5 with boxes lc palette notitle, \
     "$tmp/plot.dat" using 1:2:3:4 with yerrorbars lc rgb "black" pt 0 lw 1.5 notitle, \
     "$tmp/plot.dat" using (\$1+0.17):(\$2+3):(sprintf("%.0f%%", \$2)) with labels left notitle, \
     50 with lines dashtype 2 lc rgb "gray30" title "50% (even with heuristic)"
EOF
experiment_finish
