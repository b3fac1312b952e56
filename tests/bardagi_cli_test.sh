#!/usr/bin/env bash
# Bardagi through the program: the score breakdown of a finished game (text, --json, and every game
# of a results file with --results), the board sides drawn as SVG (bare, and coloured by how often
# a tournament's games ended with each area owned), and the refusals of each: one line on stderr,
# exit status 2.
# Usage: bardagi_cli_test.sh path/to/nuraghe
set -u
nuraghe=$1
source "$(dirname "${BASH_SOURCE[0]}")/cli_helpers.sh"
boards="$(dirname "${BASH_SOURCE[0]}")/../lib/games/bardagi/boards"

# Moves of a play log, joined as apply --moves takes them.
logged_moves() { sed -n 's/.*"move":"\([^"]*\)".*/\1/p' "$1" | paste -sd';'; }

# ---- score -----------------------------------------------------------------------------------

# A whole game replayed with apply: score prints each seat's total as the game did; the parts add
# up to the total, and the glory by source to the rounds' glory.
"$nuraghe" play --game bardagi --players 3 --bots heuristic,heuristic:seed=2,random --seed 4 --log "$tmp/game.jsonl" >"$tmp/played" 2>&1
"$nuraghe" new --game bardagi --players 3 --seed 4 >"$tmp/start.json"
"$nuraghe" apply --game bardagi --position "$tmp/start.json" --moves "$(logged_moves "$tmp/game.jsonl")" >"$tmp/end.json" 2>"$tmp/stderr"
"$nuraghe" score --game bardagi --position "$tmp/end.json" >"$tmp/score" 2>>"$tmp/stderr"
totals=$(sed -n 's/^player [0-9]* ([a-z]*): \([0-9]*\) glory.*/\1/p' "$tmp/score" | paste -sd' ')
scores=$(sed -n 's/^scores: //p' "$tmp/played" | tr -d ',' | xargs -n1 printf '%.0f\n' | paste -sd' ')
if [[ -n $totals && $totals == "$scores" ]]; then ok; else bad "score totals '$totals' against the game's scores '$scores': $(cat "$tmp/stderr")"; fi
sums=$(awk '/^player [0-9]+ /{if (n) print s; s=0; n=1; next} /^  (rounds|upgrades|gold|most-gold|most-areas) /{s+=$2} END{print s}' "$tmp/score" | paste -sd' ')
if [[ $sums == "$totals" ]]; then ok; else bad "score parts add up to '$sums', totals '$totals': $(cat "$tmp/score")"; fi
rounds=$(awk '/^  rounds /{print $2}' "$tmp/score" | paste -sd' ')
sources=$(awk '/^player [0-9]+ /{if (n) print s; s=0; n=1; next} /^    [a-z-]+ +[0-9]+ /{s+=$2} END{print s}' "$tmp/score" | paste -sd' ')
if [[ -n $rounds && $sources == "$rounds" ]]; then ok; else bad "glory by source adds up to '$sources', the rounds' glory '$rounds': $(cat "$tmp/score")"; fi
if grep -q ": the final score$" "$tmp/score" && grep -Eq "^(winner|shared win): player" "$tmp/score" &&
  grep -q "^most gold (15): player" "$tmp/score" && grep -q "^most areas (10): player" "$tmp/score"; then ok; else bad "score of a finished game: $(cat "$tmp/score")"; fi
if ! awk 'length > 79' "$tmp/score" | grep -q .; then ok; else bad "score lines wider than 79 columns: $(awk 'length > 79' "$tmp/score" | head -2)"; fi
expect_output "score of a game not over says so" "the game is not over; the score if it ended now" "$nuraghe" score --game bardagi --position "$tmp/start.json"

# --json: one line, the same totals, each bonus and the win with the tie-break that decided it.
"$nuraghe" score --game bardagi --position "$tmp/end.json" --json >"$tmp/score.json" 2>"$tmp/stderr"
json_totals=$(grep -o '"total":[0-9]*' "$tmp/score.json" | cut -d: -f2 | paste -sd' ')
if [[ $(wc -l <"$tmp/score.json") -eq 1 && $json_totals == "$totals" ]]; then ok; else bad "score --json totals '$json_totals', text '$totals': $(head -c 300 "$tmp/score.json") $(cat "$tmp/stderr")"; fi
if grep -Eq '"most_gold":\{"bonus":15,"decided_by":"(gold|gold-mines|split)"' "$tmp/score.json" &&
  grep -Eq '"most_areas":\{"bonus":10,"decided_by":"(areas|axes-on-board|split)"' "$tmp/score.json" &&
  grep -Eq '"winner":\{"decided_by":"(glory|gold-mines|axes|towns|shared)"' "$tmp/score.json" &&
  grep -q '"glory_from":{"areas":' "$tmp/score.json" && grep -q '"over":true' "$tmp/score.json"; then ok; else bad "score --json: $(cat "$tmp/score.json")"; fi
