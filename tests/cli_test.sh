#!/usr/bin/env bash
# Drives the nuraghe program as a user would: listings, reproducible games, the rules oracle
# (new / legal / apply), a human seat, and every kind of bad input (exit 2, one line on stderr).
# Usage: cli_test.sh path/to/nuraghe path/to/tests/positions
set -u
nuraghe=$1
pos=$2
source "$(dirname "${BASH_SOURCE[0]}")/cli_helpers.sh"

# The helpers report what they see: a command that fails is a failure with its own exit status (a
# subshell, so that the deliberate failure is not counted).
if (expect_output "self-check" "." bash -c 'echo out; exit 3') | grep -q "exit status 3"; then ok; else bad "expect_output does not report a command's exit status"; fi
if (expect_output "self-check" "^never$" echo out) | grep -q "does not match"; then ok; else bad "expect_output accepts output that does not match"; fi

# Listings.
expect_output "--version names the commit built from" "^nuraghe ([0-9a-f]{7,}(-dirty)?|unknown .*)$" "$nuraghe" --version
expect_output "games lists tictactoe" "^tictactoe " "$nuraghe" games
expect_output "games lists connect4" "^connect4 " "$nuraghe" games
expect_output "games lists goofspiel with its option" "option cards: integer in \[1, 16\]" "$nuraghe" games
expect_output "games lists kuhn" "^kuhn " "$nuraghe" games
expect_output "bots lists random" "^random " "$nuraghe" bots
# Only the searching bots take the search parameters; every bot takes seed= and label=.
if "$nuraghe" bots | grep -E "^(random|heuristic) " | grep -q "search parameters"; then bad "bots says random or heuristic take the search parameters"; else ok; fi
expect_error "random refuses a search parameter" 'iters' "$nuraghe" play --game nim --bots random:iters=5,random
if [[ $("$nuraghe" bots | sed -n '/^random /,/^heuristic /p' | grep -cE '^    (seed|label):') -eq 2 ]]; then ok; else bad "bots does not list random's seed= and label="; fi

# One game, reproducible from its seed.
"$nuraghe" play --game connect4 --bots random,random --seed 1 >"$tmp/a" 2>&1
"$nuraghe" play --game connect4 --bots random,random --seed 1 >"$tmp/b" 2>&1
"$nuraghe" play --game connect4 --bots random,random --seed 2 >"$tmp/c" 2>&1
if cmp -s "$tmp/a" "$tmp/b"; then ok; else bad "play with one seed twice printed different games"; fi
if cmp -s "$tmp/a" "$tmp/c"; then bad "play with seeds 1 and 2 printed the same game"; else ok; fi
expect_output "play prints a move log and the result" "^returns: " "$nuraghe" play --game connect4 --bots random,random --seed 1
expect_output "play takes repeated --bot" "^scores: " "$nuraghe" play --game goofspiel -b random -b random:seed=3 -b random -p 3 -o cards=6

# The JSONL log: a header line, one line per decision, a result line.
"$nuraghe" play --game kuhn --bots random,random --seed 4 --log "$tmp/log.jsonl" >/dev/null
if head -1 "$tmp/log.jsonl" | grep -q '"game":"kuhn"' && grep -q '"ply":1' "$tmp/log.jsonl" && tail -1 "$tmp/log.jsonl" | grep -q '"result"'; then ok; else bad "play --log wrote $(cat "$tmp/log.jsonl")"; fi

# replay reads a play log and ends with the scores the game printed.
"$nuraghe" play --game connect4 --bots uct:iters=200,random --seed 5 --log "$tmp/c4.jsonl" >"$tmp/played" 2>&1
if [[ $("$nuraghe" replay "$tmp/c4.jsonl" 2>&1 | tail -1) == "$(grep '^scores: ' "$tmp/played")" ]]; then ok; else bad "replay of a play log: $("$nuraghe" replay "$tmp/c4.jsonl" 2>&1 | tail -3)"; fi
expect_error "play --log onto an existing file" "exists: choose a new file, or give --force" "$nuraghe" play --game connect4 --bots random,random --log "$tmp/c4.jsonl"
expect_output "play --log --force replaces it" "^scores: " "$nuraghe" play --game connect4 --bots random,random --log "$tmp/c4.jsonl" --force

