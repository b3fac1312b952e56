#!/usr/bin/env bash
# `nuraghe selfplay`: its arrays read with numpy alone and checked against the same games played by
# `nuraghe arena --self-play` (one seed: the same deals, seatings and bot seeds): every row's game,
# deal, decision, mover and targets; with the Python module built, every observation against the
# module's own replay of the game's moves. Then the same bytes whatever --jobs, a run resumed after
# a kill writing what an unbroken run writes, a user's files in the folder left alone, and bad
# settings refused with one line.
# Usage: selfplay_cli_test.sh path/to/nuraghe [path/to/python-module-folder]
set -u
nuraghe=$1
module=${2:-}
source "$(dirname "${BASH_SOURCE[0]}")/cli_helpers.sh"
python=/usr/bin/python3  # Debian's, with Debian's numpy (not a user's own python3 on PATH)
if ! "$python" -c "import numpy" 2>/dev/null; then echo "selfplay_test: Debian's python3-numpy is needed" >&2; exit 1; fi

# GAME PLAYERS BOT GAMES: the run in $tmp/GAME, and the arena's results of the same games.
run() {
  local game=$1 players=$2 bot=$3 games=$4
  "$nuraghe" selfplay -g "$game" -p "$players" --bots "$bot" -n "$games" --seed 11 --every 3 --chunk 2 -j 2 \
    --out "$tmp/$game" >"$tmp/$game.stdout" 2>"$tmp/$game.stderr" || { bad "selfplay $game: $(cat "$tmp/$game.stderr")"; return; }
  # The arena plays whole deals in their balanced seatings (n (n - 1) games); its first n games of a
  # deal are the rotations selfplay plays, on the same seeds.
  local set=$((players * (players - 1)))
  "$nuraghe" arena -g "$game" -p "$players" --bot "$bot" --self-play -n $(((games + set - 1) / set * set)) --seed 11 \
    --out "$tmp/$game.jsonl" >/dev/null 2>&1 || { bad "arena $game failed"; return; }
  ok
}
run sardegna 2 ismcts:iters=30 4
run ttr 2 ismcts:iters=8,rollout=heuristic 2
run bardagi 3 ismcts:iters=8 3
run goofspiel 2 ismcts:iters=50 4  # every decision simultaneous

cat >"$tmp/check.py" <<'PYTHON'
import json, math, os, sys
import numpy as np

tmp, game, module = sys.argv[1], sys.argv[2], sys.argv[3]
folder = os.path.join(tmp, game)
failures = 0


def check(condition, what):
    global failures
    if not condition:
        failures += 1
        print("FAIL: %s: %s" % (game, what))


manifest = json.load(open(os.path.join(folder, "manifest.json")))
n, size, every = manifest["players"], manifest["observation_size"], manifest["every"]
lines = [json.loads(l) for l in open(os.path.join(tmp, game + ".jsonl"))][1:]
played = {l["index"]: l for l in lines}
played = {i: l for i, l in played.items() if i < manifest["games"]}  # the arena's whole deals may hold more
check(manifest["game"] == game and manifest["games"] == len(played), "manifest names the game and its games")
has_features = "feature_names" in manifest  # the real games name features, the toy games do not
check(set(manifest["arrays"]) == {"observation", "seat", "game", "deal", "decision", "progress", "moved", "returns",
                                  "scores", "search_value"} | ({"features"} if has_features else set()),
      "manifest documents every array")
check(has_features == (game in ("sardegna", "ttr", "bardagi")), "feature names where the game has them")
state_of = None
if module:
    sys.path.insert(0, module)
    import nuraghe

    def state_of(line, decision):  # the game's state before `decision`, replayed by the module
        s = nuraghe.new_game(game, players=n, seed=line["seed"])
        for text, mover in zip(line["moves"][:decision], line["movers"][:decision]):
            if mover < 0:
                s.apply_joint(text.split(","))
            else:
                s.apply(text)
        return s

