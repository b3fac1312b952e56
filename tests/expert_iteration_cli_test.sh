#!/usr/bin/env bash
# `nuraghe improve` as expert iteration, small, on every real game end to end: labelled self-play,
# a value model on the expert's values and a policy on its visit shares (both reading the game's
# features), the new bot timed against the best and given the iterations of equal time, and the
# SPRT gate: pentanomial at two seats, over deal scores at three and four (the deal scores checked
# against the gate's results file with Python's json module). A killed gate resumes with the
# calibration it had; --tune tunes the new bot's use of its models first, and a resumed run keeps
# the tuned bot; settings that cannot work are refused in one line, before any game.
# Usage: expert_iteration_cli_test.sh path/to/nuraghe [light]
#   light (the sanitizer builds): two-player Sardegna only (the Release build runs every table),
#   the same checks
set -u
nuraghe=$(realpath "$1")
source "$(dirname "${BASH_SOURCE[0]}")/cli_helpers.sh"

tables=("sardegna 2" "ttr 2" "bardagi 3" "ttr 4")
[[ ${2:-} == light ]] && tables=("sardegna 2")

for table in "${tables[@]}"; do
  read -r game players <<<"$table"
  run=$tmp/$game-$players
  per_deal=$((players == 4 ? 12 : players * (players - 1)))
  # The calibration (about ten games a seat on one job) is the same code at every table size: timed
  # at two seats only, where its games are short.
  equal=()
  [[ $players -eq 2 ]] && equal=(--equal-time)
  policy=logistic  # and an MLP policy at four seats (--hidden 8)
  [[ $players -eq 4 ]] && policy=mlp
  args=(improve -g "$game" -p "$players" --bot ismcts:iters=5 --games $((8 * players)) --every 16 --label-rate 0.25
        --expert-budget 2 --policy $policy --hidden 8 --inputs features --target expert-value --target-mix 0.5 "${equal[@]}"
        --max-deals 2 --reference heuristic --reference-games "$per_deal" --seed 4 -j 2 --generations 1 --out "$run")
  "$nuraghe" "${args[@]}" >"$tmp/out" 2>&1 || bad "$table: improve failed: $(tail -3 "$tmp/out")"
  for f in gen-1/data/manifest.json gen-1/model.json gen-1/policy.json gen-1/gate.jsonl; do
    [[ -s $run/$f ]] && ok || bad "$table: no $f"
  done
  # The run's files: labelled data, a policy and a value that read the features, the gate's bots.
  python3 - "$run" "$players" "$per_deal" "$policy" <<'EOF' && ok || bad "$table: the run's files (above)"
import csv, json, sys
run, players, per_deal, policy_kind = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), sys.argv[4]
manifest = json.load(open(f"{run}/gen-1/data/manifest.json"))
assert manifest["label_rate"] == 0.25 and manifest["experts"] == ["ismcts:iters=10"], manifest.get("experts")
policy, value = json.load(open(f"{run}/gen-1/policy.json")), json.load(open(f"{run}/gen-1/model.json"))
assert policy["target"] == "visits" and policy["inputs"] == "features", (policy["target"], policy["inputs"])
assert policy["kind"] == policy_kind and len(policy["layers"]) == (2 if policy_kind == "mlp" else 1), policy["kind"]
assert value["target"] == "expert-value" and value["inputs"] == "features", (value["target"], value["inputs"])
assert value["target_mix"] == 0.5 and json.load(open(f"{run}/improve.json"))["target_mix"] == 0.5
iters = 5
if players == 2:  # --equal-time
    calibration = json.load(open(f"{run}/gen-1/calibration.json"))
    expected = max(1, round(5 * calibration["ms_best"] / calibration["ms_candidate"]))
    assert abs(calibration["iters"] - expected) <= 1, (calibration, expected)  # llround against Python's round
    iters = calibration["iters"]
