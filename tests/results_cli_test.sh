#!/usr/bin/env bash
# `nuraghe results`: an arena results file and a play log flattened into tables, read back as a
# researcher would (Python's csv and json modules): a row per game, per seat and per move, each
# value the file's, bot specs with commas intact through CSV, and --out refusing to replace a file.
# Usage: results_cli_test.sh path/to/nuraghe
set -u
nuraghe=$1
source "$(dirname "${BASH_SOURCE[0]}")/cli_helpers.sh"

# Goofspiel with three seats: every move is simultaneous, so a ply is a row for each seat. The first
# bot's spec holds a comma, which CSV must quote.
"$nuraghe" arena --game goofspiel --players 3 -o cards=4 --bots "ismcts:iters=20,c=0.5,random,random:seed=2" \
  --games 6 --seed 3 --out "$tmp/arena.jsonl" >/dev/null 2>&1 || bad "arena failed"
# Ticket to Ride: single movers, and the opening ticket choice made by both seats at once.
"$nuraghe" play --game ttr --bots random,random:seed=2 --seed 5 --log "$tmp/play.jsonl" >/dev/null 2>&1 || bad "play failed"

for file in arena play; do
  for per in game seat move; do
    "$nuraghe" results "$tmp/$file.jsonl" --per $per >"$tmp/$file-$per.csv" 2>"$tmp/stderr" ||
      bad "results $file --per $per: $(cat "$tmp/stderr")"
    "$nuraghe" results "$tmp/$file.jsonl" --per $per --format json >"$tmp/$file-$per.jsonl" 2>"$tmp/stderr" ||
      bad "results $file --per $per --format json: $(cat "$tmp/stderr")"
  done
done

# Every table checked against the file it came from; the script prints each failure on a line.
cat >"$tmp/check.py" <<'PYTHON'
import csv, json, sys

tmp = sys.argv[1]
failures = 0


def check(condition, what):
    global failures
    if not condition:
        failures += 1
        print("FAIL: " + what)


def csv_rows(name):
    with open("%s/%s.csv" % (tmp, name), newline="") as f:
        return list(csv.DictReader(f))


def json_rows(name):
    with open("%s/%s.jsonl" % (tmp, name)) as f:
        return [json.loads(line) for line in f]


def number(text):
    return None if text == "" else float(text)


def records(name):
    """The header and the games of a results file, or of a play log as one game."""
    with open("%s/%s.jsonl" % (tmp, name)) as f:
        lines = [json.loads(line) for line in f]
    header = lines[0]
    if header["nuraghe"] == "arena":
        return header, lines[1:]
    result = lines[-1]["result"]
    moves = lines[1:-1]
    return header, [{"index": 0, "seed": header["seed"], "bots": header["bots"], "scores": result["scores"],
                     "returns": result["returns"], "moves": [m["move"] for m in moves],
                     "movers": [-2 if m["player"] == "all" else m["player"] for m in moves]}]


