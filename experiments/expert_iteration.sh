#!/usr/bin/env bash
# Expert iteration: can a search learn to beat its game's best hand-written spec? For each table
# below, `nuraghe improve` runs generations of labelled self-play (a share of the decisions labelled
# by the best bot so far at ten times its iterations), fits a value model and a softmax policy on the
# game's features, tunes the new bot's PUCT constant and policy temperature against the best bot,
# sets its iterations for the best bot's time a move, and keeps it only
# if the SPRT gate says it is stronger (docs/learning.md, "Expert iteration"). Each generation's Elo
# is measured against a fixed reference near the bot's strength, the game's hand-written spec at
# twice its iterations (the hand-written spec is the run's own first bot, and improve refuses a
# reference equal to it), and plotted against the CPU-hours spent. Last, the last kept generation's
# bot plays the hand-written spec at equal time (calibrated in the same run) on DEALS fresh deals in
# every seating of the fair arena: at 2 players the two face each other; at 3 and 4 they sit beside copies of the heuristic.
# The figure is the learned bot's score against the hand-written one (1 a game it finished above it,
# 1/2 a tie), with its 95% bootstrap interval over deals, as an Elo difference. On Ticket to Ride at
# 2 players the learned bot also plays the strongest playstyle, heuristic:style=route-focus, on the
# same deals (its time a move is in the section).
#   experiments/expert_iteration.sh [DEALS] [CASE...]   (CASE: sardegna-2 ttr-2 ttr-4 bardagi-3)
# Runs take hours and resume: started again with the same command, improve resumes its run folder,
# and the final match its results file (experiments/expert_iteration/CASE/). Commit that folder after
# each generation: git keeps all of it but the self-play data (.gitignore), and a run copied so
# resumes on a new machine. Ticket to Ride and Bardagi fit on each generation's own self-play
# (--window 1), so a resumed run never plays a finished generation's again. The CPU
# time of each improve call that finished is kept in CASE/cpu.csv (a call killed midway is not
# counted: the hours are a lower bound when a run was resumed). The cases run replace their own
# sections of experiments/expert_iteration.txt and rows of expert_iteration.csv.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"
deals=${1:-200}
shift || true
cases=("$@")
[[ ${#cases[@]} -gt 0 ]] || cases=(sardegna-2 ttr-2 ttr-4 bardagi-3)
for c in "${cases[@]}"; do
  [[ " sardegna-2 ttr-2 ttr-4 bardagi-3 " == *" $c "* ]] ||
    { echo "expert_iteration.sh: unknown case $c (sardegna-2 ttr-2 ttr-4 bardagi-3)" >&2; exit 2; }
done
generations=${GENERATIONS:-4}
jobs=$(nproc)
experiment_start expert_iteration
work=$root/experiments/expert_iteration
mkdir -p "$work"
run_line() { echo "# run: $(date -u '+%Y-%m-%d %H:%M UTC'), $(nproc) cores ($(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2- | sed 's/^ *//')); binary: $binary"; }

# study CASE GAME PLAYERS HAND REFERENCE RIVAL IMPROVE_OPTIONS...: HAND is the game's best
# hand-written spec, from which improve starts and to which it gives its models, REFERENCE the fixed
# bot each generation is rated against, RIVAL a bot the last one also plays (or "").
study() {
  local case=$1 game=$2 players=$3 hand=$4 reference=$5 rival=$6 bot=$4
  shift 6
  local dir=$work/$case
  mkdir -p "$dir"
  local t0=$SECONDS
  local cmd=(improve -g "$game" -p "$players" --bot "$bot" --reference "$reference" --label-rate 0.2 --expert-budget 10
             --policy logistic --inputs features --model logistic --with-evaluate --tune cpuct=0.25:4
             --tune prior_temperature=0.25:4 --equal-time --seed 1 -j "$jobs" "$@")
  # One generation a call, so that each finished call's CPU time is the generation's.
  local g
  for ((g = 1; g <= generations; g++)); do
    if [[ -f $dir/run/generations.csv ]] && awk -F, -v g="$g" '$1 == g {found = 1} END {exit !found}' "$dir/run/generations.csv"; then
      continue
    fi
    echo "$name: $case: generation $g ..." >&2
    local TIMEFORMAT='%3U %3S'
    { time locked "$nuraghe" "${cmd[@]}" --generations "$g" --out "$dir/run" >"$dir/improve-$g.txt" 2>&1; } 2>"$dir/cpu.part"
    read -r user sys <"$dir/cpu.part"
    echo "$g,$(echo "$user + $sys" | bc)" >>"$dir/cpu.csv"
  done
  local best kept=yes
  best=$(tail -1 "$dir/run/generations.csv" | sed 's/.*,"\(.*\)"$/\1/')
  if [[ $best == "$bot" ]]; then  # no generation kept: the last one's new bot plays the match
    kept=no
    best=$(head -1 "$dir/run/gen-$generations/gate.jsonl" | python3 -c 'import json, sys; print(json.load(sys.stdin)["bots"][0])')
  fi
  # The final match: the last kept bot against the hand-written spec at equal time, calibrated here
  # (the chain of calibrations started from BOT, not HAND), on fresh deals.
  local others=() seatings
  if ((players > 2)); then others=(--fill heuristic); fi
  seatings=$((players == 4 ? 12 : players * (players - 1)))
  local calibration_games=$(( (players * 10 + seatings - 1) / seatings * seatings ))
  local iters
  iters=$(echo "$best" | sed -n 's/.*iters=\([0-9]*\).*/\1/p')
  if [[ ! -f $dir/calibration.txt ]]; then
    rm -f "$dir/results.jsonl"
    locked "$nuraghe" arena -g "$game" -p "$players" --bots "$hand,$best" "${others[@]}" -n "$calibration_games" \
      --seed 1000 -j 1 --format json >"$dir/calibration.json"
    # The learned bot's iterations for the hand-written spec's time a move.
    python3 "$root/experiments/learned_eval.py" calibrate "$dir/calibration.json" "$hand" "$best" "$iters" \
      >"$dir/calibration.txt.part"
    mv "$dir/calibration.txt.part" "$dir/calibration.txt"
  fi
  local learned_iters ms_hand ms_learned learned
  read -r learned_iters ms_hand ms_learned <"$dir/calibration.txt"
  learned=$(echo "$best" | sed "s/iters=[0-9]*/iters=$learned_iters/")
  echo "$name: $case: the match, $((deals * seatings)) games ..." >&2
  locked "$nuraghe" arena -g "$game" -p "$players" --bots "$hand,$learned" "${others[@]}" -n $((deals * seatings)) \
    --seed 2 -j "$jobs" --out "$dir/results.jsonl" >"$dir/arena.txt"
  local line rival_line=
  line=$(python3 "$root/experiments/learned_eval.py" compare "$dir/results.jsonl" "$hand" "$learned" 1)
  if [[ -n $rival ]]; then  # the same deals against a playstyle (the score is "learned above it")
    echo "$name: $case: against $rival, $((deals * seatings)) games ..." >&2
    locked "$nuraghe" arena -g "$game" -p "$players" --bots "$rival,$learned" -n $((deals * seatings)) \
      --seed 2 -j "$jobs" --out "$dir/rival.jsonl" >"$dir/rival-arena.txt"
    rival_line=$(python3 "$root/experiments/learned_eval.py" compare "$dir/rival.jsonl" "$rival" "$learned" 1)
  fi
  python3 "$root/experiments/expert_iteration.py" curve "$dir/run/generations.csv" "$dir/cpu.csv" >"$dir/curve.dat"
  {
    echo "## $game, $players players"
    run_line
    echo "# build/nuraghe ${cmd[*]} --generations $generations --out run"
    echo "# generations (CPU hours: of the improve calls that finished, summed; Elo against $reference):"
    python3 "$root/experiments/expert_iteration.py" table "$dir/run/generations.csv" "$dir/cpu.csv"
    echo "calibration ($calibration_games games at $iters iterations, one job): hand $ms_hand ms/move, learned $ms_learned ms/move -> learned iters=$learned_iters"
    echo "# build/nuraghe arena -g $game -p $players --bots \"$hand,$learned\"${others[*]:+ ${others[*]}} -n $((deals * seatings)) --seed 2"
    cat "$dir/arena.txt"
    [[ $kept == yes ]] || echo "no generation was kept: the match plays generation $generations's new bot, which its gate rejected"
    echo "learned against hand-written: $line"
    python3 "$root/experiments/learned_eval.py" moves "$dir/results.jsonl" "$hand" "$learned"
    if [[ -n $rival ]]; then
      echo "# build/nuraghe arena -g $game -p $players --bots \"$rival,$learned\" -n $((deals * seatings)) --seed 2"
      cat "$dir/rival-arena.txt"
      echo "learned against $rival: $rival_line"
    fi
    echo "# case wall time: $((SECONDS - t0)) s (of the run that finished it, when it was resumed)"
  } | sed "s|$dir/||g" >"$dir/section.txt"
  python3 "$root/experiments/expert_iteration.py" row "$case" "$dir/run/generations.csv" "$dir/cpu.csv" "$line" \
    >"$dir/row.csv"
  gnuplot -e "set terminal pngcairo size 800,500; set output '$root/experiments/expert_iteration_$case.png'; \
    set title 'expert iteration, $game at $players players: Elo against $reference'; \
    set xlabel 'CPU hours'; set ylabel 'Elo [95%]'; set key off; set grid; \
    plot '$dir/curve.dat' using 1:2:3:4 with yerrorlines lw 2 pt 7"
}

hand_ttr="ismcts:iters=200,prune=on,rollout=heuristic,epsilon=0,cutoff=20,bias=10"
hand_bardagi="mo-ismcts:iters=200,rollout=heuristic,cutoff=20,prune=on,bias=10"
# Each study starts from the game's hand-written spec, progressive bias included: bias= raises the
# heuristic's move in PUCT beside the learned policy (docs/search.md, "Priors and PUCT"), and without
# it Ticket to Ride's first bot was 656 Elo weaker (experiments/README.md).
for c in "${cases[@]}"; do
  case $c in
    sardegna-2) study "$c" sardegna 2 "ismcts:iters=300,cutoff=leaf" "ismcts:iters=600,cutoff=leaf" "" \
      --games 2000 --every 4 --max-deals 300 --reference-games 200 --tune-budget 400 ;;
    ttr-2) study "$c" ttr 2 "$hand_ttr" "${hand_ttr/iters=200/iters=400}" "heuristic:style=route-focus" \
      --games 400 --every 5 --window 1 --max-deals 150 --reference-games 100 --tune-budget 160 ;;
    ttr-4) study "$c" ttr 4 "$hand_ttr" "${hand_ttr/iters=200/iters=400}" "" \
      --games 200 --every 5 --window 1 --max-deals 30 --reference-games 48 --tune-budget 192 ;;
    bardagi-3) study "$c" bardagi 3 "$hand_bardagi" "${hand_bardagi/iters=200/iters=400}" "" \
      --games 300 --every 5 --window 1 --max-deals 40 --reference-games 60 --tune-budget 144 ;;
  esac
done
python3 "$root/experiments/expert_iteration.py" assemble "$txt" "$csv" "$work" "${cases[@]}"
cat "$txt"
echo "$name: wrote $csv $txt and the plots" >&2
