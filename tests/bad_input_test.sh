#!/usr/bin/env bash
# The bad-input battery: some 1600 malformed, impossible or hostile inputs to every subcommand.
# Each case runs one nuraghe command and passes only when it exits with status 2 (not a crash, a
# signal or a timeout), prints exactly one line on stderr starting with "nuraghe: error: " (and not
# the last-resort "internal error"), and leaves every file of the scratch folder as it was. Commands
# run in that folder; it holds the results files and the users' files a command might wrongly
# overwrite. The generated positions and maps, only ever read, lie beside it (../in).
# Usage: bad_input_test.sh path/to/nuraghe path/to/tests/positions
#   BAD_INPUT_ONLY=REGEX  run only the cases whose name matches
#   BAD_INPUT_KEEP=1      keep the scratch folder: failures print commands to run in its ws/ folder
#   BAD_INPUT_LOG=FILE    write every case's name, exit status, milliseconds and first stderr line to FILE
set -u
positions=$(realpath "$2")
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
source "$here/cli_helpers.sh"
# A private copy of the program: a rebuild during the run cannot change it halfway.
nuraghe=$tmp/nuraghe
cp "$1" "$nuraghe" && "$nuraghe" --version >/dev/null 2>&1 || nuraghe=$(realpath "$1")
only=${BAD_INPUT_ONLY:-}
log=${BAD_INPUT_LOG:+$(realpath "$BAD_INPUT_LOG")}
[[ -n $log ]] && : >"$log"
if [[ -n ${BAD_INPUT_KEEP:-} ]]; then
  trap - EXIT
  echo "bad-input battery: scratch folder $tmp (commands run in $tmp/ws)"
fi
ws=$tmp/ws
mkdir -p "$ws"
started_at=$EPOCHREALTIME

# Endless input (/dev/zero) must not eat the machine: a 4 GiB address-space limit turns it into a
# quick failure. Sanitizer builds reserve more than that up front; they get an RSS limit instead.
vlimit=4194304
if ! (ulimit -v $vlimit && "$nuraghe" --version) >/dev/null 2>&1; then
  vlimit=""
  export ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}hard_rss_limit_mb=4096"
fi

# replay names its game with --index (or, before that rename, --game).
if "$nuraghe" replay --help 2>/dev/null | grep -q -- '--index'; then index_opt=--index; else index_opt=--game; fi

# ---- the fixtures ----------------------------------------------------------------------------
setup() {
  (cd "$ws" && "$nuraghe" "$@") 2>"$tmp/setup.err" || {
    echo "bad-input battery: setup failed: nuraghe $* ($(head -c 300 "$tmp/setup.err"))"
    exit 1
  }
}
mkdir -p "$ws/base" "$ws/res" "$ws/dir" "$ws/empty-dir"
touch "$ws/dir/keep"
cp "$positions/tictactoe-win.json" "$positions/connect4-start.json" "$positions/goofspiel-5.json" "$positions/kuhn-bet.json" "$ws/base/"
setup new --game tictactoe >"$ws/base/t0.json"
setup apply --game tictactoe --position base/t0.json --moves "b2;a3" >"$ws/base/tictactoe.json"
setup new --game connect4 >"$ws/base/c0.json"
setup apply --game connect4 --position base/c0.json --moves "4;4;3" >"$ws/base/connect4.json"
setup new --game goofspiel --players 2 --seed 9 -o cards=5 >"$ws/base/g0.json"
setup apply --game goofspiel --position base/g0.json --moves "5,1" >"$ws/base/goofspiel.json"
setup new --game kuhn --seed 4 >"$ws/base/k0.json"
setup apply --game kuhn --position base/k0.json --moves pass >"$ws/base/kuhn.json"
setup apply --game kuhn --position base/kuhn.json --moves pass >"$ws/base/kuhn-over.json"
setup apply --game tictactoe --position base/tictactoe-win.json --moves c3 >"$ws/base/tictactoe-over.json"
setup new --game sardegna --players 3 --seed 7 >"$ws/base/sardegna.json"
setup new --game sardegna --players 3 --seed 7 -o variant=alt-sentinel >"$ws/base/sardegna-alt.json"
# Seat 0 halfway through a Commander move (villagers in provinces 1 and 7), and a Sentinel choice.
setup apply --game sardegna --position base/sardegna.json --moves "commander villager 3;commander villager 16;architect fort 15;queen commander villager 7;queen commander move 16-4;commander villager 13;priest add 16;architect fort 11;queen commander move 13-14;admiral;priest add 12;priest add 4;architect fort 6;admiral ship 1;admiral ship 7;farmer;sentinel;keep;commander move 14-1;commander move 3-1" >"$ws/base/sardegna-cm.json"
setup apply --game sardegna --position base/sardegna.json --moves "sentinel" >"$ws/base/sardegna-sc.json"
setup arena --game tictactoe --bots random,random:seed=2 --games 2 --out res/r.jsonl >/dev/null
setup arena --game tictactoe --bots random,random:seed=2 --games 2 --seed 2 --out res/r2.jsonl >/dev/null
setup arena --game ttr --bots random,random:seed=2 --games 2 --out res/ttr.jsonl >/dev/null
board_json=$here/../lib/games/sardegna/board.json
if [[ -f $board_json ]]; then cp "$board_json" "$ws/base/board.json"; fi
cp "$here/../lib/games/bardagi/boards/summer.json" "$ws/base/summer.json"
cp "$here/maps/ring.json" "$ws/base/ring.json"
printf 'my notes\n' >"$ws/user.txt"
printf 'my notes' >"$ws/user-no-newline.txt"
printf '{"my": "notes"}\n' >"$ws/user.json"
printf '1\n1\n1\n1\n1\n' >"$ws/human-moves.txt"
# Learned models (docs/learning.md, "The model file"): a good one of tic-tac-toe and its faults.
python3 - "$ws/base" <<'PYTHON'
import copy, json, sys
base = sys.argv[1]
good = {"nuraghe": "value-model", "format": 1, "game": "tictactoe", "options": {}, "map_hash": "",
        "players": 2, "observation_size": 19, "kind": "logistic", "target": "returns",
        "features": [0, 4], "mean": [0.0, 0.0], "scale": [1.0, 1.0],
        "layers": [{"inputs": 2, "outputs": 1, "weights": [1.0, 0.5], "bias": [0.0]}], "data": []}
def write(name, model):
    with open(base + "/" + name, "w") as f:
        json.dump(model, f)
def changed(**fields):
    m = copy.deepcopy(good)
    m.update(fields)
    return m
write("model.json", good)
write("model-edit.json", good)
write("model-type.json", changed(players="2"))
write("model-goofspiel3.json", changed(game="goofspiel", players=3, observation_size=40))
write("model-size.json", changed(observation_size=20))
write("model-kind.json", changed(kind="forest"))
write("model-scale.json", changed(scale=[1.0, 0.0]))
# An MLP whose hidden layer is wider than a model may be (its weights are never read).
write("model-wide.json", changed(kind="mlp", layers=[{"inputs": 2, "outputs": 1 << 20, "weights": [], "bias": []},
                                                     {"inputs": 1 << 20, "outputs": 1, "weights": [], "bias": [0.0]}]))
write("model-goofspiel-cards.json", changed(game="goofspiel", options={"cards": "7"}, observation_size=30))
with open(base + "/model-broken.json", "w") as f:
    f.write(json.dumps(good)[:-20])
# Policy models (prior=FILE): a good one, and one over another action space.
policy = changed(nuraghe="policy-model", target="visits", num_actions=9,
                 layers=[{"inputs": 2, "outputs": 9, "weights": [0.5] * 18, "bias": [0.0] * 9}])
write("policy.json", policy)
write("policy-linear.json", dict(policy, kind="linear"))
write("policy-goofspiel.json", dict(policy, game="goofspiel", observation_size=54))
write("policy-edit.json", policy)
write("policy-nim.json", dict(policy, game="nim"))
PYTHON
setup arena --game tictactoe --bots uct:iters=10,cutoff=leaf,eval=base/model-edit.json,random --games 2 --out res/model.jsonl >/dev/null
setup arena --game tictactoe --bots uct:iters=10,prior=base/policy-edit.json,random --games 2 --out res/policy.jsonl >/dev/null
# The models edited after the tournaments started: resuming them must be refused.
sed -i 's/"weights": \[1.0, 0.5\]/"weights": [1.0, 0.25]/' "$ws/base/model-edit.json"
sed -i 's/"bias": \[0.0, 0.0/"bias": [0.5, 0.0/' "$ws/base/policy-edit.json"

cat >"$tmp/gen.py" <<'PYTHON'
# Writes the mutated inputs into the scratch folder and a manifest of them (tab-separated).
import copy, json, os, sys

ws, tmp = sys.argv[1], sys.argv[2]
os.chdir(ws)
E40, E63, E32 = 2**40, 2**63, 2**32
DELETE = object()
manifest = {"pos": [], "map": [], "res": []}
count = {}


def dump(o):
    return json.dumps(o)


def write(path, text):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w", encoding="utf-8", newline="") as f:
        f.write(text)


def load(path):
    with open(path, encoding="utf-8") as f:
        return json.load(f)


def edit(obj, path, value=DELETE):
    o = copy.deepcopy(obj)
    cur = o
    for k in path[:-1]:
        cur = cur[k]
    if value is DELETE:
        del cur[path[-1]]
    else:
        cur[path[-1]] = value
    return o


def pos(game, base, label, content, every="legal"):
    n = count[game] = count.get(game, 0) + 1
    path = "../in/p/%s/%03d.json" % (game, n)  # read-only inputs, outside the scratch folder
    write(path, content if isinstance(content, str) else dump(content))
    manifest["pos"].append((game, base, path, label, every))


