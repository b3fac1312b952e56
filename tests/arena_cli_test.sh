#!/usr/bin/env bash
# The tournament commands driven as a user would: a results file killed halfway and resumed,
# shards merged, SPRT stopping, replay, tune, output formats, and bad input (exit 2, one line).
# Usage: arena_cli_test.sh path/to/nuraghe [light]   (light: the sanitizer builds, smaller searches)
set -u
nuraghe=$1
light=${2:-}
source "$(dirname "${BASH_SOURCE[0]}")/cli_helpers.sh"

# Light mode caps each search's tree at 1 MiB instead of the default 64 (memory=): these searches
# never fill 1 MiB, so every game is the one the default plays, but each search reserves its tree
# afresh, and under AddressSanitizer and ThreadSanitizer reserving 64 MiB cost more than the search
# (a 100-iteration Connect Four game about 7x as long). Two bots that differ only in a cap neither
# reaches play alike: `uct:iters=200$mem` and `uct:iters=200$other_mem` are equal in strength.
if [[ $light == light ]]; then mem=,memory=1 other_mem=,memory=2; else mem="" other_mem=,memory=63; fi

# A table without its timing column (ms/move, the fourth column from the end of the CSV; counted
# from the end because a bot spec in the first column may hold commas).
untimed() { sed -E 's/,[^,]*(,[^,]*,[^,]*,[^,]*)$/\1/' "$1"; }
# The game lines of a results file without their timing fields, sorted by index.
games_of() { tail -n +2 "$1" | sed -E 's/"(seconds|think_seconds)":\[[^]]*(\[[^]]*\][^]]*)*\]//g' | sort; }

# ---- kill and resume -------------------------------------------------------------------------
if [[ $light == light ]]; then strong=uct:iters=400$mem weak=uct:iters=100$mem; else strong=uct:iters=3000 weak=uct:iters=1000; fi
tour=(arena --game connect4 --bot $strong --bot $weak --games 60 --seed 4 --format csv)
"$nuraghe" "${tour[@]}" --jobs 2 --out "$tmp/whole.jsonl" >"$tmp/whole.csv" 2>/dev/null || bad "uninterrupted arena failed"
# Killed (SIGKILL: no chance to clean up) once at least 10 games are in the file.
"$nuraghe" "${tour[@]}" --jobs 2 --out "$tmp/killed.jsonl" >/dev/null 2>&1 &
runner=$!
while kill -0 $runner 2>/dev/null && [[ $(cat "$tmp/killed.jsonl" 2>/dev/null | wc -l) -lt 11 ]]; do sleep 0.02; done
kill -9 $runner 2>/dev/null
wait $runner 2>/dev/null
before=$(($(wc -l <"$tmp/killed.jsonl") - 1))
echo "killed after $before of 60 games"
if [[ $before -lt 60 ]]; then ok; else bad "the arena finished before it could be killed"; fi
printf '{"index":59,"seed":1' >>"$tmp/killed.jsonl"  # what a writer killed mid-line leaves
"$nuraghe" "${tour[@]}" --out "$tmp/killed.jsonl" >"$tmp/resumed.csv" 2>"$tmp/resume.err" || bad "resume failed: $(cat "$tmp/resume.err")"
if grep -q "truncated last line" "$tmp/resume.err"; then ok; else bad "resume did not report the truncated line"; fi
if [[ $(($(wc -l <"$tmp/killed.jsonl") - 1)) -eq 60 ]]; then ok; else bad "resumed file holds $(($(wc -l <"$tmp/killed.jsonl") - 1)) games, not 60"; fi
if [[ $(tail -n +2 "$tmp/killed.jsonl" | grep -o '"index":[0-9]*' | sort -u | wc -l) -eq 60 ]]; then ok; else bad "a game was lost or repeated on resume"; fi
if diff <(untimed "$tmp/whole.csv") <(untimed "$tmp/resumed.csv") >/dev/null; then ok; else bad "resumed table differs from the uninterrupted one"; fi
if diff <(games_of "$tmp/whole.jsonl") <(games_of "$tmp/killed.jsonl") >/dev/null; then ok; else bad "resumed games differ from the uninterrupted ones"; fi
# Resuming a finished tournament plays nothing and prints the same table.
"$nuraghe" "${tour[@]}" --out "$tmp/killed.jsonl" >"$tmp/again.csv" 2>/dev/null
if diff <(untimed "$tmp/whole.csv") <(untimed "$tmp/again.csv") >/dev/null; then ok; else bad "re-running a finished tournament changed the table"; fi

