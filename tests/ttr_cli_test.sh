#!/usr/bin/env bash
# Ticket to Ride through the program, as a designer uses it: a map of their own (--map) through
# new / legal / apply / play / arena, the score breakdown of a finished game, the map drawn as SVG
# (plain and coloured by a tournament's route usage), results files that record the map's hash.
# Usage: ttr_cli_test.sh path/to/nuraghe path/to/tests/maps
set -u
nuraghe=$1
maps=$2
source "$(dirname "${BASH_SOURCE[0]}")/cli_helpers.sh"
sardinia="$(dirname "${BASH_SOURCE[0]}")/../lib/games/ttr/maps/sardinia.json"

expect_output "games lists ttr with its options" "option express: one of on\|off" "$nuraghe" games

# Moves of a play log, joined as apply --moves takes them.
logged_moves() { sed -n 's/.*"move":"\([^"]*\)".*/\1/p' "$1" | paste -sd';'; }

# A position on a map of the designer's own names that map in full, in a new process too: the
# reader keeps the built-in map at index 0, so the position does not come back as "sardinia".
"$nuraghe" new --game ttr --map "$maps/ring.json" --seed 3 >"$tmp/ring-start.json" 2>"$tmp/stderr"
if grep -q '"title": "Ring (a test map)"' "$tmp/ring-start.json"; then ok; else bad "new --map ring: $(head -c 300 "$tmp/ring-start.json") $(cat "$tmp/stderr")"; fi
keep=$("$nuraghe" legal --game ttr --position "$tmp/ring-start.json" | sed 's/^player [0-9]*: \([^,]*\).*/\1/' | paste -sd',')
"$nuraghe" apply --game ttr --position "$tmp/ring-start.json" --moves "$keep" >"$tmp/ring-1.json" 2>"$tmp/stderr"
if grep -q '"title": "Ring (a test map)"' "$tmp/ring-1.json" && ! grep -q '"map": "sardinia"' "$tmp/ring-1.json"; then ok; else bad "apply on a ring position came back on another map: $(grep -m1 '"map"' "$tmp/ring-1.json") $(cat "$tmp/stderr")"; fi
expect_output "legal after the setup keep, on the ring map" "^draw deck$" "$nuraghe" legal --game ttr --position "$tmp/ring-1.json"

# A whole game on the ring map, replayed with apply: score prints each seat's total as the game
# did, and each total is the sum of its parts.
"$nuraghe" play --game ttr --map "$maps/ring.json" --bots heuristic,heuristic:style=one-step --seed 5 --log "$tmp/ring.jsonl" >"$tmp/played" 2>&1
"$nuraghe" new --game ttr --map "$maps/ring.json" --seed 5 >"$tmp/ring-start-5.json"
"$nuraghe" apply --game ttr --position "$tmp/ring-start-5.json" --moves "$(logged_moves "$tmp/ring.jsonl")" >"$tmp/ring-end.json" 2>"$tmp/stderr"
"$nuraghe" score --game ttr --position "$tmp/ring-end.json" >"$tmp/score" 2>>"$tmp/stderr"
totals=$(sed -n 's/^player [0-9]*: \(-\{0,1\}[0-9]*\) points.*/\1/p' "$tmp/score" | paste -sd' ')
scores=$(sed -n 's/^scores: //p' "$tmp/played" | tr -d ',' | xargs -n1 printf '%.0f\n' | paste -sd' ')
if [[ -n $totals && $totals == "$scores" ]]; then ok; else bad "score totals '$totals' against the game's scores '$scores': $(cat "$tmp/stderr")"; fi
sums=$(awk '/^player [0-9]+: /{if (n) print s; s=0; n=1; next} /^  (routes|tickets|stations|express|touring|ferries) /{s+=$2} END{print s}' "$tmp/score" | paste -sd' ')
if [[ $sums == "$totals" ]]; then ok; else bad "score parts add up to '$sums', totals '$totals': $(cat "$tmp/score")"; fi
if grep -q "^the final score\|: the final score$" "$tmp/score" && grep -Eq "^(winner|shared win): player" "$tmp/score"; then ok; else bad "score of a finished game: $(head -3 "$tmp/score")"; fi
if ! awk 'length > 79' "$tmp/score" | grep -q .; then ok; else bad "score lines wider than 79 columns: $(awk 'length > 79' "$tmp/score" | head -2)"; fi
expect_output "score of a game not over says so" "the game is not over" "$nuraghe" score --game ttr --position "$tmp/ring-1.json"

