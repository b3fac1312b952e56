#!/usr/bin/env bash
# Ticket to Ride on the Sardinia map, playtested by bots, as a designer would ask: at 2, 3, 4 and 5
# players, the route-focus heuristic (the strongest bot on this map so far: docs/rules-ttr.md) in
# every seat of DEALS deals. Per player count: how often each ticket is completed, which routes are
# claimed and how early, how much each city is built on and asked for, the first seat's win rate,
# the shares of the points from routes, tickets, unused stations and bonuses, and how often the
# termination safeguard ends a game or a seat must pass. Then a designer's comparison: the same
# 4-player study on the map without its most claimed route, each statistic with its interval and
# the difference. A map of the island coloured by the 4-player route usage.
#   experiments/ttr_playtest.sh [DEALS]
# Writes experiments/ttr_playtest.txt (the tables), experiments/ttr_playtest.png (4 players: each
# route's claim share against how early it is claimed), experiments/ttr_playtest_usage.png (the
# map coloured by claims), and experiments/ttr_playtest/ (per study: routes, tickets and cities as
# CSV, the summary as JSON). Statistics: experiments/ttr_playtest.py (standard-library Python) and
# `nuraghe stats` / `nuraghe compare` (docs/arena.md, "Designers' tables").
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"
deals=${1:-500}
experiment_start ttr_playtest
if ! command -v rsvg-convert >/dev/null; then
  sudo=()
  [[ $(id -u) -ne 0 ]] && sudo=(sudo)
  "${sudo[@]}" apt-get update -qq
  DEBIAN_FRONTEND=noninteractive "${sudo[@]}" apt-get install -y -qq --no-install-recommends librsvg2-bin >/dev/null
fi
py="$root/experiments/ttr_playtest.py"
sardinia="$root/lib/games/ttr/maps/sardinia.json"
out="$root/experiments/ttr_playtest"
mkdir -p "$out"
jobs=$(nproc)

# One study: arena (self-play, every rotation of every deal), every game scored, the statistics.
run_study() {  # LABEL MAP PLAYERS
  local label=$1 map=$2 players=$3 map_args=()
  [[ $map != "$sardinia" ]] && map_args=(--map "$map")
  locked "$nuraghe" arena --game ttr --players "$players" "${map_args[@]}" --bot heuristic --self-play \
    --games $((deals * players)) --seed 1 --jobs "$jobs" --out "$tmp/$label.jsonl" >"$tmp/$label.table" 2>/dev/null
  locked "$nuraghe" score --results "$tmp/$label.jsonl" >"$tmp/$label.scores.jsonl"
  NURAGHE="$nuraghe" python3 "$py" study "$label" "$map" "$tmp/$label.jsonl" "$tmp/$label.scores.jsonl" "$out/$label"
}

experiment_header "the Sardinia map playtested by route-focus heuristics in every seat, $deals deals per study"
for players in 2 3 4 5; do run_study "sardinia-${players}p" "$sardinia" "$players"; done

# The designer's change: the map without the route claimed most often at 4 players.
removed=$(tail -n +2 "$out/sardinia-4p.routes.csv" | sort -t, -k3,3nr -s | head -1 | cut -d, -f1)
python3 - "$sardinia" "$removed" "$tmp/without.json" <<'EOF'
import json, sys
m = json.load(open(sys.argv[1]))
names, seen = [], set()
for r in m["routes"]:
    key = tuple(sorted((r["a"], r["b"])))
    names.append(f'{r["a"]}~{r["b"]}' + ("#2" if key in seen else ""))
    seen.add(key)
m["routes"] = [r for r, n in zip(m["routes"], names) if n != sys.argv[2]]
m["name"], m["title"] = "sardinia-without-" + sys.argv[2].replace("~", "-").replace("#", "-"), "Sardinia without " + sys.argv[2]
json.dump(m, open(sys.argv[3], "w"), indent=1)
EOF
run_study "without-${removed//[~#]/-}-4p" "$tmp/without.json" 4