expect_output "score --json of a game not over" '"over":false' "$nuraghe" score --game bardagi --position "$tmp/start.json" --json

# --results: every game of a results file replayed, one JSON line each, its totals those recorded.
"$nuraghe" arena --game bardagi --bots heuristic,random --games 4 --seed 2 --out "$tmp/arena.jsonl" >/dev/null 2>"$tmp/stderr"
"$nuraghe" score --results "$tmp/arena.jsonl" >"$tmp/scores.jsonl" 2>>"$tmp/stderr"
totals=$(grep -o '"total":[0-9]*' "$tmp/scores.jsonl" | cut -d: -f2 | paste -sd' ')
recorded=$(tail -n +2 "$tmp/arena.jsonl" | grep -o '"scores":\[[^]]*\]' | sed 's/.*\[//; s/\]//' | tr ',' '\n' | xargs -n1 printf '%.0f\n' | paste -sd' ')
if [[ $(wc -l <"$tmp/scores.jsonl") -eq 4 && -n $totals && $totals == "$recorded" ]]; then ok; else bad "score --results totals '$totals', recorded '$recorded': $(cat "$tmp/stderr")"; fi
if [[ $(grep -c '"winner":{"decided_by":' "$tmp/scores.jsonl") -eq 4 ]]; then ok; else bad "score --results: $(head -c 300 "$tmp/scores.jsonl")"; fi
expect_error "score --results of another game than --game" "holds games of bardagi, not of ttr" "$nuraghe" score --game ttr --results "$tmp/arena.jsonl"

# A position whose glory by source does not add up to its glory.
sed 's/"areas": \([0-9]*\),$/"areas": 1\1,/' "$tmp/end.json" >"$tmp/bad-glory.json"
if ! cmp -s "$tmp/end.json" "$tmp/bad-glory.json"; then ok; else bad "the glory_from edit changed nothing"; fi
expect_error "score of a position whose glory by source does not add up" "glory_from adds up to [0-9]+, not the seat's glory of" "$nuraghe" score --game bardagi --position "$tmp/bad-glory.json"

# ---- map -------------------------------------------------------------------------------------

# Both sides drawn from their data: a shape per area, a line per land border, a route per sea route.
expect_output "map --svg of the Summer side" "^map: wrote " "$nuraghe" map --game bardagi --svg "$tmp/summer.svg"
expect_output "map --svg of the Winter side" "^map: wrote " "$nuraghe" map --game bardagi -o side=winter --svg "$tmp/winter.svg"
for side in summer winter; do
  areas=$(grep -c '"kind":' "$boards/$side.json")
  routes=$(grep -o '"squares":' "$boards/$side.json" | wc -l)
  drawn=$(grep -o 'class="area"' "$tmp/$side.svg" | wc -l)
  drawn_routes=$(grep -o 'class="sea-route"' "$tmp/$side.svg" | wc -l)
  if [[ $drawn -eq $areas && $drawn_routes -eq $routes && $(tail -c 7 "$tmp/$side.svg") == "</svg>" ]] &&
    grep -q ">Bardagi: ${side^} side</text>" "$tmp/$side.svg"; then ok; else bad "map $side: $drawn areas of $areas, $drawn_routes routes of $routes"; fi
done
if ! grep -q 'class="usage"' "$tmp/summer.svg"; then ok; else bad "map without --usage rings areas by usage"; fi

expect_output "map --check of the Summer side" "^areas: 44: sheep 7, " "$nuraghe" map --game bardagi --check
expect_output "map --check of the Winter side: its homes' land steps" "^  red +0 +3 +3$" "$nuraghe" map --game bardagi -o side=winter --check
expect_error "map of the Winter side for 4 players" "the Winter side is for 2 or 3 players; 4 play Summer" "$nuraghe" map --game bardagi -o side=winter -p 4 --svg "$tmp/w4.svg"
expect_error "map -o side=winter with --map" "-o side=winter and --map name two boards" "$nuraghe" map --game bardagi -o side=winter --map "$boards/summer.json" --svg "$tmp/w5.svg"
expect_error "map --svg onto an existing file" "exists: choose a new file, or give --force" "$nuraghe" map --game bardagi --svg "$tmp/summer.svg"
expect_output "map --svg --force replaces it" "^map: wrote " "$nuraghe" map --game bardagi --svg "$tmp/summer.svg" --force
expect_error "map --svg into a folder that does not exist" "the folder $tmp/no-such does not exist" "$nuraghe" map --game bardagi --svg "$tmp/no-such/x.svg"
expect_error "map --svg where nothing can be written" "cannot write --svg" "$nuraghe" map --game bardagi --svg /proc/bardagi.svg
if [[ ! -e $tmp/w4.svg && ! -e $tmp/no-such ]]; then ok; else bad "a refused map wrote a file"; fi