# The map drawn from its data: a car-space row (outline and colour) per route, the title, every
# city; with --usage, the routes coloured by a tournament's claims, each share a percentage.
expect_output "map --svg writes the picture" "^map: wrote " "$nuraghe" map --game ttr --map "$maps/ring.json" --svg "$tmp/ring.svg"
routes=$(grep -c '"colour"' "$maps/ring.json")
if [[ $(grep -o '<line ' "$tmp/ring.svg" | wc -l) -eq $((2 * routes)) ]] && grep -q "Ring (a test map)" "$tmp/ring.svg" &&
  [[ $(grep -o '<circle ' "$tmp/ring.svg" | wc -l) -eq 6 ]]; then ok; else bad "map --svg: $(grep -o '<line ' "$tmp/ring.svg" | wc -l) lines for $routes routes"; fi
expect_output "map --svg of the Sardinia map" "^map: wrote " "$nuraghe" map --game ttr --svg "$tmp/sardinia.svg"
sardinia_routes=$(grep -o '"colour"' "$sardinia" | wc -l)
if [[ $(grep -o '<line ' "$tmp/sardinia.svg" | wc -l) -eq $((2 * sardinia_routes)) ]]; then ok; else bad "map --svg of sardinia: $(grep -o '<line ' "$tmp/sardinia.svg" | wc -l) lines for $sardinia_routes routes"; fi
expect_error "map --svg onto an existing file" "exists: choose a new file, or give --force" "$nuraghe" map --game ttr --svg "$tmp/ring.svg"
expect_error "map of a game without a board" "tictactoe has no board to draw" "$nuraghe" map --game tictactoe --svg "$tmp/t.svg"

# A designer's check of a map: the built-in map's counts as docs/rules-ttr.md gives them and no
# warning; an edited ticket value is warned about, naming the ticket and its shortest path, and
# --strict makes that an error.
expect_output "map --check of Sardinia counts its routes" "^routes: 86: 13 double pairs, 19 ferries" "$nuraghe" map --game ttr --check
expect_output "map --check of Sardinia warns of nothing" "^map --check: 0 warnings$" "$nuraghe" map --game ttr --check --strict
sed 's/"to": \["calasetta"\], "value": 20/"to": ["calasetta"], "value": 21/' "$sardinia" >"$tmp/edited.json"
expect_output "map --check of an edited ticket" "^warning: ticket 0 \(Olbia - Calasetta\) is worth 21 but its shortest path is 20 car spaces$" \
  "$nuraghe" map --game ttr --map "$tmp/edited.json" --check
expect_error "map --check --strict with a warning" "map --check --strict: 1 warning$" "$nuraghe" map --game ttr --map "$tmp/edited.json" --check --strict
expect_output "map --check and --svg together" "^map: wrote " "$nuraghe" map --game ttr --check --svg "$tmp/checked.svg"
expect_error "map with neither --svg nor --check" "give --svg FILE \(a picture\) or --check" "$nuraghe" map --game ttr
expect_error "map --strict without --check" "--strict requires --check" "$nuraghe" map --game ttr --strict --svg "$tmp/s.svg"
expect_error "map --check of a game without a board" "tictactoe has no board data to check" "$nuraghe" map --game tictactoe --check