for name in ["arena", "play"]:
    header, games = records(name)
    n = header["players"]
    arena = header["nuraghe"] == "arena"
    check(len(games) == (6 if arena else 1), "%s: %d games in the file" % (name, len(games)))

    # --per game: a row per game, the seats side by side.
    rows = csv_rows(name + "-game")
    check(len(rows) == len(games), "%s --per game: %d rows for %d games" % (name, len(rows), len(games)))
    for row, g in zip(rows, games):
        check(int(row["game"]) == g["index"] and int(row["seed"]) == g["seed"], "%s game %s: index or seed" % (name, row["game"]))
        check(int(row["deal"]) == g["index"] // (n * (n - 1)), "%s game %s: deal" % (name, row["game"]))
        check(int(row["moves"]) == len(g["moves"]), "%s game %s: moves" % (name, row["game"]))
        for s in range(n):
            check(row["bot_%d" % s] == g["bots"][s], "%s game %s: bot_%d is %r" % (name, row["game"], s, row["bot_%d" % s]))
            check(float(row["score_%d" % s]) == g["scores"][s], "%s game %s: score_%d" % (name, row["game"], s))
            check(float(row["return_%d" % s]) == g["returns"][s], "%s game %s: return_%d" % (name, row["game"], s))
            if arena:
                check(int(row["rank_%d" % s]) == g["ranks"][s], "%s game %s: rank_%d" % (name, row["game"], s))
                check(float(row["think_seconds_%d" % s]) == g["think_seconds"][s], "%s game %s: think_seconds_%d" % (name, row["game"], s))
                check(int(row["decisions_%d" % s]) == g["decisions"][s], "%s game %s: decisions_%d" % (name, row["game"], s))
            else:
                check(row["think_seconds_%d" % s] == "", "play log: think_seconds_%d is not empty" % s)
    if arena:
        check(rows[0]["bot_0"] == "ismcts:iters=20,c=0.5", "a spec with a comma does not survive CSV: %r" % rows[0]["bot_0"])

    # --per seat: the long form, games x seats rows.
    rows = csv_rows(name + "-seat")
    check(len(rows) == len(games) * n, "%s --per seat: %d rows for %d games x %d seats" % (name, len(rows), len(games), n))
    for i, row in enumerate(rows):
        g, s = games[i // n], i % n
        check(int(row["game"]) == g["index"] and int(row["seat"]) == s, "%s --per seat row %d: game or seat" % (name, i))
        check(row["bot"] == g["bots"][s], "%s --per seat row %d: bot" % (name, i))
        check(float(row["score"]) == g["scores"][s], "%s --per seat row %d: score %s, the file's %s" % (name, i, row["score"], g["scores"][s]))
        check(float(row["return"]) == g["returns"][s], "%s --per seat row %d: return" % (name, i))
        check(int(row["win"]) == (g["returns"][s] == max(g["returns"])), "%s --per seat row %d: win" % (name, i))
        if arena:
            check(int(row["decisions"]) == g["decisions"][s], "%s --per seat row %d: decisions" % (name, i))

    # --per move: a row per single move, and per seat of a simultaneous one (its part of the move).
    rows = csv_rows(name + "-move")
    expected = []
    for g in games:
        for ply, (text, mover) in enumerate(zip(g["moves"], g["movers"]), 1):
            if mover == -2:
                expected += [(g["index"], ply, s, part) for s, part in enumerate(text.split(","))]
            else:
                expected.append((g["index"], ply, mover, text))
    got = [(int(r["game"]), int(r["ply"]), int(r["seat"]), r["move"]) for r in rows]
    check(got == expected, "%s --per move: %d rows, expected %d (first difference at %s)" % (
        name, len(got), len(expected), next((i for i, (a, b) in enumerate(zip(got, expected)) if a != b), "the end")))
    check(any(g["movers"].count(-2) for g in games), "%s: no simultaneous move to split" % name)
    if arena:
        seconds = []
        for g in games:
            for t, mover in zip(g["seconds"], g["movers"]):
                seconds += t if mover == -2 else [t]
        check([float(r["seconds"]) for r in rows] == seconds, "arena --per move: seconds differ from the file's")
        bots = [games[int(r["game"])]["bots"][int(r["seat"])] for r in rows]
        check([r["bot"] for r in rows] == bots, "arena --per move: bot column")
    else:
        check(all(r["seconds"] == "" for r in rows), "play log --per move: seconds are not empty")
        decisions = [sum(1 for e in expected if e[2] == s) for s in range(n)]
        check([int(r["decisions"]) for r in rows] == [decisions[int(r["seat"])] for r in rows], "play log --per move: decisions")

    # JSON lines: the same columns and values, in the same order; absent values are null.
    for per in ["game", "seat", "move"]:
        table, lines = csv_rows("%s-%s" % (name, per)), json_rows("%s-%s" % (name, per))
        check(len(table) == len(lines), "%s --per %s: %d CSV rows, %d JSON lines" % (name, per, len(table), len(lines)))
        def same(c, j):
            return list(c) == list(j) and all(c[k] == ("" if v is None else v) if v is None or isinstance(v, str)
                                              else float(c[k]) == float(v) for k, v in j.items())
        differ = [i for i, (c, j) in enumerate(zip(table, lines)) if not same(c, j)]
        check(not differ, "%s --per %s: JSON line %s differs from its CSV row" % (name, per, differ[:1]))

sys.exit(1 if failures else 0)
PYTHON
if python3 "$tmp/check.py" "$tmp"; then ok; else bad "the tables do not hold the files' values (above)"; fi

# The defaults are CSV and a row per game; --out writes the same text, and replaces a file only with --force.
if cmp -s <("$nuraghe" results "$tmp/arena.jsonl" --format csv --per game) "$tmp/arena-game.csv"; then ok; else bad "the default is not --format csv --per game"; fi
"$nuraghe" results "$tmp/arena.jsonl" --per seat --out "$tmp/seats.csv" >"$tmp/stdout" 2>&1 || bad "results --out failed"
if cmp -s "$tmp/seats.csv" "$tmp/arena-seat.csv" && [[ ! -s $tmp/stdout ]]; then ok; else bad "results --out wrote another table, or printed it too"; fi
expect_error "results --out an existing file" "exists" "$nuraghe" results "$tmp/arena.jsonl" --out "$tmp/seats.csv"
if cmp -s "$tmp/seats.csv" "$tmp/arena-seat.csv"; then ok; else bad "results --out changed an existing file without --force"; fi
"$nuraghe" results "$tmp/arena.jsonl" --out "$tmp/seats.csv" --force 2>/dev/null || bad "results --out --force failed"
if cmp -s "$tmp/seats.csv" "$tmp/arena-game.csv"; then ok; else bad "results --out --force did not replace the file"; fi

# A file an arena is still writing ends mid-line: the finished games, and a note.
cp "$tmp/arena.jsonl" "$tmp/running.jsonl"
printf '{"index":6,"seed":1' >>"$tmp/running.jsonl"
if out=$("$nuraghe" results "$tmp/running.jsonl" 2>"$tmp/stderr") && [[ $(wc -l <<<"$out") -eq 7 ]] && grep -q "cut short" "$tmp/stderr"; then
  ok
else
  bad "a cut-short last line: $(head -c 300 "$tmp/stderr")"
fi

echo "results tests: $passed passed, $failed failed"
[[ $failed -eq 0 ]]
