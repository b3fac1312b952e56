#!/usr/bin/env bash
# `nuraghe learn` on a small self-play of Sardegna: each model kind fitted, its held-out figures
# printed beside the hand-written evaluation's, a learning curve written, the model file loaded by a
# searching bot (eval=, cutoff=leaf) that plays an arena; one seed, one model file (bytes); bad
# settings refused with one line; the hand-written evaluation as an input (--with-evaluate); a logistic model of each target fitted and played on Ticket to Ride
# and Bardagi. The figures' quality is the studies' business (experiments/).
# Usage: learn_cli_test.sh path/to/nuraghe [light]
#   light: a smaller self-play and fewer epochs (the sanitizer builds), the same checks
set -u
nuraghe=$1
source "$(dirname "${BASH_SOURCE[0]}")/cli_helpers.sh"
games=80 epochs=20
# Under ThreadSanitizer the full test took 600 s, the longest of that build's suites.
[[ ${2:-} == light ]] && games=40 epochs=6

"$nuraghe" selfplay -g sardegna -p 2 --bots heuristic -n $games --every 5 -j 2 --seed 3 --out "$tmp/data" \
  >/dev/null 2>&1 || bad "selfplay failed"
for model in linear logistic mlp; do
  "$nuraghe" learn --data "$tmp/data" --model $model --epochs $epochs --out "$tmp/$model.json" --curve "$tmp/$model.csv" \
    >"$tmp/$model.out" 2>&1 || bad "learn --model $model: $(cat "$tmp/$model.out")"
  grep -Eq "learned $model .*%" "$tmp/$model.out" && grep -Eq "hand-written evaluate .*%" "$tmp/$model.out" && ok ||
    bad "$model: the held-out figures of the model and of the hand-written evaluation are not both printed"
  NURAGHE_PROGRESS_DELAY=0 "$nuraghe" learn --data "$tmp/data" --model $model --epochs $epochs \
    --out "$tmp/$model-again.json" >/dev/null 2>"$tmp/$model.err"
  cmp -s "$tmp/$model.json" "$tmp/$model-again.json" && ok || bad "$model: one seed gave two model files"
  # Progress on stderr (not a terminal: lines): the reading, the replays and the fit, each to its end.
  for step in "reading \"$tmp/data\"" "the hand-written evaluation, replayed" "the fit"; do
    grep -Eq "^learn: $step: ([0-9]+)/\1 \(" "$tmp/$model.err" && ok ||
      bad "$model: no last progress line of \"$step\": $(cat "$tmp/$model.err")"
  done
  if [[ $model == mlp ]]; then grep -Eq "^learn: the fit: .*epoch" "$tmp/$model.err" && ok || bad "mlp: no epoch"; fi
  [[ $(head -1 "$tmp/$model.csv") == training_deals,* && $(wc -l <"$tmp/$model.csv") -ge 3 ]] && ok ||
    bad "$model: the learning curve has no rows"
  expect_output "a search with the $model model plays" "ismcts" \
    "$nuraghe" arena -g sardegna -p 2 --bots "ismcts:iters=50,cutoff=leaf,eval=$tmp/$model.json,heuristic" -n 2
done
# A step shows its progress after NURAGHE_PROGRESS_DELAY seconds (1 by default, 0 above).
expect_error "a malformed progress delay" "NURAGHE_PROGRESS_DELAY=\"soon\" must be a number of seconds" \
  env NURAGHE_PROGRESS_DELAY=soon "$nuraghe" learn --data "$tmp/data" --out "$tmp/x.json"
# The hand-written evaluation as one more input (--with-evaluate): in the file, and played.
expect_output "--with-evaluate" "logistic model on returns and the hand-written evaluation" \
  "$nuraghe" learn --data "$tmp/data" --model logistic --with-evaluate --out "$tmp/stacked.json"
