#!/usr/bin/env bash
# Bardagi: does the seat matter? The heuristic in every seat (--self-play) at 2, 3, 4 and 5 players
# on the Summer side (the only side for 4-5 players), the full game, GAMES games each (rounded up to
# a multiple of the seat count: 201 at 3 players), seats rotated over each deal, --seed 1. Per seat:
# the win share (a win shared by k seats counts 1/k) with a 95% Wilson interval, the mean score and
# how many rounds the seat starts (seat 0 starts round 1; the token passes left each round). Seat p
# plays colour p (red, blue, yellow, green, black), whose home has a fixed place on the board.
#   experiments/bardagi_seat_advantage.sh [GAMES]
# Writes experiments/bardagi_seat_advantage.{csv,txt,png}; statistics by experiments/bardagi_stats.py.
# Set-up shared with the other experiments in experiments/common.sh: every nuraghe run (a private copy
# of build/nuraghe) takes /tmp/nuraghe-cpu.lock, so it never overlaps a build or another experiment.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"
games=${1:-200}
jobs=2
spec=heuristic

experiment_start bardagi_seat_advantage
experiment_header "Bardagi, Summer side, full game, $spec in every seat at 2/3/4/5 players, about $games games each"
echo "# commands (each under flock $lock):" >>"$txt"

files=()
for n in 2 3 4 5; do
  g=$(( (games + n - 1) / n * n ))
  cmd=(arena --game bardagi --players "$n" --bot "$spec" --self-play --games "$g" --seed 1 --jobs "$jobs" --out "$tmp/${n}p.jsonl")
  echo "#   build/nuraghe ${cmd[*]/#$tmp\//}" >>"$txt"
  echo "$name: $n players, $g games ..." >&2
  rm -f "$tmp/${n}p.jsonl"
  locked "$nuraghe" "${cmd[@]}" >/dev/null
  files+=("$tmp/${n}p.jsonl")
done

{
  echo
  python3 "$root/experiments/bardagi_stats.py" seats "$csv" "$tmp" "${files[@]}"
} >>"$txt"

gnuplot <<EOF
set terminal pngcairo size 1500,520 font "sans,12"
set output "$png"
set multiplot layout 1,4 title "Bardagi (Summer, full game), the heuristic in every seat: win share by seat (95% Wilson; dashed: fair share 1/n)"
set ylabel "win share"
set xlabel "seat and colour (0 starts round 1)" offset 0,-1
set bmargin 6
set yrange [0:1]
set grid ytics
set style fill solid 0.7 border -1
set boxwidth 0.6
set key top right
do for [n=2:5] {
  set title sprintf("%d players", n)
  set xrange [-0.6:n-0.4]
  set xtics ("0\nred" 0, "1\nblue" 1, "2\nyellow" 2, "3\ngreen" 3, "4\nblack" 4) font "sans,10"
  plot sprintf("$tmp/seats%d.dat", n) using 1:2 with boxes lc rgb "#1f77b4" notitle, \
       "" using 1:2:3:4 with yerrorbars lc rgb "black" pt 0 lw 1.5 notitle, \
       "" using 1:(\$4+0.03):(sprintf("%.0f%%", 100*\$2)) with labels notitle, \
       1.0/n with lines dashtype 2 lw 2 lc rgb "#d62728" title sprintf("1/%d", n)
}
unset multiplot
EOF
experiment_finish
