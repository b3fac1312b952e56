#!/usr/bin/env bash
# Sardegna, two players: ismcts with a time budget of M milliseconds a move against the heuristic
# bot, for M = 2, 5, 10, 20 and three ways to value a leaf: random rollouts (the default), the
# game's heuristic as rollout policy (rollout=heuristic), and 10 random steps cut off by the static
# evaluation (cutoff=10). 40 games per point (20 deals, seats swapped), the same deals everywhere
# (--seed 1). Also measures each method's iterations per second from the start position, which is
# what a time budget turns into. Writes experiments/strength_vs_time.{csv,txt,png}.
#   experiments/strength_vs_time.sh [GAMES]
# Time budgets depend on the machine and on its load: every run takes the CPU lock of common.sh,
# and the .txt records the CPU.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"
games=${1:-40}
ms_list=(2 5 10 20)
declare -A method=([random]="" [heuristic]=",rollout=heuristic" [cutoff]=",cutoff=10")
methods=(random heuristic cutoff)
jobs=2

experiment_start strength_vs_time

experiment_header "Sardegna, 2 players, ismcts:ms=M with three leaf values against heuristic, $games games per point"
echo "# commands (each under flock $lock):" >>"$txt"

# Iterations per second of each method from the start position (median of 3 runs of 3000 iterations).
"$nuraghe" new --game sardegna --players 2 --seed 1 >"$tmp/start.json"
echo "method,iterations_per_second" >"$tmp/speed.csv"
for m in "${methods[@]}"; do
  spec="ismcts:iters=3000${method[$m]}"
  echo "#   build/nuraghe analyze --game sardegna --position start.json --bot $spec   (3 runs)" >>"$txt"
  rates=()
  for _ in 1 2 3; do
    rates+=("$(locked "$nuraghe" analyze --game sardegna --position "$tmp/start.json" --bot "$spec" 2>/dev/null | sed -nE '1s/.*\(([0-9]+)\/s\).*/\1/p')")
  done
  median=$(printf '%s\n' "${rates[@]}" | sort -n | sed -n 2p)
  echo "$m,$median" >>"$tmp/speed.csv"
done

echo "method,ms,bot,games,wins,win_rate,win_rate_low,win_rate_high,mean_score,mean_rank,ms_per_move,elo,elo_low,elo_high" >"$csv"
for m in "${methods[@]}"; do
  for ms in "${ms_list[@]}"; do
    cmd=(arena --game sardegna --players 2 --bot "ismcts:iters=0,ms=$ms${method[$m]}" --bot heuristic --games "$games" --seed 1 --jobs "$jobs" --format csv)
    echo "#   build/nuraghe ${cmd[*]}" >>"$txt"
    echo "$name: $m, $ms ms ..." >&2
    locked "$nuraghe" "${cmd[@]}" 2>/dev/null >"$tmp/run.csv"
    tail -n +2 "$tmp/run.csv" | sed "s/^/$m,$ms,/" >>"$csv"
  done
done

python3 - "$csv" "$tmp/speed.csv" "$tmp" >>"$txt" <<'PY'
import csv, sys
rows = list(csv.DictReader(open(sys.argv[1])))
speed = {r["method"]: int(r["iterations_per_second"]) for r in csv.DictReader(open(sys.argv[2]))}
print("\niterations per second from the start position (median of 3 runs of 3000 iterations):")
for m, v in speed.items():
    print(f"  {m:<10} {v:>8}  ({speed['random'] / v:.1f}x the time of a random-rollout iteration)")
print(f"\n{'method':<10} {'ms':>3} {'games':>5} {'wins':>5} {'win rate [95% CI]':>24} {'mean score':>10} {'ms/move':>8}")
for r in rows:
    if not r["bot"].startswith("ismcts"): continue
    wr = f"{100*float(r['win_rate']):.1f}% [{100*float(r['win_rate_low']):.1f}, {100*float(r['win_rate_high']):.1f}]"
    print(f"{r['method']:<10} {r['ms']:>3} {r['games']:>5} {float(r['wins']):>5.1f} {wr:>24} {float(r['mean_score']):>10.2f} {float(r['ms_per_move']):>8.2f}")
print("\nwin rate [95% CI]: the arena's bootstrap over duplicate sets (a deal played with seats swapped).")
for m in ("random", "heuristic", "cutoff"):
    with open(f"{sys.argv[3]}/{m}.dat", "w") as f:
        for r in rows:
            if r["method"] == m and r["bot"].startswith("ismcts"):
                f.write(f"{r['ms']} {100*float(r['win_rate'])} {100*float(r['win_rate_low'])} {100*float(r['win_rate_high'])}\n")
PY

gnuplot <<GP
set terminal pngcairo size 900,600 font "sans,12"
set output "$png"
set title "Sardegna, 2 players: ismcts against the heuristic bot by time per move ($games games per point, 95% CI)"
set xlabel "milliseconds per move (log scale)"
set ylabel "ismcts win rate (%)"
set logscale x
set xrange [1.5:27]
set yrange [0:105]
set xtics (2, 5, 10, 20)
set grid
set key center right
plot 50 with lines dashtype 2 lc rgb "gray40" title "50% (even)", \
     "$tmp/random.dat" using 1:2:3:4 with yerrorlines lw 2 pt 7 lc rgb "#1f77b4" title "random rollouts", \
     "$tmp/heuristic.dat" using (\$1*1.04):2:3:4 with yerrorlines lw 2 pt 5 lc rgb "#d62728" title "heuristic rollouts", \
     "$tmp/cutoff.dat" using (\$1*0.96):2:3:4 with yerrorlines lw 2 pt 9 lc rgb "#2ca02c" title "cutoff=10 + static evaluation"
GP
experiment_finish
