#!/usr/bin/env bash
# Writes the fuzz corpus: the inputs that once crashed nuraghe's readers, rebuilt here
# from their descriptions, and on request real inputs made with the program.
#   tests/fuzz/make_corpus.sh [--real NURAGHE] [--deep] OUT_DIR
# Files go to OUT_DIR/<harness>/, named by what they are: <game>-<what>. fuzz_position and fuzz_move
# inputs start with one byte that picks the game, the letter 'A' + the game's index in
# lib/games/games.txt (A sardegna, B tictactoe, ...; tests/fuzz/game_byte.hpp); fuzz_move inputs
# then hold a NUL byte and the moves.
#   (no option)    the crash inputs small enough to commit (each under 20 KB)
#   --real BIN     also real positions, moves, maps and results files made with BIN (build/nuraghe)
#   --deep         only the 100,000-deep nestings (200 KB each): made at test time, never committed
# The committed corpus is `tests/fuzz/make_corpus.sh --real build/nuraghe tests/fuzz/corpus`;
# scripts/fuzz.sh adds `--deep` into the build folder.
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
real="" deep=0
while [[ $# -gt 1 ]]; do
  case $1 in
    --real) real=$2; shift 2 ;;
    --deep) deep=1; shift ;;
    *) echo "make_corpus.sh: unknown option $1" >&2; exit 2 ;;
  esac