# A run killed before its header was written leaves an empty or half-line file: it starts again.
printf '{"bot_seeds":"streams","bots":["random","random:seed=2"],"ga' >"$tmp/empty.jsonl"
if "$nuraghe" arena --game tictactoe --bots random,random:seed=2 --games 4 --out "$tmp/empty.jsonl" >/dev/null 2>&1 &&
  [[ $(wc -l <"$tmp/empty.jsonl") -eq 5 ]]; then ok; else bad "a file with a half-written header was not started again"; fi

# ---- fair tables ------------------------------------------------------------------------------
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
# A file written before fair tables (no "seatings" nor "bot_seeds" in its header: seats rotated, a
# spec's seed= replaced the game's seed) resumes under its own rules: cut to its first game and
# resumed, it holds the games it held, and a note says which rules it goes on with.
old="$here/fuzz/corpus/fuzz_results/arena-goofspiel-3p.jsonl"
head -2 "$old" >"$tmp/old.jsonl"
old_tour=(arena --game goofspiel --players 3 -o cards=5 --bots random:seed=1,random:seed=2,random:seed=3 --games 3 --seed 1)
"$nuraghe" "${old_tour[@]}" --out "$tmp/old.jsonl" >/dev/null 2>"$tmp/old.err" || bad "resuming an old file failed: $(cat "$tmp/old.err")"
if grep -q "begun before fair tables" "$tmp/old.err"; then ok; else bad "resuming an old file did not say which rules it goes on with"; fi
if diff <(games_of "$old") <(games_of "$tmp/old.jsonl") >/dev/null; then ok; else bad "an old file resumed plays other games than it held"; fi
# ... and reads: results, replay.
expect_output "results of an old file" "^2,0,[0-9]+," "$nuraghe" results "$tmp/old.jsonl"
expect_output "replay of an old file's game 2" "^scores: " "$nuraghe" replay "$tmp/old.jsonl" --index 2
# A new file names its rules; at three seats a deal is six games, all orders.
"$nuraghe" arena --game goofspiel --players 3 -o cards=4 --bots random,random:seed=2,random:seed=3 --games 6 --seed 1 --out "$tmp/fair.jsonl" >/dev/null 2>&1 || bad "fair arena failed"
expect_output "a new file's header names its rules" '"bot_seeds":"streams".*"seatings":"balanced"' head -1 "$tmp/fair.jsonl"
if [[ $(tail -n +2 "$tmp/fair.jsonl" | grep -o '"seats":\[[0-9,]*\]' | sort -u | wc -l) -eq 6 ]]; then ok; else bad "a three-seat deal is not played in its six orders"; fi
expect_error "three seats, --games not whole deals" "--games 3 is not a positive multiple of 6.*give 6" "$nuraghe" arena --game goofspiel --players 3 --bots random,random:seed=2,random:seed=3 --games 3
# Self-play has one bot, no neighbours to balance: its deals are the n rotations (the header says so
# by naming no "seatings").
"$nuraghe" arena --game goofspiel --players 3 -o cards=4 --bot random --self-play --games 3 --out "$tmp/self.jsonl" >/dev/null 2>&1 || bad "self-play of 3 games at 3 seats failed"
if head -1 "$tmp/self.jsonl" | grep -q '"bot_seeds":"streams"' && ! head -1 "$tmp/self.jsonl" | grep -q '"seatings"'; then ok; else bad "a self-play file's header: $(head -1 "$tmp/self.jsonl")"; fi
# Copies of one bot: under two labels they are two players; under one name, refused with what to do.
expect_output "two labelled copies" '^"b",' "$nuraghe" arena --game goofspiel -o cards=3 --bot a=random --bot b=random --games 4 --format csv
expect_error "one spec twice" "is given twice: copies of one bot need two labels" "$nuraghe" arena --game goofspiel -o cards=3 --bots random,random --games 4
# --fill: copies in the seats the listed bots leave, each its own row.
"$nuraghe" arena --game goofspiel --players 4 -o cards=3 --bot ismcts:iters=20 --fill random --games 12 --out "$tmp/fill.jsonl" >/dev/null 2>&1 || bad "arena --fill failed"
expect_output "--fill labels its copies" '"bots":\["ismcts:iters=20","random:label=fill.1","random:label=fill.2","random:label=fill.3"\]' head -1 "$tmp/fill.jsonl"
expect_output "--fill NAME=SPEC" '^"h.2",' "$nuraghe" arena --game goofspiel --players 3 -o cards=3 --bot random --fill h=random --games 6 --format csv
expect_error "--fill with every seat taken" "take every one of the 2 seats" "$nuraghe" arena --game goofspiel -o cards=3 --bots random,random:seed=2 --fill random --games 2
expect_error "--fill with a label" "name them with --fill NAME=SPEC" "$nuraghe" arena --game goofspiel --players 3 -o cards=3 --bot random --fill random:label=x --games 6
expect_error "--fill with --self-play" "no seat for --fill" "$nuraghe" arena --game goofspiel --players 3 -o cards=3 --bot random --self-play --fill random --games 6