# A human seat, from standard input: a number picks from the list, notation works too.
out=$(printf 'b2\n1\n1\n1\n1\n' | "$nuraghe" play --game tictactoe --human 0 --bots random --seed 3 2>&1)
if grep -q "1\. player 0: b2" <<<"$out" && grep -q "^returns: " <<<"$out"; then ok; else bad "human play: $out"; fi
out=$(printf 'z9\n1\n1\n1\n1\n1\n' | "$nuraghe" play --game tictactoe --human 0 --bots random --seed 3 2>&1)
if grep -q "cannot read move" <<<"$out" && grep -q "^returns: " <<<"$out"; then ok; else bad "human play with a bad line first: $out"; fi
# help, a prefix that several moves share, and quit: the log and the page so far are kept, marked
# unfinished; replay shows the game, and what needs a finished game refuses it in one line.
out=$(printf 'help\na\nb2\nquit\n' | "$nuraghe" play --game tictactoe --human 0 --bots random --seed 3 --log "$tmp/quit.jsonl" --html "$tmp/quit.html" 2>&1)
if grep -q "quit ends the game here" <<<"$out" && grep -q '3 moves start with "a": ? a lists them' <<<"$out"; then ok; else bad "human help and a shared prefix: $out"; fi
if grep -q "play: quit after 2 moves; the game is unfinished$" <<<"$out" && ! grep -q "^returns: " <<<"$out" && [[ $(tail -1 "$tmp/quit.jsonl") == '{"unfinished":true}' ]] &&
  grep -q "(unfinished)" "$tmp/quit.html"; then ok; else bad "human quit: $out $(cat "$tmp/quit.jsonl")"; fi
expect_output "replay shows an unfinished game" "^unfinished: the game was quit after 2 moves$" "$nuraghe" replay "$tmp/quit.jsonl"
expect_error "results refuses an unfinished game" "the game was quit after 2 moves, unfinished \(replay shows it\)" "$nuraghe" results "$tmp/quit.jsonl"
expect_error "score refuses an unfinished game" "quit after 2 moves, unfinished" "$nuraghe" score --game tictactoe --results "$tmp/quit.jsonl"
# A decision with one legal move is played without asking: the last square of a full board.
out=$(printf '1\n1\n1\n1\n' | "$nuraghe" play --game tictactoe --human 0 --bots random --seed 4 2>&1)
if grep -Eq "^player 0: the only legal move, [a-c][1-3]$" <<<"$out" && grep -q "^returns: " <<<"$out"; then ok; else bad "human: a single legal move is asked for: $out"; fi

# A person playing Sardegna (seat 0 against the heuristic): the board's legend once, the moves
# grouped by card, an illegal move answered with its reason, "?" listing moves, a Sentinel's
# scoring explained province by province, keep / replace saying what they do; within 80 columns.
session=$(printf 'commander villager 4\ncommander villager 5\nsentinel\n? re\nkeep\n' |
  "$nuraghe" play --game sardegna --players 2 --bots heuristic --human 0 --seed 7 2>&1)