# ---- every game: the file is not a position at all, or a position of the wrong shape ----------
def generic(game, base, b, required):
    t = dump(b)
    other = "connect4" if game != "connect4" else "tictactoe"
    ALL = "legal apply analyze"
    P = lambda label, content, every=ALL: pos(game, base, label, content, every)
    P("the file is the number 5", "5")
    P("the file is false", "false")
    P("the file is null", "null")
    P("the file is [1,2]", "[1,2]")
    P('the file is the string "text"', '"text"')
    P("the file is empty", "")
    P("the file is only white space", " \n\t\n", "legal")
    P("malformed JSON (cut short)", t[:-1])
    P("malformed JSON (a missing comma)", t.replace(", ", " ", 1), "legal")
    P("garbage after the object", t + " x", "legal")
    P("two objects in one file", t + "\n" + t, "legal")
    P("a comment before the object", "// my position\n" + t, "legal")
    P("100000 nested [ (unclosed)", "[" * 100000)
    P("100000 nested [ ] (closed)", "[" * 100000 + "]" * 100000, "legal")
    P("100000 nested objects", '{"a":' * 100000 + "1" + "}" * 100000, "legal")
    P("the position inside a list", "[" + t + "]", "legal")
    P('duplicated key "game"', '{"game": %s, ' % dump(game) + t[1:])
    P("unknown field", dict(b, extra=1))
    P("unknown field null", dict(b, comment=None), "legal")
    P('"game" names another game', dict(b, game=other), "legal")
    P('"game" in capitals', dict(b, game=game.upper()), "legal")
    for v in [5, False, None, [game], {"name": game}]:
        P('"game" is %s' % dump(v), dict(b, game=v), "legal")
    for f in required:
        P('missing field "%s"' % f, edit(b, [f]))


def short(v, top=True):  # a value as a label: long lists abbreviated
    d = dump(v)
    if len(d) <= 40:
        return d
    if isinstance(v, list):
        items = [short(x, False) for x in v]
        if len(v) > 3:
            return "[%s, %s, ..., %s] (%d entries)" % (items[0], items[1], items[-1], len(v))
        return "[" + ", ".join(items) + "]"
    return "{...}" if isinstance(v, dict) else d[:37] + "..."


def typed(game, base, b, path, values, name=None):
    """values: JSON values, or (label, value) pairs."""
    name = name or ".".join(str(k) for k in path)
    for v in values:
        label, v = v if isinstance(v, tuple) else (short(v), v)
        pos(game, base, '"%s" is %s' % (name, label), edit(b, path, v))


# ---- tictactoe ---------------------------------------------------------------------------------
t = load("base/tictactoe.json")  # board ["O..", ".X.", "..."]
generic("tictactoe", "tictactoe", t, ["game", "board"])
typed("tictactoe", "tictactoe", t, ["board"],
      [5, False, None, "O...X....", {}, [], ["O..", ".X."], ["O..", ".X.", "...", "..."], ["O..", ".X.", 5],
       ["O..", ".X.", None], ["O..", ".X.", "...."], ["O..", ".X.", ".."], [["O", ".", "."], [".", "X", "."], [".", ".", "."]],
       ["O..", ".X.", "..#"], ["O..", ".X.", ".. "], 1.5])
for label, board in [
        ("two separate lines for X", ["XXX", "OO.", "XXX"]),
        ("both players have a line (rows)", ["XXX", "OOO", "X.."]),
        ("both players have a line (columns)", ["XOX", "XOO", "XO."]),
        ("O moved after X completed a line", ["XXX", "OO.", "O.."]),
        ("X moved after O completed a line", ["OOO", "XX.", "XX."]),
        ("X has two marks more than O", ["XX.", "...", "..."]),
        ("O moved first", ["O..", "...", "..."]),
        ("O has two marks more than X", ["OO.", "X.O", "..."])]:
    pos("tictactoe", "tictactoe", label, dict(t, board=board))

# ---- connect4 ----------------------------------------------------------------------------------
c = load("base/connect4.json")
E = "......."
generic("connect4", "connect4", c, ["game", "board"])
rows = c["board"]
typed("connect4", "connect4", c, ["board"],
      [5, False, None, E * 6, {}, [], rows[:5], rows + [E], rows[:5] + [5], rows[:5] + [None], rows[:5] + ["........"],
       rows[:5] + ["......"], [list(r) for r in rows], rows[:5] + ["...#..."], 1.5])
for label, board in [
        ("two separate fours for X (rows)", [E, E, E, "O......", "OOOXXXX", "XXXXOOO"]),
        ("two separate fours for X (columns)", [E, E, "X.X....", "XOX....", "XOXOO..", "XOXOO.."]),
        ("both players have four in a row", [E, E, E, E, "OOOO...", "XXXX..."]),
        ("O moved after X won", [E, E, E, "O......", "OOO....", "XXXX..."]),
        ("X moved after O won", [E, E, "O......", "O.X....", "OXX....", "OXX...."]),
        ("a stone floating above an empty cell", [E, E, E, E, "...X...", E]),
        ("a stone floating in the top row", ["X......", E, E, E, E, "O..X..."]),
        ("X has two stones more than O", [E, E, E, E, E, "XX....."]),
        ("O moved first", [E, E, E, E, E, "O......"])]:
    pos("connect4", "connect4", label, dict(c, board=board))

# ---- goofspiel ---------------------------------------------------------------------------------
g = load("base/goofspiel.json")  # players 2, cards 5, prizes [3,4,5,2,1], bids [[5],[1]]
generic("goofspiel", "goofspiel", g, ["game", "players", "cards", "prizes", "bids"])
typed("goofspiel", "goofspiel", g, ["players"], ["2", 1.5, False, True, None, [2], E40, E63, E32 + 2, -2, 0, 1, 6, 3])
typed("goofspiel", "goofspiel", g, ["cards"], ["5", 5.5, False, None, [5], E40, E63, E32 + 5, -5, 0, 17, 4, 6])
pz = g["prizes"]
typed("goofspiel", "goofspiel", g, ["prizes"],
      [5, "34521", False, None, {}, [], pz[:4], pz + [6], [pz[0] + 0.5] + pz[1:], [str(pz[0])] + pz[1:], [E32 + pz[0]] + pz[1:],
       [E63] + pz[1:], [-pz[0]] + pz[1:], [pz[1]] + pz[1:], [0] + pz[1:], [None] + pz[1:], pz[:4] + [True]])
typed("goofspiel", "goofspiel", g, ["bids"],
      [5, "51", False, None, {}, [[5], "1"], [[5.5], [1]], [[5], [1.5]], [[E32 + 5], [1]], [[5], [E63]], [[5], [1], [2]], [[5]],
       [[5], []], [[5, 5], [1, 2]], [[0], [1]], [[-1], [1]], [[6], [1]], [[5], [True]], [[5], [None]], [[5], ["1"]],
       [[5, 4, 3, 2, 1, 1], [1, 2, 3, 4, 5, 5]], [[[5]], [[1]]]])
# Below the lower bounds, with the rest made to fit.
pos("goofspiel", "goofspiel", "one player (bids [[5]])", dict(g, players=1, bids=[[5]]))
pos("goofspiel", "goofspiel", "no players (bids [])", dict(g, players=0, bids=[]))
pos("goofspiel", "goofspiel", "no cards (prizes [], bids [[], []])", dict(g, cards=0, prizes=[], bids=[[], []]))

# ---- kuhn --------------------------------------------------------------------------------------
k = load("base/kuhn.json")  # cards ["K","Q","J"], history "p"
generic("kuhn", "kuhn", k, ["game", "cards", "history"])
typed("kuhn", "kuhn", k, ["cards"],
      ["KQJ", 5, False, None, {}, [], ["K", "Q"], ["K", "Q", "J", "K"], ["K", "K", "J"], ["K", "Q", 5], ["A", "Q", "J"],
       ["K", "Q", None], ["K", "Q", ["J"]], ["KQ", "J", "Q"], ["K", "Q", ""]])
typed("kuhn", "kuhn", k, ["history"], [5, ["p"], None, False, True, 1.5, "px", "bpb", "ppb", "pbbp", "p b", "pass"])

# ---- sardegna ----------------------------------------------------------------------------------
s = load("base/sardegna.json")      # 3 players, the start, base variant
alt = load("base/sardegna-alt.json")  # the same with private fort cards
cm = load("base/sardegna-cm.json")    # seat 0 halfway through a Commander move
sc = load("base/sardegna-sc.json")    # seat 0 has played the Sentinel: keep or replace
SG = "sardegna"
generic(SG, "sardegna", s, ["game", "variant", "players", "turn", "phase", "tokens", "scorings", "row", "deck", "seats"])
P = lambda label, content, base="sardegna": pos(SG, base, label, content)
T = lambda path, values, base="sardegna", b=s: typed(SG, base, b, path, values)
T(["players"], ["3", 1.5, False, None, [3], E40, E63, E32 + 3, -3, 0, 1, 5, 2, 4])
P("one player with one seat", dict(s, players=1, seats=s["seats"][:1]))
T(["variant"], [5, None, "other", ["base"], ""])
T(["map"], ["other", 5, [1], {}, None, True, ""])
T(["turn"], ["0", 1.5, -1, 3, E40, E63, E32, None, False])
T(["phase"], [5, None, "nap", "", ["play"], "over", "admiral-move", "commander-move"])
tok = s["tokens"]
wheat_at = tok.index("wheat")
green_at = next(i for i, x in enumerate(tok) if x in ("olive", "wine"))
swapped = list(tok)
swapped[wheat_at], swapped[green_at] = swapped[green_at], swapped[wheat_at]
T(["tokens"], [5, "wheat", None, {}, tok[:15], tok + ["wheat"], tok[:15] + ["gold"], tok[:15] + [5], [[x] for x in tok],
               [None] + tok[1:]])
P("a wheat token on a green province", edit(s, ["tokens"], swapped))
T(["scorings"], ["0", 1.5, -1, 12, 11, E40, E63, None, 1])
row = s["row"]
deck = s["deck"]
T(["row"], [5, "x", None, {}, row[:10], row + [deck[0]["fort"]], [27] + row[1:], [0] + row[1:], [row[0] + 0.5] + row[1:],
            [str(row[0])] + row[1:], [None] + row[1:], [True] + row[1:], [E32 + row[0]] + row[1:], [{"fort": row[0]}] + row[1:]])
P("a fort card twice across row and deck", edit(s, ["row", 0], deck[0]["fort"]))
P("a fort card twice in the row", edit(s, ["row", 1], row[0]))
T(["deck"], [5, "x", None, {}, [], ("the deck without its last card", deck[:-1]),
             ("a deck card twice, its first card missing", deck[1:] + [deck[1]]), [5] + deck[1:], ["x"] + deck[1:], [[]] + deck[1:],
             [None] + deck[1:], ("a bare number for the top card", [deck[0]["fort"]] + deck[1:])])
d0 = deck[0]
for v in [27, 0, 1.5, d0["fort"] + 0.5, str(d0["fort"]), E32 + d0["fort"], True, None, -1]:
    P('deck card "fort" is %s' % short(v), edit(s, ["deck", 0, "fort"], v))
P('deck card without "fort"', edit(s, ["deck", 0], {"known_by": []}))
P('deck card without "known_by"', edit(s, ["deck", 0], {"fort": d0["fort"]}))
P("deck card with an unknown field", edit(s, ["deck", 0], dict(d0, seen=True)))
for v in [[0, 0], [9], [3], "0", ["0"], [-1], [1.5], [True], 5, None, {}]:
    P('deck card "known_by" is %s' % short(v), edit(s, ["deck", 0, "known_by"], v))
