#!/usr/bin/env bash
# `nuraghe improve` on Connect Four, small: two generations of self-play, fit and SPRT gate, each
# generation's files kept and a table of Elo against the reference; the same run started again
# (after a kill, or to add a generation, under any spelling of its folder) keeps what was played;
# bad settings refused with one line, before any game.
# Usage: improve_cli_test.sh path/to/nuraghe
set -u
nuraghe=$(realpath "$1")  # absolute: some runs start from another folder
source "$(dirname "${BASH_SOURCE[0]}")/cli_helpers.sh"

run_args=(improve -g connect4 --bot uct:iters=40 --games 20 --every 2 --max-deals 6 --reference random
          --reference-games 10 --seed 4 -j 2)
args=("${run_args[@]}" --out "$tmp/run")
"$nuraghe" "${args[@]}" --generations 2 >"$tmp/first.out" 2>&1 || bad "improve failed: $(tail -5 "$tmp/first.out")"
for f in improve.json gen-0/reference.jsonl gen-1/data/manifest.json gen-1/model.json gen-1/gate.jsonl \
  gen-1/reference.jsonl gen-2/model.json gen-2/gate.jsonl generations.csv; do
  [[ -s $tmp/run/$f ]] && ok || bad "no $f"
done
[[ $(head -1 "$tmp/run/generations.csv") == generation,rows,model_hash,policy_hash,ms_candidate,ms_best,gate_deals,* ]] && ok || bad "generations.csv header"
[[ $(wc -l <"$tmp/run/generations.csv") -eq 4 ]] && ok || bad "generations.csv: not a row for generations 0-2"
# Generation 2 learns from the data of both generations.
rows1=$(awk -F, '$1 == 1 {print $2}' "$tmp/run/generations.csv") rows2=$(awk -F, '$1 == 2 {print $2}' "$tmp/run/generations.csv")
(( rows2 > rows1 && rows1 > 0 )) && ok || bad "generation 2 fitted on $rows2 rows, generation 1 on $rows1"
# The gate's verdict is the SPRT's of its results file, and a rejected model is not the best bot.
awk -F, 'NR > 2 { if (($9 == "H1") != ($10 == "yes")) bad = 1 } END { exit bad }' "$tmp/run/generations.csv" && ok ||
  bad "a gate kept a model without H1, or rejected one with it"

# A killed run: generation 2's model and gate gone; started again, it ends as the unbroken run.
cp "$tmp/run/generations.csv" "$tmp/unbroken.csv"
rm "$tmp/run/gen-2/model.json" "$tmp/run/gen-2/gate.jsonl" "$tmp/run/generations.csv"
"$nuraghe" "${args[@]}" --generations 2 >/dev/null 2>&1 || bad "the resumed run failed"
cmp -s "$tmp/unbroken.csv" "$tmp/run/generations.csv" && ok || bad "the resumed run's table differs from the unbroken one's"
# One generation more: the first two are not played again.
"$nuraghe" "${args[@]}" --generations 3 >/dev/null 2>&1 || bad "a third generation failed"
[[ $(head -3 "$tmp/run/generations.csv") == "$(head -3 "$tmp/unbroken.csv")" && $(wc -l <"$tmp/run/generations.csv") -eq 5 ]] &&
  ok || bad "adding a generation changed the earlier ones"

# The run without its self-play (its data folders left out, as the study commits it): a fourth
# generation plays the finished generations' self-play again, the same games from the same seeds,
# for its fit on all of them; their rows in the table do not change.
mkdir "$tmp/data-kept" && for g in 1 2 3; do mv "$tmp/run/gen-$g/data" "$tmp/data-kept/gen-$g"; done
cp "$tmp/run/generations.csv" "$tmp/three.csv"
"$nuraghe" "${run_args[@]}" --generations 4 --out "$tmp/run" >"$tmp/four.out" 2>&1 || bad "a run without its data: $(tail -3 "$tmp/four.out")"
[[ $(grep -c "self-play of" "$tmp/four.out") -eq 4 ]] && ok || bad "a run without its data, on all of it: not 4 self-plays: $(grep "self-play of" "$tmp/four.out")"
cmp -s "$tmp/data-kept/gen-1/manifest.json" "$tmp/run/gen-1/data/manifest.json" &&
  cmp -s "$tmp/data-kept/gen-2/chunk-00000/observation.npy" "$tmp/run/gen-2/data/chunk-00000/observation.npy" && ok ||
  bad "the self-play played again differs from the first"