"$nuraghe" arena --game ttr --map "$maps/ring.json" --bots heuristic,random --games 4 --seed 2 --out "$tmp/ring-arena.jsonl" >/dev/null 2>"$tmp/stderr"
if head -1 "$tmp/ring-arena.jsonl" | grep -Eq '"map_hash":"[0-9a-f]{16}"'; then ok; else bad "arena header has no map_hash: $(head -c 300 "$tmp/ring-arena.jsonl") $(cat "$tmp/stderr")"; fi
expect_output "map --usage colours by claims" "usage over 4 games" "$nuraghe" map --game ttr --svg "$tmp/usage.svg" --usage "$tmp/ring-arena.jsonl"
shares=$(grep -o 'claimed in [0-9]*% of 4 games' "$tmp/usage.svg" | wc -l)
if [[ $shares -eq $routes ]]; then ok; else bad "map --usage: $shares route shares for $routes routes"; fi
expect_error "map --usage of another map than --map" "was played on a map with hash [0-9a-f]{16}, not on the map file" "$nuraghe" map --game ttr --svg "$tmp/u2.svg" --usage "$tmp/ring-arena.jsonl" --map "$sardinia"
expect_error "map --usage of another game's results" "holds games of kuhn" bash -c "'$nuraghe' arena --game kuhn --bots random,random:seed=2 --games 2 --out '$tmp/kuhn.jsonl' >/dev/null 2>&1; '$nuraghe' map --game ttr --svg '$tmp/u3.svg' --usage '$tmp/kuhn.jsonl'"

# score --results: every game of a results file replayed, one JSON line each, its seats' totals
# the scores the arena recorded (the scores of each line are per seat, as the totals).
"$nuraghe" score --results "$tmp/ring-arena.jsonl" >"$tmp/scores.jsonl" 2>"$tmp/stderr"
totals=$(grep -o '"total":-\{0,1\}[0-9]*' "$tmp/scores.jsonl" | cut -d: -f2 | paste -sd' ')
recorded=$(tail -n +2 "$tmp/ring-arena.jsonl" | grep -o '"scores":\[[^]]*\]' | sed 's/.*\[//; s/\]//' | tr ',' '\n' | xargs -n1 printf '%.0f\n' | paste -sd' ')
if [[ $(wc -l <"$tmp/scores.jsonl") -eq 4 && -n $totals && $totals == "$recorded" ]]; then ok; else bad "score --results totals '$totals', recorded '$recorded': $(cat "$tmp/stderr")"; fi
if grep -q '"ended_by":"\(last-round\|safeguard\)"' "$tmp/scores.jsonl" && grep -q '"ticket_list":\[{' "$tmp/scores.jsonl"; then ok; else bad "score --results: $(head -c 300 "$tmp/scores.jsonl")"; fi
expect_output "score --json of a position" '^\{"ended_by":"not-over"' "$nuraghe" score --game ttr --position "$tmp/ring-1.json" --json
expect_error "score --results of another game than --game" "holds games of ttr, not of kuhn" "$nuraghe" score --game kuhn --results "$tmp/ring-arena.jsonl"
expect_error "score with neither --position nor --results" "give --position FILE" "$nuraghe" score --game ttr

# A results file lists its games in the order they finished, which --jobs changes: every figure
# read from it (stats' bootstrap intervals over deals, sums in floating point) is the same whatever
# that order. (Before the games were put in index order as they are read, the reversed file of
# these 48 games gave another interval for one ticket.)
"$nuraghe" arena --game ttr --players 4 --bots heuristic,heuristic:style=destination-hungry,heuristic:style=one-step,heuristic:style=long-route \
  --games 48 --jobs 1 --out "$tmp/order.jsonl" >/dev/null 2>&1 || bad "arena of 48 games failed"
{ head -1 "$tmp/order.jsonl"; tail -n +2 "$tmp/order.jsonl" | tac; } >"$tmp/reversed.jsonl"
for f in order reversed; do
  "$nuraghe" stats "$tmp/$f.jsonl" --by ticket --format csv >"$tmp/$f-tickets.csv" 2>"$tmp/stderr" || bad "stats of $f: $(cat "$tmp/stderr")"
  "$nuraghe" merge "$tmp/$f.jsonl" --format csv >"$tmp/$f-table.csv" 2>"$tmp/stderr" || bad "merge of $f: $(cat "$tmp/stderr")"