grep -q '"evaluate_input": true' "$tmp/stacked.json" && ok || bad "--with-evaluate: the model file does not say so"
grep -q '"evaluate_input"' "$tmp/logistic.json" && bad "a model without --with-evaluate names evaluate_input" || ok
expect_output "a search with the --with-evaluate model plays" "ismcts" \
  "$nuraghe" arena -g sardegna -p 2 --bots "ismcts:iters=50,cutoff=leaf,eval=$tmp/stacked.json,heuristic" -n 2
"$nuraghe" selfplay -g connect4 --bots random -n 10 --out "$tmp/c4" >/dev/null 2>&1 || bad "connect4 selfplay failed"
expect_error "--with-evaluate without an evaluation" "connect4 has no hand-written evaluation" \
  "$nuraghe" learn --data "$tmp/c4" --model logistic --with-evaluate --out "$tmp/x.json"
# The named features as inputs (--inputs features or both): said in the first line and the file,
# played by a search; refused for data without features, and a feature that is not a number refused.
for inputs in features both; do
  expect_output "--inputs $inputs" "sardegna, 2 players, $([[ $inputs == both ]] && echo "531 observations and ")44 features" \
    "$nuraghe" learn --data "$tmp/data" --model logistic --inputs $inputs --with-evaluate --out "$tmp/$inputs.json"
  grep -q "\"inputs\": \"$inputs\"" "$tmp/$inputs.json" && grep -q '"feature_names"' "$tmp/$inputs.json" && ok ||
    bad "--inputs $inputs: the model file does not say what it reads"
  expect_output "a search with the --inputs $inputs model plays" "ismcts" \
    "$nuraghe" arena -g sardegna -p 2 --bots "ismcts:iters=50,cutoff=leaf,eval=$tmp/$inputs.json,heuristic" -n 2
done
grep -q '"inputs": "' "$tmp/logistic.json" && bad "a model of the observation names its inputs" || ok
expect_error "unknown --inputs" "--inputs must be observation, features or both" \
  "$nuraghe" learn --data "$tmp/data" --inputs pixels --out "$tmp/x.json"
expect_error "--inputs features of a game without them" "has no features" \
  "$nuraghe" learn --data "$tmp/c4" --inputs features --out "$tmp/x.json"
cp -r "$tmp/data" "$tmp/inf"
/usr/bin/python3 -c 'import sys, numpy as np; f = np.load(sys.argv[1]); f[2, 5] = np.inf; np.save(sys.argv[1], f)' \
  "$tmp/inf/chunk-00000/features.npy"
expect_error "an infinite feature" 'chunk-00000/features.npy" row 2, column 5: inf is not a finite number' \
  "$nuraghe" learn --data "$tmp/inf" --inputs both --out "$tmp/x.json"
cp -r "$tmp/data" "$tmp/renamed"
/usr/bin/python3 -c 'import json, sys; m = json.load(open(sys.argv[1])); m["feature_names"][0] = "seat+0.points"; json.dump(m, open(sys.argv[1], "w"))' \
  "$tmp/renamed/manifest.json"
expect_error "features named otherwise than the game's" "feature_names are not sardegna's now" \
  "$nuraghe" learn --data "$tmp/renamed" --inputs features --out "$tmp/x.json"
# Targets of labelled self-play (selfplay --label-rate): the expert's values, and a softmax policy on
# its visit shares, its held-out figures beside the heuristic's and equal shares', played as a
# search's prior (PUCT); refused without labels, or with a model or input a policy does not take.
"$nuraghe" selfplay -g sardegna -p 2 --bots heuristic -n 16 --every 5 --seed 3 --label-rate 0.3 \
  --expert ismcts:iters=50 -j 2 --out "$tmp/labelled" >/dev/null 2>&1 || bad "labelled selfplay failed"
expect_output "--target expert-value" "rows, each against the expert's value" \
  "$nuraghe" learn --data "$tmp/labelled" --target expert-value --model logistic --out "$tmp/expert-value.json"