seats = s["seats"]
T(["seats"], [5, "x", None, {}, [], ("2 seats for 3 players", seats[:2]), ("4 seats for 3 players", seats + [seats[0]]),
              [5] + seats[1:], ["x"] + seats[1:], [None] + seats[1:], [[]] + seats[1:]])
seat0 = seats[0]
for f in ["score", "hand", "front", "villagers", "villages", "ships", "forts", "private"]:
    P('seat 0 without "%s"' % f, edit(s, ["seats", 0, f]))
P("seat 0 with an unknown field", edit(s, ["seats", 0, "gold"], 3))
for v in ["3", 1.5, -1, E40, E63, E32, None, True]:
    P('seat 0 "score" is %s' % short(v), edit(s, ["seats", 0, "score"], v))
pos(SG, "sardegna", "a start position (scorings 0, nothing harvested) where seat 1 has score 3", edit(s, ["seats", 1, "score"], 3),
    "legal analyze")
hand = seat0["hand"]
for v in ["admiral", 5, None, {}, [5] + hand[1:], ["king"] + hand[1:], hand + [hand[0]], hand[1:] + [None]]:
    P('seat 0 "hand" is %s' % short(v), edit(s, ["seats", 0, "hand"], v))
P('"hand" and "front" both name the admiral', edit(s, ["seats", 0, "front"], ["admiral"]))
P('"front" names a card twice, "hand" lacks it', edit(edit(s, ["seats", 0, "hand"], hand[1:]), ["seats", 0, "front"], [hand[0], hand[0]]))
for v in ["admiral", 5, None, {}, [5]]:
    P('seat 0 "front" is %s' % short(v), edit(s, ["seats", 0, "front"], v))
z = [0] * 16
one = lambda v: [v] + [0] * 15
for v in [z[:15], z + [0], one(8), one(1.5), one("1"), one(-1), one(E32 + 1), one(True), one(None), 5, "x", None, {}]:
    P('seat 0 "villagers" is %s' % short(v), edit(s, ["seats", 0, "villagers"], v))
for v in [z[:15], z + [0], one(1), one(0.5), one(False), one("0"), one(E32), 5, None]:
    P('seat 0 "villages" is %s' % short(v), edit(s, ["seats", 0, "villages"], v))
for v in [0, 17, 1.5, "1", True, [1], E32 + 1, -1]:
    P('seat 0 "priest" is %s' % short(v), edit(s, ["seats", 0, "priest"], v))
for v in ["1", 5, None, [8], [0], [1, 1], [1.5], [1, 2, 3], [True], [E32 + 1]]:
    P('seat 0 "ships" is %s' % short(v), edit(s, ["seats", 0, "ships"], v))
for v in ["1", 5, None, [27], [0], [1, 1], [1.5], [True], [1, 2, 3, 4], [E32 + 1]]:
    P('seat 0 "forts" is %s' % short(v), edit(s, ["seats", 0, "forts"], v))
P("one fort space held by two seats", edit(edit(s, ["seats", 0, "forts"], [1]), ["seats", 1, "forts"], [1]))
harv = seat0["harvested"]
for label, v in [("[]", []), ("[0, 0, 0, 0, 0]", [0, 0, 0, 0, 0]), ('"x"', "x"), ("5", 5), ("false", False),
                 ('an object with a key "gold"', dict(harv, gold=0))] + [
        ("an object with wheat %s" % dump(w), dict(harv, wheat=w)) for w in [1.5, -1, "0", E40, True, None]]:
    P('seat 0 "harvested" is %s' % label, edit(s, ["seats", 0, "harvested"], v))
for v in [[5], 5, "x", None, [None]]:
    P('base variant: seat 0 "private" is %s' % short(v), edit(s, ["seats", 0, "private"], v))
view = edit(s, ["observer"], 0)
view["row"] = view["row"][:2] + [None] * 9
P("a view (observer field, face-down cards null)", view)

# Phases the rest of the position cannot be in (analyze too: a search from such a state must not start).
PA = lambda label, content, base="sardegna": pos(SG, base, label, content, "legal analyze")
def sentinel_in_front(b, seat):
    o = copy.deepcopy(b)
    o["seats"][seat]["hand"] = [x for x in o["seats"][seat]["hand"] if x != "sentinel"]
    o["seats"][seat]["front"] = o["seats"][seat]["front"] + ["sentinel"]
    return o
PA("phase sentinel-choice with scorings 0 (the Sentinel in front)", dict(sentinel_in_front(s, 0), phase="sentinel-choice"))
PA("phase discard in the base variant (after a Sentinel)", dict(sc, phase="discard"), "sardegna-sc")
PA("phase discard in the base variant (at the start)", dict(sentinel_in_front(s, 0), phase="discard"))
PA("phase over after one scoring", dict(sc, phase="over"), "sardegna-sc")
PA("phase play with the Sentinel just played", dict(sc, phase="play"), "sardegna-sc")
PA("phase sentinel-choice for the wrong seat", dict(sc, turn=1), "sardegna-sc")
PA('"move" in phase play', dict(s, move=cm["move"]))

# Halfway through a Commander move.
mv = cm["move"]
PA("commander-move without a villager of the player to move", edit(cm, ["seats", 0, "villagers"], [0] * 16), "sardegna-cm")
PA('commander-move with "started" naming a province twice', edit(cm, ["move", "started"], mv["started"] * 2), "sardegna-cm")
PA('commander-move with "ended" naming a province twice', edit(cm, ["move", "ended"], mv["ended"] * 2), "sardegna-cm")
PA('commander-move without "move"', edit(cm, ["move"]), "sardegna-cm")
for v in [5, "x", None, [], {}]:
    PA('commander-move with "move" %s' % short(v), edit(cm, ["move"], v), "sardegna-cm")
for f in ["steps_left", "started", "ended", "last"]:
    PA('commander-move without move.%s' % f, edit(cm, ["move", f]), "sardegna-cm")
PA("commander-move with an unknown field in move", edit(cm, ["move", "via"], 2), "sardegna-cm")
for v in ["2", 1.5, -1, 5, E40, None]:
    PA("commander-move with move.steps_left %s" % short(v), edit(cm, ["move", "steps_left"], v), "sardegna-cm")
for v in ["3", [17], [0], [3.5], [True], [E32 + 3], None]:
    PA("commander-move with move.started %s" % short(v), edit(cm, ["move", "started"], v), "sardegna-cm")
for v in [[3], [3, 1, 2], [0, 1], [3, 17], "3-1", [3.5, 1], [True, 1], [E32 + 3, 1]]:
    PA("commander-move with move.last %s" % short(v), edit(cm, ["move", "last"], v), "sardegna-cm")
PA("commander-move for a seat without the Commander or the Queen in front", dict(cm, turn=1), "sardegna-cm")

# The variant's private fort cards.
apriv = alt["seats"][0]["private"]
for v in [[], apriv + [alt["deck"][0]["fort"]], ["x"], [27], [0], [apriv[0] + 0.5], [E32 + apriv[0]], [alt["row"][0]], 5, "x",
          None, [None], [True]]:
    P('variant: seat 0 "private" is %s' % short(v), edit(alt, ["seats", 0, "private"], v), "sardegna-alt")
P('variant: seat 0 without "private"', edit(alt, ["seats", 0, "private"]), "sardegna-alt")
P("variant: phase discard without a Sentinel just played", dict(alt, phase="discard"), "sardegna-alt")

# ---- board files for --map ---------------------------------------------------------------------
def amap(label, content):
    n = len(manifest["map"]) + 1
    path = "../in/maps/%03d.json" % n
    write(path, content if isinstance(content, str) else dump(content))
    manifest["map"].append((path, label))

if os.path.exists("base/board.json"):
    bd = load("base/board.json")
    bt = dump(bd)
    amap("the number 5", "5")
    amap("an empty list", "[]")
    amap("an empty object", "{}")
    amap("an empty file", "")
    amap("malformed JSON", bt[:-1])
    amap("100000 nested [ ]", "[" * 100000 + "]" * 100000)
    amap('duplicated key "name"', '{"name": "mine", ' + bt[1:])
    amap("unknown field", dict(bd, extra=1))
    amap("a province missing", edit(bd, ["provinces"], bd["provinces"][:15]))
    amap("a province too many", edit(bd, ["provinces"], bd["provinces"] + [dict(bd["provinces"][0], id=17)]))
    amap("provinces is a number", edit(bd, ["provinces"], 5))
    nb = bd["provinces"][0]["neighbours"]
    amap("province 1 is its own neighbour", edit(bd, ["provinces", 0, "neighbours"], nb + [1]))
    amap("province 1 has neighbour 17", edit(bd, ["provinces", 0, "neighbours"], nb + [17]))
    amap("province 1 names a neighbour twice", edit(bd, ["provinces", 0, "neighbours"], nb + [nb[0]]))
    amap("province 1 has a neighbour 2^32+k", edit(bd, ["provinces", 0, "neighbours"], [E32 + nb[0]] + nb[1:]))
    amap("province 1 has a neighbour k+0.5", edit(bd, ["provinces", 0, "neighbours"], [nb[0] + 0.5] + nb[1:]))
    amap('province 1 "value" is 1.5', edit(bd, ["provinces", 0, "value"], 1.5))
    amap('province 1 "value" is 0', edit(bd, ["provinces", 0, "value"], 0))
    amap("province 1 has neighbour 0", edit(bd, ["provinces", 0, "neighbours"], nb + [0]))
    amap("fort space 1 borders province 0", edit(bd, ["forts", 0, "provinces"], bd["forts"][0]["provinces"] + [0]))
    amap("harbour 1 lies by province 0", edit(bd, ["harbours", 0, "provinces"], bd["harbours"][0]["provinces"] + [0]))
    amap('province 1 "value" is "3"', edit(bd, ["provinces", 0, "value"], "3"))
    amap('province 1 "colour" is blue', edit(bd, ["provinces", 0, "colour"], "blue"))
    amap('province 1 "coastal" is "yes"', edit(bd, ["provinces", 0, "coastal"], "yes"))
    amap('province 1 "coastal" is 1', edit(bd, ["provinces", 0, "coastal"], 1))
    amap('province 1 "id" is 1.5', edit(bd, ["provinces", 0, "id"], 1.5))
    amap('province 1 "name" is 5', edit(bd, ["provinces", 0, "name"], 5))
    amap("a fort space missing", edit(bd, ["forts"], bd["forts"][:25]))
    amap("a harbour too many", edit(bd, ["harbours"], bd["harbours"] + [dict(bd["harbours"][0], id=8)]))
    amap('harbour 1 "name" is 5', edit(bd, ["harbours", 0, "name"], 5))
    # The points the browser viewer draws at (docs/rules-sardegna.md, "The board").
    amap('province 1 without "x"', edit(bd, ["provinces", 0, "x"]))
    amap('fort space 1 "y" is "north"', edit(bd, ["forts", 0, "y"], "north"))
    amap('harbour 1 "x" is -1, off the map', edit(bd, ["harbours", 0, "x"], -1))
    amap("harbours 1 and 2 at one point",
         edit(edit(bd, ["harbours", 1, "x"], bd["harbours"][0]["x"]), ["harbours", 1, "y"], bd["harbours"][0]["y"]))
    amap('"name" is 5', dict(bd, name=5))
    # The same bad boards inside a position ("map" replaced by a board object).
    P('"map" is a board with a province missing', dict(s, map=edit(bd, ["provinces"], bd["provinces"][:15])))
    P('"map" is a board whose province 1 is its own neighbour', dict(s, map=edit(bd, ["provinces", 0, "neighbours"], nb + [1])))
    P('"map" is a board with a neighbour 2^32+k', dict(s, map=edit(bd, ["provinces", 0, "neighbours"], [E32 + nb[0]] + nb[1:])))

