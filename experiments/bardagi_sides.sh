#!/usr/bin/env bash
# Bardagi: Winter against Summer. The heuristic in every seat (--self-play) on each side of the board
# at 2 and 3 players (Winter seats at most 3), the full game, GAMES games each (rounded up to a
# multiple of the seat count: 201 at 3 players), --seed 1. Per side and player count: the game's
# length in decisions, the attack cards played, the points spread (winner minus last), the winner's
# and the mean score, each mean with a 95% bootstrap interval over deals, and Winter minus Summer
# with its interval; the win share by seat with a 95% Wilson interval (Winter's three homes are
# alike up to a rotation, so a seat effect there is the turn order's, not the board's).
#   experiments/bardagi_sides.sh [GAMES]
# Writes experiments/bardagi_sides.{csv,txt,png}; statistics by experiments/bardagi_stats.py.
# Set-up shared with the other experiments in experiments/common.sh: every nuraghe run (a private copy
# of build/nuraghe) takes /tmp/nuraghe-cpu.lock, so it never overlaps a build or another experiment.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"
games=${1:-200}
jobs=2
spec=heuristic

experiment_start bardagi_sides
experiment_header "Bardagi, Winter against Summer, full game, $spec in every seat at 2 and 3 players, about $games games each"
echo "# commands (each under flock $lock):" >>"$txt"

files=()
for n in 2 3; do
  for side in summer winter; do
    g=$(( (games + n - 1) / n * n ))
    cmd=(arena --game bardagi --players "$n" -o "side=$side" --bot "$spec" --self-play --games "$g" --seed 1 --jobs "$jobs" --out "$tmp/$side-${n}p.jsonl")
    echo "#   build/nuraghe ${cmd[*]/#$tmp\//}" >>"$txt"
    echo "$name: $side, $n players, $g games ..." >&2
    rm -f "$tmp/$side-${n}p.jsonl"
    locked "$nuraghe" "${cmd[@]}" >/dev/null
    files+=("$tmp/$side-${n}p.jsonl")
  done
done

{
  echo
  python3 "$root/experiments/bardagi_stats.py" sides "$csv" "$tmp" "${files[@]}"
} >>"$txt"

gnuplot <<EOF
set terminal pngcairo size 1500,520 font "sans,12"
set output "$png"
set multiplot layout 1,3 title "Bardagi, Summer (orange) against Winter (blue), the heuristic in every seat, full game: means with 95% bootstrap intervals over deals"
set grid ytics
set style fill solid 0.75 border -1
set boxwidth 0.8
set xrange [0:6]
set yrange [0:*]
set offsets 0, 0, graph 0.12, 0
set xtics nomirror
set bmargin 4
unset key
set title "game length (decisions, all seats)"
plot "$tmp/side_decisions.dat" using 1:3:6:xtic(strcol(2)."\n".strcol(7)) with boxes lc rgb variable, "" using 1:3:4:5 with yerrorbars lc rgb "black" pt 0 lw 1.5, \
     "" using 1:5:(sprintf("%.0f", \$3)) with labels offset 0,0.8
set title "attack cards played a game (all seats)"
plot "$tmp/side_attacks.dat" using 1:3:6:xtic(strcol(2)."\n".strcol(7)) with boxes lc rgb variable, "" using 1:3:4:5 with yerrorbars lc rgb "black" pt 0 lw 1.5, \
     "" using 1:5:(sprintf("%.1f", \$3)) with labels offset 0,0.8
set title "points spread: winner minus last"
plot "$tmp/side_spread.dat" using 1:3:6:xtic(strcol(2)."\n".strcol(7)) with boxes lc rgb variable, "" using 1:3:4:5 with yerrorbars lc rgb "black" pt 0 lw 1.5, \
     "" using 1:5:(sprintf("%.1f", \$3)) with labels offset 0,0.8
unset multiplot
EOF
experiment_finish