grep -q '"target": "expert-value"' "$tmp/expert-value.json" && ok || bad "the model file does not name its target"
# --target-mix: the expert's value mixed with the outcome on the labelled rows. The mean target it
# prints is recomputed here from the self-play's arrays; a mix of 1 is --target expert-value itself.
"$nuraghe" learn --data "$tmp/labelled" --target expert-value --target-mix 0.25 --model logistic \
  --out "$tmp/mix.json" >"$tmp/mix.out" 2>&1 || bad "--target-mix 0.25 failed: $(cat "$tmp/mix.out")"
/usr/bin/python3 - "$tmp/labelled" "$tmp/mix.out" "$tmp/mix.json" <<'PYTHON' && ok || bad "--target-mix: the targets (above)"
import glob, json, re, sys
import numpy as np
folder, out, model = sys.argv[1:]
targets = []
for chunk in sorted(glob.glob(folder + "/chunk-*")):
    expert, returns = np.load(chunk + "/expert_value.npy"), np.load(chunk + "/returns.npy")
    seat = np.load(chunk + "/seat.npy")
    for r in range(len(expert)):
        if not np.isnan(expert[r]):
            targets.append(0.25 * float(expert[r]) + 0.75 * float(returns[r, seat[r]]))
printed = re.search(r"target: 0.25 x the expert's value \+ 0.75 x the outcome, mean ([0-9.]+) over the ([0-9]+) rows",
                    open(out).read())
assert printed, open(out).read()
assert int(printed.group(2)) == len(targets), (printed.group(2), len(targets))
assert abs(float(printed.group(1)) - np.mean(targets)) < 1e-5, (printed.group(1), np.mean(targets))
assert np.std(targets) > 0 and 0.25 * np.mean(targets) != np.mean(targets)
m = json.load(open(model))
assert m["target"] == "expert-value" and m["target_mix"] == 0.25, (m["target"], m.get("target_mix"))
PYTHON
"$nuraghe" learn --data "$tmp/labelled" --target expert-value --target-mix 1 --model logistic \
  --out "$tmp/mix-1.json" >/dev/null 2>&1 || bad "--target-mix 1 failed"
cmp -s "$tmp/mix-1.json" "$tmp/expert-value.json" && ok || bad "--target-mix 1 is not --target expert-value"
expect_error "--target-mix with another target" "--target-mix mixes the expert's value with the outcome" \
  "$nuraghe" learn --data "$tmp/labelled" --target-mix 0.5 --out "$tmp/x.json"
expect_error "--target-mix out of range" "--target-mix" \
  "$nuraghe" learn --data "$tmp/labelled" --target expert-value --target-mix 1.5 --out "$tmp/x.json"
policy_inputs="features observation"  # light: the features alone (the observation's policy took 18 s)
[[ ${2:-} == light ]] && policy_inputs=features
for inputs in $policy_inputs; do
  "$nuraghe" learn --data "$tmp/labelled" --target policy --model logistic --inputs $inputs \
    --out "$tmp/policy-$inputs.json" >"$tmp/policy.out" 2>&1 || bad "--target policy --inputs $inputs failed"
  grep -Eq "learned policy .*%" "$tmp/policy.out" && grep -Eq "heuristic move .*%" "$tmp/policy.out" &&
    grep -q "equal shares of the legal moves" "$tmp/policy.out" && ok ||
    bad "--target policy --inputs $inputs: the figures are not all printed: $(cat "$tmp/policy.out")"
  grep -q '"nuraghe": "policy-model"' "$tmp/policy-$inputs.json" && ok || bad "--target policy did not write a policy"
  expect_output "a search with the learned prior plays" "ismcts" \
    "$nuraghe" arena -g sardegna -p 2 --bots "ismcts:iters=50,prior=$tmp/policy-$inputs.json,heuristic" -n 2
done
# An MLP policy (--model mlp): its early stopping said, its file two layers over the game's whole
# action space, and a search plays with it.
"$nuraghe" learn --data "$tmp/labelled" --target policy --model mlp --hidden 8 --inputs features \
  --out "$tmp/policy-mlp.json" >"$tmp/policy.out" 2>&1 || bad "--target policy --model mlp failed"