lines = [json.loads(l) for l in open(f"{run}/gen-1/gate.jsonl")]
header, games = lines[0], lines[1:]
candidate = f"ismcts:iters={iters},eval={run}/gen-1/model.json,prior={run}/gen-1/policy.json,cutoff=leaf"
assert header["bots"] == [candidate] + ["ismcts:iters=5"] * (players - 1), header["bots"]
assert len(games) == 2 * per_deal, len(games)
# Each deal's score of the new bot: its return at two seats, else its share of the other seats it
# finished above by points (a tie half), over the deal's games.
scores = {}
for g in games:
    seat = g["seats"].index(0)
    if players == 2:
        s = g["returns"][seat]
    else:
        s = sum(1.0 if g["scores"][seat] > g["scores"][o] else 0.5 if g["scores"][seat] == g["scores"][o] else 0.0
                for o in range(players) if o != seat) / (players - 1)
    scores.setdefault(g["index"] // per_deal, []).append(s)
deal_scores = [sum(v) / len(v) for _, v in sorted(scores.items())]
row = list(csv.DictReader(open(f"{run}/generations.csv")))[1]
assert int(row["gate_deals"]) == len(deal_scores) == 2, row
assert len(row["policy_hash"]) == 16 and row["policy_hash"] != row["model_hash"], row
assert (float(row["ms_candidate"]) > 0 and float(row["ms_best"]) > 0) if players == 2 else \
    row["ms_candidate"] == row["ms_best"] == "", row
assert (row["gate_verdict"] == "H1") == (row["accepted"] == "yes"), row
# Each step's wall seconds, in order, summing to the generation's.
timings = json.load(open(f"{run}/gen-1/timings.json"))
steps = [s["step"] for s in timings["steps"]]
assert steps == ["selfplay", "fit"] + (["calibration"] if players == 2 else []) + ["gate", "reference"], steps
assert all(s["seconds"] >= 0 for s in timings["steps"]) and timings["seconds"] > 0, timings
assert abs(sum(s["seconds"] for s in timings["steps"]) - timings["seconds"]) < 0.01, timings
EOF
  if [[ $players -gt 2 ]]; then
    mean=$(python3 -c "
import json, sys
lines = [json.loads(l) for l in open('$run/gen-1/gate.jsonl')][1:]
n = $players
total = 0.0
for g in lines:
    s = g['seats'].index(0)
    total += sum(1.0 if g['scores'][s] > g['scores'][o] else 0.5 if g['scores'][s] == g['scores'][o] else 0.0
                 for o in range(n) if o != s) / (n - 1)
print(f'{total / len(lines):.3f}')")
    grep -q "(logistic Elo, deal scores)" "$tmp/out" && ok || bad "$table: the gate is not over deal scores"
    grep -q "2 deals, mean share of the other seats finished above $mean" "$tmp/out" && ok ||
      bad "$table: the gate's mean deal score is not $mean: $(grep 'mean share' "$tmp/out")"
  else
    grep -q "(logistic Elo, pentanomial pairs)" "$tmp/out" && ok || bad "$table: the gate is not pentanomial"
  fi
  # Killed during the gate: started again, it keeps its calibration and ends as the unbroken run.
  cp "$run/generations.csv" "$tmp/unbroken.csv"
  rm "$run/gen-1/gate.jsonl" "$run/gen-1/reference.jsonl" "$run/generations.csv"
  "$nuraghe" "${args[@]}" >"$tmp/out" 2>&1 || bad "$table: the resumed run failed"
  cmp -s "$tmp/unbroken.csv" "$run/generations.csv" && ok || bad "$table: the resumed run's table differs"
  grep -q "calibration, " "$tmp/out" && bad "$table: the resumed run timed the bots again" || ok
done

# --tune: the new bot's PUCT constant and policy temperature tuned against the best bot before the
# calibration and the gate, kept in tuned.json; the gate plays the tuned bot.
run=$tmp/tuned
tune_args=(improve -g sardegna --bot ismcts:iters=5 --games 16 --every 16 --label-rate 0.25 --expert-budget 2
           --policy logistic --inputs features --tune cpuct=0.5:2 --tune prior_temperature=0.5:2 --tune-budget 16
           --tune-games-per-eval 4 --equal-time --max-deals 2 --reference heuristic --reference-games 2 --seed 4 -j 2
           --generations 1 --out "$run")
"$nuraghe" "${tune_args[@]}" >"$tmp/out" 2>&1 || bad "improve --tune failed: $(tail -3 "$tmp/out")"
python3 - "$run" <<'EOF' && ok || bad "--tune: the tuned spec (above)"
import json, re, sys
run = sys.argv[1]
tuned = json.load(open(f"{run}/gen-1/tuned.json"))
assert tuned["untuned"] == f"ismcts:iters=5,eval={run}/gen-1/model.json,prior={run}/gen-1/policy.json,cutoff=leaf"
values = dict(kv.split("=", 1) for kv in tuned["spec"].split(":", 1)[1].split(","))
assert 0.5 <= float(values["cpuct"]) <= 2 and 0.5 <= float(values["prior_temperature"]) <= 2, values
calibration = json.load(open(f"{run}/gen-1/calibration.json"))
assert calibration["candidate"] == tuned["spec"], calibration["candidate"]
gate = json.loads(open(f"{run}/gen-1/gate.jsonl").readline())["bots"][0]
assert gate == re.sub(r"iters=5\b", f"iters={calibration['iters']}", tuned["spec"]), gate
assert json.load(open(f"{run}/improve.json"))["tune"] == ["cpuct=0.5:2", "prior_temperature=0.5:2"]
steps = [s["step"] for s in json.load(open(f"{run}/gen-1/timings.json"))["steps"]]
assert steps == ["selfplay", "fit", "tune", "calibration", "gate", "reference"], steps
EOF
grep -q "improve: tuning, 16/16 games" "$tmp/out" && ok || bad "--tune: no progress line of its last step"
# Killed after the tuning: started again, it keeps the tuned bot and tunes nothing.
rm "$run/gen-1/gate.jsonl" "$run/gen-1/reference.jsonl" "$run/generations.csv"
"$nuraghe" "${tune_args[@]}" >"$tmp/out" 2>&1 || bad "the resumed --tune run failed"
grep -q "improve: tuning" "$tmp/out" && bad "the resumed run tuned again" || ok

# Refused before any game, with no folder made.
base=(improve -g sardegna --bot ismcts:iters=5 --generations 1 --games 20)
expect_error "a policy without labels" "--policy logistic learns from the expert's labels: give --label-rate" \
  "$nuraghe" "${base[@]}" --policy logistic --out "$tmp/x1"
expect_error "the expert's value without labels" "--target expert-value learns from the expert's labels" \
  "$nuraghe" "${base[@]}" --target expert-value --out "$tmp/x2"
expect_error "an expert budget without labels" "--expert-budget sets the expert of --label-rate" \
  "$nuraghe" "${base[@]}" --expert-budget 4 --out "$tmp/x3"
expect_error "an unknown policy" "--policy must be none, logistic or mlp, not \"tree\"" \
  "$nuraghe" "${base[@]}" --label-rate 0.1 --policy tree --out "$tmp/x4"
expect_error "an unknown target" "--target must be returns or expert-value, not \"visits\"" \
  "$nuraghe" "${base[@]}" --target visits --out "$tmp/x5"
expect_error "a target mix without the expert's value" "--target-mix mixes the expert's value with the outcome" \
  "$nuraghe" "${base[@]}" --label-rate 0.1 --target-mix 0.5 --out "$tmp/x8"
expect_error "an unknown input" "--inputs must be observation, features or both, not \"board\"" \
  "$nuraghe" "${base[@]}" --inputs board --out "$tmp/x6"
expect_error "features of a game without them" "connect4 names no features" \
  "$nuraghe" improve -g connect4 --bot uct:iters=5 --generations 1 --games 20 --inputs features --out "$tmp/x7"
expect_error "equal time for a bot on a clock" "must search by iterations" \
  "$nuraghe" improve -g sardegna --bot ismcts:ms=5,iters=0 --equal-time --generations 1 --games 20 --out "$tmp/x8"
expect_error "a prior given by the user" "sets prior= itself" \
  "$nuraghe" "${base[@]/ismcts:iters=5/ismcts:iters=5,prior=uniform}" --out "$tmp/x9"
expect_error "self-play games that do not fill every seat" "--games 20 is not a multiple of the 3 seats" \
  "$nuraghe" improve -g bardagi -p 3 --bot ismcts:iters=5 --generations 1 --games 20 --out "$tmp/x10"
expect_error "reference games that are not whole deals" "--reference-games 10 is not a multiple of 6" \
  "$nuraghe" improve -g bardagi -p 3 --bot ismcts:iters=5 --generations 1 --games 24 --reference-games 10 --out "$tmp/x11"
expect_error "a label rate past 1" "--label-rate" \
  "$nuraghe" "${base[@]}" --label-rate 1.5 --out "$tmp/x12"
expect_error "a tuning budget without --tune" "--tune-budget and --tune-games-per-eval set the tuning of --tune" \
  "$nuraghe" "${base[@]}" --tune-budget 40 --out "$tmp/x13"
expect_error "an unknown parameter tuned" "--tune spin=1:2: bot ismcts has no parameter \"spin\"" \
  "$nuraghe" "${base[@]}" --tune spin=1:2 --out "$tmp/x14"
expect_error "a tuned range the search refuses" "--tune cpuct=0.5:200: " \
  "$nuraghe" "${base[@]}" --label-rate 0.1 --policy logistic --tune cpuct=0.5:200 --out "$tmp/x15"
expect_error "a policy's temperature without a policy" "prior_temperature= is a policy model's" \
  "$nuraghe" "${base[@]}" --tune prior_temperature=0.5:2 --out "$tmp/x16"
expect_error "a parameter tuned twice" "--tune names \"cpuct\" twice" \
  "$nuraghe" "${base[@]}" --label-rate 0.1 --policy logistic --tune cpuct=0.5:2 --tune cpuct=1:3 --out "$tmp/x17"
for x in x1 x2 x3 x4 x5 x6 x7 x8 x9 x10 x11 x12 x13 x14 x15 x16 x17; do
  [[ ! -e $tmp/$x ]] && ok || bad "a refused run created its folder $x"
done

echo "expert_iteration_test: $passed passed, $failed failed"
[[ $failed -eq 0 ]]