if [[ $(grep -c "^fort spaces (provinces around each):" <<<"$session") -eq 1 ]] && grep -q "^harbours (provinces beside each):" <<<"$session"; then ok; else bad "human Sardegna: the legend is not shown once: $(head -5 <<<"$session")"; fi
if grep -q "^  commander: (no action) | villager 1 2 3 " <<<"$session" && grep -q "^  architect: (no action) | fort 1 2 3 " <<<"$session"; then ok; else bad "human Sardegna: moves not grouped by card: $session"; fi
if grep -q 'illegal move "commander villager 5" for player 0: the commander is not in your hand' <<<"$session"; then ok; else bad "human Sardegna: an illegal move does not say why: $session"; fi
if grep -q "^scoring of fort space [0-9]*:" <<<"$session" && grep -Eq "^  [A-Za-z]+ \([0-9]+\): influence p0=[0-9]+ p1=[0-9]+ -> " <<<"$session"; then ok; else bad "human Sardegna: the Sentinel's scoring is not explained: $session"; fi
if grep -q "^  \[1\] keep  -- fort card [0-9]* stays in the row" <<<"$session" && grep -q "^  \[2\] replace  -- fort card [0-9]* goes under the deck" <<<"$session"; then ok; else bad "human Sardegna: keep / replace do not say what they do: $session"; fi
# (piped, the listing follows the prompt on its line: a terminal would show the typed line between)
if grep -Eq "(^|: )  replace$" <<<"$session" && ! grep -Eq "(^|: )  keep$" <<<"$session"; then ok; else bad "human Sardegna: '? re' does not list the moves starting with re"; fi
# (a prompt ends where the person types, so piped output runs on after it; error lines may be long)
wide=$(awk 'length > 80' <<<"$session" | grep -v "^nuraghe: error\|illegal move\|cannot read move\|your move (" | head -3)
if [[ -z $wide ]]; then ok; else bad "human Sardegna: lines wider than 80 columns: $wide"; fi
# From one picture to the next prompt: the picture and the grouped moves fit 24 lines.
most=$(awk '/^scorings /{n=0} {n++} /your move/{if (n>m) m=n} END{print m}' <<<"$session")
if [[ $most -le 24 ]]; then ok; else bad "human Sardegna: a turn takes $most lines, more than a 24-line terminal"; fi
# The start of a move that only it has is that move ("repl": replace).
session=$(printf 'commander villager 4\nsentinel\nrepl\nquit\n' | "$nuraghe" play --game sardegna --players 2 --bots heuristic --human 0 --seed 7 2>&1)
if grep -Eq "(^|: )  replace$" <<<"$session" && grep -q "play: quit after" <<<"$session"; then ok; else bad "human Sardegna: a unique prefix is not its move: $(tail -20 <<<"$session")"; fi
end=$("$nuraghe" play --game sardegna --players 2 --bots heuristic,random --seed 3 2>&1)
if grep -q "^scorings 11/11" <<<"$end" && grep -Eq "^winner: player [01] \((heuristic|random)\)$" <<<"$end"; then ok; else bad "play does not end with the final board and the winner: $(tail -8 <<<"$end")"; fi

# The rules oracle.
expect_output "new prints a starting position" '"prizes"' "$nuraghe" new --game goofspiel --players 3 --seed 9 -o cards=5
"$nuraghe" new --game goofspiel --players 2 --seed 9 -o cards=5 >"$tmp/g.json"
expect_output "legal on a new position lists each player's bids" "^player 1: 1, 2, 3, 4, 5$" "$nuraghe" legal --game goofspiel --position "$tmp/g.json"
expect_output "legal on a tictactoe position" "^c3$" "$nuraghe" legal --game tictactoe --position "$pos/tictactoe-win.json"
expect_output "apply plays a winning move" '"XXX"' "$nuraghe" apply --game tictactoe --position "$pos/tictactoe-win.json" --moves "c3"
expect_output "apply reads a simultaneous move, one per seat" '"bids": \[' "$nuraghe" apply --game goofspiel --position "$pos/goofspiel-5.json" --moves "4,2;3,3"
expect_output "apply reads positions from standard input" '"history": "pbb"' sh -c "\"$nuraghe\" apply --game kuhn --position - --moves bet <\"$pos/kuhn-bet.json\""
expect_output "legal after the end says game over" "^game over" "$nuraghe" legal --game kuhn --position <("$nuraghe" apply --game kuhn --position "$pos/kuhn-bet.json" --moves bet)
"$nuraghe" apply --game connect4 --position "$pos/connect4-start.json" --moves "4;4;3" >"$tmp/c4.json"
expect_output "apply output is a position that legal reads back" "^7$" "$nuraghe" legal --game connect4 --position "$tmp/c4.json"