grep -Eq "softmax policy \(mlp\).*best epoch [0-9]+ of [0-9]+" "$tmp/policy.out" && grep -Eq "learned policy .*%" "$tmp/policy.out" &&
  ok || bad "--target policy --model mlp: the figures: $(cat "$tmp/policy.out")"
/usr/bin/python3 - "$tmp/policy-mlp.json" "$tmp/labelled/manifest.json" <<'PYTHON' && ok || bad "the MLP policy's file (above)"
import json, sys
m, data = json.load(open(sys.argv[1])), json.load(open(sys.argv[2]))
assert m["nuraghe"] == "policy-model" and m["kind"] == "mlp" and m["target"] == "visits", (m["kind"], m["target"])
assert [l["outputs"] for l in m["layers"]] == [8, data["num_actions"]], [l["outputs"] for l in m["layers"]]
PYTHON
expect_output "a search with the MLP prior plays" "ismcts" \
  "$nuraghe" arena -g sardegna -p 2 --bots "ismcts:iters=50,prior=$tmp/policy-mlp.json,heuristic" -n 2
expect_error "--target policy without labels" "no expert labels for --target policy.*--label-rate" \
  "$nuraghe" learn --data "$tmp/data" --target policy --model logistic --out "$tmp/x.json"
expect_error "--target policy of a linear model" "give --model logistic or mlp" \
  "$nuraghe" learn --data "$tmp/labelled" --target policy --model linear --out "$tmp/x.json"
expect_error "--target policy --with-evaluate" "a policy reads the seat's view" \
  "$nuraghe" learn --data "$tmp/labelled" --target policy --model logistic --with-evaluate --out "$tmp/x.json"
cp -r "$tmp/labelled" "$tmp/bad-shares"
/usr/bin/python3 -c 'import sys, numpy as np; p = np.load(sys.argv[1]); p[0] += 0.5; np.save(sys.argv[1], p)' \
  "$tmp/bad-shares/chunk-00000/policy_prob.npy"
expect_error "shares that do not sum to 1" "policy_prob.npy.*sum to" \
  "$nuraghe" learn --data "$tmp/bad-shares" --target policy --model logistic --out "$tmp/x.json"
expect_output "another seed" "learned linear" \
  "$nuraghe" learn --data "$tmp/data" --target returns --model linear --seed 5 --out "$tmp/seed5.json"
cmp -s "$tmp/linear.json" "$tmp/seed5.json" && bad "another seed gave the same model" || ok

# Ticket to Ride and Bardagi too, small: a self-play of a search beside the heuristic (8 deals, the
# fewest that 5-fold cross-validation and a held-out split allow), fitted on both targets, and the
# model played by a search beside the game's other seats.
# (Light: Bardagi's short game, its 45 s of self-play under ThreadSanitizer the longest step.)
bardagi_length=full
[[ ${2:-} == light ]] && bardagi_length=short
for case in "ttr 2 16 3 ismcts:iters=10,heuristic heuristic" \
  "bardagi 3 24 15 ismcts:iters=5,heuristic,random heuristic,random -o length=$bardagi_length"; do
  read -r game players games every bots others options <<<"$case"
  # shellcheck disable=SC2086 # $options: no option, or -o and its value
  "$nuraghe" selfplay -g $game -p $players $options --bots "$bots" -n $games --every $every --seed 3 --out "$tmp/$game" \
    >/dev/null 2>&1 || bad "$game: selfplay failed"
  for target in returns search-value; do
    expect_output "$game: a logistic model of $target" "learned logistic" \
      "$nuraghe" learn --data "$tmp/$game" --model logistic --target $target --out "$tmp/$game-$target.json"
  done
  expect_output "$game: a search with the model plays" "ismcts" \
    "$nuraghe" arena -g $game -p $players $options --bots "ismcts:iters=10,cutoff=leaf,eval=$tmp/$game-returns.json,$others" -n $((players * (players - 1)))
done

expect_error "no search values" "no rows with a search-value target" \
  "$nuraghe" learn --data "$tmp/data" --target search-value --out "$tmp/x.json"
