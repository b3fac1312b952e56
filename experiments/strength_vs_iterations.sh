#!/usr/bin/env bash
# Sardegna, two players: ismcts at N iterations a move against the heuristic bot, for
# N = 100, 300, 1000, 3000; 40 games per N (20 deals, seats swapped), the same deals for every N
# (--seed 1). Writes experiments/strength_vs_iterations.{csv,txt,png}.
#   experiments/strength_vs_iterations.sh [GAMES]
# Set-up shared with the other experiments in experiments/common.sh: every nuraghe run (a private copy
# of build/nuraghe) takes /tmp/nuraghe-cpu.lock, so it never overlaps a build on the shared machine.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"
games=${1:-40}
iters_list=(100 300 1000 3000)
jobs=2

experiment_start strength_vs_iterations

experiment_header "Sardegna, 2 players, ismcts:iters=N against heuristic, $games games per N"
echo "# commands (each under flock $lock):" >>"$txt"

echo "iters,bot,games,wins,win_rate,win_rate_low,win_rate_high,mean_score,mean_rank,ms_per_move,elo,elo_low,elo_high" >"$csv"
for n in "${iters_list[@]}"; do
  cmd=(arena --game sardegna --players 2 --bots "ismcts:iters=$n,heuristic" --games "$games" --seed 1 --jobs "$jobs" --format csv)
  echo "#   build/nuraghe ${cmd[*]}" >>"$txt"
  echo "$name: ismcts:iters=$n ..." >&2
  locked "$nuraghe" "${cmd[@]}" 2>/dev/null >"$tmp/$n.csv"
  tail -n +2 "$tmp/$n.csv" | sed "s/^/$n,/" >>"$csv"
done

# Table for the .txt and the plot data (ismcts rows only).
python3 - "$csv" "$tmp/plot.dat" >>"$txt" <<'EOF'
import csv, math, sys
def wilson(w, n, z=1.959964):
    p = w / n; d = 1 + z * z / n
    c = (p + z * z / (2 * n)) / d; h = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d
    return max(0.0, c - h), min(1.0, c + h)
rows = list(csv.DictReader(open(sys.argv[1])))
print()
print(f"{'iters':>6} {'bot':<20} {'games':>5} {'wins':>6} {'win rate [95% CI]':>24} {'mean score':>10} {'ms/move':>8} {'elo [95% CI]':>24} {'Wilson 95%':>14}")
for r in rows:
    wr = f"{100*float(r['win_rate']):.1f}% [{100*float(r['win_rate_low']):.1f}, {100*float(r['win_rate_high']):.1f}]"
    elo = f"{float(r['elo']):.0f} [{float(r['elo_low']):.0f}, {float(r['elo_high']):.0f}]"
    lo, hi = wilson(float(r['wins']), int(r['games']))
    wi = f"[{100*lo:.1f}, {100*hi:.1f}]"
    print(f"{r['iters']:>6} {r['bot']:<20} {r['games']:>5} {float(r['wins']):>6.1f} {wr:>24} {float(r['mean_score']):>10.2f} {float(r['ms_per_move']):>8.2f} {elo:>24} {wi:>14}")
print("\nwin rate [95% CI]: the arena's bootstrap over duplicate sets (a deal played with seats swapped); it collapses")
print("to zero width when every game has the same result (0 or 40 wins). Wilson 95%: the binomial interval over the")
print("games, for comparison (games treated as independent, a shared win as half a win).")
with open(sys.argv[2], "w") as f:
    for r in rows:
        if r["bot"].startswith("ismcts"):
            f.write(f"{r['iters']} {100*float(r['win_rate'])} {100*float(r['win_rate_low'])} {100*float(r['win_rate_high'])} {float(r['ms_per_move']):.1f}\n")
EOF

gnuplot <<EOF
set terminal pngcairo size 900,600 font "sans,12"
set output "$png"
set title "Sardegna, 2 players: ismcts against the heuristic bot ($games games per point, 95% bootstrap CI)"
set xlabel "ismcts iterations per move (log scale)"
set ylabel "ismcts win rate (%)"
set logscale x
set xrange [70:4500]
set yrange [0:105]
set xtics (100, 300, 1000, 3000)
set grid
set key top left
plot 50 with lines dashtype 2 lc rgb "gray40" title "50% (even)", \
     "$tmp/plot.dat" using 1:2:3:4 with yerrorlines lw 2 pt 7 ps 1.3 lc rgb "#1f77b4" title "ismcts win rate", \
     "$tmp/plot.dat" using 1:2:(sprintf("%.0f%%", \$2)) with labels offset 3.2,0.8 notitle
EOF
experiment_finish