# ---- shards, jobs and merge ------------------------------------------------------------------
for i in 0 1 2; do
  "$nuraghe" "${tour[@]}" --jobs 1 --shard "$i/3" --out "$tmp/shard$i.jsonl" >/dev/null 2>&1 || bad "shard $i/3 failed"
done
"$nuraghe" merge "$tmp/shard0.jsonl" "$tmp/shard1.jsonl" "$tmp/shard2.jsonl" --format csv --out "$tmp/merged.jsonl" >"$tmp/merged.csv" 2>/dev/null ||
  bad "merge failed"
if diff <(untimed "$tmp/whole.csv") <(untimed "$tmp/merged.csv") >/dev/null; then ok; else bad "merged shards differ from the whole"; fi
if diff <(games_of "$tmp/whole.jsonl") <(games_of "$tmp/merged.jsonl") >/dev/null; then ok; else bad "merged games differ from the whole"; fi
if [[ $(tail -n +2 "$tmp/shard1.jsonl" | wc -l) -eq 20 ]]; then ok; else bad "shard 1/3 of 30 deals should hold 20 games"; fi
"$nuraghe" merge "$tmp/whole.jsonl" --format json >"$tmp/merged.json" 2>/dev/null
if grep -q '"duplicate_sets": 30' "$tmp/merged.json"; then ok; else bad "json format lacks the set count"; fi