# ---- results files -----------------------------------------------------------------------------
with open("res/r.jsonl", encoding="utf-8") as f:
    lines = f.read().split("\n")[:-1]
head = json.loads(lines[0])
games = [json.loads(x) for x in lines[1:]]
g0 = next(x for x in games if x["index"] == 0)
rest = [x for x in games if x["index"] != 0]


# cmds: the commands that must refuse the file. m: merge and results (they read the recorded
# results); r: replay, score --results and results --per move (they replay the moves too); t: results
# --per move alone (it reads the moves' times); a: arena resuming it.
def res(label, header, game_lines, cmds="mra", fast=False):
    n = len(manifest["res"]) + 1
    path = "res/%03d.jsonl" % n
    text = "".join((x if isinstance(x, str) else json.dumps(x, separators=(",", ":"))) + "\n" for x in [header] + game_lines)
    write(path, text)
    manifest["res"].append((path, label, cmds, "fast" if fast else ""))


def hdr(label, header, cmds="mr", fast=False):
    res(label, header, games, cmds, fast)


def line0(label, g, cmds="mra"):
    res(label, head, [g] + rest, cmds)


for f in ["game", "seed", "options", "bots", "players", "nuraghe"]:
    hdr('header without "%s"' % f, edit(head, [f]))
for f, values in [("seed", ["1", -1, 1.5, 2**64, None, [1]]), ("options", [[], {"a": 1}, "x", None, 5]),
                  ("game", [5, None, "chess", ["tictactoe"]]), ("bots", ["x", [], [1, 2], ["random"], None]),
                  ("players", [1.5, "2", 3, 0, -2, E40, None]), ("nuraghe", ["tune", 5])]:
    for v in values:
        hdr('header "%s" is %s' % (f, dump(v)), edit(head, [f], v))
hdr('header "map" is 5', edit(head, ["map"], 5), "r")
res('header "players" 0, "bots" [] and no games', dict(head, players=0, bots=[]), [], "m")
hdr("header listing 10000 bots", edit(head, ["bots"], ["random:seed=%d" % i for i in range(10000)]), "mr", True)
hdr("header is the number 5", "5")
hdr("header is a list", "[]")
hdr("header is 100000 nested [ ]", "[" * 100000 + "]" * 100000, "mr", True)
for v in [[1.5, -0.5], [2, 0], ["1", "0"], 5, [1], [1, 0, 0], None]:
    line0('game 0 "returns" is %s' % short(v), edit(g0, ["returns"], v))
for v in [[0, 7], [0, -1], [0, 1.5], [0, "1"], "01", [0]]:
    line0('game 0 "seats" is %s' % short(v), edit(g0, ["seats"], v))
for v in [-1, 1.5, "0", None, E40]:
    line0('game 0 "index" is %s' % short(v), edit(g0, ["index"], v))
for f in ["index", "seed", "seats", "scores", "returns", "think_seconds", "decisions"]:
    line0('game 0 without "%s"' % f, edit(g0, [f]))
for v in ["5", -1, 1.5, None]:
    line0('game 0 "seed" is %s' % short(v), edit(g0, ["seed"], v))
for v in [["1", "0"], [1], 5]:
    line0('game 0 "scores" is %s' % short(v), edit(g0, ["scores"], v))
line0('game 0 "decisions" is [4.5, 3]', edit(g0, ["decisions"], [4.5, 3]))
line0('game 0 "think_seconds" has 3 entries', edit(g0, ["think_seconds"], [0, 0, 0]))
res("a game line that is not JSON", head, ["garbage"] + games)
res("a game line that is 5", head, ["5"] + games)
res("a game line that is a list", head, ["[]"] + games)
res("a game line that is null", head, ["null"] + games)
res("an empty line between the games", head, [games[0], "", games[1]])
res("two lines with the same index", head, [games[0], games[0], games[1]])
ill = list(g0["moves"])
ill[1] = ill[0]
line0('game 0 "moves" plays an occupied cell', edit(g0, ["moves"], ill), "r")
line0('game 0 "moves" holds an unreadable move', edit(g0, ["moves"], ["z9"] + g0["moves"][1:]), "r")
line0('game 0 "moves" goes on after the end', edit(g0, ["moves"], g0["moves"] + ["c1"]), "r")
line0('game 0 "moves" stops before the end', edit(g0, ["moves"], g0["moves"][:-1]), "r")
# Read only by `results --per move` ("t"): the thinking time of each move.
sec = g0["seconds"]
for label, v in [("one entry short", sec[:-1]), ("one entry long", sec + [0.1]), ('["x", ...]', ["x"] + sec[1:]),
                 ("[-1, ...]", [-1] + sec[1:]), ("5", 5)]:
    line0('game 0 "seconds" is %s' % label, edit(g0, ["seconds"], v), "t")
# ... and the seat that made each move.
mov = g0["movers"]
for label, v in [("the seats swapped", [1 - m for m in mov]), ("one entry short", mov[:-1]), ("[7, ...]", [7] + mov[1:]),
                 ('["x", ...]', ["x"] + mov[1:])]:
    line0('game 0 "movers" is %s' % label, edit(g0, ["movers"], v), "t")
for v in ["b2", 5, None, [5] * len(g0["moves"]), {}]:
    line0('game 0 "moves" is %s' % short(v), edit(g0, ["moves"], v), "mr")

for kind in manifest:
    with open(os.path.join(tmp, kind + ".tsv"), "w", encoding="utf-8") as f:
        for row in manifest[kind]:
            f.write("\t".join(row) + "\n")
PYTHON
# Fixtures of two cases added with commit 15c668e: an existing empty file (someone's, not a results
# file to fill), and a results file whose recorded map (map_data) was edited by hand, its map_hash
# left as it was.
: >"$ws/res/empty.jsonl"
if [[ -f $ws/base/board.json ]]; then
  setup arena --game sardegna --map base/board.json --bots random,random:seed=2 --games 2 --out res/edited-map.jsonl >/dev/null
  python3 - "$ws/res/edited-map.jsonl" <<'PYTHON'
import json, sys
lines = open(sys.argv[1]).read().splitlines()
header = json.loads(lines[0])
header["map_data"]["provinces"][0]["name"] += " (edited)"
open(sys.argv[1], "w").write("\n".join([json.dumps(header)] + lines[1:]) + "\n")
PYTHON
fi
python3 "$tmp/gen.py" "$ws" "$tmp" || { echo "bad-input battery: the input generator failed"; exit 1; }
# Every entry of the scratch folder dates from 2000: whatever a case writes is newer than the marker.
find "$ws" -exec touch -h -d @946684800 {} +
touch -d @946684801 "$tmp/marker"
cp -a "$ws" "$tmp/ws.orig"

# ---- one case ------------------------------------------------------------------------------------
# The cases run in the scratch folder, under the memory limit (which python and find live with too).
cd "$ws" || exit 1
if [[ -n $vlimit ]]; then ulimit -v "$vlimit"; fi
# The scratch folder's state, with shell builtins only (a process per case costs more than a case):
# its entries, and those modified since the marker.
shopt -s globstar dotglob nullglob
entries=(**)
baseline="${entries[*]}"
changes() {  # sets $changed to the entries created, removed or modified by the case; empty if none
  local -a now=(**) out=()
  local e
  if [[ "${now[*]}" != "$baseline" ]]; then  # created or removed
    out+=($(comm -3 <(printf '%s\n' "${entries[@]}") <(printf '%s\n' "${now[@]}") | tr -d '\t'))
  fi
  for e in "${now[@]}"; do [[ $e -nt $tmp/marker && " ${out[*]} " != *" $e "* ]] && out+=("$e"); done
  changed=${out[*]}
}