rows_of_game = {}
for chunk in manifest["chunks"]:
    a = {k: np.load(os.path.join(folder, chunk["name"], k + ".npy")) for k in manifest["arrays"]}
    rows = chunk["rows"]
    for k, spec in manifest["arrays"].items():
        want = [rows] + spec["shape"][1:]
        check(list(a[k].shape) == want, "%s/%s has shape %s, manifest says %s" % (chunk["name"], k, a[k].shape, want))
        check(str(a[k].dtype) == spec["dtype"], "%s is %s" % (k, spec["dtype"]))
    first, last = chunk["games"]
    games = [json.loads(l) for l in open(os.path.join(folder, chunk["name"], manifest["games_file"]["name"]))]
    check([x["index"] for x in games] == list(range(first, last)), "%s holds its games in order" % chunk["name"])
    for x in games:
        line = played[x["index"]]
        check(all(x[k] == line[k] for k in ("seed", "moves", "movers", "scores", "returns")),
              "game %d's line is the arena's game" % x["index"])
    for r in range(rows):
        g, seat, d = int(a["game"][r]), int(a["seat"][r]), int(a["decision"][r])
        check(first <= g < last, "row %d of %s: game %d outside the chunk's games" % (r, chunk["name"], g))
        line = played[g]
        rows_of_game.setdefault(g, set()).add((d, seat))
        check(a["deal"][r] == g // n, "deal of game %d" % g)
        check(0 <= d < len(line["moves"]), "decision %d within the game's %d" % (d, len(line["moves"])))
        check(abs(a["progress"][r] - d / len(line["moves"])) < 1e-6, "progress of game %d decision %d" % (g, d))
        check(list(a["returns"][r]) == [np.float32(x) for x in line["returns"]], "returns of game %d" % g)
        check(list(a["scores"][r]) == [np.float32(x) for x in line["scores"]], "scores of game %d" % g)
        mover = line["movers"][d]
        moved = mover < 0 or mover == seat
        check(a["moved"][r] == int(moved), "moved, game %d decision %d seat %d" % (g, d, seat))
        v = a["search_value"][r]
        check(math.isnan(v) != moved and (math.isnan(v) or 0 <= v <= 1),
              "search value %r where the seat %s" % (v, "moved" if moved else "did not move"))
        if state_of and r % 7 == 0:  # a sample of rows: each replay costs a game's moves
            want = np.array(state_of(line, d).observation(seat), dtype=np.float32)
            check(np.array_equal(a["observation"][r], want), "observation of seat %d, game %d decision %d" % (seat, g, d))
            if has_features:
                state = state_of(line, d)
                check(state.feature_names() == manifest["feature_names"], "feature names of %s" % game)
                check(np.array_equal(a["features"][r], state.features(seat)),
                      "features of seat %d, game %d decision %d" % (seat, g, d))
for g, line in played.items():
    decisions = sorted({d for d, _ in rows_of_game.get(g, set())})
    check(len(rows_of_game.get(g, set())) == n * len(decisions), "game %d: a row for every seat of each decision" % g)
    check(decisions and all(y - x == every for x, y in zip(decisions, decisions[1:])) and decisions[0] < every and
          decisions[-1] + every >= len(line["moves"]), "game %d: every %d-th decision (%s)" % (g, every, decisions))
sys.exit(1 if failures else 0)
PYTHON
for game in sardegna ttr bardagi goofspiel; do
  [[ -f $tmp/$game/manifest.json ]] || continue
  if "$python" "$tmp/check.py" "$tmp" $game "$module"; then ok; else bad "$game: the arrays do not hold the games (above)"; fi
done

# The same bytes whatever --jobs; a resumed run ends as an unbroken one.
"$nuraghe" selfplay -g sardegna -p 2 --bots ismcts:iters=30 -n 4 --seed 11 --every 3 --chunk 2 -j 1 \
  --out "$tmp/one-job" >/dev/null 2>&1 || bad "selfplay -j 1 failed"
if diff -r "$tmp/sardegna" "$tmp/one-job" >/dev/null; then ok; else bad "-j 1 and -j 2 wrote different files"; fi
cp -r "$tmp/sardegna" "$tmp/resumed"
# Killed after chunk 1 was renamed into place but before the manifest named it, and killed again
# while writing it anew: chunk 1 is played again, both folders replaced.
echo stale >"$tmp/resumed/chunk-00001/observation.npy"
mkdir "$tmp/resumed/chunk-00001.part" && echo half >"$tmp/resumed/chunk-00001.part/observation.npy"
"$python" - "$tmp/resumed/manifest.json" <<'PYTHON'
import json, sys
m = json.load(open(sys.argv[1]))
m["chunks"] = m["chunks"][:1]
json.dump(m, open(sys.argv[1], "w"), indent=2)
PYTHON
expect_output "a killed run resumes at its missing chunk" "4 games" \
  "$nuraghe" selfplay -g sardegna -p 2 --bots ismcts:iters=30 -n 4 --seed 11 --every 3 --chunk 2 --out "$tmp/resumed"
grep -q "resuming" "$tmp/stderr" && ok || bad "the resumed run did not say so"
if diff -r "$tmp/sardegna" "$tmp/resumed" >/dev/null; then ok; else bad "the resumed run differs from the unbroken one"; fi

# What a user put in the folder is left alone: a run started again removes only its own stale
# chunks (by name, holding only the files a chunk holds), and refuses in one line a chunk it must
# write where someone else's files are.
cp -r "$tmp/sardegna" "$tmp/mine"
mkdir "$tmp/mine/chunk-extra" "$tmp/mine/chunk-00099" "$tmp/mine/notes.part"
mine=(notes.txt todo.part chunk- chunk-.part chunk-1 chunk-extra/notes.txt chunk-00099/observation.npy
      notes.part/observation.npy)
for f in "${mine[@]}"; do echo mine >"$tmp/mine/$f"; done
expect_output "a finished run started again beside a user's files" "4 games" \
  "$nuraghe" selfplay -g sardegna -p 2 --bots ismcts:iters=30 -n 4 --seed 11 --every 3 --chunk 2 --out "$tmp/mine"
for f in "${mine[@]}"; do
  [[ $(cat "$tmp/mine/$f" 2>/dev/null) == mine ]] && ok || bad "a finished run started again deleted a user's $f"
done
"$python" - "$tmp/mine/manifest.json" <<'PYTHON'
import json, sys
m = json.load(open(sys.argv[1]))
m["chunks"] = m["chunks"][:1]
json.dump(m, open(sys.argv[1], "w"), indent=2)
PYTHON
echo mine >"$tmp/mine/chunk-00001/notes.txt"
expect_error "a chunk to write holding a user's file" "chunk-00001.*notes.txt" \
  "$nuraghe" selfplay -g sardegna -p 2 --bots ismcts:iters=30 -n 4 --seed 11 --every 3 --chunk 2 --out "$tmp/mine"
[[ $(cat "$tmp/mine/chunk-00001/notes.txt" 2>/dev/null) == mine ]] && ok || bad "a refused run deleted a user's file"
rm -r "$tmp/mine/chunk-00001" && mkdir "$tmp/mine/chunk-00001.part"
echo mine >"$tmp/mine/chunk-00001.part/todo.txt"
expect_error "a half-written chunk holding a user's file" "chunk-00001.part.*todo.txt" \
  "$nuraghe" selfplay -g sardegna -p 2 --bots ismcts:iters=30 -n 4 --seed 11 --every 3 --chunk 2 --out "$tmp/mine"
[[ $(cat "$tmp/mine/chunk-00001.part/todo.txt" 2>/dev/null) == mine ]] && ok ||
  bad "a refused run deleted a user's file"

# Labelled self-play (--label-rate): a share of the row decisions searched again by an expert (the
# seat's spec at --expert-budget times its iterations), its visit shares over the mover's legal moves
# and its root value of every seat beside the rows; the moves played stay the players' (the same
# games as without labels), the same bytes whatever --jobs. Sardegna at 2 (sequential) and Goofspiel
# (every decision simultaneous, each seat's own expert).
for case in "sardegna -p 2 ismcts:iters=30" "goofspiel -p 2 ismcts:iters=30"; do
  read -r game _ players bot <<<"$case"
  for jobs in 1 2; do
    "$nuraghe" selfplay -g $game -p $players --bots "$bot" -n 4 --seed 5 --every 2 --label-rate 0.5 --expert-budget 3 \
      -j $jobs --out "$tmp/label-$game-$jobs" >/dev/null 2>&1 || bad "$game: labelled selfplay -j $jobs failed"
  done
  diff -r "$tmp/label-$game-1" "$tmp/label-$game-2" >/dev/null && ok || bad "$game: labels differ with -j 1 and -j 2"
  "$nuraghe" selfplay -g $game -p $players --bots "$bot" -n 4 --seed 5 --every 2 -j 2 --out "$tmp/plain-$game" \
    >/dev/null 2>&1 || bad "$game: selfplay without labels failed"
  cmp -s "$tmp/label-$game-1/chunk-00000/games.jsonl" "$tmp/plain-$game/chunk-00000/games.jsonl" && ok ||
    bad "$game: labelling changed the games played"
  if [[ -n $module ]]; then
    PYTHONPATH="$module" "$python" - "$tmp/label-$game-1" $game <<'PYTHON' && ok || bad "$game: the labels are wrong (above)"
import json, sys
import numpy as np
import nuraghe
folder, game = sys.argv[1], sys.argv[2]
d = nuraghe.load_selfplay(folder)
m = d["manifest"]
assert m["label_rate"] == 0.5 and m["experts"] == ["ismcts:iters=90"], m["experts"]
lines = {}
for c in m["chunks"]:
    for text in open("%s/%s/games.jsonl" % (folder, c["name"])):
        line = json.loads(text)
        lines[line["index"]] = line
ev, rows = d["expert_value"], len(d["seat"])
labelled = ~np.isnan(ev)
assert 0.2 < labelled.mean() < 0.8, labelled.mean()
# A decision is labelled for every seat or none, and the seats' values of a win sum to 1.
key = d["game"] * 100000 + d["decision"]
for k in np.unique(key):
    at = key == k
    assert labelled[at].all() or not labelled[at].any()
    if labelled[at].any() and game != "goofspiel":  # one expert's values (Goofspiel: each seat's own)
        assert abs(ev[at].sum() - 1) < 1e-5, ev[at]
# Each labelled mover's row has a policy over its legal moves summing to 1; no other row has one.
for r in range(rows):
    entries = d["policy_row"] == r
    assert entries.any() == (bool(labelled[r]) and d["moved"][r] == 1), r
    if not entries.any():
        continue
    line = lines[int(d["game"][r])]
    s = nuraghe.new_game(game, players=m["players"], seed=line["seed"])
    for text, mover in zip(line["moves"][:d["decision"][r]], line["movers"][:d["decision"][r]]):
        s.apply_joint(text.split(",")) if mover < 0 else s.apply(text)
    actions = d["policy_action"][entries]
    assert sorted(actions) == sorted(s.legal_actions(seat=int(d["seat"][r]))), (r, actions)  # every legal move
    assert len(set(actions)) == len(actions)
    assert abs(d["policy_prob"][entries].sum() - 1) < 1e-5
PYTHON
  fi
done
# A chunk without rows (Kuhn's games are shorter than --every) still has its label arrays, empty,
# so that every chunk of a labelled run reads alike.
"$nuraghe" selfplay -g kuhn --bots ismcts:iters=10 -n 2 --every 1000 --chunk 1 --label-rate 1 --seed 3 \
  --out "$tmp/label-empty" >/dev/null 2>&1 || bad "labelled selfplay of chunks without rows failed"
python3 - "$tmp/label-empty" <<'PYTHON' && ok || bad "a labelled chunk without rows lacks its label arrays (above)"
import json, os, sys
folder = sys.argv[1]
chunks = json.load(open(folder + "/manifest.json"))["chunks"]
assert len(chunks) == 2 and any(c["rows"] == 0 for c in chunks), chunks
for c in chunks:
    for name in ("expert_value", "policy_row", "policy_action", "policy_prob"):
        assert os.path.exists("%s/%s/%s.npy" % (folder, c["name"], name)), (c["name"], name)
PYTHON
expect_error "--label-rate with a bot that does not search" "heuristic does not search.*--expert" \
  "$nuraghe" selfplay -g sardegna -p 2 --bots heuristic -n 2 --label-rate 0.1 --out "$tmp/x5"
expect_error "--expert that does not search" "expert \"random\" does not search" \
  "$nuraghe" selfplay -g sardegna -p 2 --bots heuristic -n 2 --label-rate 0.1 --expert random --out "$tmp/x6"
expect_error "--expert without --label-rate" "give --label-rate too" \
  "$nuraghe" selfplay -g sardegna -p 2 --bots heuristic -n 2 --expert ismcts --out "$tmp/x7"
expect_error "--label-rate above 1" "label-rate" \
  "$nuraghe" selfplay -g sardegna -p 2 --bots heuristic -n 2 --label-rate 1.5 --out "$tmp/x8"
expect_output "--expert for a bot that does not search" "2 games" \
  "$nuraghe" selfplay -g sardegna -p 2 --bots heuristic -n 2 --label-rate 0.2 --expert ismcts:iters=20 --out "$tmp/x9"
[[ ! -e $tmp/x5 && ! -e $tmp/x6 && ! -e $tmp/x7 && ! -e $tmp/x8 ]] && ok || bad "a refused labelled run created its --out"

# Shards (--shard i/n): each plays the chunks c % n == i into its own folder, resumes after a kill
# as a whole run does, and `merge` joins every shard into the folder one process writes, byte for
# byte. A folder that is not every shard of one run, each complete, is refused; learn refuses a
# shard's folder alone.
shard_run=(selfplay -g sardegna -p 2 --bots heuristic -n 20 --chunk 4 --every 5 --seed 3 --label-rate 0.3
           --expert ismcts:iters=20 -j 2)
"$nuraghe" "${shard_run[@]}" --out "$tmp/whole" >/dev/null 2>&1 || bad "the unsharded run failed"
for s in 0 1 2; do
  "$nuraghe" "${shard_run[@]}" --shard $s/3 --out "$tmp/shard$s" >"$tmp/shard$s.out" 2>&1 || bad "shard $s/3 failed"
done
grep -q "^8 games of shard 0/3, .* 2 chunks in" "$tmp/shard0.out" && ok || bad "shard 0/3's summary: $(cat "$tmp/shard0.out")"
# Shard 1/3 killed after its first chunk, before the manifest named its second: resumed, the same bytes.
cp -r "$tmp/shard1" "$tmp/shard1-killed"
"$python" - "$tmp/shard1-killed" <<'PYTHON'
import json, sys
path = sys.argv[1] + "/manifest.json"
m = json.load(open(path))
assert [c["name"] for c in m["chunks"]] == ["chunk-00001", "chunk-00004"], m["chunks"]
m["chunks"] = m["chunks"][:1]
json.dump(m, open(path, "w"), indent=2)
PYTHON
"$nuraghe" "${shard_run[@]}" --shard 1/3 --out "$tmp/shard1-killed" >/dev/null 2>"$tmp/resume.err" || bad "the shard's resume failed"
grep -q "resuming .* at chunk 1 of 2" "$tmp/resume.err" && diff -r "$tmp/shard1" "$tmp/shard1-killed" >/dev/null && ok ||
  bad "the resumed shard differs from the unbroken one: $(cat "$tmp/resume.err")"
expect_output "merge of every shard" "^20 games, .* 5 chunks in" "$nuraghe" merge "$tmp/shard2" "$tmp/shard0" \
  "$tmp/shard1" --out "$tmp/joined"
diff -r "$tmp/whole" "$tmp/joined" >/dev/null && ok || bad "the joined shards differ from the unsharded run"
[[ -f $tmp/shard0/chunk-00000/seat.npy ]] && ok || bad "merge took the shards' chunks away (it copies them)"
expect_error "merge without a shard" "shard 1/3 of the run is not given" \
  "$nuraghe" merge "$tmp/shard0" "$tmp/shard2" --out "$tmp/m1"
expect_error "merge of a shard twice" "is shard 0/3, given twice" \
  "$nuraghe" merge "$tmp/shard0" "$tmp/shard0" "$tmp/shard1" --out "$tmp/m2"
cp -r "$tmp/shard1-killed" "$tmp/shard1-half"
"$python" -c 'import json, sys; p = sys.argv[1] + "/manifest.json"; m = json.load(open(p)); m["chunks"] = m["chunks"][:1]; json.dump(m, open(p, "w"))' \
  "$tmp/shard1-half"
expect_error "merge of an unfinished shard" "holds 1 of its 2 chunks: finish it first" \
  "$nuraghe" merge "$tmp/shard0" "$tmp/shard1-half" "$tmp/shard2" --out "$tmp/m3"
# The same run at --seed 4 (the word "3" of the run made "4").
"$nuraghe" "${shard_run[@]/#3/4}" --shard 1/3 --out "$tmp/other1" >/dev/null 2>&1 || bad "another run's shard failed"
expect_error "merge of another run's shard" "is self-play of another run .*seed" \
  "$nuraghe" merge "$tmp/shard0" "$tmp/other1" "$tmp/shard2" --out "$tmp/m4"
expect_error "merge of shards without --out" "give --out" "$nuraghe" merge "$tmp/shard0" "$tmp/shard1" "$tmp/shard2"
expect_error "merge into a folder that holds files" "exists and is not an empty folder" \
  "$nuraghe" merge "$tmp/shard0" "$tmp/shard1" "$tmp/shard2" --out "$tmp/whole"
[[ ! -e $tmp/m1 && ! -e $tmp/m2 && ! -e $tmp/m3 && ! -e $tmp/m4 ]] && ok || bad "a refused merge created its --out"
expect_error "learn from one shard" "is shard 0/3 of a self-play run: join the run's shards with .nuraghe merge" \
  "$nuraghe" learn --data "$tmp/shard0" --out "$tmp/x.json"
expect_error "a shard past the count" "--shard \"3/3\" must be i/n" \
  "$nuraghe" "${shard_run[@]}" --shard 3/3 --out "$tmp/m5"
expect_error "a shard into the whole run's folder" "holds the self-play of another run \(the folder's shard" \
  "$nuraghe" "${shard_run[@]}" --shard 0/3 --out "$tmp/whole"

# Bad settings: one line, exit 2, nothing written.
expect_error "another run's folder, naming what differs" "holds the self-play of another run \\(the folder's seed 11, this run's 12\\)" \
  "$nuraghe" selfplay -g sardegna -p 2 --bots ismcts:iters=30 -n 4 --seed 12 --every 3 --chunk 2 --out "$tmp/sardegna"
expect_error "--out a file" "is a file" "$nuraghe" selfplay -g kuhn --bots random -n 2 --out "$tmp/sardegna.stdout"
mkdir "$tmp/full" && echo mine >"$tmp/full/notes.txt"
expect_error "--out a folder of other files" "not empty" "$nuraghe" selfplay -g kuhn --bots random -n 2 --out "$tmp/full"
expect_error "games not a multiple of the seats" "multiple of the seat count 3" \
  "$nuraghe" selfplay -g bardagi -p 3 --bots random -n 4 --out "$tmp/x1"
expect_error "bots neither one nor one per seat" "2 bots for 3 seats" \
  "$nuraghe" selfplay -g bardagi -p 3 --bots random,heuristic -n 3 --out "$tmp/x2"
expect_error "no bots" "give the bots" "$nuraghe" selfplay -g kuhn -n 2 --out "$tmp/x3"
expect_error "--every 0" "every" "$nuraghe" selfplay -g kuhn --bots random -n 2 --every 0 --out "$tmp/x4"
[[ ! -e $tmp/x1 && ! -e $tmp/x2 && ! -e $tmp/x3 && ! -e $tmp/x4 ]] && ok || bad "a refused run created its --out folder"

echo "selfplay_test: $passed passed, $failed failed"
[[ $failed -eq 0 ]]