# ---- SPRT ------------------------------------------------------------------------------------
"$nuraghe" arena --game connect4 --bot strong=uct:iters=1000$mem --bot weak=random --games 2000 --seed 1 --jobs 2 --sprt 0,50,0.05,0.05 >"$tmp/strong" 2>/dev/null
# Two equal bots: the same search, its tree capped 1 MiB differently (never reached), so that the specs differ.
"$nuraghe" arena --game connect4 --bot uct:iters=200$mem --bot uct:iters=200$other_mem --games 2000 --seed 1 --jobs 2 --sprt 0,50,0.05,0.05 >"$tmp/equal" 2>/dev/null
strong=$(sed -nE 's/^verdict: H1 accepted.* after ([0-9]+) pairs.*/\1/p' "$tmp/strong")
equal=$(sed -nE 's/^verdict: H0 accepted.* after ([0-9]+) pairs.*/\1/p' "$tmp/equal")
echo "SPRT: strong vs weak decided after ${strong:-?} pairs, equal bots after ${equal:-?}"
if [[ -n $strong && -n $equal && $strong -lt $equal ]]; then ok; else bad "SPRT: expected H1 quickly for strong vs weak and H0 later for equal bots"; fi
if grep -q "LLR trajectory" "$tmp/strong"; then ok; else bad "SPRT prints no trajectory"; fi
if grep -q "^verdict: H1 accepted: strong is stronger than weak by at least elo1" "$tmp/strong"; then ok; else bad "the SPRT verdict does not name the stronger bot: $(grep verdict "$tmp/strong")"; fi
# Long specs: the table and the SPRT's lines name them by their keys, given in full once; every
# line but those within 120 columns.
first=uct:iters=300$mem,c=0.7,final=max,rollout=random,sim=ucb,gamma=0.1,reuse=off
second=uct:iters=30$mem,c=0.7,final=max,rollout=random,sim=ucb,gamma=0.1,reuse=off
"$nuraghe" arena --game connect4 --bot $first --bot $second --games 400 --seed 1 --jobs 2 --sprt 0,50,0.05,0.05 >"$tmp/keyed" 2>/dev/null
if grep -Eq "^verdict: H[01] accepted: #1 is (not )?stronger than #2 " "$tmp/keyed" && grep -qFx "#1: $first" "$tmp/keyed" &&
  grep -qFx "#2: $second" "$tmp/keyed" && awk '!/^#[12]: / && length($0) > 120 { exit 1 }' "$tmp/keyed"; then ok
else bad "an SPRT verdict of long specs, within 120 columns: $(cat "$tmp/keyed")"; fi

# ---- bot names -------------------------------------------------------------------------------
# --bot NAME=SPEC and label= inside a spec name a bot in the table, the results file and the
# pairs; a label changes nothing the bot does (the same games as without it).
"$nuraghe" arena --game connect4 --bot fast=uct:iters=20 --bots random:label=coin --games 6 --seed 4 --out "$tmp/named.jsonl" >"$tmp/named" 2>/dev/null
if grep -Eq "^fast +6 " "$tmp/named" && grep -Eq "^coin +6 " "$tmp/named" && grep -q "  fast - coin " "$tmp/named"; then ok; else bad "named bots' table: $(cat "$tmp/named")"; fi
if head -1 "$tmp/named.jsonl" | grep -q '"bots":\["uct:iters=20,label=fast","random:label=coin"\]'; then ok; else bad "the results header does not record the names: $(head -c 300 "$tmp/named.jsonl")"; fi
"$nuraghe" arena --game connect4 --bot uct:iters=20 --bot random --games 6 --seed 4 --out "$tmp/unnamed.jsonl" >/dev/null 2>&1
if diff <(games_of "$tmp/named.jsonl" | sed 's/"bots":\[[^]]*\]//; s/"ms":[0-9.e-]*//g') <(games_of "$tmp/unnamed.jsonl" | sed 's/"bots":\[[^]]*\]//; s/"ms":[0-9.e-]*//g') >/dev/null; then ok; else bad "a label changed the games played"; fi
expect_output "results names the bots" "^0,0,[0-9]+,fast,.*,coin," "$nuraghe" results "$tmp/named.jsonl"
expect_output "merge's json names the bot and keeps its spec" '"spec": "uct:iters=20,label=fast"' "$nuraghe" merge "$tmp/named.jsonl" --format json
# A spec too long for 120 columns is shown by its key, "#1", with a legend line giving it in full;
# every row's games count still ends at the header's "games" column.
long=uct:iters=20,c=0.7,final=max,rollout=random,sim=ucb,memory=64,reuse=off
"$nuraghe" arena --game connect4 --bots $long,random --games 4 --seed 4 >"$tmp/long" 2>/dev/null
# (the column where "games" ends in the header, and where each row's games count ends)
header_at=$(grep -m1 "^bot " "$tmp/long" | awk '{print index($0, " games") + 5}')
rows_at=$(grep -E "^(#1|random) " "$tmp/long" | awk 'match($0, /^[^ ]+ +[0-9]+/) {print RLENGTH}' | sort -u | paste -sd' ')
if [[ -n $header_at && $rows_at == "$header_at" ]]; then ok; else bad "a long spec broke the columns: header at $header_at, rows at '$rows_at': $(cat "$tmp/long")"; fi
if grep -qFx "#1: $long" "$tmp/long" && grep -Eq "^  #1 - random " "$tmp/long" && awk 'length($0) > 120 { exit 1 }' "$tmp/long"; then ok; else bad "a long spec not shown by its key within 120 columns: $(cat "$tmp/long")"; fi
expect_error "two bots of one name" 'two bots are named "x"' "$nuraghe" arena --game connect4 --bot x=random --bot x=random:seed=3 --games 2
expect_error "a name given twice" "names the bot twice" "$nuraghe" arena --game connect4 --bot a=random:label=b --bot random:seed=2 --games 2
expect_error "a label that is not a name" 'label="two words" is not a name' "$nuraghe" arena --game connect4 --bot "random:label=two words" --bot random:seed=2 --games 2
expect_error "NAME= without a spec" 'expected NAME=SPEC or SPEC' "$nuraghe" arena --game connect4 --bot a= --bot random --games 2