[[ $(head -4 "$tmp/run/generations.csv") == "$(head -4 "$tmp/three.csv")" ]] && ok ||
  bad "a run without its data changed its finished generations' rows"

# --window 1: each generation fits on its own self-play alone (fit.json names it), and a copy
# without its data plays no finished generation's self-play again.
"$nuraghe" "${run_args[@]}" --window 1 --generations 2 --out "$tmp/window" >/dev/null 2>&1 || bad "improve --window 1 failed"
grep -q '"window": 1' "$tmp/window/improve.json" && ok || bad "--window: not in the run's identity"
python3 -c 'import json, sys; f = json.load(open(sys.argv[1])); assert f["data"] == ["gen-2/data"] and f["rows"] > 0, f' \
  "$tmp/window/gen-2/fit.json" && ok || bad "--window 1: generation 2's fit.json: $(cat "$tmp/window/gen-2/fit.json")"
python3 -c 'import json, sys; f = json.load(open(sys.argv[1])); assert f["data"] == ["gen-1/data", "gen-2/data"], f' \
  "$tmp/run/gen-2/fit.json" && ok || bad "all the data: generation 2's fit.json: $(cat "$tmp/run/gen-2/fit.json")"
rows2=$(awk -F, '$1 == 2 {print $2}' "$tmp/window/generations.csv")
[[ $rows2 -eq $(python3 -c 'import json, sys; print(json.load(open(sys.argv[1]))["rows"])' "$tmp/window/gen-2/fit.json") ]] && ok ||
  bad "--window 1: generations.csv's rows $rows2 are not fit.json's"
rm -rf "$tmp/window"/gen-*/data
"$nuraghe" "${run_args[@]}" --window 1 --generations 3 --out "$tmp/window" >"$tmp/window.out" 2>&1 || bad "a --window 1 run without its data: $(tail -3 "$tmp/window.out")"
[[ $(grep "self-play of" "$tmp/window.out" | grep -c .) -eq 1 && ! -e $tmp/window/gen-1/data && ! -e $tmp/window/gen-2/data ]] && ok ||
  bad "a --window 1 run without its data played its finished self-play again: $(grep "self-play of" "$tmp/window.out")"

# One folder is one run, however --out spells it: started again as ./run, run/ or from its own
# parent, the finished run resumes and plays nothing.
sums() { (cd "$tmp/run" && find . -type f | sort | xargs md5sum); }
sums >"$tmp/before.sums"
for spelling in "$tmp/./run" "$tmp/run/" run; do
  (cd "$tmp" && "$nuraghe" "${run_args[@]}" --generations 4 --out "$spelling" >/dev/null 2>"$tmp/stderr") &&
    ok || bad "the run under --out $spelling: $(cat "$tmp/stderr")"
done
sums | cmp -s - "$tmp/before.sums" && ok || bad "the run under other spellings of --out changed its files"
# Moved, its files name models where it was: refused in one line, as is a refusal after a resumed step.
cp -r "$tmp/run" "$tmp/moved"
expect_error "a moved run" "was started in .*/run" "$nuraghe" "${run_args[@]}" --generations 4 --out "$tmp/moved"
echo '{}' >"$tmp/run/gen-2/model.json"
expect_error "an edited model after resumed self-play" "gen-2/model.json" \
  "$nuraghe" "${run_args[@]}" --generations 4 --out "$tmp/run"

# Models that read the hand-written evaluation: one generation on Goofspiel, which has one.
"$nuraghe" improve -g goofspiel --bot ismcts:iters=20 --with-evaluate --games 20 --every 2 --max-deals 4 \
  --reference random --reference-games 4 --seed 4 --generations 1 --out "$tmp/stacked" >/dev/null 2>&1 ||
  bad "improve --with-evaluate failed"