done
if [[ -s $tmp/order-tickets.csv ]] && cmp -s "$tmp/order-tickets.csv" "$tmp/reversed-tickets.csv"; then ok; else bad "stats --by ticket depends on the order of the file's lines: $(diff "$tmp/order-tickets.csv" "$tmp/reversed-tickets.csv" | head -3)"; fi
if [[ -s $tmp/order-table.csv ]] && cmp -s "$tmp/order-table.csv" "$tmp/reversed-table.csv"; then ok; else bad "merge's table depends on the order of the file's lines"; fi

# stats --by route|ticket|city: the figures agree with score --results' own lists of the same games.
"$nuraghe" stats "$tmp/ring-arena.jsonl" --by route --format csv >"$tmp/routes.csv" 2>"$tmp/stderr" || bad "stats --by route: $(cat "$tmp/stderr")"
if [[ $(head -1 "$tmp/routes.csv") == "item,statistic,group,n,value,low,high" ]]; then ok; else bad "stats csv header: $(head -1 "$tmp/routes.csv")"; fi
# Every route claimed in a game is one claim: the shares of games (group all) add up to the routes
# claimed over the 4 games, as score --results lists them.
claims=$(grep -o '"route":"[^"]*"' "$tmp/scores.jsonl" | wc -l)
shares=$(awk -F, '$2 == "claimed" && $3 == "all" { s += $5 } END { printf "%.0f", s * 4 }' "$tmp/routes.csv")
if [[ $claims -gt 0 && $shares == "$claims" ]]; then ok; else bad "stats --by route: claimed shares x 4 games = $shares, score --results lists $claims claims"; fi
# A route has one owner: its share of all games is the two seats' shares added.
if awk -F, '$2 == "claimed" { v[$1 "," $3] = $5 } END { for (k in v) { split(k, p, ","); if (p[2] == "all" && (v[p[1] ",seat 0"] + v[p[1] ",seat 1"] - v[k])^2 > 1e-12) exit 1 } }' "$tmp/routes.csv"; then ok; else bad "stats --by route: the seats' shares do not add up to all's"; fi
if awk -F, '$2 == "when_claimed" && $5 != "" && ($5 <= 0 || $5 >= 1) { exit 1 }' "$tmp/routes.csv"; then ok; else bad "stats --by route: a when_claimed outside (0, 1)"; fi
# Tickets: completed (a rate over the seat-games that kept the ticket) times its count n, added up
# over the tickets, is the tickets completed in score --results.
"$nuraghe" stats "$tmp/ring-arena.jsonl" --by ticket --format csv >"$tmp/tickets.csv" 2>"$tmp/stderr" || bad "stats --by ticket: $(cat "$tmp/stderr")"
completed=$(grep -o '"completed":true' "$tmp/scores.jsonl" | wc -l)
kept=$(grep -o '"completed":\(true\|false\)' "$tmp/scores.jsonl" | wc -l)
from_stats=$(awk -F, '$2 == "completed" && $3 == "all" && $4 > 0 { s += $4 * $5 } END { printf "%.0f", s }' "$tmp/tickets.csv")
kept_stats=$(awk -F, '$2 == "kept" && $3 == "all" { s += $5 } END { printf "%.0f", s * 4 }' "$tmp/tickets.csv")
if [[ $kept -gt 0 && $from_stats == "$completed" && $kept_stats == "$kept" ]]; then ok; else bad "stats --by ticket: completed $from_stats (score: $completed), kept $kept_stats (score: $kept)"; fi
if grep -Eq '^[^,]*,when_kept,all,[0-9]+,0(\.0)?,' "$tmp/tickets.csv"; then ok; else bad "stats --by ticket: no ticket kept at the setup (when_kept 0)"; fi
expect_output "stats --by city as a table" "^north +routes +bot heuristic +[0-9]+ +[0-9.]+" "$nuraghe" stats "$tmp/ring-arena.jsonl" --by city
expect_output "stats --by game: the returns of all seats average 1/2" '^\{"item":"game","statistic":"return","group":"all","n":8,"value":0\.5,' \
  "$nuraghe" stats "$tmp/ring-arena.jsonl" --by game --format json