# The map coloured by the 4-player games' claims, and the claim-share plot.
"$nuraghe" map --game ttr --svg "$tmp/usage.svg" --usage "$tmp/sardinia-4p.jsonl" >/dev/null
rsvg-convert -o "$root/experiments/ttr_playtest_usage.png" "$tmp/usage.svg"
tail -n +2 "$out/sardinia-4p.routes.csv" | tr ',' ' ' >"$tmp/routes.dat"
gnuplot <<EOF
set terminal pngcairo size 900,600
set output "$png"
set title "Sardinia map, 4 players, route-focus in every seat ($deals deals)"
set xlabel "mean time of the claim (0: first decision of the game, 1: last)"
set ylabel "share of games in which the route is claimed"
set xrange [0:1]
set yrange [0:1.05]
set grid
plot "$tmp/routes.dat" using 6:3:2 with points pt 7 ps 1 lc palette title "a route (colour: its length)"
EOF

{
  echo
  echo "## The four player counts (statistic, then its 95% bootstrap interval over deals)"
  echo
  python3 "$py" table "$out"/sardinia-{2,3,4,5}p.summary.json
  for players in 2 3 4 5; do
    echo
    echo "## $players players: the arena's seat table (\$ build/nuraghe arena --game ttr --players $players --bot heuristic --self-play --games $((deals * players)) --seed 1)"
    grep -v "^arena: [0-9]" "$tmp/sardinia-${players}p.table"
  done
  echo
  echo "## 4 players: the most and least claimed routes (share of games, interval; mean claim time)"
  echo
  (head -1 "$out/sardinia-4p.routes.csv"; tail -n +2 "$out/sardinia-4p.routes.csv" | sort -t, -k3,3nr -s | head -8) | column -ts,
  echo "..."
  tail -n +2 "$out/sardinia-4p.routes.csv" | sort -t, -k3,3nr -s | tail -5 | column -ts,
  echo
  echo "## 4 players: tickets by completion when held (held: seat-games holding it at the end)"
  echo
  (head -1 "$out/sardinia-4p.tickets.csv"; tail -n +2 "$out/sardinia-4p.tickets.csv" | awk -F, '$6 >= 20' | sort -t, -k7,7n | head -6) | column -ts,
  echo "..."
  tail -n +2 "$out/sardinia-4p.tickets.csv" | awk -F, '$6 >= 20' | sort -t, -k7,7n | tail -4 | column -ts,
  echo
  echo "## 4 players: cities by claimed routes touching them, per game (and tickets naming them)"
  echo
  (head -1 "$out/sardinia-4p.cities.csv"; tail -n +2 "$out/sardinia-4p.cities.csv" | sort -t, -k2,2nr | head -6) | column -ts,
  echo "..."
  tail -n +2 "$out/sardinia-4p.cities.csv" | sort -t, -k2,2nr | tail -4 | column -ts,
  echo
  echo "## A designer's comparison, 4 players: A the Sardinia map, B without $removed (its most claimed route)"
  echo
  python3 "$py" compare "$out/sardinia-4p.summary.json" "$out/without-${removed//[~#]/-}-4p.summary.json"
  echo
  echo "## The same two studies by nuraghe compare --by game: each seat's return and score, the decisions"
  echo
  "$nuraghe" compare "$tmp/sardinia-4p.jsonl" "$tmp/without-${removed//[~#]/-}-4p.jsonl" --by game
} >>"$txt"
# Every study's statistics in one table: study, statistic, estimate, interval.
python3 - "$csv" "$out"/*.summary.json <<'EOF'
import csv, json, sys
with open(sys.argv[1], "w", newline="") as f:
    w = csv.writer(f)
    w.writerow(["study", "players", "statistic", "estimate", "lo", "hi"])
    for path in sys.argv[2:]:
        s = json.load(open(path))
        for key, v in s.items():
            if isinstance(v, list):
                w.writerow([s["label"], s["players"], key] + v)
EOF
experiment_finish