# Board files: the designer's own (a side's copy with a new title), and bad ones.
sed 's/"title": "[^"]*"/"title": "My Own Side"/' "$boards/summer.json" >"$tmp/mine.json"
expect_output "map --map FILE" "^map: wrote " "$nuraghe" map --game bardagi --map "$tmp/mine.json" --svg "$tmp/mine.svg"
if grep -q ">Bardagi: My Own Side</text>" "$tmp/mine.svg"; then ok; else bad "map --map: the title is not the file's"; fi
echo '{"name": "broken",' >"$tmp/malformed.json"
sed 's/"kind": "sheep"/"kind": "volcano"/' "$boards/summer.json" >"$tmp/volcano.json"
sed 's/, "harbour": {[^}]*}//' "$boards/winter.json" >"$tmp/no-harbours.json"
expect_error "map --map of malformed JSON" "board file .*malformed JSON" "$nuraghe" map --game bardagi --map "$tmp/malformed.json" --svg "$tmp/b1.svg"
expect_error "map --map of a board with an unknown kind" "\"volcano\" is not an area kind" "$nuraghe" map --game bardagi --map "$tmp/volcano.json" --svg "$tmp/b2.svg"
expect_error "map --map of a board without harbours for its routes" "has no harbour \(a sea route joins two harbour areas\)" "$nuraghe" map --game bardagi --map "$tmp/no-harbours.json" --svg "$tmp/b3.svg"
expect_error "map --map of a file that does not exist" "no such file" "$nuraghe" map --game bardagi --map "$tmp/none.json" --svg "$tmp/b4.svg"
expect_error "map --map of a folder" "it is a directory" "$nuraghe" map --game bardagi --map "$tmp" --svg "$tmp/b5.svg"
expect_error "map --map of a ttr map" "board file" "$nuraghe" map --game bardagi --map "$(dirname "${BASH_SOURCE[0]}")/../lib/games/ttr/maps/sardinia.json" --svg "$tmp/b6.svg"
expect_error "map --map of a board for 3 with 4 players" "has homes for 3 players, not 4" "$nuraghe" map --game bardagi --map "$boards/winter.json" -p 4 --svg "$tmp/b7.svg"

# --usage: each area that can be owned ringed by the share of the games in which it ended owned.
expect_output "map --usage colours by ownership" "usage over 4 games" "$nuraghe" map --game bardagi --svg "$tmp/usage.svg" --usage "$tmp/arena.jsonl"
ownable=$(grep -c '"kind": "\(sheep\|cattle\|forest\|quarry\|iron-mine\|gold-mine\|camp\|town\)"' "$boards/summer.json")
shares=$(grep -o 'owned at the end in [0-9]*% of 4 games' "$tmp/usage.svg" | wc -l)
if [[ $shares -eq $ownable && $(grep -o 'class="usage"' "$tmp/usage.svg" | wc -l) -eq $ownable ]]; then ok; else bad "map --usage: $shares shares for $ownable areas that can be owned"; fi
# stats --by area: the shares of games in which each area ended owned are map --usage's, and an
# area's one owner makes the seats' shares add up to all's; --by tile counts the tiles each seat's
# score lists.
"$nuraghe" stats "$tmp/arena.jsonl" --by area --format csv >"$tmp/areas.csv" 2>"$tmp/stderr" || bad "stats --by area: $(cat "$tmp/stderr")"
usage=$(grep -o 'owned at the end in [0-9]*% of 4 games' "$tmp/usage.svg" | awk '{ s += $6 } END { printf "%.0f", s }')
owned=$(awk -F, '$2 == "owned" && $3 == "all" { s += $5 } END { printf "%.0f", s * 100 }' "$tmp/areas.csv")
if [[ -n $usage && $owned == "$usage" ]]; then ok; else bad "stats --by area: owned shares add up to $owned%, map --usage's to $usage%"; fi
if awk -F, '$2 == "owned" { v[$1 "," $3] = $5 } END { for (k in v) { split(k, p, ","); if (p[2] == "all" && (v[p[1] ",seat 0"] + v[p[1] ",seat 1"] - v[k])^2 > 1e-12) exit 1 } }' "$tmp/areas.csv"; then ok; else bad "stats --by area: the seats' shares do not add up to all's"; fi
"$nuraghe" stats "$tmp/arena.jsonl" --by tile --format csv >"$tmp/tiles.csv" 2>"$tmp/stderr" || bad "stats --by tile: $(cat "$tmp/stderr")"
listed=$(grep -o '"tile_list":\[[^]]*\]' "$tmp/scores.jsonl" | grep -o '"[^"]*"' | grep -vc tile_list)
bought=$(awk -F, '$2 == "bought" && $3 == "all" { s += $5 } END { printf "%.0f", s * 4 }' "$tmp/tiles.csv")
if [[ $bought == "$listed" ]]; then ok; else bad "stats --by tile: $bought tiles bought, score --results lists $listed"; fi
expect_output "stats --by tile as a table, by bot" "^[a-z0-9-]+ +bought +bot random +4 " "$nuraghe" stats "$tmp/arena.jsonl" --by tile
expect_error "map --usage with -o" "leave out -p and -o" "$nuraghe" map --game bardagi -o side=winter --svg "$tmp/u1.svg" --usage "$tmp/arena.jsonl"
expect_error "map --usage of another board than --map" "was played on a map with hash [0-9a-f]{16}, not on the map file" "$nuraghe" map --game bardagi --svg "$tmp/u2.svg" --usage "$tmp/arena.jsonl" --map "$tmp/mine.json"
expect_error "map --usage of another game's results" "holds games of bardagi, not of ttr" "$nuraghe" map --game ttr --svg "$tmp/u3.svg" --usage "$tmp/arena.jsonl"