# ---- replay ----------------------------------------------------------------------------------
"$nuraghe" arena --game sardegna --players 3 --bots heuristic,random,random:seed=3 --games 6 --seed 2 --out "$tmp/s.jsonl" >/dev/null 2>&1
if "$nuraghe" replay "$tmp/s.jsonl" --index 1 >"$tmp/replay" 2>&1; then ok; else bad "replay failed: $(head -3 "$tmp/replay")"; fi
final=$(tail -1 "$tmp/replay")
logged=$(sed -n 3p "$tmp/s.jsonl" | grep -o '"scores":\[[^]]*\]' | tr -d '"scores:[]' | tr ',' ' ' | sed 's/\.0\b//g')
if [[ $final == "scores: $logged" ]]; then ok; else bad "replay ends with '$final', the log says '$logged'"; fi
expect_error "replay of a game not in the file" "game 9 is not in" "$nuraghe" replay "$tmp/s.jsonl" --index 9

# ---- tune ------------------------------------------------------------------------------------
"$nuraghe" tune --game connect4 --bot uct:iters=100$mem --opponent uct:iters=100$mem --param c=0.1:3.0 --budget 240 --games-per-eval 40 \
  --seed 1 --csv "$tmp/t.csv" --best "$tmp/best" >"$tmp/tune.out" 2>"$tmp/tune.err" || bad "tune failed"
if [[ $(head -1 "$tmp/t.csv") == "iteration,games,c,score,measured" && $(wc -l <"$tmp/t.csv") -eq 5 ]]; then ok; else bad "tune trajectory: $(cat "$tmp/t.csv")"; fi
# The best value printed is the trajectory's last row (the final update), and the log gives an ETA.
best_c=$(sed -nE 's/.*,c=([0-9.]+)$/\1/p' "$tmp/best")
final_c=$(tail -1 "$tmp/t.csv" | cut -d, -f3)
if [[ -n $best_c && $best_c == "$final_c" && $(tail -1 "$tmp/t.csv" | cut -d, -f5) == 0 ]]; then ok; else bad "tune best c=$best_c is not the trajectory's final row: $(tail -1 "$tmp/t.csv")"; fi
if grep -Eq "^tune: iteration 1, 80/240 games, ETA [0-9]+ s, score" "$tmp/tune.err" && grep -q "^tune: final update" "$tmp/tune.err"; then ok; else bad "tune's log: $(cat "$tmp/tune.err")"; fi
if grep -Eq "^uct:iters=100$mem,c=[0-9.]+\$" "$tmp/best"; then ok; else bad "tune best spec: $(cat "$tmp/best")"; fi
"$nuraghe" tune --game connect4 --bot uct:iters=100$mem --opponent uct:iters=100$mem --param c=0.1:3.0 --budget 400 --games-per-eval 40 \
  --seed 1 --method cem --csv "$tmp/t2.csv" >/dev/null 2>&1 || bad "tune --method cem failed"