expect_error "unknown model" "--model must be linear, logistic or mlp" \
  "$nuraghe" learn --data "$tmp/data" --model tree --out "$tmp/x.json"
expect_error "existing --out" "exists" "$nuraghe" learn --data "$tmp/data" --out "$tmp/linear.json"
expect_error "not a self-play folder" "holds no manifest.json" "$nuraghe" learn --data "$tmp" --out "$tmp/x.json"
expect_error "--hidden 64," "--hidden" "$nuraghe" learn --data "$tmp/data" --model mlp --hidden 64, --out "$tmp/x.json"
expect_error "--hidden three layers" "--hidden" "$nuraghe" learn --data "$tmp/data" --model mlp --hidden 8,8,8 --out "$tmp/x.json"
"$nuraghe" selfplay -g sardegna -p 3 --bots random -n 3 --out "$tmp/three" >/dev/null 2>&1
expect_error "folders of two seat counts" "another game, options, map or seat count" \
  "$nuraghe" learn --data "$tmp/data" --data "$tmp/three" --out "$tmp/x.json"
cp -r "$tmp/data" "$tmp/cut" && head -c 100 "$tmp/data/chunk-00000/observation.npy" >"$tmp/cut/chunk-00000/observation.npy"
expect_error "an array cut short" "observation.npy" "$nuraghe" learn --data "$tmp/cut" --out "$tmp/x.json"
# An array whose header claims fewer values than its bytes hold, and a row past its game's moves.
cp -r "$tmp/data" "$tmp/long"
/usr/bin/python3 - "$tmp/long/chunk-00000" <<'PYTHON'
import sys
import numpy as np
folder = sys.argv[1]
r = np.load(folder + "/returns.npy")
raw = open(folder + "/returns.npy", "rb").read()
open(folder + "/returns.npy", "wb").write(raw.replace(b"(%d, 2)" % len(r), (b"(1, 2)" + b" " * 20)[:len(b"(%d, 2)" % len(r))]))
d = np.load(folder + "/decision.npy")
d[0] = 100000
np.save(folder + "/decision.npy", d)
PYTHON
expect_error "values beyond the shape" "returns.npy.*do not fill its shape" \
  "$nuraghe" learn --data "$tmp/long" --out "$tmp/x.json"
cp "$tmp/data/chunk-00000/returns.npy" "$tmp/long/chunk-00000/returns.npy"
expect_error "a decision past the game" "past the game's" "$nuraghe" learn --data "$tmp/long" --out "$tmp/x.json"

# Connect Four in chunks of 4 games (three chunks) for the refusals below, each on an edited copy.
"$nuraghe" selfplay -g connect4 --bots random -n 12 --chunk 4 --out "$tmp/c4c" >/dev/null 2>&1 ||
  bad "connect4 selfplay in chunks failed"
# copy_with NAME PYTHON: $tmp/NAME, a copy of $tmp/c4c after the Python statements, which see its
# manifest as `m` (written back), its path as `folder` and numpy as `np`.
copy_with() {
  rm -rf "${tmp:?}/$1" && cp -r "$tmp/c4c" "$tmp/$1"
  /usr/bin/python3 - "$tmp/$1" "$2" <<'PYTHON'
import json, sys
import numpy as np
folder = sys.argv[1]
m = json.load(open(folder + "/manifest.json"))
exec(sys.argv[2])
json.dump(m, open(folder + "/manifest.json", "w"), indent=2)
PYTHON
}

# An output that is a file of the data (the manifest, a chunk's array or games.jsonl, read by learn
# or not) is refused, --force or not, however its path is spelled (relative, through "..", through a
# link), and the file is left as it was.
cp -r "$tmp/c4c" "$tmp/own" && cp -r "$tmp/c4c" "$tmp/own-before" && ln -s "$tmp/own" "$tmp/own-link"
relative=$(realpath --relative-to=. "$tmp/own")
for out in "$tmp/own/manifest.json" "$relative/chunk-00001/observation.npy" "$tmp/own-link/chunk-00000/games.jsonl" \
  "$tmp/own/chunk-00002/../chunk-00000/moved.npy"; do
  expect_error "--out $out, a file of the data" "--out .* is a file of --data" \
    "$nuraghe" learn --data "$tmp/own" --out "$out" --force