expect_error "stats --by a kind ttr lacks" 'by "area": ttr has figures by game, route, ticket, city' "$nuraghe" stats "$tmp/ring-arena.jsonl" --by area
# compare: a file with itself differs by 0, paired over its deals; another seed shares no deal.
expect_output "compare a file with itself" "paired over the 2 deals both files hold" "$nuraghe" compare "$tmp/ring-arena.jsonl" "$tmp/ring-arena.jsonl" --by route
if "$nuraghe" compare "$tmp/ring-arena.jsonl" "$tmp/ring-arena.jsonl" --by route --format csv | awk -F, 'NR > 1 && (($6 != "" && $6 != 0) || ($7 != "" && $7 != 0) || ($8 != "" && $8 != 0)) { exit 1 }'; then ok; else bad "compare with itself: a difference that is not 0"; fi
"$nuraghe" arena --game ttr --map "$maps/ring.json" --bots heuristic,random --games 4 --seed 9 --out "$tmp/ring-arena9.jsonl" >/dev/null 2>&1
expect_output "compare files of other deals" "unpaired \(the files share fewer than 2 deals\)" "$nuraghe" compare "$tmp/ring-arena.jsonl" "$tmp/ring-arena9.jsonl" --by ticket
expect_output "compare --format json" '^\{"item":"game","statistic":"return","group":"all","a":0\.5,"b":0\.5,"difference":0' \
  "$nuraghe" compare "$tmp/ring-arena.jsonl" "$tmp/ring-arena9.jsonl" --format json
expect_error "compare files of two games" "holds games of ttr, .* of kuhn" "$nuraghe" compare "$tmp/ring-arena.jsonl" "$tmp/kuhn.jsonl"
# stats --item and --group (repeatable): exactly the rows asked for, in csv as in the table; an
# unknown name refused in one line that names some of the file's.
"$nuraghe" stats "$tmp/ring-arena.jsonl" --by route --format csv >"$tmp/all-routes.csv"
route=$(sed -n 2p "$tmp/all-routes.csv" | cut -d, -f1)
other=$(tail -1 "$tmp/all-routes.csv" | cut -d, -f1)
"$nuraghe" stats "$tmp/ring-arena.jsonl" --by route --item "$route" --item "$other" --group "seat 1" --group all --format csv >"$tmp/some-routes.csv"
want=$(awk -F, -v a="$route" -v b="$other" 'NR == 1 || (($1 == a || $1 == b) && ($3 == "seat 1" || $3 == "all"))' "$tmp/all-routes.csv")
if [[ $route != "$other" && $(wc -l <"$tmp/some-routes.csv") -gt 4 && $(cat "$tmp/some-routes.csv") == "$want" ]]; then ok; else bad "stats --item/--group: $(cat "$tmp/some-routes.csv")"; fi
table=$("$nuraghe" stats "$tmp/ring-arena.jsonl" --by route --item "$route" --group "bot heuristic" 2>&1)
if [[ $(grep -c "^$route " <<<"$table") -eq 2 ]] && ! grep -Eq "seat|  all" <<<"$table" && [[ $(wc -l <<<"$table") -eq 4 ]]; then ok; else bad "stats --item --group as a table: $table"; fi
expect_error "stats --item unknown" "stats: --item \"nowhere\": .* has no such item by route; its items: \"$route\", " "$nuraghe" stats "$tmp/ring-arena.jsonl" --by route --item nowhere
expect_error "stats --group unknown" 'stats: --group "bot nobody": .* has no such group by game; its groups: "all", "seat 0", ' "$nuraghe" stats "$tmp/ring-arena.jsonl" --group "bot nobody"
expect_error "compare --group unknown" 'compare: --group "seat 9": .* has no such group' "$nuraghe" compare "$tmp/ring-arena.jsonl" "$tmp/ring-arena.jsonl" --group "seat 9"
"$nuraghe" compare "$tmp/ring-arena.jsonl" "$tmp/ring-arena.jsonl" --by route --item "$route" --format csv >"$tmp/compare-route.csv"
if [[ $(wc -l <"$tmp/compare-route.csv") -gt 2 ]] && awk -F, -v r="$route" 'NR > 1 && $1 != r { exit 1 }' "$tmp/compare-route.csv"; then ok; else bad "compare --item gives other items' rows: $(cat "$tmp/compare-route.csv")"; fi
expect_error "stats --format of another kind" 'stats: --format "xml": use table, csv or json' "$nuraghe" stats "$tmp/ring-arena.jsonl" --format xml