# ---- jobs x search threads within the cores ----------------------------------------------------
cores=$(nproc)
"$nuraghe" arena --game tictactoe --bot uct:iters=50,threads=2 --bot random --games 4 --jobs $((cores + 1)) >/dev/null 2>"$tmp/jobs.err"
if grep -q "would exceed $cores cores; using $((cores / 2 > 0 ? cores / 2 : 1)) jobs" "$tmp/jobs.err"; then ok; else bad "jobs x threads not limited: $(cat "$tmp/jobs.err")"; fi

# ---- bad input -------------------------------------------------------------------------------
expect_error "shard 3/2" "must be i/n" "$nuraghe" arena --game connect4 --bots random,random --games 10 --shard 3/2
expect_error "shard text" "must be i/n" "$nuraghe" arena --game connect4 --bots random,random --games 10 --shard half
expect_error "unknown bot" 'bot "nobody"' "$nuraghe" arena --game connect4 --bots nobody,random --games 10
expect_error "bad format" "use table, csv or json" "$nuraghe" arena --game connect4 --bots random,random --games 10 --format xml
expect_error "sprt with three bots" "two bots" "$nuraghe" arena --game goofspiel --players 3 --bots random,random,random --games 9 --sprt 0,5,0.05,0.05
expect_error "sprt text" "sprt" "$nuraghe" arena --game connect4 --bots random,random --games 10 --sprt 5,0,0.05,0.05
expect_error "sprt in shards" "shards" "$nuraghe" arena --game connect4 --bots random,random --games 10 --sprt 0,5,0.05,0.05 --shard 0/2
printf '{"nuraghe":"arena"\n' >"$tmp/corrupt.jsonl"
expect_error "corrupt results file" "corrupt|not JSON" "$nuraghe" merge "$tmp/corrupt.jsonl"
{ head -2 "$tmp/whole.jsonl"; echo 'garbage'; tail -n +3 "$tmp/whole.jsonl"; } >"$tmp/corrupt2.jsonl"
expect_error "corrupt line inside a results file" "line 3" "$nuraghe" merge "$tmp/corrupt2.jsonl"
expect_error "resume into another tournament's file" "another tournament" "$nuraghe" arena --game connect4 --bots random,random:seed=2 --games 10 --out "$tmp/whole.jsonl"
expect_error "merge of two tournaments" "another tournament" "$nuraghe" merge "$tmp/whole.jsonl" "$tmp/s.jsonl"
expect_error "merge of a missing file" "cannot read" "$nuraghe" merge "$tmp/none.jsonl"
expect_error "tune: bad range" "low" "$nuraghe" tune --game connect4 --bot uct --opponent random --param c=2:1 --budget 100 --games-per-eval 10
expect_error "tune: unknown parameter" 'no parameter "zeta"' "$nuraghe" tune --game connect4 --bot uct --opponent random --param zeta=0:1 --budget 100 --games-per-eval 10
expect_error "tune: non-numeric parameter" "not numeric" "$nuraghe" tune --game connect4 --bot uct --opponent random --param rollout=0:1 --budget 100 --games-per-eval 10
expect_error "tune: range beyond the bot's limits" "c" "$nuraghe" tune --game connect4 --bot uct --opponent random --param c=-1:1 --budget 100 --games-per-eval 10
expect_error "tune: unknown method" "method" "$nuraghe" tune --game connect4 --bot uct --opponent random --param c=0.1:1 --budget 100 --games-per-eval 10 --method grid