# Search: analyze shows the forced win with the most visits; bench prints a row per game.
out=$("$nuraghe" analyze --game tictactoe --position "$pos/tictactoe-win.json" --bot uct:iters=5000 2>&1)
if [[ $(sed -n 3p <<<"$out" | awk '{print $1}') == c3 ]] && grep -q "^best: c3" <<<"$out"; then ok; else bad "analyze on a forced win: $out"; fi
expect_output "analyze at a simultaneous node with --seat" "^best: " "$nuraghe" analyze --game goofspiel --position "$pos/goofspiel-5.json" --bot ismcts:iters=500,sim=rm --seat 1
expect_output "bench prints every game" "^kuhn +[0-9]" "$nuraghe" bench --seconds 0.02
# bench --game: each spec's speed on positions of the game's play, two specs compared position by
# position; the JSON has the same figures.
"$nuraghe" bench --game connect4 --bot a=uct:iters=400 --bot b=uct:iters=400,threads=2 --positions 4 >"$tmp/bench" 2>"$tmp/stderr" || bad "bench --game: $(cat "$tmp/stderr")"
if grep -Eq '^a +[0-9]+ \[[0-9]+, [0-9]+\] +[0-9]+ \[[0-9]+, [0-9]+\] +[0-9.]+ \[' "$tmp/bench" && grep -Eq '^ratio +[0-9.]+ \[' "$tmp/bench" &&
  grep -q "4 positions from" "$tmp/bench"; then ok; else bad "bench --game table: $(cat "$tmp/bench")"; fi
# A spec too long for 120 columns: keyed "#2" in the table and the ratio line, given in full below.
long=uct:iters=300,c=0.7,final=max,rollout=random,sim=ucb,gamma=0.1,epsilon=0.1,reuse=off,seed=3
"$nuraghe" bench --game connect4 --bot uct:iters=200 --bot $long --positions 2 >"$tmp/bench" 2>"$tmp/stderr" || bad "bench --game of a long spec: $(cat "$tmp/stderr")"
if grep -Eq '^#2 +[0-9]+ \[' "$tmp/bench" && grep -qFx "#2: $long" "$tmp/bench" && grep -q "^ratio: uct:iters=200 over #2," "$tmp/bench" &&
  awk '!/^#2: / && length($0) > 120 { exit 1 }' "$tmp/bench"; then ok; else bad "bench of a long spec, within 120 columns: $(cat "$tmp/bench")"; fi
"$nuraghe" bench --game kuhn --bot ismcts:iters=100000000 --seconds 0.01 --positions 3 --json >"$tmp/bench.json" 2>"$tmp/stderr" || bad "bench --game --json: $(cat "$tmp/stderr")"
if grep -q '"bots":\[{"bot":"ismcts:iters=100000000"' "$tmp/bench.json" && grep -q '"seconds":0.01' "$tmp/bench.json" &&
  ! grep -q '"ratio"' "$tmp/bench.json" && [[ $(wc -l <"$tmp/bench.json") -eq 1 ]]; then ok; else bad "bench --json: $(cat "$tmp/bench.json")"; fi