# A map file edited after the games: replay and resume name the change.
cp "$maps/ring.json" "$tmp/mine.json"
"$nuraghe" arena --game ttr --map "$tmp/mine.json" --bots heuristic,random --games 2 --seed 2 --out "$tmp/mine.jsonl" >/dev/null 2>&1
sed -i 's/"colour": "red", "length": 3/"colour": "red", "length": 4/' "$tmp/mine.json"
expect_output "replay after the map file changed reads the recorded map" "^scores: " "$nuraghe" replay "$tmp/mine.jsonl"
expect_error "replay on the changed map file" "played on a map with hash [0-9a-f]{16}, not on the map file .*ignore-map-hash reads it anyway" \
  "$nuraghe" replay "$tmp/mine.jsonl" --map "$tmp/mine.json"
expect_error "arena resume after the map file changed" "another tournament" "$nuraghe" arena --game ttr --map "$tmp/mine.json" --bots heuristic,random --games 4 --seed 2 --out "$tmp/mine.jsonl"

# Results that travel: a results file and a play log made on a relative map path in one folder,
# moved with nothing beside them to a second, the map deleted, and read from a third folder. The
# headers record the map itself (map_data), so every reader finds it.
mkdir -p "$tmp/made" "$tmp/moved" "$tmp/elsewhere"
abs_nuraghe=$(realpath "$nuraghe") abs_maps=$(realpath "$maps") abs_sardinia=$(realpath "$sardinia")
cp "$maps/ring.json" "$tmp/made/ring.json"
cd "$tmp/made"
"$abs_nuraghe" arena --game ttr --map ring.json --bots heuristic,random --games 2 --seed 4 --out games.jsonl >/dev/null 2>&1 || bad "arena on a relative map path"
"$abs_nuraghe" play --game ttr --map ring.json --bots heuristic,random --seed 4 --log game.jsonl >/dev/null 2>&1 || bad "play on a relative map path"
cd - >/dev/null
if head -1 "$tmp/made/games.jsonl" | grep -q '"map_data":{' && head -1 "$tmp/made/game.jsonl" | grep -q '"map_data":{'; then ok; else bad "headers do not record the map: $(head -c 300 "$tmp/made/games.jsonl")"; fi
mv "$tmp/made/games.jsonl" "$tmp/made/game.jsonl" "$tmp/moved/"
rm "$tmp/made/ring.json"
cd "$tmp/elsewhere"
expect_output "replay of a moved results file, its map deleted" "^scores: " "$abs_nuraghe" replay ../moved/games.jsonl
expect_output "replay of a moved play log" "^scores: " "$abs_nuraghe" replay ../moved/game.jsonl
expect_output "results of a moved results file, per move" "^game,ply," "$abs_nuraghe" results ../moved/games.jsonl --per move
expect_output "score --results of a moved results file" '"total":' "$abs_nuraghe" score --results ../moved/games.jsonl
expect_output "map --usage of a moved results file" "usage over 2 games" "$abs_nuraghe" map --game ttr --svg travel.svg --usage ../moved/games.jsonl
if grep -q "Ring (a test map)" travel.svg; then ok; else bad "map --usage did not draw the recorded ring map"; fi
# --map gives the map in place of the recorded one: the same map from another path reads, another
# map is refused naming both hashes, and --ignore-map-hash needs --map.
expect_output "replay with --map of the same map elsewhere" "^scores: " "$abs_nuraghe" replay ../moved/games.jsonl --map "$abs_maps/ring.json"
expect_error "results with --map of another map" "played on a map with hash [0-9a-f]{16}, not on the map file \"[^\"]*sardinia.json\" \(hash [0-9a-f]{16}\)" \
  "$abs_nuraghe" results ../moved/games.jsonl --map "$abs_sardinia"