# The header records the program's version, which a resume does not compare: a newer build goes on.
if head -1 "$tmp/whole.jsonl" | grep -q '"version":"'; then ok; else bad "the results header records no version: $(head -1 "$tmp/whole.jsonl")"; fi
sed '1s/"version":"[^"]*"/"version":"an older build"/' "$tmp/whole.jsonl" >"$tmp/older.jsonl"
if "$nuraghe" "${tour[@]}" --out "$tmp/older.jsonl" >/dev/null 2>&1 && [[ $(wc -l <"$tmp/older.jsonl") -eq $(wc -l <"$tmp/whole.jsonl") ]]; then ok; else bad "a results file of another version does not resume"; fi
# A user's file is never taken for a results file.
printf 'my notes\n' >"$tmp/notes.txt"
expect_error "arena --out a user's file" "not an arena results file" "$nuraghe" "${tour[@]}" --out "$tmp/notes.txt"
if [[ $(cat "$tmp/notes.txt") == "my notes" ]]; then ok; else bad "arena --out changed a user's file"; fi

# ---- head to head, self-play, one spec twice -------------------------------------------------
out=$("$nuraghe" arena --game connect4 --bots uct:iters=200$mem,random --games 24 --seed 3 2>/dev/null)
# A spec too long for the table's 120 columns is keyed #1 there, the key explained under the table.
if grep -Eq "^  (uct:iters=200$mem|#1) - random +\\+[0-9]+ \\[[^]]*\\] +\\+[0-9.]+% " <<<"$out" && grep -q "first finished above" <<<"$out" && grep -q "Elo difference" <<<"$out"; then ok; else bad "head-to-head section: $out"; fi
if grep -q "^Elo: Bradley-Terry, centred on the mean of the bots" <<<"$out" && grep -Eq "^bot +games .* Elo \\[95%\\]$" <<<"$out"; then ok; else bad "the Elo column does not say what it is centred on: $out"; fi
# Every game won by uct: the intervals have no spread, and the table says so instead of [100, 100].
if grep -q "no spread (\*)" <<<"$out" && grep -q "^(\*) every resample gave the same value" <<<"$out" && ! grep -Eq "100\\.0, *100\\.0" <<<"$out"; then ok; else bad "zero-width intervals printed as intervals: $out"; fi
out=$("$nuraghe" arena --game connect4 --bots uct:iters=200$mem,random --games 8 --seed 3 2>/dev/null)
if grep -q "^warning: 4 duplicate sets are too few" <<<"$out"; then ok; else bad "no warning for 4 duplicate sets: $out"; fi
out=$("$nuraghe" arena --game goofspiel --players 3 --bots ismcts:iters=50$mem,random,random:seed=5 --games 30 --seed 2 2>/dev/null)
if [[ $(grep -c ' - ' <<<"$out") -eq 3 ]]; then ok; else bad "three bots need three pairs: $out"; fi
json=$("$nuraghe" arena --game goofspiel --players 3 --bots ismcts:iters=50$mem,random,random:seed=5 --games 30 --seed 2 --format json 2>/dev/null)
if python3 -c 'import json,sys; j=json.loads(sys.stdin.read()); assert len(j["head_to_head"]) == 3 and "win_rate_diff_low" in j["head_to_head"][0]' <<<"$json"; then ok; else bad "json head_to_head: $json"; fi
# Five bots of long specs: every line of the table within 120 columns, the long specs by their keys
# with a legend, the full specs in json and in merge's table of the same file.
five=("mo-ismcts:iters=5$mem,rollout=heuristic,cutoff=20,prune=on,bias=10,c=0.7,final=max,sim=ucb" heuristic:style=destination-hungry
  "ismcts:iters=5$mem,rollout=heuristic,cutoff=20,prune=off,bias=10" heuristic:style=long-route random)
