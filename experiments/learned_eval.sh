#!/usr/bin/env bash
# Does a learned evaluation help? For each game below: heuristic self-play
# (`nuraghe selfplay`), a logistic model of the returns that also reads the hand-written
# evaluation (`nuraghe learn --with-evaluate`: it learns corrections to it; its held-out figures
# next to the hand-written evaluation's), then the game's best current search spec, which cuts
# its rollouts off with the hand-written evaluation (Sardegna's at the leaf), against the same spec
# with `eval=` the model in its place. The learned spec's iterations are set so that both take the same time a move: one
# calibration arena at equal iterations gives the two ms/move (reported), and the learned spec
# gets iterations x (hand ms / learned ms). Then the match on DEALS fresh deals, each in its
# n (n - 1) seatings at n players: at 2 players the two specs face each other; at 3 and 4 they sit
# in one seat each beside copies of the heuristic (--fill heuristic). The figure: the learned spec's
# score against the hand-written one (1 a game it finished above it, 1/2 a tie) with its 95%
# bootstrap interval over deals, as an Elo difference.
# Last, the generation curve of `nuraghe improve` on Sardegna, plotted.
#   experiments/learned_eval.sh [DEALS] [CASE...]   (CASE: sardegna-2 ttr-2 ttr-4 bardagi-3 curve)
# The cases run replace their own sections of experiments/learned_eval.txt (each section names its
# date and binary) and their rows of learned_eval.csv; the other cases' sections are kept as they
# were, so one case can be rerun alone. A killed run resumes where it stopped when given the same
# command: the data, the model, the calibration and the arena's results file of a case are kept in
# experiments/learned_eval/CASE/ (not committed: the same command makes them again) and each step
# that finished is not run again.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"
deals=${1:-200}
shift || true
cases=("$@")
[[ ${#cases[@]} -gt 0 ]] || cases=(sardegna-2 ttr-2 ttr-4 bardagi-3 curve)
for c in "${cases[@]}"; do
  [[ " sardegna-2 ttr-2 ttr-4 bardagi-3 curve " == *" $c "* ]] ||
    { echo "learned_eval.sh: unknown case $c (sardegna-2 ttr-2 ttr-4 bardagi-3 curve)" >&2; exit 2; }
done
jobs=$(nproc)
experiment_start learned_eval
work=$root/experiments/learned_eval
mkdir -p "$work"
# Each case writes its section to $work/CASE/section.txt and its row to $work/CASE/row.csv; at the
# end learned_eval.py assemble puts them in place of the same cases' sections and rows of the
# committed files.
run_line() { echo "# run: $(date -u '+%Y-%m-%d %H:%M UTC'), $(nproc) cores ($(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2- | sed 's/^ *//')); binary: $binary"; }

# study GAME PLAYERS DATA_GAMES ALGORITHM ITERS SPEC: the hand-written spec is ALGORITHM:iters=ITERS,SPEC.
study() {
  local game=$1 players=$2 data_games=$3 algorithm=$4 iters=$5 spec=$6
  local dir=$work/$game-$players
  mkdir -p "$dir"
  local hand="$algorithm:iters=$iters,$spec"
  local t0=$SECONDS
  echo "$name: $game, $players players: self-play ..." >&2
  # The data is whole once its manifest's chunks reach the last game (a run killed in its self-play
  # leaves a manifest of the chunks so far, which selfplay resumes).
  python3 -c 'import json, sys; m = json.load(open(sys.argv[1])); c = m["chunks"]
sys.exit(0 if m["games"] == int(sys.argv[2]) and c and c[-1]["games"][1] == m["games"] else 1)' \
    "$dir/data/manifest.json" "$data_games" 2>/dev/null ||
    locked "$nuraghe" selfplay -g "$game" -p "$players" --bots heuristic -n "$data_games" --every 5 -j "$jobs" \
      --seed 1 --out "$dir/data" >/dev/null
  # A model counts once learn has finished (learn.txt in place); a new model voids the calibration
  # and the results played with the old one.
  if [[ ! -f $dir/learn.txt || ! -f $dir/model.json ]]; then
    rm -f "$dir/model.json" "$dir/calibration.txt" "$dir/results.jsonl"
    locked "$nuraghe" learn --data "$dir/data" --model logistic --with-evaluate --target returns --seed 1 --threads "$jobs" \
      --out "$dir/model.json" >"$dir/learn.txt.part"
    mv "$dir/learn.txt.part" "$dir/learn.txt"
  fi
  local learned_at_equal="$algorithm:iters=$iters,$spec,eval=$dir/model.json"
  # The seats beside the two specs: copies of the heuristic (fill.1, fill.2), from 3 players on.
  local others=() bots
  if ((players > 2)); then others=(--fill heuristic); fi
  # A deal is played in its n (n - 1) seatings; the calibration plays about 10 games a seat, rounded
  # up to whole deals.
  local seatings=$((players * (players - 1)))
  local calibration_games=$(( (players * 10 + seatings - 1) / seatings * seatings ))
  bots="$hand,$learned_at_equal"
  # The calibration is timed, so it differs from run to run: a resumed run keeps the one its
  # results file was played with.
  if [[ ! -f $dir/calibration.txt ]]; then
    rm -f "$dir/results.jsonl"
    locked "$nuraghe" arena -g "$game" -p "$players" --bots "$bots" "${others[@]}" -n "$calibration_games" --seed 1000 \
      -j 1 --format json >"$dir/calibration.json"
    python3 "$root/experiments/learned_eval.py" calibrate "$dir/calibration.json" "$hand" "$learned_at_equal" "$iters" \
      >"$dir/calibration.txt.part"
    mv "$dir/calibration.txt.part" "$dir/calibration.txt"
  fi
  local calibration learned_iters ms_hand ms_learned
  calibration=$(cat "$dir/calibration.txt")
  read -r learned_iters ms_hand ms_learned <<<"$calibration"
  local learned="$algorithm:iters=$learned_iters,$spec,eval=$dir/model.json"
  bots="$hand,$learned"
  echo "$name: $game, $players players: $((deals * seatings)) games ..." >&2
  # An existing results file is resumed (the arena plays only the games it lacks).
  locked "$nuraghe" arena -g "$game" -p "$players" --bots "$bots" "${others[@]}" -n $((deals * seatings)) --seed 2 \
    -j "$jobs" --out "$dir/results.jsonl" >"$dir/arena.txt"
  local line
  line=$(python3 "$root/experiments/learned_eval.py" compare "$dir/results.jsonl" "$hand" "$learned" 1)
  {
    echo "## $game, $players players"
    run_line
    echo "# build/nuraghe selfplay -g $game -p $players --bots heuristic -n $data_games --every 5 --seed 1 --out data"
    echo "# build/nuraghe learn --data data --model logistic --with-evaluate --target returns --seed 1 --out model.json"
    grep -E "rows|held out|learned|hand-written" "$dir/learn.txt" | sed 's/^/  /'
    echo "calibration ($calibration_games games at $iters iterations each, one job): hand $ms_hand ms/move, learned $ms_learned ms/move -> learned iters=$learned_iters"
    echo "# build/nuraghe arena -g $game -p $players --bots \"$bots\"${others[*]:+ ${others[*]}} -n $((deals * seatings)) --seed 2"
    cat "$dir/arena.txt"
    echo "learned against hand-written: $line"
    echo "# case wall time: $((SECONDS - t0)) s (of the run that finished it, when it was resumed)"
  } | sed "s|$dir/||g" >"$dir/section.txt"
  python3 - "$dir/row.csv" "$game" "$players" "$dir/learn.txt" "$iters" "$learned_iters" "$line" <<'PYTHON'
import re, sys
csv, game, players, learn, iters, learned_iters, line = sys.argv[1:]
text = open(learn).read()
def logloss(label):  # the first figure of its row in learn's table of held-out figures
    m = re.search(r"^ +" + label + r" +\S+ +([0-9.]+)", text, re.M)
    return m.group(1) if m else ""
rows = re.search(r"([0-9,]+) rows", text)
nums = re.findall(r"[-+]?[0-9]+\.?[0-9]*", line)
games, deals, score, lo, hi, elo, elo_lo, elo_hi, ms_h, ms_l = nums[:10]
with open(csv, "w") as f:
    f.write(",".join([game, players, rows.group(1).replace(",", "") if rows else "", logloss("learned"), logloss("hand-written"),
                      iters, learned_iters, ms_h, ms_l, games, deals, score, lo, hi, elo, elo_lo, elo_hi]) + "\n")
PYTHON
}

# The generation curve: `nuraghe improve` on Sardegna at 2 players, Elo against the heuristic.
curve() {
  local dir=$work/curve
  local cmd=(improve -g sardegna -p 2 --bot "ismcts:iters=200,cutoff=leaf" --model logistic --with-evaluate
             --generations 4 --games 2000 --every 5 --reference heuristic --reference-games 200 --max-deals 200
             --seed 1 -j "$jobs")
  echo "$name: improve, sardegna ..." >&2
  local t0=$SECONDS
  # improve resumes its own run folder (docs/learning.md).
  locked "$nuraghe" "${cmd[@]}" --out "$dir" >"$work/curve.txt" 2>&1
  {
    echo "## generations (build/nuraghe ${cmd[*]} --out curve)"
    run_line
    cat "$dir/generations.csv"
    echo "# case wall time: $((SECONDS - t0)) s (of the run that finished it, when it was resumed)"
  } >"$dir/section.txt"
  gnuplot -e "set terminal pngcairo size 800,500; set output '$png'; set datafile separator ','; \
    set title 'nuraghe improve, Sardegna 2 players: Elo against the heuristic by generation'; \
    set xlabel 'generation'; set ylabel 'Elo against heuristic [95%]'; set key off; set grid; set xtics 1; \
    plot '$dir/generations.csv' skip 1 using 1:11:12:13 with yerrorlines lw 2 pt 7"
}

for c in "${cases[@]}"; do
  case $c in
    sardegna-2) study sardegna 2 16000 ismcts 300 cutoff=leaf ;;
    ttr-2) study ttr 2 8000 ismcts 200 "prune=on,rollout=heuristic,epsilon=0,cutoff=20,bias=10" ;;
    ttr-4) study ttr 4 4000 ismcts 200 "prune=on,rollout=heuristic,epsilon=0,cutoff=20,bias=10" ;;
    bardagi-3) study bardagi 3 1200 mo-ismcts 200 "rollout=heuristic,cutoff=20,prune=on,bias=10" ;;
    curve) curve ;;
  esac
done
python3 "$root/experiments/learned_eval.py" assemble "$txt" "$csv" "$work" "${cases[@]}"
cat "$txt"
echo "$name: wrote $csv $txt${png:+ $png}" >&2