done
expect_error "--curve, a file of the data" "--curve .* is a file of --data" \
  "$nuraghe" learn --data "$tmp/own-link" --out "$tmp/x.json" --curve "$relative/chunk-00000/games.jsonl" --force
diff -r "$tmp/own" "$tmp/own-before" >/dev/null && ok || bad "a refused learn changed a file it reads"

# Rows counted twice: a folder given twice, a chunk listed twice or out of order, a chunk folder
# holding another chunk's games.
expect_error "one folder given twice" "given twice" \
  "$nuraghe" learn --data "$tmp/c4c" --data "$relative/../c4c" --out "$tmp/refused-twice-folder.json"
copy_with twice 'm["chunks"].append(m["chunks"][0])'
expect_error "a chunk listed twice" 'chunks\[3\]' "$nuraghe" learn --data "$tmp/twice" --out "$tmp/refused-twice.json"
copy_with order 'm["chunks"][0], m["chunks"][1] = m["chunks"][1], m["chunks"][0]'
expect_error "chunks out of order" 'chunks\[0\]\.name must be "chunk-00000"' \
  "$nuraghe" learn --data "$tmp/order" --out "$tmp/refused-order.json"
copy_with copied 'import shutil; shutil.rmtree(folder + "/chunk-00001"); shutil.copytree(folder + "/chunk-00000", folder + "/chunk-00001"); m["chunks"][1]["rows"] = m["chunks"][0]["rows"]'
expect_error "a chunk folder holding another chunk's games" 'chunk-00001/games.jsonl.*index must be an integer in \[4, 7\]' \
  "$nuraghe" learn --data "$tmp/copied" --out "$tmp/refused-copied.json"
# A manifest naming another game than its data's, a map for a game without maps.
copy_with other-game 'm["game"] = "tictactoe"'
expect_error "a manifest naming another game" "observation_size 85 .*tictactoe" \
  "$nuraghe" learn --data "$tmp/other-game" --out "$tmp/refused-other-game.json"
copy_with map 'm["map"] = "board.json"'
expect_error "a map for a game without maps" '"map".*connect4 takes no map' \
  "$nuraghe" learn --data "$tmp/map" --out "$tmp/refused-map.json"
# A return that is NaN or outside [0, 1] (each row's target), a search value outside [0, 1].
copy_with nan 'r = np.load(folder + "/chunk-00001/returns.npy"); r[3, 1] = np.nan; np.save(folder + "/chunk-00001/returns.npy", r)'
expect_error "a NaN return" 'chunk-00001/returns.npy.*row 3' "$nuraghe" learn --data "$tmp/nan" --out "$tmp/refused-nan.json"
copy_with above 'r = np.load(folder + "/chunk-00000/returns.npy"); r[0, 0] = 1.5; np.save(folder + "/chunk-00000/returns.npy", r)'
expect_error "a return above 1" 'chunk-00000/returns.npy.*row 0' "$nuraghe" learn --data "$tmp/above" --out "$tmp/refused-above.json"
copy_with value 'v = np.load(folder + "/chunk-00000/search_value.npy"); v[1] = -2; np.save(folder + "/chunk-00000/search_value.npy", v)'
expect_error "a search value below 0" 'chunk-00000/search_value.npy.*row 1' \
  "$nuraghe" learn --data "$tmp/value" --target search-value --out "$tmp/refused-value.json"
[[ ! -e $tmp/x.json ]] && ok || bad "a refused fit wrote its --out file"
compgen -G "$tmp/refused-*.json" >/dev/null && bad "a refused fit wrote its --out file: $(ls "$tmp"/refused-*.json)" || ok

echo "learn_test: $passed passed, $failed failed"
[[ $failed -eq 0 ]]
