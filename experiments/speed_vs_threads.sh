#!/usr/bin/env bash
# Search speed (iterations per second) against threads 1, 2, 4 for parallel=root and parallel=tree,
# on two start positions: Sardegna 2 players (ismcts:iters=40000) and Connect Four
# (uct:iters=400000). Every configuration is searched REPS times (default 3); the median is reported,
# with the fastest and slowest run as the range. Writes experiments/speed_vs_threads.{csv,txt,png}.
#   experiments/speed_vs_threads.sh [REPS]
# Set-up shared with the other experiments in experiments/common.sh: every nuraghe run (a private copy
# of build/nuraghe) takes /tmp/nuraghe-cpu.lock, so it never overlaps a build on the shared machine.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"
reps=${1:-3}
threads_list=(1 2 4)
modes=(root tree)

experiment_start speed_vs_threads

declare -A base=([sardegna]="ismcts:iters=40000" [connect4]="uct:iters=400000")
games=(sardegna connect4)

experiment_header "search iterations per second against threads, root and tree parallelism, $reps runs each (median)"
{
  echo "# NOTE: a shared, noisy VM (2 cores, another engineer works on it); each run holds $lock, so no build runs"
  echo "# at the same time, but other load is not excluded. 4 threads on 2 cores is oversubscribed on purpose."
  echo "# commands (each under flock $lock):"
  for g in "${games[@]}"; do
    echo "#   build/nuraghe new --game $g --players 2 --seed 1 > $g.json"
  done
  for g in "${games[@]}"; do
    echo "#   build/nuraghe analyze --game $g --position $g.json --seed 1 --bot ${base[$g]},threads=T,parallel=P   (T in ${threads_list[*]}, P in ${modes[*]}, x$reps)"
  done
  echo
  echo "# raw first lines of analyze, in run order:"
} >>"$txt"

echo "game,mode,threads,rep,iterations,seconds,iters_per_s" >"$tmp/runs.csv"
for g in "${games[@]}"; do
  "$nuraghe" new --game "$g" --players 2 --seed 1 >"$tmp/$g.json"
done
# Repetitions outermost, so a burst of outside load hits one run of many configurations rather
# than every run of one configuration.
for rep in $(seq 1 "$reps"); do
  for g in "${games[@]}"; do
    for mode in "${modes[@]}"; do
      for t in "${threads_list[@]}"; do
        spec="${base[$g]},threads=$t,parallel=$mode"
        out=$(locked "$nuraghe" analyze --game "$g" --position "$tmp/$g.json" --seed 1 --bot "$spec")
        line=${out%%$'\n'*}
        echo "#   [$g rep $rep] $line" >>"$txt"
        echo "$name: $g $line" >&2
        # "...: 40000 iterations in 1.268 s (31557/s), tree ..."
        its=$(sed -E 's/.*: ([0-9]+) iterations in ([0-9.]+) s.*/\1/' <<<"$line")
        secs=$(sed -E 's/.*: ([0-9]+) iterations in ([0-9.]+) s.*/\2/' <<<"$line")
        echo "$g,$mode,$t,$rep,$its,$secs,$(python3 -c "print(round($its/$secs))")" >>"$tmp/runs.csv"
      done
    done
  done
done

python3 - "$tmp/runs.csv" "$csv" "$tmp" >>"$txt" <<'EOF'
import csv, statistics, sys
runs = list(csv.DictReader(open(sys.argv[1])))
groups = {}
for r in runs:
    groups.setdefault((r["game"], r["mode"], int(r["threads"])), []).append(int(r["iters_per_s"]))
with open(sys.argv[2], "w") as f:
    f.write("game,mode,threads,runs,median_iters_per_s,min_iters_per_s,max_iters_per_s,speedup_vs_1_thread,all_runs\n")
    print()
    print(f"{'game':<9} {'mode':<5} {'threads':>7} {'median it/s':>12} {'min':>10} {'max':>10} {'speedup':>8}")
    for (g, m, t), v in groups.items():
        one = statistics.median(groups[(g, m, 1)])
        med = statistics.median(v)
        f.write(f"{g},{m},{t},{len(v)},{med:.0f},{min(v)},{max(v)},{med/one:.2f},{' '.join(map(str, v))}\n")
        print(f"{g:<9} {m:<5} {t:>7} {med:>12.0f} {min(v):>10} {max(v):>10} {med/one:>7.2f}x")
        with open(f"{sys.argv[3]}/{g}_{m}.dat", "a") as d:
            d.write(f"{t} {med} {min(v)} {max(v)}\n")
print("\nspeedup: median iterations/s over the median of the same game and mode at 1 thread")
EOF

gnuplot <<EOF
set terminal pngcairo size 1200,550 font "sans,12"
set output "$png"
set multiplot layout 1,2 title "Search speed against threads (2-core shared VM; median of $reps runs, bars: min-max)"
set xlabel "threads"
set ylabel "thousand iterations per second"
set logscale x 2
set xrange [0.8:5]
set xtics (1, 2, 4)
set yrange [0:*]
set grid
set key bottom right
set title "Sardegna, 2 players, start (ismcts:iters=40000)"
plot "$tmp/sardegna_root.dat" using 1:(\$2/1000):(\$3/1000):(\$4/1000) with yerrorlines lw 2 pt 7 lc rgb "#1f77b4" title "parallel=root", \
     "$tmp/sardegna_tree.dat" using 1:(\$2/1000):(\$3/1000):(\$4/1000) with yerrorlines lw 2 pt 5 lc rgb "#d62728" title "parallel=tree"
set title "Connect Four, start (uct:iters=400000)"
plot "$tmp/connect4_root.dat" using 1:(\$2/1000):(\$3/1000):(\$4/1000) with yerrorlines lw 2 pt 7 lc rgb "#1f77b4" title "parallel=root", \
     "$tmp/connect4_tree.dat" using 1:(\$2/1000):(\$3/1000):(\$4/1000) with yerrorlines lw 2 pt 5 lc rgb "#d62728" title "parallel=tree"
unset multiplot
EOF
experiment_finish