# Bytes a node: a node's own 32 bytes at least (with its edges, more), and far from a kilobyte.
bytes=$(sed -n 's/.*"bytes_per_node":{"high":[0-9.e+]*,"low":[0-9.e+]*,"median":\([0-9.e+]*\)}.*/\1/p' "$tmp/bench.json")
if awk -v b="$bytes" 'BEGIN { exit !(b >= 32 && b < 4096) }'; then ok; else bad "bench --json bytes a node: '$bytes'"; fi
expect_error "bench --game of a bot that does not search" 'bench: bot "random" does not search' "$nuraghe" bench --game connect4 --bot random
expect_error "bench --game without a bot" "give one --bot SPEC, or two" "$nuraghe" bench --game connect4
expect_error "bench --game with three bots" "give one --bot SPEC, or two" "$nuraghe" bench --game connect4 --bot uct --bot ismcts --bot uct:c=1
expect_error "bench --bot without --game" "requires" "$nuraghe" bench --bot uct
expect_error "bench --game with two bots of one name" 'two bots are named "x"' "$nuraghe" bench --game connect4 --bot x=uct --bot x=uct:c=2
expect_output "a searching bot plays a hidden-information game" "^returns: " "$nuraghe" play --game kuhn --bots mo-ismcts:iters=200,pimc:iters=20,dets=4 --seed 2

# A small tournament.
expect_output "arena prints a table" "^random +10 " "$nuraghe" arena --game tictactoe --bots random,random:seed=2 --games 10 --jobs 2

# Bad input: one line on stderr, exit status 2.
expect_error "unknown game" 'unknown game "chess"' "$nuraghe" play --game chess --bots random,random
expect_error "unknown bot" 'unknown bot "alphazero"' "$nuraghe" play --game connect4 --bots random,alphazero
expect_error "unknown bot parameter" 'unknown parameter "depth"' "$nuraghe" play --game connect4 --bots random:depth=3,random
expect_error "bad bot parameter value" 'seed=x is not an integer' "$nuraghe" play --game connect4 --bots random:seed=x,random
expect_error "malformed bot spec" 'expected key=value' "$nuraghe" play --game connect4 --bots "random:seed,random"
expect_error "too few bots" 'need 2 bot specs' "$nuraghe" play --game connect4 --bots random
expect_error "unknown game option" 'unknown parameter "deck"' "$nuraghe" new --game goofspiel -o deck=3
expect_error "game option out of range" 'out of range' "$nuraghe" new --game goofspiel -o cards=20
expect_error "option not KEY=VALUE" 'is not KEY=VALUE' "$nuraghe" new --game goofspiel -o cards
expect_error "impossible player count" 'kuhn plays 2 players, not 3' "$nuraghe" new --game kuhn --players 3
expect_error "map file for a game without maps" 'takes no --map' "$nuraghe" new --game connect4 --map board.json
expect_error "missing position file" 'cannot read position file' "$nuraghe" legal --game connect4 --position "$tmp/none.json"
expect_error "malformed JSON" 'malformed JSON' "$nuraghe" legal --game connect4 --position "$pos/malformed.json"
expect_error "position of another game" 'is not "connect4"' "$nuraghe" legal --game connect4 --position "$pos/tictactoe-win.json"
expect_error "position breaking the rules" 'both players have a line' "$nuraghe" legal --game tictactoe --position "$pos/tictactoe-bad.json"
expect_error "sardegna: a Sentinel left in front" 'the Sentinel is in front only while its scoring is being resolved' "$nuraghe" legal --game sardegna --position "$pos/sardegna-sentinel-in-front.json"
expect_error "sardegna: a commander move without its card" 'a half-finished commander move needs the commander' "$nuraghe" legal --game sardegna --position "$pos/sardegna-steps-without-commander.json"
expect_error "illegal move" 'illegal move "a3"' "$nuraghe" apply --game tictactoe --position "$pos/tictactoe-win.json" --moves "a3"
expect_error "unparsable move" 'cannot read move "x7"' "$nuraghe" apply --game tictactoe --position "$pos/tictactoe-win.json" --moves "x7"
expect_error "simultaneous move with one bid" 'one move per player' "$nuraghe" apply --game goofspiel --position "$pos/goofspiel-5.json" --moves "4"
expect_error "bid of a spent card" 'illegal move "5"' "$nuraghe" apply --game goofspiel --position "$pos/goofspiel-5.json" --moves "5,2"
expect_error "move after the end" 'after the game is over' "$nuraghe" apply --game kuhn --position "$pos/kuhn-bet.json" --moves "bet;bet"
expect_error "human seat out of range" 'is not a seat of this game' "$nuraghe" play --game connect4 --human 2 --bots random
expect_error "human without input" 'no more input' "$nuraghe" play --game connect4 --human 0 --bots random
expect_error "arena games not a multiple of the seats" '--games 3 is not a positive multiple of 2, the seatings of one deal' "$nuraghe" arena --game connect4 --bots random,random:seed=2 --games 3
expect_error "uct on a hidden-information game" 'hidden information' "$nuraghe" play --game kuhn --bots uct,random
expect_error "search parameter out of range" 'c=-1 is out of range' "$nuraghe" play --game connect4 --bots uct:c=-1,random
expect_error "search without a budget" 'search forever' "$nuraghe" play --game connect4 --bots uct:iters=0,random
expect_error "heuristic rollouts for a game without one" 'no heuristic' "$nuraghe" play --game kuhn --bots ismcts:rollout=heuristic,random
expect_error "analyze with a bot that does not search" 'does not search' "$nuraghe" analyze --game connect4 --position "$pos/connect4-start.json" --bot random
expect_error "analyze a simultaneous node without --seat" 'needs --seat' "$nuraghe" analyze --game goofspiel --position "$pos/goofspiel-5.json" --bot ismcts
expect_error "analyze the wrong seat" 'is to move' "$nuraghe" analyze --game connect4 --position "$pos/connect4-start.json" --bot uct --seat 1
expect_error "unknown subcommand" '' "$nuraghe" fly
expect_error "unknown flag" '' "$nuraghe" games --colour
expect_error "missing required option" 'game' "$nuraghe" new
expect_error "non-numeric seed" '' "$nuraghe" new --game connect4 --seed abc