expect_error "score --results with --map of another map" "played on a map with hash" "$abs_nuraghe" score --results ../moved/games.jsonl --map "$abs_sardinia"
expect_error "--ignore-map-hash without --map" "--ignore-map-hash requires --map" "$abs_nuraghe" replay ../moved/games.jsonl --ignore-map-hash
# A tournament resumed from another folder, on the same map at another path, is the same one.
expect_output "arena resumed on the same map from another path" "^(rank|bot)" "$abs_nuraghe" arena --game ttr --map "$abs_maps/ring.json" --bots heuristic,random --games 4 --seed 4 --out ../moved/games.jsonl
if [[ $(wc -l <../moved/games.jsonl) -eq 5 ]]; then ok; else bad "arena resume from another folder: $(wc -l <../moved/games.jsonl) lines"; fi
cd - >/dev/null
# A file written before headers recorded the map: its relative path is taken beside the file, then
# in the working folder.
sed '1s/,"map_data":{.*}\(,"map_hash"\)/\1/; 1s/"map_data":{.*},//' "$tmp/moved/game.jsonl" >"$tmp/moved/old.jsonl"
if head -1 "$tmp/moved/old.jsonl" | grep -q 'map_data'; then bad "could not strip map_data: $(head -c 300 "$tmp/moved/old.jsonl")"; else ok; fi
expect_error "an old file whose map is nowhere" 'cannot read map file "ring.json"' "$nuraghe" replay "$tmp/moved/old.jsonl"
cp "$maps/ring.json" "$tmp/moved/ring.json"
cd "$tmp/elsewhere"
expect_output "an old file's map beside the file" "^scores: " "$abs_nuraghe" replay ../moved/old.jsonl
cd - >/dev/null
rm "$tmp/moved/ring.json"
cp "$maps/ring.json" "$tmp/elsewhere/ring.json"
cd "$tmp/elsewhere"
expect_output "an old file's map in the working folder" "^scores: " "$abs_nuraghe" replay ../moved/old.jsonl
cd - >/dev/null

# An overseas icon is reached only by ferry from a port (docs/rules-ttr.md): a map joining an icon
# by a route without a ship, or joining two icons, is refused naming the route.
sed 's/"b": "isle-1", "colour": "grey", "length": 3, "ships": 1}/"b": "isle-1", "colour": "grey", "length": 3}/' "$maps/ring.json" >"$tmp/no-ship.json"
expect_error "map with an icon reached without a ship" 'routes\[11\] \(north~isle-1\) reaches the overseas icon isle-1 without a ship symbol' \
  "$nuraghe" new --game ttr --map "$tmp/no-ship.json"
sed 's/{"a": "west", "b": "isle-2",/{"a": "isle-1", "b": "isle-2",/' "$maps/ring.json" >"$tmp/icon-icon.json"
expect_error "map with a route joining two icons" 'routes\[12\] \(isle-1~isle-2\) joins two overseas icons' \
  "$nuraghe" new --game ttr --map "$tmp/icon-icon.json"