grep -q '"evaluate_input": true' "$tmp/stacked/gen-1/model.json" && ok || bad "--with-evaluate: the model does not read it"
grep -q '"with_evaluate": true' "$tmp/stacked/improve.json" && ok || bad "--with-evaluate: not in the run's identity"
grep -q 'with_evaluate' "$tmp/run/improve.json" && bad "a run without --with-evaluate names it" || ok

expect_error "a model that reads features on a game without them" "connect4 names no features" \
  "$nuraghe" improve -g connect4 --bot uct:iters=10 --inputs both --generations 1 --games 20 --out "$tmp/x1"
expect_error "not a searching bot" "not a searching bot" \
  "$nuraghe" improve -g connect4 --bot random --generations 1 --games 2 --out "$tmp/x2"
expect_error "eval= given" "sets eval= itself" \
  "$nuraghe" improve -g connect4 --bot uct:eval=m.json,cutoff=leaf --generations 1 --games 2 --out "$tmp/x3"
expect_error "another run's folder, naming what differs" "holds another run \\(the folder's bot \"uct:iters=40\", this run's \"uct:iters=41\"\\)" \
  "$nuraghe" improve -g connect4 --bot uct:iters=41 --games 20 --generations 1 --out "$tmp/run"
expect_error "odd --games" "--games 5 is not a multiple of the 2 seats" \
  "$nuraghe" improve -g connect4 --bot uct:iters=10 --generations 1 --games 5 --out "$tmp/x4"
expect_error "odd --reference-games" "--reference-games 3 is not a multiple of 2, the seatings of one deal" \
  "$nuraghe" improve -g connect4 --bot uct:iters=10 --generations 1 --games 4 --reference-games 3 --out "$tmp/x5"
expect_error "too few deals for the first fit" "needs 5" \
  "$nuraghe" improve -g connect4 --bot uct:iters=10 --model logistic --generations 1 --games 8 --out "$tmp/x6"
expect_error "--with-evaluate without an evaluation" "connect4 has no hand-written evaluation" \
  "$nuraghe" improve -g connect4 --bot uct:iters=10 --with-evaluate --generations 1 --games 20 --out "$tmp/x7"
# Every setting is checked before any game: the model's kind, the bot as the gate will give it a
# model, the reference's own model.
expect_error "an unknown --model" "--model must be linear, logistic or mlp, not \"ridge\"" \
  "$nuraghe" improve -g connect4 --bot uct:iters=10 --model ridge --generations 1 --games 20 --out "$tmp/x8"
expect_error "a bot that backs up points, which a model cannot" "reward=score" \
  "$nuraghe" improve -g connect4 --bot uct:iters=10,reward=score --generations 1 --games 20 --out "$tmp/x9"
expect_error "a bot that cuts no rollout off, where a model would go" "give cutoff=leaf" \
  "$nuraghe" improve -g connect4 --bot uct:iters=10,cutoff=0 --generations 1 --games 20 --out "$tmp/x10"
expect_error "a reference with another game's model" "tictactoe" \
  "$nuraghe" improve -g connect4 --bot uct:iters=10 --generations 1 --games 20 --reference-games 2 \
  --reference "uct:iters=10,cutoff=leaf,eval=$(dirname "${BASH_SOURCE[0]}")/models/tictactoe-mlp.json" --out "$tmp/x11"
mkdir "$tmp/x,12"  # the run's folder goes into specs (eval=FOLDER/gen-g/model.json), which a comma would cut
expect_error "a folder a spec cannot name" "has no comma" \
  "$nuraghe" improve -g connect4 --bot uct:iters=10 --generations 1 --games 20 --out "$tmp/x,12/run"
[[ ! -e $tmp/x,12/run ]] && ok || bad "a refused run created its folder x,12/run"
for x in x1 x2 x3 x4 x5 x6 x7 x8 x9 x10 x11; do
  [[ ! -e $tmp/$x ]] && ok || bad "a refused run created its folder $x"
done

echo "improve_test: $passed passed, $failed failed"
[[ $failed -eq 0 ]]