# ---- boards beside positions, empty values and moves, messages, map hashes --------------------
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
# --map beside --position names each game's board field: Bardagi's is "board", not "map".
"$nuraghe" new --game bardagi --seed 3 >"$tmp/b24.json"
# The position's own board given as --map: the same moves as without it, and some.
"$nuraghe" legal --game bardagi --position "$tmp/b24.json" >"$tmp/b24.legal" 2>&1
if [[ -s $tmp/b24.legal ]] && diff "$tmp/b24.legal" <("$nuraghe" legal --game bardagi --position "$tmp/b24.json" --map "$here/../lib/games/bardagi/boards/summer.json" 2>&1) >/dev/null; then ok; else bad "bardagi legal with its own board as --map differs from legal without it"; fi
"$nuraghe" new --game sardegna --seed 3 >"$tmp/s24.json"
"$nuraghe" legal --game sardegna --position "$tmp/s24.json" >"$tmp/s24.legal" 2>&1
if [[ -s $tmp/s24.legal ]] && diff "$tmp/s24.legal" <("$nuraghe" legal --game sardegna --position "$tmp/s24.json" --map "$here/../lib/games/sardegna/board.json" 2>&1) >/dev/null; then ok; else bad "sardegna legal with its own board as --map differs from legal without it"; fi
# --moves "" is no moves: the position unchanged.
"$nuraghe" apply --game tictactoe --position "$pos/tictactoe-win.json" --moves "" >"$tmp/same.json" 2>"$tmp/stderr" || bad "apply --moves \"\": $(cat "$tmp/stderr")"
# c1 (column c, row 1 at the bottom) is X's: the result is the position with an X there and no other
# change, and c1 is no longer legal.
"$nuraghe" apply --game tictactoe --position "$pos/tictactoe-win.json" --moves "c1" >"$tmp/c1.json" 2>"$tmp/stderr" || bad "apply --moves c1: $(cat "$tmp/stderr")"
if python3 - "$pos/tictactoe-win.json" "$tmp/c1.json" <<'PYTHON'; then ok; else bad "apply --moves c1 did not put an X on c1 alone"; fi
import json, sys
before, after = (json.load(open(p))["board"] for p in sys.argv[1:3])
changed = [(r, c) for r in range(3) for c in range(3) if before[r][c] != after[r][c]]
sys.exit(not (changed == [(2, 2)] and before[2][2] == "." and after[2][2] == "X"))
PYTHON
if ! "$nuraghe" legal --game tictactoe --position "$tmp/c1.json" | grep -qx c1; then ok; else bad "c1 is still legal after apply --moves c1"; fi
if python3 -c 'import json,sys; sys.exit(json.load(open(sys.argv[1])) != json.load(open(sys.argv[2])))' "$tmp/same.json" "$pos/tictactoe-win.json"; then ok; else bad "apply --moves \"\" changed the position"; fi
expect_error "an empty move between separators" 'empty' "$nuraghe" apply --game tictactoe --position "$pos/tictactoe-win.json" --moves "c1;;a3"
expect_error "a trailing comma at a simultaneous node" 'one move per player' "$nuraghe" apply --game goofspiel --position "$pos/goofspiel-5.json" --moves "5,1,"
expect_error "two spaces inside a move" 'single spaces' "$nuraghe" apply --game sardegna --position "$tmp/s24.json" --moves "commander  villager 3"
expect_error "-o cars=-0" 'cars=-0 is not an integer' "$nuraghe" new --game ttr -o cars=-0
expect_error "arena --shard ''" 'shard' "$nuraghe" arena --game tictactoe --bots random,random:seed=2 --games 2 --shard ''
expect_error "arena --sprt ''" 'sprt' "$nuraghe" arena --game connect4 --bots random,random:seed=2 --games 2 --sprt ''
# Messages a user can act on.
expect_error "--players 6 for ttr names the game's range" 'ttr plays 2 to 5 players, not 6' "$nuraghe" new --game ttr --players 6
expect_error "--players 1 for bardagi names the game's range" 'bardagi plays 2 to [0-9] players, not 1' "$nuraghe" new --game bardagi --players 1
"$nuraghe" arena --game tictactoe --bots random,random:seed=2 --games 2 --out "$tmp/t24.jsonl" >/dev/null 2>&1
expect_error "a results file given as a position says so" 'results file or play log' "$nuraghe" legal --game tictactoe --position "$tmp/t24.jsonl"
printf '{"game":"kuhn","seed":18446744073709551616}\n' >"$tmp/big.json"
"$nuraghe" legal --game kuhn --position "$tmp/big.json" >/dev/null 2>"$tmp/stderr"
if grep -q '18446744073709551616' "$tmp/stderr" && ! grep -q 'e+19' "$tmp/stderr"; then ok; else bad "2^64 in a position is not printed as written: $(cat "$tmp/stderr")"; fi
"$nuraghe" arena --game ttr --bots random,random:seed=2 --games 2 --out "$tmp/ttr24.jsonl" >/dev/null 2>&1
sed -i '1s/"map_hash":"[0-9a-f]*"/"map_hash":"0000000000000000"/' "$tmp/ttr24.jsonl"
expect_error "a map-hash mismatch on the built-in map names it" 'built-in map' "$nuraghe" replay "$tmp/ttr24.jsonl"
"$nuraghe" replay "$tmp/ttr24.jsonl" >/dev/null 2>"$tmp/stderr"
if grep -q '""' "$tmp/stderr"; then bad "a map-hash mismatch names the file \"\": $(cat "$tmp/stderr")"; else ok; fi
# Sardegna records its board's hash: a tournament resumed or replayed on an edited board is refused.
cp "$here/../lib/games/sardegna/board.json" "$tmp/board24.json"
"$nuraghe" arena --game sardegna --map "$tmp/board24.json" --bots random,random:seed=2 --games 2 --out "$tmp/s24.jsonl" >/dev/null 2>"$tmp/stderr" || bad "sardegna arena on a board file: $(cat "$tmp/stderr")"
if head -1 "$tmp/s24.jsonl" | grep -Eq '"map_hash":"[0-9a-f]{16}"'; then ok; else bad "sardegna arena header has no map_hash: $(head -c 300 "$tmp/s24.jsonl")"; fi
expect_output "sardegna replay on the board played" "^scores: " "$nuraghe" replay "$tmp/s24.jsonl"
sed -i 's/"name": "Sardegna board/"name": "An edited Sardegna board/' "$tmp/board24.json"
expect_error "sardegna arena resumed on an edited board" 'map|board' "$nuraghe" arena --game sardegna --map "$tmp/board24.json" --bots random,random:seed=2 --games 4 --out "$tmp/s24.jsonl"
# The file records the board it was played on, so replay reads that one; the edited file given as
# --map is refused naming both hashes, and read anyway with --ignore-map-hash.
expect_output "sardegna replay on the board recorded, not the edited file" "^scores: " "$nuraghe" replay "$tmp/s24.jsonl"
expect_error "sardegna replay on an edited board" 'played on a map with hash [0-9a-f]{16}, not on the map file "[^"]*board24.json" \(hash [0-9a-f]{16}\)' \
  "$nuraghe" replay "$tmp/s24.jsonl" --map "$tmp/board24.json"