# ---- a person at the table -------------------------------------------------------------------

# Seat 0 against the heuristic: turns whose picture and grouped moves fit an 80 x 24 terminal, and
# a transcript that shows the person what their seat sees: their own selection, never the other
# seat's before its activation begins (the heuristic's selection is laid down with its first card).
session=$(printf 'select G6\ngodi pass\ngodi pass\ngodi pass\ngodi pass\ngodi pass\ngodi pass\nend\n' |
  "$nuraghe" play --game bardagi --players 2 --bots heuristic --human 0 --seed 3 2>&1)
planning=$(grep -oE "(^|: )1\. all: .*" <<<"$session")
# (the other seat's selection is "select ?": that it selected, not which cards)
if [[ $planning == *"select G6"* && $(grep -oE "select [A-Z]" <<<"$planning" | wc -l) -eq 1 ]]; then ok; else bad "human bardagi: the planning line shows another seat's selection: $planning"; fi
if grep -q "^  cards left G6" <<<"$session" || grep -q "cards left B0 G6" <<<"$session"; then ok; else bad "human bardagi: the own cards are not shown: $(head -30 <<<"$session")"; fi
# Areas by number and name, and the tiles on offer by cost.
if grep -Eq "^    units B:[0-9]+ [^ 0-9]" <<<"$session"; then ok; else bad "human bardagi: the units' areas are not named: $(head -12 <<<"$session")"; fi
if grep -Eq "^  tiles at [0-9]+ gold .*: [a-z-]+" <<<"$session"; then ok; else bad "human bardagi: the tiles on offer are not shown: $(head -20 <<<"$session")"; fi
wide=$(awk 'length > 80' <<<"$session" | grep -v "^nuraghe: error\|illegal move\|your move (" | head -3)
if [[ -z $wide ]]; then ok; else bad "human bardagi: lines wider than 80 columns: $wide"; fi
most=$(awk '/^(Summer|Winter) side/{n=0} {n++} /your move/{if (n>m) m=n} END{print m}' <<<"$session")
if [[ $most -le 24 ]]; then ok; else bad "human bardagi: a turn takes $most lines, more than a 24-line terminal"; fi

# replay --seat shows the game as that seat saw it: at the first planning node its own selection,
# the start player's (laid down at once, as its activation begins) and a "?" for the third seat's.
seen=$("$nuraghe" replay "$tmp/game.jsonl" --seat 1 2>&1 | grep -E "^1\. all: ")
if [[ $seen =~ ^1\.\ all:\ select\ [A-Z0-9\ ]+,select\ [A-Z0-9\ ]+,(select\ )?\?$ ]]; then ok; else bad "replay --seat 1: the planning line is '$seen'"; fi
whole=$("$nuraghe" replay "$tmp/game.jsonl" 2>&1 | grep -E "^1\. all: ")
if [[ $(grep -o "select" <<<"$whole" | wc -l) -eq 3 ]]; then ok; else bad "replay without --seat: the planning line is '$whole'"; fi

echo "bardagi-cli: $passed passed, $failed failed"
[[ $failed -eq 0 ]]