done
[[ $# -eq 1 ]] || { echo "usage: tests/fuzz/make_corpus.sh [--real NURAGHE] [--deep] OUT_DIR" >&2; exit 2; }
out=$1
mkdir -p "$out"/{fuzz_position,fuzz_move,fuzz_map,fuzz_results}

# The games, in the order of the list the program is built from (AllGames): game i's letter is A + i.
mapfile -t games < <(sed -e 's/#.*//' -e 's/[[:space:]]//g' -e '/^$/d' "$root/lib/games/games.txt")
letters=ABCDEFGHIJKLMNOPQRSTUVWXYZ
letter() {
  local i
  for i in "${!games[@]}"; do [[ ${games[i]} == "$1" ]] && { printf '%s' "${letters:i:1}"; return; }; done
  echo "make_corpus.sh: $1 is not in lib/games/games.txt" >&2
  exit 1
}

# put HARNESS NAME TEXT: one corpus file, its text as given (no newline added).
put() { printf '%s' "$3" > "$out/$1/$2"; }
# position GAME NAME JSON: a fuzz_position input.
position() { put fuzz_position "$1-$2.json" "$(letter "$1")$3"; }
# brackets N OPEN CLOSE: N nested pairs.
nested() { local open close; open=$(printf "%$1s" '' | sed "s/ /$2/g"); close=$(printf "%$1s" '' | sed "s/ /$3/g"); printf '%s%s' "$open" "$close"; }
# A move input: the game byte, the position, NUL, the moves.
move_input() { { printf '%s%s' "$(letter "$1")" "$3"; printf '\0'; printf '%s' "$4"; } > "$out/fuzz_move/$1-$2.txt"; }

# A Sardegna start (2 players, seed 1) with parts to replace.
harvested0='{"cheese":0,"olive":0,"thyme":0,"wheat":0,"wine":0}'
seat='{"forts":[],"front":[],"hand":["admiral","commander","priest","farmer","architect","queen","sentinel"],"harvested":@HARVESTED@,"priest":null,"private":[],"score":0,"ships":[],"villagers":[0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0],"villages":[0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0]}'
deck0='{"fort":17,"known_by":[]}'
sardegna_start='{"deck":[@DECK0@,{"fort":16,"known_by":[]},{"fort":3,"known_by":[]},{"fort":7,"known_by":[]},{"fort":6,"known_by":[]},{"fort":24,"known_by":[]},{"fort":19,"known_by":[]},{"fort":9,"known_by":[]},{"fort":23,"known_by":[]},{"fort":1,"known_by":[]},{"fort":11,"known_by":[]},{"fort":2,"known_by":[]},{"fort":22,"known_by":[]},{"fort":15,"known_by":[]},{"fort":18,"known_by":[]}],"game":"sardegna","map":@MAP@,"phase":"play","players":2,"row":[13,20,5,12,4,25,14,8,21,10,26],"scorings":0,"seats":[@SEAT0@,@SEAT1@],"tokens":["olive","wine","wine","thyme","olive","thyme","cheese","olive","cheese","olive","thyme","wheat","cheese","wheat","wine","wine"],"turn":0,"variant":"base"}'
# sardegna_position [map=JSON] [seat0=JSON] [deck0=JSON] [harvested0=JSON]
sardegna_position() {
  local map='"standard"' s0="" d0=$deck0 h0=$harvested0 kv
  for kv in "$@"; do
    case $kv in
      map=*) map=${kv#map=} ;;
      seat0=*) s0=${kv#seat0=} ;;
      deck0=*) d0=${kv#deck0=} ;;
      harvested0=*) h0=${kv#harvested0=} ;;
    esac
  done
  local p=$sardegna_start s1=${seat//@HARVESTED@/"$harvested0"}
  [[ -n $s0 ]] || s0=${seat//@HARVESTED@/"$h0"}
  p=${p//@MAP@/"$map"}
  p=${p//@DECK0@/"$d0"}
  p=${p//@SEAT0@/"$s0"}
  p=${p//@SEAT1@/"$s1"}
  printf '%s' "$p"
}

# ---- the 100,000-deep nestings (only with --deep) ------------------------------------------------
if [[ $deep == 1 ]]; then
  deep_array=$(nested 100000 '[' ']')
  deep_object=$(printf '%s' "$(printf '%100000s' '' | sed 's/ /{"a":/g')1$(printf '%100000s' '' | tr ' ' '}')")
  for g in "${games[@]}"; do position "$g" deep-100000-brackets "$deep_array"; done
  position sardegna deep-100000-objects "$deep_object"
  position sardegna map-deep-100000-brackets "$(sardegna_position "map=$deep_array")"
  put fuzz_map deep-100000-brackets.json "$deep_array"
  put fuzz_map deep-100000-objects.json "$deep_object"
  header='{"bots":["random","random"],"game":"tictactoe","map":"","nuraghe":"arena","options":{},"players":2,"seed":5}'
  put fuzz_results deep-100000-brackets.jsonl "$deep_array"$'\n'
  put fuzz_results header-options-deep-100000.jsonl "${header/\"options\":\{\}/\"options\":$deep_array}"$'\n'
  put fuzz_results line-deep-100000.jsonl "$header"$'\n'"$deep_array"$'\n'
  exit 0
fi

# ---- crash inputs: bad position files -----------------------------------------------------------
deep5000=$(nested 5000 '[' ']')  # 10 KB, far past the depth limit of 64
for g in "${games[@]}"; do
  position "$g" file-number 5
  position "$g" file-false false
  position "$g" file-null null
  position "$g" file-array '[1,2,3]'
  position "$g" file-string "\"$g\""
  position "$g" file-empty ''
  position "$g" deep-5000-brackets "$deep5000"
done

position sardegna start-seed1 "$(sardegna_position)"
for v in '"nonsense"' '""' '"Standard"' '7' '-1' '1.5' 'true' 'null' '[]' '[1,2,3]' '["standard"]' '{}' "$deep5000"; do
  case $v in
    '"nonsense"') name="map-string" ;; '""') name="map-empty-string" ;; '"Standard"') name="map-string-capital" ;;
    7) name="map-number" ;; -1) name="map-negative" ;; 1.5) name="map-real" ;; true) name="map-true" ;; null) name="map-null" ;;
    '[]') name="map-empty-array" ;; '[1,2,3]') name="map-array" ;; '["standard"]') name="map-array-of-string" ;; '{}') name="map-empty-object" ;;
    *) name="map-deep-5000-brackets" ;;
  esac
  position sardegna "$name" "$(sardegna_position "map=$v")"