# A payment's parts in any order are one move (docs/rules-ttr.md, Notation): the claim written in
# another order leaves the position the listed text leaves.
"$nuraghe" new --game ttr --players 2 --seed 5 >"$tmp/pay-0.json"  # (a claim of 3 parts: colour, wood, rails)
"$nuraghe" apply --game ttr --position "$tmp/pay-0.json" --moves "keep 1+2,keep 1+2" >"$tmp/pay-1.json"
listed=$("$nuraghe" legal --game ttr --position "$tmp/pay-1.json" | grep -m1 -E '^claim [^ ]+ [^ +]+\+[^ +]+\+[^ ]+$')
reordered=$(awk '{n = split($3, p, "+"); s = p[n]; for (i = n - 1; i >= 1; i--) s = s "+" p[i]; print $1, $2, s}' <<<"$listed")
"$nuraghe" apply --game ttr --position "$tmp/pay-1.json" --moves "$listed" >"$tmp/pay-listed.json" 2>"$tmp/stderr"
"$nuraghe" apply --game ttr --position "$tmp/pay-1.json" --moves "$reordered" >"$tmp/pay-reordered.json" 2>>"$tmp/stderr"
if [[ -n $listed && $reordered != "$listed" ]] && [[ -s $tmp/pay-listed.json ]] && cmp -s "$tmp/pay-listed.json" "$tmp/pay-reordered.json"; then ok; else bad "a claim's payment reordered ('$listed' as '$reordered'): $(cat "$tmp/stderr")"; fi

# A person at the table (seat 0 against the heuristic): the offered tickets numbered as `keep` names
# them, then turns whose picture and grouped moves fit an 80 x 24 terminal (a group too long to
# list shows its count; "? station NAME" lists it).
session=$(printf '4\ndraw deck\ndraw deck\ndraw deck\ndraw deck\n? station sassari\n' |
  "$nuraghe" play --game ttr --players 2 --bots heuristic --human 0 --seed 3 2>&1)
if grep -q "^    offered:" <<<"$session" && grep -Eq "^      4\. .* [0-9]+" <<<"$session"; then ok; else bad "human ttr: the offered tickets are not listed: $(head -20 <<<"$session")"; fi
if grep -Eq "^  station: [0-9]+ moves over [0-9]+ names \(\? station NAME lists them\)" <<<"$session"; then ok; else bad "human ttr: the stations are not summarised: $session"; fi
if grep -Eq "(^|: )  station sassari [a-z]+1$" <<<"$session"; then ok; else bad "human ttr: '? station sassari' does not list its moves: $session"; fi
# The person's tickets, each done or with what its cheapest open path still needs; the card each of
# its own blind draws turned up, and none of the other seat's.
if grep -Eq "^      [A-Z].* [0-9]+( long)?: ([0-9]+ spaces?, (lacks [a-z]+ [0-9]+.*|cards in hand)|done|no open path)$" <<<"$session"; then ok; else bad "human ttr: no ticket shows its progress: $(head -30 <<<"$session")"; fi
own_draws=$(grep -cE "(^|: )[0-9]+\. player 0: draw deck$" <<<"$session")
told=$(grep -cE "^  you drew (a locomotive|pink|white|blue|yellow|orange|black|red|green)$" <<<"$session")
if [[ $own_draws -gt 0 && $told -eq $own_draws ]]; then ok; else bad "human ttr: $own_draws blind draws of its own, told of $told cards drawn"; fi
wide=$(awk 'length > 80' <<<"$session" | grep -v "^nuraghe: error\|illegal move\|your move (" | head -3)
if [[ -z $wide ]]; then ok; else bad "human ttr: lines wider than 80 columns: $wide"; fi
# (the picture and the grouped moves, up to the turn's first prompt: what "?" lists is asked for)
most=$(awk '/^Sardinia \|/{n=0; asked=0} {n++} /your move/{if (!asked && n>m) m=n; asked=1} END{print m}' <<<"$session")
if [[ $most -le 24 ]]; then ok; else bad "human ttr: a turn takes $most lines, more than a 24-line terminal"; fi

echo "ttr-cli: $passed passed, $failed failed"
[[ $failed -eq 0 ]]