# check [-i STDIN] [-q] [-f SECONDS] NAME ARGS...: runs `nuraghe ARGS...` in the scratch folder.
#   -i  standard input from this file (default /dev/null)   -q  stdout must be empty too
#   -f  the error must come within SECONDS (a hard timeout of twice that)
cases=0
check() {
  local stdin=/dev/null quiet=0 fast="" limit=20
  while :; do
    case $1 in
      -i) stdin=$2; shift 2 ;;
      -q) quiet=1; shift ;;
      -f) fast=$2; limit=$((2 * $2)); shift 2 ;;
      *) break ;;
    esac
  done
  local name=$1
  shift
  if [[ -n $only && ! $name =~ $only ]]; then return; fi
  cases=$((cases + 1))
  local shown
  printf -v shown ' %q' "$@"
  shown="nuraghe$shown"
  [[ $stdin != /dev/null ]] && shown+=" < $stdin"
  local t0=${EPOCHREALTIME/./}
  timeout -k 2 "$limit" "$nuraghe" "$@" <"$stdin" >"$tmp/out" 2>"$tmp/err"
  local rc=$? t1=${EPOCHREALTIME/./}
  local ms=$(((t1 - t0) / 1000)) why=() first=""
  local -a lines=()
  mapfile lines <"$tmp/err"  # each line with its newline
  first=${lines[0]:-}
  first=${first%$'\n'}
  first=${first:0:160}
  if [[ $rc -eq 124 || $rc -eq 137 ]]; then why+=("timeout (killed after $limit s)")
  elif [[ $rc -gt 128 ]]; then why+=("signal $((rc - 128))")
  elif [[ $rc -ne 2 ]]; then why+=("exit status $rc")
  fi
  if [[ ${#lines[@]} -ne 1 || ${lines[0]} != *$'\n' ]]; then
    why+=("${#lines[@]} lines on stderr${first:+, first: $first}")
  elif [[ $first != "nuraghe: error: "* ]]; then
    why+=("stderr is not 'nuraghe: error: ...': $first")
  elif [[ $first == *"internal error"* ]]; then
    why+=("the last-resort handler: $first")
  fi
  if [[ -n $fast && $ms -gt $((fast * 1000)) ]]; then why+=("took $((ms / 1000)).$((ms % 1000 / 100)) s, must fail within $fast s"); fi
  if [[ $quiet -eq 1 && -s $tmp/out ]]; then why+=("printed on stdout: $(head -c 80 "$tmp/out" | tr '\n' ' ')"); fi
  changes
  if [[ -n $changed ]]; then
    why+=("changed the scratch folder: $changed")
    find "$ws" -mindepth 1 -delete && cp -a "$tmp/ws.orig/." "$ws/"
  fi
  [[ -n $log ]] && printf '%s\t%s\t%s\t%s\n' "$name" "$rc" "$ms" "$first" >>"$log"
  if [[ ${#why[@]} -eq 0 ]]; then
    ok
  else
    local joined
    joined=$(printf '%s; ' "${why[@]}")
    bad "$name: ${joined%; } :: $shown"
  fi
}

# ---- positions -----------------------------------------------------------------------------------
# For each game: a legal move in its base position and a searching bot that may analyse it.
declare -A move=([tictactoe]=c1 [connect4]=5 [goofspiel]=4,2 [kuhn]=bet [sardegna]="commander villager 4"
  [sardegna-alt]="commander villager 4" [sardegna-cm]=stop [sardegna-sc]=keep)
declare -A searcher=([tictactoe]=uct:iters=10 [connect4]=uct:iters=10 [goofspiel]=ismcts:iters=10 [kuhn]=ismcts:iters=10
  [sardegna]=ismcts:iters=10)
declare -A seat_args=([goofspiel]="--seat 0")
position_cases() {  # GAME BASE FILE LABEL [COMMANDS]: the file through legal, apply (a move legal in BASE), analyze
  local game=$1 base=$2 file=$3 label=$4 commands=${5:-legal apply analyze}
  [[ $commands == *legal* ]] && check "$game position: $label / legal" legal --game "$game" --position "$file"
  [[ $commands == *apply* ]] && check "$game position: $label / apply" apply --game "$game" --position "$file" --moves "${move[$base]}"
  # shellcheck disable=SC2086
  [[ $commands == *analyze* ]] && check "$game position: $label / analyze" analyze --game "$game" --position "$file" --bot "${searcher[$game]}" ${seat_args[$game]:-}
}
while IFS=$'\t' read -r game base file label commands; do
  position_cases "$game" "$base" "$file" "$label" "$commands"
done <"$tmp/pos.tsv"
for game in tictactoe connect4 goofspiel kuhn sardegna; do
  position_cases "$game" "$game" /dev/zero "/dev/zero (endless input)"
  position_cases "$game" "$game" dir "a directory"
  position_cases "$game" "$game" no-such-file.json "a missing file"
done
# Standard input as the position.
check -i /dev/zero "position on stdin: endless (/dev/zero) / legal" legal --game connect4 --position -
check -i /dev/zero "position on stdin: endless (/dev/zero) / analyze" analyze --game tictactoe --position - --bot uct:iters=10
check "position on stdin: empty / legal" legal --game kuhn --position -
check -i ../in/p/goofspiel/001.json "position on stdin: the number 5 / legal" legal --game goofspiel --position -
check -i base/tictactoe.json "position on stdin: a tictactoe position for connect4 / apply" apply --game connect4 --position - --moves 4
check "--position ''" legal --game tictactoe --position ''

# A position file of another game, and moves that are not legal.
check "position of another game: connect4 for tictactoe" legal --game tictactoe --position base/connect4.json
check "position of another game: kuhn for goofspiel" analyze --game goofspiel --position base/kuhn.json --bot ismcts:iters=10 --seat 0
for m in a3 b2 x7 "c1;c1" "c1;a3" " c 1" c4 a0; do
  check "tictactoe: bad move \"$m\"" apply --game tictactoe --position base/tictactoe.json --moves "$m"
done
for m in 8 0 "4;4;4;4;4" 4.0 "+4" x; do
  check "connect4: bad move \"$m\"" apply --game connect4 --position base/connect4.json --moves "$m"
done
for m in 4 "4,2,1" "5,2" "6,2" "0,2" "4;4" "4.0,2" "x,2" "4,,2"; do
  check "goofspiel: bad move \"$m\"" apply --game goofspiel --position base/goofspiel.json --moves "$m"
done
for m in raise "bet;bet;bet" "pass,bet" B; do
  check "kuhn: bad move \"$m\"" apply --game kuhn --position base/kuhn.json --moves "$m"
done
for m in "commander villager 17" "commander villager 0" "commander villager 4.0" "commander villager 0x4" "commander villager" \
  "queen queen" "discard 5" keep stop "move 3-6" "sentinel 1" "architect fort 27" "king"; do
  check "sardegna: bad move \"$m\"" apply --game sardegna --position base/sardegna.json --moves "$m"
done
check "sardegna: a step of the wrong villager" apply --game sardegna --position base/sardegna-cm.json --moves "move 3-5"
check "analyze a finished kuhn hand" analyze --game kuhn --position base/kuhn-over.json --bot ismcts:iters=10
check "analyze a finished tictactoe game" analyze --game tictactoe --position base/tictactoe-over.json --bot uct:iters=10
check "apply a move after the end" apply --game tictactoe --position base/tictactoe-over.json --moves a1

# ---- maps ----------------------------------------------------------------------------------------
while IFS=$'\t' read -r file label; do
  check "map file: $label / new" new --game sardegna --players 3 --map "$file"
  check "map file: $label / legal" legal --game sardegna --position base/sardegna.json --map "$file"
  if [[ $label == *duplicated* || $label == *2^32* || $label == "a province missing" ]]; then
    check "map file: $label / arena" arena --game sardegna --players 3 --bots random,random:seed=2,random:seed=3 --games 6 --map "$file"
  fi
done <"$tmp/map.tsv"
for file in /dev/zero dir no-such-map.json; do
  check "map file: $file / new" new --game sardegna --players 3 --map "$file"
  check "map file: $file / legal" legal --game sardegna --position base/sardegna.json --map "$file"
done
check "map file for a game without maps" new --game goofspiel --map base/board.json

# ---- results files read back ---------------------------------------------------------------------
res_file() { awk -F'\t' -v l="$1" '$2 == l {print $1}' "$tmp/res.tsv"; }
arena_r=(arena --game tictactoe --bots random,random:seed=2 --games 2)
while IFS=$'\t' read -r file label cmds fast; do
  flags=()
  [[ $fast == fast ]] && flags=(-f 3)
  [[ $cmds == *m* ]] && check "${flags[@]}" "results file: $label / merge" merge "$file"
  [[ $cmds == *r* ]] && check "${flags[@]}" "results file: $label / replay" replay "$file" "$index_opt" 0
  [[ $cmds == *r* ]] && check "${flags[@]}" "results file: $label / score --results" score --results "$file"
  [[ $cmds == *m* ]] && check "${flags[@]}" "results file: $label / results" results "$file"
  [[ $cmds == *[rt]* ]] && check "${flags[@]}" "results file: $label / results --per move" results "$file" --per move
  [[ $cmds == *a* ]] && check "${flags[@]}" "results file: $label / arena resuming it" "${arena_r[@]}" --out "$file"
done <"$tmp/res.tsv"
check "results file: game 0 \"returns\" is [2, 0] / merge --out" merge "$(res_file 'game 0 "returns" is [2, 0]')" --out merged.jsonl
check "results file: header without \"seed\" / merge --out" merge "$(res_file 'header without "seed"')" --out merged.jsonl
for file in /dev/zero dir no-such-file.jsonl user.txt user.json base/tictactoe.json; do
  check "results file: $file / merge" merge "$file"
  check "results file: $file / replay" replay "$file" "$index_opt" 0
  check "results file: $file / score --results" score --results "$file"
  check "results file: $file / map --usage" map --game ttr --svg m.svg --usage "$file"
  check "results file: $file / results" results "$file"
done
check "map --usage with another game's results" map --game ttr --svg m.svg --usage res/r.jsonl
check "map --usage with -p (the games' own players are drawn)" map --game ttr --svg m.svg --usage res/ttr.jsonl -p 3
check "map --usage with -o (the games' own options are drawn)" map --game ttr --svg m.svg --usage res/ttr.jsonl -o touring=on
check "map of a game without a board to draw" map --game tictactoe --svg m.svg
check "map --svg an existing user file" map --game ttr --svg user.txt
check "map --svg a directory" map --game ttr --svg dir
check "map --svg in a missing folder" map --game ttr --svg /nonexistent/dir/m.svg
check "map --svg /dev/full" map --game ttr --svg /dev/full
check "map without --svg" map --game ttr
check "score without --position or --results" score --game ttr
check "score with both --position and --results" score --game tictactoe --position base/tictactoe.json --results res/r.jsonl
check "score --position of another game" score --game ttr --position base/tictactoe.json

# ---- Ticket to Ride positions and maps that play cannot reach ------------------------------------
# Each position through legal, apply and analyze. 13 offered tickets, 268 red cards (or 270
# locomotives) and 4 tickets kept at setup with none held once ended on a signal; 5 to 12 offered
# gave keep moves whose texts collide. Generated outside the scratch folder, from 3-player games.
ttr_in=$tmp/in/ttr
mkdir -p "$ttr_in"
"$nuraghe" new --game ttr --players 3 --seed 4 >"$ttr_in/start.json" &&
  "$nuraghe" apply --game ttr --position "$ttr_in/start.json" --moves "keep 1+2+3+4,keep 1+2+3+4,keep 1+2+3+4" >"$ttr_in/turn.json" &&
  "$nuraghe" apply --game ttr --position "$ttr_in/turn.json" --moves "draw tickets" >"$ttr_in/drew.json" &&
  python3 - "$ttr_in" "$here/maps/ring.json" <<'PYTHON' || { echo "bad-input battery: the Ticket to Ride inputs failed"; exit 1; }
import json, sys
d, ring_path = sys.argv[1], sys.argv[2]
load = lambda name: json.load(open("%s/%s.json" % (d, name)))
def write(name, o):
    with open("%s/%s.json" % (d, name), "w") as f:
        json.dump(o, f)
def offer(o, seat, n):  # seat's offered grows to n tickets, from the top of the deck
    while len(o["seats"][seat]["offered"]) < n:
        o["seats"][seat]["offered"].append(o["ticket_deck"].pop())
    return o
for n in (5, 9, 13):
    write("setup-offered-%d" % n, offer(load("start"), 0, n))
    write("draw-offered-%d" % n, offer(load("drew"), 0, n))
o = load("start"); o["seats"][1]["offered"] = o["seats"][1]["offered"][:1]; write("setup-offered-1", o)
for kind, name in (("red", "red-268"), ("loco", "loco-270")):
    o = load("turn")
    for counts, n in ((o["seats"][0]["cards"], 100), (o["seats"][1]["cards"], 100), (o["train_discards"], 56)):
        counts[kind] = counts.get(kind, 0) + n
    write(name, o)
o = load("turn"); o["seats"][1]["tickets"] = []; write("kept-4-held-0", o)
o = load("turn"); o["seats"][1]["setup_kept"] = 1; write("kept-1", o)
o = load("start"); o["seats"][2]["setup_kept"] = 2; write("setup-kept-2", o)
o = load("turn"); o["seats"][0]["cards"]["purple"] = 1; write("purple", o)
ring = json.load(open(ring_path))
isle = next(r for r in ring["routes"] if r["b"] == "isle-1")
del isle["ships"]
write("map-icon-without-ship", ring)
ring = json.load(open(ring_path))
ring["routes"].append({"a": "isle-1", "b": "isle-2", "colour": "grey", "length": 4, "ships": 2})
write("map-icon-to-icon", ring)
PYTHON
for name in setup-offered-5 setup-offered-9 setup-offered-13 setup-offered-1 setup-kept-2; do
  check "ttr position: $name / legal" legal --game ttr --position "$ttr_in/$name.json"
  check "ttr position: $name / apply" apply --game ttr --position "$ttr_in/$name.json" --moves "keep 1+2,keep 1+2,keep 1+2"
  check "ttr position: $name / analyze" analyze --game ttr --position "$ttr_in/$name.json" --bot ismcts:iters=10 --seat 0
done
for name in draw-offered-5 draw-offered-9 draw-offered-13; do
  check "ttr position: $name / legal" legal --game ttr --position "$ttr_in/$name.json"
  check "ttr position: $name / apply" apply --game ttr --position "$ttr_in/$name.json" --moves "keep 1"
  check "ttr position: $name / analyze" analyze --game ttr --position "$ttr_in/$name.json" --bot ismcts:iters=10
done
for name in red-268 loco-270 kept-4-held-0 kept-1 purple; do
  check "ttr position: $name / legal" legal --game ttr --position "$ttr_in/$name.json"
  check "ttr position: $name / apply" apply --game ttr --position "$ttr_in/$name.json" --moves "draw deck"
  check "ttr position: $name / analyze" analyze --game ttr --position "$ttr_in/$name.json" --bot ismcts:iters=10
done
for name in map-icon-without-ship map-icon-to-icon; do
  check "ttr map: $name / new" new --game ttr --map "$ttr_in/$name.json"
  check "ttr map: $name / arena" arena --game ttr --map "$ttr_in/$name.json" --bots random,random:seed=2 --games 2
done

check "score --position without --game" score --position base/tictactoe.json
check "results file: /dev/zero with a good one / merge" merge res/r.jsonl /dev/zero
check "results files of two tournaments / merge" merge res/r.jsonl res/r2.jsonl
check "replay of a game not in the file" replay res/r.jsonl "$index_opt" 9
for v in -1 0x0 00 1.5 "" " 0" 99999999999; do
  check "replay $index_opt '$v'" replay res/r.jsonl "$index_opt" "$v"
done
check "replay --seat 2 in a two-player game" replay res/r.jsonl "$index_opt" 0 --seat 2
check "replay --seat 0x0" replay res/r.jsonl "$index_opt" 0 --seat 0x0
check "replay --html an existing user file" replay res/r.jsonl --html user.txt
check "replay --html a directory" replay res/r.jsonl --html dir
check "replay --html in a missing folder" replay res/r.jsonl --html /nonexistent/dir/game.html
check "replay --html /dev/full" replay res/r.jsonl --html /dev/full --force
check "replay --html of a game not in the file" replay res/r.jsonl "$index_opt" 9 --html game.html
check "replay --html the file replayed, forced" replay res/r.jsonl --html ./res/r.jsonl --force
check "replay --html with an empty name" replay res/r.jsonl --html ""
check "merge --out an existing user file" merge res/r.jsonl --out user.txt
check "merge --out a directory" merge res/r.jsonl --out dir
check "merge --out /dev/full" merge res/r.jsonl --out /dev/full
check "merge --out in a missing folder" merge res/r.jsonl --out /nonexistent/dir/m.jsonl
check "merge --format xml" merge res/r.jsonl --format xml
check "merge --resamples 5" merge res/r.jsonl --resamples 5
check "merge without files" merge
check "results --format xml" results res/r.jsonl --format xml
check "results --per turn" results res/r.jsonl --per turn
check "results --out an existing user file" results res/r.jsonl --out user.txt
check "results --out a directory" results res/r.jsonl --out dir
check "results --out the file read, forced" results res/r.jsonl --out res/../res/r.jsonl --force
check "results --out with an empty name" results res/r.jsonl --out ""
check "map --svg the --usage file, forced" map --game ttr --svg res/ttr.jsonl --usage res/ttr.jsonl --force
check "play --log with an empty name" play --game tictactoe --bots random,random --log ""
check "results --out /dev/full" results res/r.jsonl --out /dev/full --force
check "results --out in a missing folder" results res/r.jsonl --out /nonexistent/dir/r.csv
check "results without a file" results

# ---- files written by arena, play and tune -------------------------------------------------------
check "arena --out a directory" "${arena_r[@]}" --out dir
check "arena --out an empty directory" "${arena_r[@]}" --out empty-dir
check "arena --out in a missing folder" "${arena_r[@]}" --out /nonexistent/dir/r.jsonl
check "arena --out a user's one-line notes" "${arena_r[@]}" --out user.txt
check "arena --out a user's one-line notes without a newline" "${arena_r[@]}" --out user-no-newline.txt
check "arena --out a user's JSON file" "${arena_r[@]}" --out user.json
check "arena --out a position file" "${arena_r[@]}" --out base/tictactoe.json
check "arena --out another tournament's results" arena --game tictactoe --bots random,random --games 2 --out res/r.jsonl
check "arena --out /dev/zero" "${arena_r[@]}" --out /dev/zero
check "arena --out /dev/full" "${arena_r[@]}" --out /dev/full
check "play --log a user's one-line notes" play --game tictactoe --bots random,random --log user.txt
check "play --log /dev/full" play --game tictactoe --bots random,random --log /dev/full
check "play --log a directory" play --game tictactoe --bots random,random --log dir
check "play --log in a missing folder" play --game tictactoe --bots random,random --log /nonexistent/dir/log.jsonl
check "play --html a user's one-line notes" play --game tictactoe --bots random,random --html user.txt
check "play --html /dev/full" play --game tictactoe --bots random,random --html /dev/full --force
check "play --html a directory" play --game tictactoe --bots random,random --html dir
check "play --html in a missing folder" play --game tictactoe --bots random,random --html /nonexistent/dir/game.html
check "play --html and --log one file" play --game tictactoe --bots random,random --html game.jsonl --log ./game.jsonl
big_tune=(tune --game connect4 --bot uct:iters=300 --opponent uct:iters=300 --param c=0.1:3 --budget 100000 --games-per-eval 40)
check -f 3 "tune --csv in a missing folder (before any game)" "${big_tune[@]}" --csv /nonexistent/x.csv
check -f 3 "tune --best in a missing folder (before any game)" "${big_tune[@]}" --best /nonexistent/x
check -f 3 "tune --csv a directory (before any game)" "${big_tune[@]}" --csv dir
check -f 3 "tune --best a directory (before any game)" "${big_tune[@]}" --best dir
small_tune=(tune --game tictactoe --bot uct:iters=5 --opponent random --param c=0.1:3 --budget 8 --games-per-eval 4)
check "tune --best /dev/full" "${small_tune[@]}" --best /dev/full
check "tune --csv a user's one-line notes" "${small_tune[@]}" --csv user.txt
check "tune --best a user's one-line notes" "${small_tune[@]}" --best user.txt
check "tune --csv /dev/full" "${small_tune[@]}" --csv /dev/full

# ---- numbers on the command line -----------------------------------------------------------------
for v in -1 99999999999999999999 18446744073709551616 "" 010 0x10 0b1 0o7 1.5 " 1" "1 " 1e3 abc; do
  check "--seed '$v' / new" new --game goofspiel -o cards=5 --seed "$v"
  check "--seed '$v' / play" play --game tictactoe --bots random,random --seed "$v"
  check "--seed '$v' / arena" arena --game tictactoe --bots random,random --games 2 --seed "$v"
  check "--seed '$v' / analyze" analyze --game tictactoe --position base/tictactoe.json --bot uct:iters=10 --seed "$v"
done
for v in 0x10 010 " 1"; do
  check "--seed '$v' / tune" "${small_tune[@]}" --seed "$v"
done
for v in 0x2 010 03 0b11 2.5 "" " 2" -2 0 1 6 2147483650; do
  check "--players '$v' / new goofspiel" new --game goofspiel -o cards=5 --players "$v"
done
for v in 0x2 02 0b10 " 2" "2 " 2.0 4294967298; do  # each would mean 2 if it were read
  check "--players '$v' / arena goofspiel" arena --game goofspiel -o cards=3 --bots random,random --games 2 --players "$v"
done
check "--players 3 for tictactoe" new --game tictactoe --players 3
check "--players 0x3 / play sardegna" play --game sardegna --bots random,random,random --players 0x3
for v in 010 0x2 02 2.0 "" " 2" 1e1 4294967298 3 0 -2; do
  check "--games '$v'" arena --game tictactoe --bots random,random --games "$v"
done
for v in 0x2 02 1.5 0 257 "" -1; do
  check "--jobs '$v'" arena --game tictactoe --bots random,random --games 2 --jobs "$v"
done
for v in 0x10 5 100001 ""; do
  check "--resamples '$v'" arena --game tictactoe --bots random,random --games 2 --resamples "$v"
done
for v in 0/4294967297 1/0 -1/4 01/4 0/04 a/b 3/2 4/4 0/ /4 0/4/2 0/+4 "0 /4" 0x0/4 1.0/4; do
  check "--shard '$v'" arena --game tictactoe --bots random,random --games 8 --shard "$v"
done
for v in 5,0,0.05,0.05 0,5 0,5,0.05 0,5,0.05,0.05,1 nan,5,0.05,0.05 0,5,0,0.05 0,5,0.05,1 0,5,0.05,-1 0x0,5,0.05,0.05 a,b,c,d; do
  check "--sprt '$v'" arena --game tictactoe --bots random,random:seed=2 --games 2 --sprt "$v"
done
check "--sprt with three bots" arena --game goofspiel -o cards=3 --players 3 --bots random,random,random --games 3 --sprt 0,5,0.05,0.05
check "--format xml" arena --game tictactoe --bots random,random:seed=2 --games 2 --format xml

# Bot specs, through play, arena and analyze.
for spec in uct:iters=0x10 uct:iters=010 uct:iters=-5 uct:iters=1e3 uct:iters=1.0 uct:iters=+5 uct:iters= uct:ms=0x10 uct:ms=nan \
  uct:ms=-1 uct:c=0x10 uct:c=0x1p-2 uct:c=nan uct:c=inf uct:c=-inf uct:c=1e999 uct:c=-1 uct:iters=99999999999999999999 \
  uct:iters=1000000001 uct:threads=0x2 uct:threads=0 uct:memory=0 ismcts:memory=65536 uct:sim=UCB uct:final=best \
  uct:iters=5,iters=6 uct:iters=5,depth=3 uct:iters nosuchbot nosuchbot:iters=5 "uct:iters=5:c=1" :iters=5 \
  random:seed=-1 random:seed=010 random:seed=9007199254740992 random:seed=0x1 uct:iters=0 uct:epsilon=0.5 \
  pimc:reuse=on pimc:threads=2,parallel=tree; do
  name=${spec%%:*}
  check "bot spec '$spec' / play" play --game tictactoe --bots "$spec",random
  check "bot spec '$spec' / arena" arena --game tictactoe --bot "$spec" --bot random --games 2
  if [[ $name != random ]]; then
    check "bot spec '$spec' / analyze" analyze --game tictactoe --position base/tictactoe.json --bot "$spec"
  fi
done
check "bot spec 'uct' on a hidden-information game" play --game kuhn --bots uct:iters=5,random
check "bot spec 'heuristic' for a game without one" play --game tictactoe --bots heuristic,random
check "bot spec 'heuristic:style=one-step' for a game without styles" play --game sardegna --bots heuristic:style=one-step,random
check "bot spec 'heuristic:style=fast' (no such style anywhere)" play --game ttr --bots heuristic:style=fast,random
check "bot spec 'heuristic:style=' (empty)" play --game ttr --bots heuristic:style=,random
check "bot spec 'ismcts:rollout=heuristic' for a game without one" play --game kuhn --bots ismcts:iters=5,rollout=heuristic,random
check "empty bot spec in a list" play --game tictactoe --bots "random,,random"
check "bot list ending in a comma" arena --game tictactoe --bots "random,random," --games 2
# reward=score beside cutoff=: the static evaluations give win shares, not points (docs/search.md).
check "bot spec 'ismcts:reward=score,cutoff=5' / play" play --game goofspiel --bots ismcts:iters=5,reward=score,cutoff=5,random
check "bot spec 'ismcts:reward=score,cutoff=5' / analyze" analyze --game goofspiel --position base/goofspiel.json --seat 0 --bot ismcts:iters=5,reward=score,cutoff=5

# Priors, PUCT and mix= (docs/search.md, "Priors and PUCT"): combinations that mean nothing.
check "bot spec 'prior=heuristic' for a game without a heuristic" play --game kuhn --bots ismcts:iters=5,prior=heuristic,random
check "bot spec 'prior=' with bias=" play --game connect4 --bots uct:iters=5,prior=heuristic,bias=3,random
check "bot spec 'prior=' with sim=exp3" play --game goofspiel --bots ismcts:iters=5,prior=uniform,sim=exp3,random
check "bot spec 'cpuct=' without a prior" play --game connect4 --bots uct:iters=5,cpuct=2,random
check "bot spec 'prior_weight=' without prior=heuristic" play --game connect4 --bots uct:iters=5,prior=uniform,prior_weight=0.3,random
check "bot spec 'prior=' unknown" play --game connect4 --bots uct:iters=5,prior=soft,random
check "bot spec 'mix=' with cutoff=leaf" play --game connect4 --bots uct:iters=5,mix=0.5,cutoff=leaf,random
check "bot spec 'mix=' out of range" play --game connect4 --bots uct:iters=5,mix=1.5,random
check "bot spec 'mix=' for a game without an evaluation" play --game kuhn --bots ismcts:iters=5,mix=0.5,random

# Game options.
for opt in cards=0x5 cards=05 cards=99 cards=0 cards=-1 cards=5.0 cards=1e1 "cards= 5" "cards=5 " cards= nosuch=1 cards "cards =5" =5; do
  check "game option '$opt' / new" new --game goofspiel -o "$opt"
  check "game option '$opt' / arena" arena --game goofspiel --bots random,random --games 2 -o "$opt"
  check "game option '$opt' / play" play --game goofspiel --bots random,random -o "$opt"
done
check "game option given twice" new --game goofspiel -o cards=5 -o cards=6
for opt in variant=ALT variant= variant=alt-sentinel,base colour=red; do
  check "game option '$opt' / new sardegna" new --game sardegna --players 3 -o "$opt"
done
check "game option for a game without options" new --game tictactoe -o cards=5
check "game option in tune" "${small_tune[@]}" -o size=4

# bench: nothing on stdout either.
for v in nan NaN inf -inf -1 0x1 0x0.1p0 "" 1e999 0 61 1e-9 " 0.1" 0.1s; do
  check -q "bench --seconds '$v'" bench --seconds "$v"
done

# Tuning ranges.
tune_base=(tune --game tictactoe --bot uct:iters=5 --opponent random --budget 8 --games-per-eval 4)
for p in c=2:1 c=a:b zeta=0:1 rollout=0:1 c c=0.1 c=nan:1 c=0:nan c=0x1:2 c=1e999:2 c=-1:1 c=0:101 iters=1.5:10 iters=0x10:100 \
  iters=010:100 iters=0:2000000000 "=0:1" "c,x=0:1"; do
  check "tune --param '$p'" "${tune_base[@]}" --param "$p"
done
check "tune --param twice" "${tune_base[@]}" --param c=0.1:1 --param c=0.2:2
check "tune --method grid" "${tune_base[@]}" --param c=0.1:1 --method grid
for v in 0 -8 0x8 08 1.5; do
  check "tune --budget '$v'" tune --game tictactoe --bot uct:iters=5 --opponent random --param c=0.1:1 --games-per-eval 4 --budget "$v"
  check "tune --games-per-eval '$v'" tune --game tictactoe --bot uct:iters=5 --opponent random --param c=0.1:1 --budget 8 --games-per-eval "$v"
done
check "tune a bot without the parameter" tune --game tictactoe --bot random --opponent random --param c=0:1 --budget 8 --games-per-eval 4
check "tune against an unknown bot" tune --game tictactoe --bot uct:iters=5 --opponent nobody --param c=0:1 --budget 8 --games-per-eval 4
check "tune a bad spec" tune --game tictactoe --bot uct:iters=0x5 --opponent random --param c=0:1 --budget 8 --games-per-eval 4

# ---- subcommands ---------------------------------------------------------------------------------
check "analyze --bot heuristic" analyze --game connect4 --position base/connect4.json --bot heuristic
check "analyze --bot heuristic:seed=1" analyze --game goofspiel --position base/goofspiel.json --bot heuristic:seed=1 --seat 0
check "analyze --bot random" analyze --game connect4 --position base/connect4.json --bot random
check "analyze --bot random:seed=3" analyze --game connect4 --position base/connect4.json --bot random:seed=3
check "analyze --bot heuristic in sardegna" analyze --game sardegna --position base/sardegna.json --bot heuristic
check "analyze without --seat at a simultaneous node" analyze --game goofspiel --position base/goofspiel.json --bot ismcts:iters=10
for v in 2 -1 0x1 01 1.5 ""; do
  check "analyze --seat '$v' at a simultaneous node" analyze --game goofspiel --position base/goofspiel.json --bot ismcts:iters=10 --seat "$v"
done
check "analyze --seat of the player not to move" analyze --game connect4 --position base/connect4.json --bot uct:iters=10 --seat 0
check "play --human 5 in a two-player game" play --game tictactoe --human 5 --bots random
check "play --human -1" play --game tictactoe --human -1 --bots random,random
check -i human-moves.txt "play --human 0x0" play --game tictactoe --human 0x0 --bots random
check "play --human with no input" play --game tictactoe --human 0 --bots random
check -f 5 -i /dev/zero "play --human with endless input (/dev/zero)" play --game tictactoe --human 0 --bots random
check "play --human 0,1 at the terminal" play --game goofspiel --players 3 --human 0,1 --bots random
check "play --human 0,0 --serve" play --game tictactoe --human 0,0 --serve
check "play --human 0, --serve" play --game tictactoe --human 0, --serve --bots random
check "play --serve without --human" play --game tictactoe --serve --bots random,random
check "play --port without --serve" play --game tictactoe --port 8080 --bots random,random
check "play --serve --port 0" play --game tictactoe --human 0 --serve --port 0 --bots random
check "play --serve --port 70000" play --game tictactoe --human 0 --serve --port 70000 --bots random
check "play --serve --host 256.0.0.1" play --game tictactoe --human 0 --serve --host 256.0.0.1 --bots random
check "play --serve --host no-such-host.invalid" play --game tictactoe --human 0 --serve --host no-such-host.invalid --bots random
check "play with too few bots" play --game tictactoe --bots random
check "play with too many bots" play --game tictactoe --bots random,random,random
check "play without bots" play --game tictactoe
check "play with too few bots for goofspiel --players 3" play --game goofspiel --players 3 --bots random,random
check "arena with too few bots" arena --game tictactoe --bots random --games 2
check "arena with too many bots" arena --game tictactoe --bots random,random,random --games 3
check "arena without --games" arena --game tictactoe --bots random,random
check "unknown game / new" new --game chess
check "unknown game / legal" legal --game chess --position base/tictactoe.json
check "unknown game / arena" arena --game chess --bots random,random --games 2
check "new without --game" new
check "legal without --position" legal --game tictactoe
check "apply without --moves" apply --game tictactoe --position base/tictactoe.json
check "--map for a game without maps" new --game connect4 --map base/board.json
check "unknown subcommand" plya
check "unknown subcommand close to arena" arenas --game tictactoe
check "unknown option" games --colour
check "unknown option to play" play --game tictactoe --bots random,random --colour red
check "unknown top-level option" --nosuch games
check "an extra positional argument" bots extra
check "legal --seed (new's option)" legal --game tictactoe --position base/tictactoe.json --seed 3
check "analyze --players (a setup option)" analyze --game tictactoe --position base/tictactoe.json --bot uct:iters=10 --players 2

# ---- the command line's empty values, numbers, move lists and own inputs -------------------------
check "arena --shard '' (not the default 0/1)" arena --game tictactoe --bots random,random:seed=2 --games 2 --shard ''
check "arena --sprt '' (not no test)" arena --game connect4 --bots random,random:seed=2 --games 2 --sprt ''
check "arena --format ''" arena --game tictactoe --bots random,random:seed=2 --games 2 --format ''
check "arena --bots ''" arena --game tictactoe --bots '' --games 2
check "arena -b '' twice" arena --game tictactoe -b '' -b '' --games 2
check "merge --format ''" merge res/r.jsonl --format ''
check "merge of a file named ''" merge ''
check "results --per ''" results res/r.jsonl --per ''
check "results --format ''" results res/r.jsonl --format ''
check "results of a file named ''" results ''
check "replay of a file named ''" replay ''
check "score --results ''" score --results ''
check "play --bots ''" play --game tictactoe --bots ''
check "new -o ''" new --game ttr -o ''
check "new --game ''" new --game ''
check "tune --method ''" tune --game tictactoe --bot uct:iters=5 --opponent random --param c=0.1:1 --budget 4 --games-per-eval 2 --method ''
check "new -o cars=-0 (a minus zero)" new --game ttr -o cars=-0
check "new -o cars=+5" new --game ttr -o cars=+5
check "new -o cars=05" new --game ttr -o cars=05
check "play --human -0" play --game tictactoe --human -0 --bots random
check "apply --moves with an empty move between separators" apply --game tictactoe --position base/t0.json --moves "b2;;a3"
check "apply --moves with a trailing ;" apply --game tictactoe --position base/t0.json --moves "b2;"
check "apply --moves with a leading ;" apply --game tictactoe --position base/t0.json --moves ";b2"
check "apply --moves ';' alone" apply --game tictactoe --position base/t0.json --moves ";"
check "apply --moves with a trailing , at a simultaneous node" apply --game goofspiel --position base/g0.json --moves "5,1,"
check "apply --moves with an empty seat's move" apply --game goofspiel --position base/g0.json --moves "5,,1"
check "apply --moves with two spaces inside a move" apply --game sardegna --position base/sardegna.json --moves "commander  villager 3"
check "apply --moves with a tab inside a move" apply --game sardegna --position base/sardegna.json --moves $'commander\tvillager 3'
check "map --svg onto its own --map file, forced" map --game ttr --map base/ring.json --svg base/ring.json --force
check "map --svg onto its own --map file by another path, forced" map --game bardagi --map base/summer.json --svg ./base/../base/summer.json --force
check "play --log onto its own --map file, forced" play --game sardegna --map base/board.json --bots random,random --log base/board.json --force
check "play --html onto its own --map file, forced" play --game sardegna --map base/board.json --bots random,random --html base/board.json --force
check "arena --out onto its own --map file" arena --game sardegna --map base/board.json --bots random,random:seed=2 --games 2 --out base/board.json
check "merge --out onto one of its files" merge res/r.jsonl --out res/r.jsonl
check "--players 6 for ttr" new --game ttr --players 6
check "--players 1 for bardagi" new --game bardagi --players 1
check "legal of a results file as a position" legal --game tictactoe --position res/r.jsonl

# Learned models (eval=): bad files, models of another game, seat count or observation size.
ttt_eval="uct:iters=10,cutoff=leaf,eval"
check "eval= model: corrupted JSON" arena --game tictactoe --bots "$ttt_eval=base/model-broken.json,random" --games 2
check "eval= model: players of the wrong type" arena --game tictactoe --bots "$ttt_eval=base/model-type.json,random" --games 2
check "eval= model: unknown kind" play --game tictactoe --bots "$ttt_eval=base/model-kind.json,random"
check "eval= model: zero scale" analyze --game tictactoe --position base/t0.json --bot "$ttt_eval=base/model-scale.json"
check "eval= model: another game's" arena --game connect4 --bots "$ttt_eval=base/model.json,random" --games 2
check "eval= model: another player count" arena --game goofspiel --players 2 --bots "ismcts:iters=10,cutoff=leaf,eval=base/model-goofspiel3.json,random" --games 2
check "eval= model: another player count / play" play --game goofspiel --players 2 --bots "ismcts:iters=10,cutoff=leaf,eval=base/model-goofspiel3.json,random"
check "eval= model: mismatched observation size" arena --game tictactoe --bots "$ttt_eval=base/model-size.json,random" --games 2
check "eval= model: mismatched observation size / analyze" analyze --game tictactoe --position base/t0.json --bot "$ttt_eval=base/model-size.json"
check "eval= model: mismatched observation size / tune" tune --game tictactoe --bot "$ttt_eval=base/model-size.json" --opponent random --param c=0.1:2 --budget 4 --games-per-eval 2
check "eval= model: missing file" arena --game tictactoe --bots "$ttt_eval=base/no-model.json,random" --games 2
check "eval= model: a folder" arena --game tictactoe --bots "$ttt_eval=base,random" --games 2
check "eval= without cutoff" arena --game tictactoe --bots "uct:iters=10,eval=base/model.json,random" --games 2
check "eval= with reward=score" arena --game tictactoe --bots "$ttt_eval=base/model.json,reward=score,random" --games 2
check "cutoff=leaf without a model on a game without evaluation" arena --game tictactoe --bots "uct:iters=10,cutoff=leaf,random" --games 2
check "eval= model: a hidden layer too wide" arena --game tictactoe --bots "$ttt_eval=base/model-wide.json,random" --games 2
check "eval= model of other options / selfplay" selfplay --game goofspiel -o cards=5 --bots "ismcts:iters=10,cutoff=leaf,eval=base/model-goofspiel-cards.json" --games 2 --out sp-out
check "cutoff=leaves" arena --game tictactoe --bots "uct:iters=10,cutoff=leaves,random" --games 2
# Policy models (prior=FILE).
check "prior= a word misspelt" arena --game tictactoe --bots "uct:iters=10,prior=heurstic,random" --games 2
check "prior= a value model" arena --game tictactoe --bots "uct:iters=10,prior=base/model.json,random" --games 2
check "eval= a policy model" arena --game tictactoe --bots "$ttt_eval=base/policy.json,random" --games 2
check "prior= a policy of kind linear" arena --game tictactoe --bots "uct:iters=10,prior=base/policy-linear.json,random" --games 2
check "prior= a policy of another game" arena --game tictactoe --bots "uct:iters=10,prior=base/policy-goofspiel.json,random" --games 2
check "prior= a policy over another action space" arena --game goofspiel --players 2 --bots "ismcts:iters=10,prior=base/policy-goofspiel.json,random" --games 2
check "prior= a policy on a game without tensors" arena --game nim --bots "uct:iters=10,prior=base/policy-nim.json,random" --games 2
check "prior= policy edited since the results file began" arena --game tictactoe --bots "uct:iters=10,prior=base/policy-edit.json,random" --games 2 --out res/policy.jsonl
check "prior= a policy with sim=exp3" arena --game tictactoe --bots "uct:iters=10,prior=base/policy.json,sim=exp3,random" --games 2
check "eval= model edited since the results file began" arena --game tictactoe --bots "$ttt_eval=base/model-edit.json,random" --games 2 --out res/model.jsonl

# Found by this battery in December 2026 (commit 15c668e).
check "arena --out an existing empty file" arena --game tictactoe --bots random,random:seed=2 --games 2 --out res/empty.jsonl
if [[ -f $ws/res/edited-map.jsonl ]]; then
  check "arena resumes a file whose map_data is not its map_hash's" arena --game sardegna --map base/board.json --bots random,random:seed=2 --games 4 --out res/edited-map.jsonl
fi
# A 100 KB value is not echoed whole: the line is cut, saying how long the value was.
long=$(head -c 100000 /dev/zero | tr '\0' x)
check "a 100 KB bot spec" arena --game nim --bots "$long,random" --games 2
check "a 100 KB option" new --game goofspiel -o "cards=$long"
check "a 100 KB --out" arena --game nim --bots random,random:seed=2 --games 2 --out "res/$long"
if [[ -z $only ]]; then
  for args in "arena --game nim --bots $long,random --games 2" "new --game goofspiel -o cards=$long"; do
    # shellcheck disable=SC2086 # the words of args
    chars=$("$nuraghe" $args 2>&1 >/dev/null | wc -c)
    if [[ $chars -lt 400 ]]; then ok; else bad "an error line echoes a 100 KB value: $chars characters"; fi
    # shellcheck disable=SC2086
    if "$nuraghe" $args 2>&1 >/dev/null | grep -q "(1000[0-9][0-9] characters)"; then ok; else bad "a cut value does not say how long it was"; fi
  done
fi
# Another tournament's file: the refusal names what differs, with both values.
if [[ -z $only ]]; then
  (cd "$ws" && "$nuraghe" arena --game tictactoe --bots random,random:seed=3 --games 2 --out res/r.jsonl) >/dev/null 2>"$tmp/differ.err"
  if grep -q 'the file.s bots \["random","random:seed=2"\], this run.s \["random","random:seed=3"\]' "$tmp/differ.err"; then ok; else bad "a results file of another tournament: the refusal does not name what differs: $(cat "$tmp/differ.err")"; fi
  (cd "$ws" && "$nuraghe" arena --game tictactoe --bots random,random:seed=2 --games 2 --seed 7 --out res/r.jsonl) >/dev/null 2>"$tmp/differ.err"
  if grep -q 'the file.s seed 1, this run.s 7' "$tmp/differ.err"; then ok; else bad "another seed: the refusal does not name it: $(cat "$tmp/differ.err")"; fi
fi

elapsed=$((${EPOCHREALTIME/./} / 1000 - ${started_at/./} / 1000))
echo "bad-input battery: $cases cases in $((elapsed / 1000)).$((elapsed % 1000 / 100)) s"
echo "bad-input battery: $passed passed, $failed failed"
[[ $failed -eq 0 ]]