done
for t in number:5 string:'"seat"' array:'[]' array-of-seat:"[${seat//@HARVESTED@/$harvested0}]" null:null true:true; do
  position sardegna "seat-${t%%:*}" "$(sardegna_position "seat0=${t#*:}")"
  position sardegna "deck-entry-${t%%:*}" "$(sardegna_position "deck0=${t#*:}")"
  position sardegna "harvested-${t%%:*}" "$(sardegna_position "harvested0=${t#*:}")"
done
position sardegna deck-entry-fort-string "$(sardegna_position 'deck0={"fort":"17","known_by":[]}')"
position sardegna deck-entry-known-by-number "$(sardegna_position 'deck0={"fort":17,"known_by":0}')"
position sardegna harvested-count-string "$(sardegna_position 'harvested0={"cheese":"0","olive":0,"thyme":0,"wheat":0,"wine":0}')"
position sardegna harvested-count-real "$(sardegna_position 'harvested0={"cheese":0.5,"olive":0,"thyme":0,"wheat":0,"wine":0}')"

# ---- crash inputs: map files --------------------------------------------------------------------
for t in number:5 false:false null:null string:'"standard"' array:'[1,2,3]' empty-object:'{}' empty:''; do
  put fuzz_map "map-${t%%:*}.json" "${t#*:}"
done
put fuzz_map deep-5000-brackets.json "$deep5000"
board=$(tr -d '\n' < "$root/lib/games/sardegna/board.json")
put fuzz_map board-province-number.json "$(printf '%s' "$board" | sed 's/{"id": 1, "name": "Gallura"[^}]*}/5/')"
put fuzz_map board-neighbours-string.json "$(printf '%s' "$board" | sed 's/"neighbours": \[2, 4, 5\]/"neighbours": "2, 4, 5"/')"
put fuzz_map board-id-string.json "$(printf '%s' "$board" | sed 's/"id": 1, "name": "Gallura"/"id": "1", "name": "Gallura"/')"
put fuzz_map board-coastal-number.json "$(printf '%s' "$board" | sed 's/"name": "Gallura", "value": 6, "colour": "green", "coastal": true/"name": "Gallura", "value": 6, "colour": "green", "coastal": 1/')"
put fuzz_map board-value-real.json "$(printf '%s' "$board" | sed 's/"name": "Gallura", "value": 6,/"name": "Gallura", "value": 6.5,/')"
put fuzz_map board-forts-object.json "$(printf '%s' "$board" | sed 's/"forts": \[/"forts": {"x": [/; s/\],[[:space:]]*"harbours"/]}, "harbours"/')"

# ---- crash inputs: results files ----------------------------------------------------------------
# A real two-game tictactoe tournament (arena --games 2 --seed 5), then broken copies.
header='{"bots":["random","random"],"game":"tictactoe","map":"","nuraghe":"arena","options":{},"players":2,"seed":5}'
line0='{"bots":["random","random"],"decisions":[5,4],"index":0,"movers":[0,1,0,1,0,1,0,1,0],"moves":["a2","b2","c3","c2","b1","a1","a3","c1","b3"],"ranks":[1,2],"returns":[1.0,0.0],"scores":[1.0,0.0],"seats":[0,1],"seconds":[4.8e-07,1.4e-07,9e-08,8e-08,8e-08,8e-08,8e-08,9e-08,8e-08],"seed":15375594375357906784,"think_seconds":[8.1e-07,3.9e-07]}'
line1='{"bots":["random","random"],"decisions":[4,3],"index":1,"movers":[0,1,0,1,0,1,0],"moves":["c1","a2","b1","c3","b2","b3","a1"],"ranks":[1,2],"returns":[1.0,0.0],"scores":[1.0,0.0],"seats":[1,0],"seconds":[2.2e-07,1.11e-07,1.1e-07,9e-08,9e-08,8.1e-08,7e-08],"seed":15375594375357906784,"think_seconds":[4.9e-07,2.82e-07]}'
results() { put fuzz_results "$1.jsonl" "$2"$'\n'"$line0"$'\n'"$line1"$'\n'; }
results tictactoe-2-games "$header"
results header-without-game "${header/\"game\":\"tictactoe\",/}"
results header-without-seed "${header/,\"seed\":5/}"
results header-without-options "${header/\"options\":\{\},/}"
results header-without-players "${header/\"players\":2,/}"
results header-without-bots "${header/\"bots\":\[\"random\",\"random\"\],/}"
results header-without-map "${header/\"map\":\"\",/}"
for t in number:5 null:null array:'["tictactoe"]' object:'{}' unknown:'"chess"'; do
  results "header-game-${t%%:*}" "${header/\"game\":\"tictactoe\"/\"game\":${t#*:}}"
done
for t in string:'"5"' negative:-5 real:1.5 true:true null:null array:'[5]' too-big:18446744073709551616; do
  results "header-seed-${t%%:*}" "${header/\"seed\":5/\"seed\":${t#*:}}"
done
for t in array:'[]' string:'"cards=4"' number:4 null:null value-number:'{"cards":4}' value-array:'{"cards":["4"]}' unknown:'{"colour":"red"}'; do
  results "header-options-${t%%:*}" "${header/\"options\":\{\}/\"options\":${t#*:}}"
done
for t in string:'"2"' zero:0 big:99 real:2.5; do
  results "header-players-${t%%:*}" "${header/\"players\":2/\"players\":${t#*:}}"
done
results header-bots-string "${header/\"bots\":\[\"random\",\"random\"\]/\"bots\":\"random\"}"
results header-bots-numbers "${header/\"bots\":\[\"random\",\"random\"\]/\"bots\":[1,2]}"
results header-map-number "${header/\"map\":\"\"/\"map\":5}"
results header-not-arena "${header/\"nuraghe\":\"arena\"/\"nuraghe\":\"play\"}"
results header-deep-5000 "${header/\"options\":\{\}/\"options\":$deep5000}"
put fuzz_results header-only.jsonl "$header"$'\n'
put fuzz_results empty.jsonl ''
put fuzz_results truncated-last-line.jsonl "$header"$'\n'"$line0"$'\n'"${line1:0:100}"
put fuzz_results game-twice.jsonl "$header"$'\n'"$line0"$'\n'"$line0"$'\n'
# game_line NAME FIND REPLACE: the file with line 0 edited.
game_line() { put fuzz_results "$1.jsonl" "$header"$'\n'"${line0/"$2"/"$3"}"$'\n'"$line1"$'\n'; }
game_line line-returns-above-1 '"returns":[1.0,0.0]' '"returns":[1.5,0.0]'
game_line line-returns-below-0 '"returns":[1.0,0.0]' '"returns":[1.0,-0.5]'
game_line line-returns-huge '"returns":[1.0,0.0]' '"returns":[1e308,-1e308]'
game_line line-returns-strings '"returns":[1.0,0.0]' '"returns":["1","0"]'
game_line line-returns-one-entry '"returns":[1.0,0.0]' '"returns":[1.0]'
game_line line-scores-null '"scores":[1.0,0.0]' '"scores":[null,0.0]'
game_line line-seats-out-of-range '"seats":[0,1]' '"seats":[0,7]'
game_line line-seats-negative '"seats":[0,1]' '"seats":[-1,1]'
game_line line-index-string '"index":0' '"index":"0"'
game_line line-index-negative '"index":0' '"index":-2'
game_line line-index-huge '"index":0' '"index":99999999999'
game_line line-seed-string '"seed":15375594375357906784' '"seed":"15375594375357906784"'
game_line line-moves-number '"moves":["a2"' '"moves":[5'
game_line line-moves-illegal '"moves":["a2","b2"' '"moves":["a2","a2"'
game_line line-decisions-real '"decisions":[5,4]' '"decisions":[5.5,4]'
game_line line-deep-5000 '"movers":[0,1,0,1,0,1,0,1,0]' "\"movers\":$deep5000"
put fuzz_results line-number.jsonl "$header"$'\n'5$'\n'
put fuzz_results line-array.jsonl "$header"$'\n''[1,2]'$'\n'

# ---- crash inputs: moves -------------------------------------------------------------------------
sard=$(sardegna_position)
move_input sardegna start-no-moves "$sard" ''
move_input sardegna start-empty-steps "$sard" ';;; ;'
move_input sardegna start-garbage "$sard" 'admiral ship 99'
move_input sardegna start-not-a-card "$sard" 'dragon'
move_input tictactoe start-moves '{"board":["...","...","..."],"game":"tictactoe"}' 'b2;a1;c3'
move_input tictactoe start-occupied '{"board":["...","...","..."],"game":"tictactoe"}' 'b2;b2'
move_input connect4 start-moves '{"board":[".......",".......",".......",".......",".......","......."],"game":"connect4"}' '4;4;3;5'
move_input goofspiel start-joint '{"bids":[[],[],[]],"cards":4,"game":"goofspiel","players":3,"prizes":[2,4,3,1]}' '1,2,3;2,3,2'
move_input goofspiel start-joint-short '{"bids":[[],[],[]],"cards":4,"game":"goofspiel","players":3,"prizes":[2,4,3,1]}' '1,2'
move_input goofspiel start-joint-repeated '{"bids":[[],[],[]],"cards":4,"game":"goofspiel","players":3,"prizes":[2,4,3,1]}' '1,2,3;1,3,2'
move_input kuhn start-moves '{"cards":["K","J","Q"],"game":"kuhn","history":""}' 'bet;pass'
move_input kuhn over-moves '{"cards":["K","J","Q"],"game":"kuhn","history":"pp"}' 'bet'

[[ -n $real ]] || exit 0

# ---- real inputs made with the program -----------------------------------------------------------
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
compact() { tr -d ' \n'; }  # the program's positions hold no spaces inside strings (a custom map would)

# real_game GAME LABEL NEW-ARGS...: positions along a random game, and moves from them.
real_game() {
  local g=$1 label=$2
  shift 2
  local players=2 i j bots=random
  for ((i = 1; i < $#; i++)); do [[ ${!i} == -p ]] && { j=$((i + 1)); players=${!j}; }; done
  for ((i = 1; i < players; i++)); do bots+=,random; done
  "$real" new --game "$g" "$@" > "$tmp/start.json"
  rm -f "$tmp/log.jsonl"
  "$real" play --game "$g" "$@" --bots "$bots" --log "$tmp/log.jsonl" > /dev/null
  mapfile -t moves < <(sed -n 's/^{"move":"\([^"]*\)".*/\1/p' "$tmp/log.jsonl")
  local total=${#moves[@]} seen_phases=" " ply prefix phase pos
  for ((ply = 0; ply <= total; ply++)); do
    prefix=$(IFS=';'; echo "${moves[*]:0:ply}")
    if [[ $ply -eq 0 ]]; then pos=$(compact < "$tmp/start.json"); else pos=$("$real" apply --game "$g" --position "$tmp/start.json" --moves "$prefix" | compact); fi
    phase=$(sed -n 's/.*"phase":"\([^"]*\)".*/\1/p' <<<"$pos")
    # Sardegna: the first position of each phase; every game: the start, a few along, the end.
    local keep=""
    if [[ -n $phase && $seen_phases != *" $phase "* ]]; then keep="$phase-ply$ply"; seen_phases+="$phase "; fi
    if [[ $ply -eq 0 ]]; then keep=start
    elif [[ $ply -eq $total ]]; then keep=over-ply$ply
    elif [[ -z $keep && $(( ply % (total / 3 + 1) )) -eq 0 ]]; then keep=ply$ply; fi
    [[ -n $keep ]] || continue
    position "$g" "$label-$keep" "$pos"
    if [[ $ply -lt $total ]]; then
      move_input "$g" "$label-$keep-next" "$pos" "$(IFS=';'; echo "${moves[*]:ply:3}")"
    fi
  done
}
# Every game at its defaults, then other configurations.
for g in "${games[@]}"; do
  case $g in
    sardegna | goofspiel) ;;  # these two: only the configurations below
    *) real_game "$g" seed1 --seed 1 ;;
  esac
done
real_game sardegna 2p-seed3 -p 2 --seed 3
real_game sardegna 3p-alt-sentinel-seed4 -p 3 --seed 4 -o variant=alt-sentinel
real_game sardegna 4p-seed5 -p 4 --seed 5
real_game goofspiel 3p-cards6-seed2 -p 3 --seed 2 -o cards=6
real_game goofspiel 5p-cards3-seed3 -p 5 --seed 3 -o cards=3
real_game kuhn seed2 --seed 2

# The hand-written positions of the CLI tests.
for f in "$root"/tests/positions/*.json; do
  name=$(basename "$f" .json)
  g=${name%%-*}
  [[ $g == malformed ]] && g=connect4
  position "$g" "cli-$name" "$(compact < "$f")"
done

# Maps: the built-in board as written and compact, and the board in a position.
cp "$root/lib/games/sardegna/board.json" "$out/fuzz_map/board.json"
put fuzz_map board-one-line.json "$(tr -d '\n' < "$root/lib/games/sardegna/board.json" | sed 's/   *//g')"
sed 's/"name": "Sardegna board[^"]*"/"name": "A copy of the board"/' "$root/lib/games/sardegna/board.json" > "$tmp/board-copy.json"
"$real" new --game sardegna -p 2 --seed 9 --map "$tmp/board-copy.json" > "$tmp/mapped.json"
position sardegna 2p-seed9-map-object "$(tr -d '\n' < "$tmp/mapped.json" | sed 's/   *//g')"

# Results files: small tournaments of random bots.
arena() {
  local name=$1
  shift
  rm -f "$tmp/r.jsonl"
  "$real" arena "$@" --out "$tmp/r.jsonl" > /dev/null 2> "$tmp/err" || { cat "$tmp/err" >&2; exit 1; }
  cp "$tmp/r.jsonl" "$out/fuzz_results/$name.jsonl"
}
# (An arena refuses one spec given twice: the random bots differ by their seeds.)
two=random:seed=1,random:seed=2
arena arena-tictactoe --game tictactoe --bots $two --games 4 --seed 1
arena arena-connect4 --game connect4 --bots $two --games 2 --seed 1
arena arena-kuhn --game kuhn --bots $two --games 4 --seed 1
arena arena-goofspiel-3p --game goofspiel -p 3 --bots $two,random:seed=3 --games 3 --seed 1 -o cards=5
arena arena-sardegna-2p --game sardegna --bots $two --games 2 --seed 1