args=()
for b in "${five[@]}"; do args+=(--bot "$b"); done
out=$("$nuraghe" arena --game ttr --players 5 "${args[@]}" --games 20 --jobs 2 --out "$tmp/five.jsonl" 2>/dev/null)
if [[ -n $out ]] && awk 'length($0) > 120 { exit 1 }' <<<"$out"; then ok; else bad "a table of five long specs is wider than 120 columns: $out"; fi
if grep -qFx "#1: ${five[0]}" <<<"$out" && grep -Eq "^  #1 - #2 +[+-][0-9]+ " <<<"$out" && grep -Eq "^random +20 " <<<"$out"; then ok; else bad "long specs by their keys, with a legend: $out"; fi
if [[ $(grep -c ' - ' <<<"$out") -eq 10 ]]; then ok; else bad "five bots need ten pairs: $out"; fi
out=$("$nuraghe" merge "$tmp/five.jsonl" 2>/dev/null)
if [[ -n $out ]] && awk 'length($0) > 120 { exit 1 }' <<<"$out" && grep -qFx "#3: ${five[2]}" <<<"$out"; then ok; else bad "merge's table of five long specs: $out"; fi
# stats and compare of the same file: the bot groups of long specs by the same keys, with a legend.
for cmd in "stats $tmp/five.jsonl" "compare $tmp/five.jsonl $tmp/five.jsonl"; do
  out=$("$nuraghe" $cmd 2>/dev/null)
  if [[ -n $out ]] && awk 'length($0) > 120 { exit 1 }' <<<"$out" && grep -qFx "#1: ${five[0]}" <<<"$out" && grep -Eq "^game +score +bot #1 " <<<"$out"; then ok; else bad "$cmd: a table of five long specs: $out"; fi
done
json=$("$nuraghe" merge "$tmp/five.jsonl" --format json 2>/dev/null)
if python3 -c 'import json,sys; j=json.loads(sys.argv[1]); h=j["head_to_head"]; e={b["bot"]: b["elo"] for b in j["bots"]}; assert j["bots"][0]["bot"] == sys.argv[2] and len(h) == 10 and all(abs(p["elo_diff"] - (e[p["first"]] - e[p["second"]])) < 1e-9 and "elo_diff_low" in p and "elo_diff_high" in p and "score_diff_low" in p for p in h)' "$json" "${five[0]}"; then ok; else bad "json head_to_head lacks the Elo difference or the full names: $json"; fi
out=$("$nuraghe" arena --game connect4 --bot uct:iters=50$mem --self-play --games 20 --seed 1 2>/dev/null)
if grep -q "^self-play: uct:iters=50$mem in every seat" <<<"$out" && grep -Eq '^  seat 1 +20 games' <<<"$out"; then ok; else bad "self-play table: $out"; fi
expect_error "one spec given twice" "given twice.*--self-play" "$nuraghe" arena --game connect4 --bots random,random --games 10
expect_error "self-play with two bots" "exactly one --bot" "$nuraghe" arena --game connect4 --bots random,random:seed=1 --self-play --games 10

# ---- tune tells the truth ----------------------------------------------------------------------
out=$("$nuraghe" tune --game connect4 --bot uct:iters=60$mem --opponent uct:iters=60$other_mem --param c=0.1:3 --budget 120 --games-per-eval 20 2>&1)
if grep -Eq "^tune: iteration 1, 40/120 games, ETA [0-9]+ s, score [0-9.]*: c=0.7$" <<<"$out"; then ok; else bad "tune does not start from the spec's c=0.7: $out"; fi
if grep -q '^final match (' <<<"$out" && grep -Eq '^  tuned minus untuned [-+][0-9.]+, 95% bootstrap interval over deals \[' <<<"$out"; then ok; else bad "tune reports no final match: $out"; fi
out=$("$nuraghe" tune --game tictactoe --bot uct:iters=2000$mem --opponent uct:iters=2000$other_mem --param c=0.1:3 --budget 40 --games-per-eval 10 2>&1)
if grep -q "^tune: nothing was learned: all 4 evaluations scored 0.500" <<<"$out" && grep -q "^best: uct:iters=2000$mem,c=0.7 " <<<"$out"; then ok; else bad "a flat tune run does not say that nothing was learned: $out"; fi
if awk '!/^best: / && length($0) > 120 { exit 1 }' <<<"$out"; then ok; else bad "tune prints lines wider than 120 columns: $out"; fi
expect_error "tune: the spec's value outside the range" "lies outside the range" "$nuraghe" tune --game connect4 --bot uct --opponent random --param c=1:2 --budget 100 --games-per-eval 10

echo "arena tests: $passed passed, $failed failed"
[[ $failed -eq 0 ]]