expect_output "sardegna replay on an edited board with --ignore-map-hash" "^scores: " "$nuraghe" replay "$tmp/s24.jsonl" --map "$tmp/board24.json" --ignore-map-hash
# The hashes of Ticket to Ride's and Bardagi's built-in maps are those recorded in results files
# before Sardegna had one (commit 179e0c3): files already written still match.
"$nuraghe" play --game ttr --bots random,random --seed 1 --log "$tmp/ttr-hash.jsonl" >/dev/null 2>&1
"$nuraghe" play --game bardagi --bots random,random --seed 1 --log "$tmp/bardagi-hash.jsonl" >/dev/null 2>&1
if head -1 "$tmp/ttr-hash.jsonl" | grep -q '"map_hash":"e2e8be6cfe94d83d"'; then ok; else bad "the ttr map hash changed: $(head -1 "$tmp/ttr-hash.jsonl")"; fi
if head -1 "$tmp/bardagi-hash.jsonl" | grep -q '"map_hash":"4caa08353126d217"'; then ok; else bad "the bardagi board hash changed: $(head -1 "$tmp/bardagi-hash.jsonl")"; fi

# Without --players, play and arena seat as many players as they are given bots (with --human, one
# more) when the game plays that many; a count the game does not play is refused as before.
expect_output "play: three bots, no --players, three players" "^game sardegna, seed 1, 3 players$" \
  "$nuraghe" play --game sardegna --bots random,random:seed=2,random:seed=3
"$nuraghe" arena --game sardegna --bots random,random:seed=2,random:seed=3 --games 6 --out "$tmp/three.jsonl" >/dev/null 2>&1
expect_output "arena: three bots, no --players, three-player games" '"players":3' head -1 "$tmp/three.jsonl"
expect_error "play: a bot count the game does not play" "play: 2 seats need 2 bot specs, got 3" \
  "$nuraghe" play --game tictactoe --bots random,random:seed=2,random:seed=3
expect_error "play: --players wins over the bots' count" "play: 4 seats need 4 bot specs, got 3" \
  "$nuraghe" play --game sardegna --players 4 --bots random,random:seed=2,random:seed=3
expect_error "play: --human counts as a seat" 'human 3: "3" is not a seat of this game .0\.\.2.' \
  "$nuraghe" play --game sardegna --bots random,random:seed=2 --human 3

echo "cli: $passed passed, $failed failed"
[[ $failed -eq 0 ]]
