#!/usr/bin/env bash
# What a user sees, recorded so that two builds can be compared byte for byte: a refactor must
# change none of it (CONTRIBUTING.md, "Refactors"). Writes into OUT_DIR
#   - a fixed-seed tournament of every game at 2 seats and at its most seats, searching bots on
#     iteration budgets beside the heuristics, one job: each results file and its table as JSON;
#   - the README's commands (section "The `nuraghe` program") that are neither interactive nor
#     timed, run as written in a scratch folder, in order: what each prints and the files it writes;
# every file normalised: the keys and columns of time (`seconds`, `think_seconds`, `ms_per_move`)
# and `version` dropped, results lines sorted by game index, progress lines on stderr dropped and
# the ms/move column of tables and the hashes of model files (they record the version) masked, CSV
# rows sorted.
#   scripts/snapshot.sh [--nuraghe PATH] OUT_DIR      then: diff -r BEFORE_DIR AFTER_DIR
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
nuraghe=$root/build/nuraghe
if [[ ${1:-} == --nuraghe ]]; then
  nuraghe=$(realpath "$2")
  shift 2
fi
[[ $# -eq 1 ]] || { echo "usage: scripts/snapshot.sh [--nuraghe PATH] OUT_DIR" >&2; exit 2; }
out=$1
[[ -x $nuraghe ]] || { echo "snapshot: no program at $nuraghe (build it first)" >&2; exit 2; }
if [[ -e $out && -n $(ls -A "$out" 2>/dev/null) ]]; then
  echo "snapshot: $out exists and is not empty (give a new folder)" >&2
  exit 2
fi
mkdir -p "$out"
out=$(realpath "$out")
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT

# normalise FILE...: rewrites each file in place (by its kind: .jsonl, .json, .csv, or text).
normalise() {
  python3 - "$@" <<'PYTHON'
import csv, io, json, re, sys

TIME_KEYS = {"seconds", "think_seconds", "ms_per_move", "version"}

def strip(value):
    if isinstance(value, dict):
        return {k: strip(v) for k, v in value.items() if k not in TIME_KEYS}
    if isinstance(value, list):
        return [strip(v) for v in value]
    return value

def dump(value):
    return json.dumps(value, sort_keys=True, separators=(",", ":"))

# A progress line a command prints while it works (how far, how fast, how long to go).
PROGRESS = re.compile(r"^(arena|selfplay|tune|improve|merge): .*(ETA|games/s|\d+/\d+ games)")
# A model file records the version of the program that wrote its data, so its hash follows it.
MODEL_HASH = re.compile(r"model hash [0-9a-f]{16}")
# A table row's ms/move: the number just before the Elo column "E [lo, hi]" that ends the row.
MS_BEFORE_ELO = re.compile(r"\S+(\s+[-+]?\d+ \[[^\]]*\]\s*)$")

for path in sys.argv[1:]:
    text = open(path, encoding="utf-8", errors="replace").read()
    if path.endswith(".jsonl"):
        rows = [json.loads(line) for line in text.splitlines() if line.strip()]
        head = [r for r in rows if "index" not in r]
        games = sorted((r for r in rows if "index" in r), key=lambda r: r["index"])
        text = "".join(dump(strip(r)) + "\n" for r in head + games)
    elif path.endswith(".json"):
        try:
            text = json.dumps(strip(json.loads(text)), sort_keys=True, indent=1) + "\n"
        except ValueError:
            pass  # a command's output that is not JSON after all: kept as text
    elif path.endswith(".csv"):
        rows = list(csv.reader(io.StringIO(text)))
        if rows:
            keep = [i for i, name in enumerate(rows[0])
                    if not any(name.startswith(k) for k in TIME_KEYS)]
            rows = [[r[i] for i in keep if i < len(r)] for r in rows]
            rows = rows[:1] + sorted(rows[1:])  # rows of parallel games come in the order they end
            buffer = io.StringIO()
            csv.writer(buffer, lineterminator="\n").writerows(rows)
            text = buffer.getvalue()
    else:
        lines = []
        for line in text.splitlines():
            if PROGRESS.match(line):
                continue
            line = MODEL_HASH.sub("model hash (hash of a file that records the version)", line)
            lines.append(MS_BEFORE_ELO.sub(r"ms\1", line))
        text = "\n".join(lines) + ("\n" if lines else "")
    open(path, "w", encoding="utf-8").write(text)
PYTHON
}

# ---- Tournaments: game, seats, bots (one job, seed 1, whole deals in their balanced seatings:
# two deals at 2 seats, one at more). Between them they play every search mode on iteration
# budgets (uct, cheat-uct, pimc by vote and by average, ismcts, mo-ismcts), every bandit at
# simultaneous nodes (ucb, exp3, rm), rollouts random and heuristic, cutoff= at a step count and at
# the leaf, bias=, prune=, reward=score, final=sample and root parallelism (threads=2 with one tree
# each: deterministic, unlike the shared tree), beside the heuristics.
tournaments=(
  "sardegna 2 ismcts:iters=100,heuristic"
  "sardegna 2 pimc:iters=50,dets=4,ismcts:iters=100,cutoff=leaf,final=sample"
  "sardegna 4 ismcts:iters=100,mo-ismcts:iters=50,heuristic,heuristic:seed=2"
  "tictactoe 2 uct:iters=100,random"
  "tictactoe 2 uct:iters=100,reward=score,c=1.5,cheat-uct:iters=60"
  "connect4 2 uct:iters=100,heuristic"
  "connect4 2 uct:iters=200,rollout=heuristic,bias=5,pimc:iters=30,dets=3,combine=average"
  "goofspiel 2 ismcts:iters=100,heuristic"
  "goofspiel 2 mo-ismcts:iters=100,sim=exp3,ismcts:iters=100,threads=2"
  "goofspiel 5 ismcts:iters=100,mo-ismcts:iters=50,sim=rm,heuristic,heuristic:seed=2,random"
  "kuhn 2 ismcts:iters=100,random"
  "nim 2 uct:iters=100,random"
  "ttr 2 ismcts:iters=20,prune=on,rollout=heuristic,cutoff=20,heuristic"
  "ttr 2 ismcts:iters=20,prune=on,rollout=heuristic,epsilon=0,cutoff=20,bias=10,mo-ismcts:iters=10,cutoff=leaf"
  "ttr 5 ismcts:iters=20,prune=on,heuristic,heuristic:style=route-focus,heuristic:style=one-step,heuristic:style=long-route"
  "bardagi 2 mo-ismcts:iters=20,rollout=heuristic,cutoff=20,heuristic"
  "bardagi 3 mo-ismcts:iters=20,rollout=heuristic,cutoff=20,prune=on,bias=10,sim=exp3,ismcts:iters=20,cutoff=leaf,heuristic"
  "bardagi 5 mo-ismcts:iters=10,heuristic,heuristic:seed=2,heuristic:seed=3,random"
)
declare -A played=()
for t in "${tournaments[@]}"; do
  read -r game seats bots <<<"$t"
  name=$out/arena-$game-$seats
  played[$game-$seats]=$(( ${played[$game-$seats]:-0} + 1 ))
  ((played[$game-$seats] == 1)) || name+=-${played[$game-$seats]}
  games=$((seats == 2 ? 4 : seats * (seats - 1)))
  echo "snapshot: arena $game, $seats seats, $bots" >&2
  # A refused tournament stops the snapshot: a record that silently lacks it would compare equal.
  "$nuraghe" arena --game "$game" --players "$seats" --bots "$bots" --games "$games" --seed 1 --jobs 1 \
    --format json --out "$name.jsonl" >"$name.json" 2>"$scratch/arena.err" ||
    { echo "snapshot: arena $game $seats $bots failed: $(cat "$scratch/arena.err")" >&2; exit 1; }
  normalise "$name.jsonl" "$name.json"
done

# ---- The README's commands, as written, in order (later ones read what earlier ones wrote).
# Left out: `--version` (the version itself), `play ... --human` (waits for a person), `analyze ...
# threads=2` (two threads search in the order the machine schedules them) and `bench` (timings).
readme_commands() {
  awk '/^## The `nuraghe` program/ { section = 1 } section && /^```sh/ { block = 1; next }
       block && /^```/ { exit } block { print }' "$root/README.md"
}
skipped() {
  [[ $1 == *"--version"* || $1 == *"--human"* || $1 == *"threads=2"* || $1 == "build/nuraghe bench"* ]]
}
n=0
(
  cd "$scratch"
  mkdir -p build
  ln -s "$nuraghe" build/nuraghe
  while IFS= read -r command; do
    [[ -z $command ]] && continue
    n=$((n + 1))
    label=$(printf 'readme-%02d' "$n")
    if skipped "$command"; then
      printf '%s\n(not run: interactive, threaded or timed)\n' "$command" >"$out/$label.txt"
      continue
    fi
    echo "snapshot: $command" >&2
    before=$(ls -A)
    status=0
    bash -c "$command" </dev/null >"$out/$label.out" 2>"$out/$label.err" || status=$?
    { printf '%s\nexit %d\n' "$command" "$status"; } >"$out/$label.txt"
    normalise "$out/$label.out" "$out/$label.err"
    # The files this command wrote, normalised by kind (folders: their manifest and model files).
    for f in $(comm -13 <(echo "$before" | sort) <(ls -A | sort)); do
      if [[ -d $f ]]; then
        [[ -f $f/manifest.json ]] && cp "$f/manifest.json" "$out/$label.$f.manifest.json"
      else
        cp "$f" "$out/$label.$f"
      fi
    done
    for f in "$out/$label".*; do
      case $f in *.jsonl | *.json | *.csv) normalise "$f" ;; esac
    done
  done < <(readme_commands)
)
echo "snapshot: wrote $(ls "$out" | wc -l) files in $out" >&2
