#!/usr/bin/env bash
# Bardagi: which upgrade tiles winners buy and which nobody buys. Two sources of games:
#   1. the heuristic in every seat (--self-play) at 3 players, Summer side, full game, GAMES games
#      (default 300: 100 deals in their 3 seatings), --seed 1;
#   2. the games of the search experiment (mo-ismcts at 2,000 iterations in one seat against the
#      heuristic in two), SEARCH_RESULTS, by default experiments/bardagi_mo_ismcts_vs_heuristic.jsonl
#      (written by experiments/bardagi_mo_ismcts_vs_heuristic.sh); optional: when the file is missing
#      (or given as "none") this part is skipped and the .txt says so.
# Per tile: the share of the games in which it is face up in a buy phase, and of the buy phases;
# buys per game and per buy phase it is face up in; the share of winner seat-games (rank 1) and of the
# other seat-games in which that seat bought it, with 95% Wilson intervals; and, for the search games,
# by each bot. Which tiles are face up comes from replaying each game's buys on its deal's stacks
# (`nuraghe new --seed DEALSEED` gives the arena's setup); the .txt reports that every buy was of a
# face-up tile.
#   experiments/bardagi_upgrades.sh [SEARCH_RESULTS|none] [GAMES]
# Writes experiments/bardagi_upgrades.{csv,txt,png}; statistics by experiments/bardagi_stats.py.
# Set-up shared with the other experiments in experiments/common.sh: every nuraghe run (a private copy
# of build/nuraghe) takes /tmp/nuraghe-cpu.lock, so it never overlaps a build or another experiment.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"
search=${1:-$root/experiments/bardagi_mo_ismcts_vs_heuristic.jsonl}
games=${2:-300}
jobs=2

experiment_start bardagi_upgrades
experiment_header "Bardagi, upgrade tiles bought: heuristic self-play at 3 players ($games games) and the search experiment's games"
echo "# commands (each under flock $lock):" >>"$txt"

cmd=(arena --game bardagi --players 3 --bot heuristic --self-play --games "$games" --seed 1 --jobs "$jobs" --out "$tmp/selfplay.jsonl")
echo "#   build/nuraghe ${cmd[*]/#$tmp\//}" >>"$txt"
echo "$name: heuristic self-play, $games games ..." >&2
locked "$nuraghe" "${cmd[@]}" >/dev/null
sources=("heuristic self-play, 3 players=$tmp/selfplay.jsonl")

if [[ $search != none && -s $search ]]; then
  # A copy, so that a run still appending to it cannot change the file between the two reads.
  cp "$search" "$tmp/search.jsonl"
  echo "# search games: $search ($(($(wc -l <"$tmp/search.jsonl") - 1)) games, sha256 $(sha256sum "$tmp/search.jsonl" | cut -c1-16))" >>"$txt"
  sources+=("search games: mo-ismcts against 2 heuristics=$tmp/search.jsonl")
else
  echo "# search games: $search not found (or 'none'): that part is skipped; rerun this script once it exists" >>"$txt"
fi

# Each deal's setup (its upgrade stacks), `nuraghe new` with the file's players and options.
mkdir -p "$tmp/stacks"
for source in "${sources[@]}"; do
  python3 - "${source#*=}" >"$tmp/new.args" <<'EOF'
import json, sys
lines = open(sys.argv[1]).read().splitlines()
header = json.loads(lines[0])
opts = " ".join(f"-o {k}={v}" for k, v in sorted(header["options"].items()))
for seed in sorted({json.loads(l)["seed"] for l in lines[1:] if l.strip()}):
    print(f"{seed} {header['players']} {opts}".strip())
EOF
  echo "#   build/nuraghe new --game bardagi --players P --seed DEALSEED [-o KEY=VALUE] for the $(wc -l <"$tmp/new.args") deals of ${source%%=*}" >>"$txt"
  locked bash -c 'while read -r seed players opts; do "$1" new --game bardagi --players "$players" --seed "$seed" $opts >"$2/$seed.json"; done <"$3"' \
    _ "$nuraghe" "$tmp/stacks" "$tmp/new.args"
done

{
  echo
  NURAGHE="$nuraghe" python3 "$root/experiments/bardagi_stats.py" upgrades "$csv" "$tmp" "$root/lib/games/bardagi/tiles.json" "$tmp/stacks" "${sources[@]}"
} >>"$txt"

panels=${#sources[@]}
gnuplot <<EOF
set terminal pngcairo size 1600,$((560 * panels)) font "sans,11"
set output "$png"
set multiplot layout $panels,1
set style fill solid 0.8 border -1
set boxwidth 0.38
set grid ytics
set yrange [0:1.15]
set xrange [-0.7:29.7]
set ylabel "share of seat-games (95% Wilson)"
set xtics rotate by 40 right font "sans,9" nomirror
set key below horizontal
set arrow 1 from 14.5, graph 0 to 14.5, graph 1 nohead dashtype 2 lc rgb "gray40"
set label 1 "small tiles (cost 1 gold, 2 timber, 1 iron; 3 glory)" at 0, graph 0.96 font "sans,10"
set label 2 "large tiles (cost 2 gold, 2 stone, 2 iron; 5 glory)" at 15, graph 0.96 font "sans,10"
array titles[$panels] = [$(printf '"%s",' "${sources[@]%%=*}" | sed 's/,$//')]
do for [i=0:$((panels - 1))] {
  set title sprintf("Bardagi, %s: who bought each upgrade tile", titles[i + 1])
  f = sprintf("$tmp/upgrades%d.dat", i)
  plot f using (\$1-0.2):3 with boxes lc rgb "#2ca02c" title "bought by the winner", \
       f using (\$1-0.2):3:4:5 with yerrorbars lc rgb "black" pt 0 lw 1 notitle, \
       f using (\$1+0.2):6:xtic(2) with boxes lc rgb "#999999" title "bought by another seat", \
       f using (\$1+0.2):6:7:8 with yerrorbars lc rgb "black" pt 0 lw 1 notitle, \
       f using 1:9 with points pt 7 ps 1 lc rgb "#d62728" title "face up in a buy phase (share of games)"
}
unset multiplot
EOF
experiment_finish
