#!/usr/bin/env bash
# The browser viewer as a person meets it: pages written by `replay --html` (from a play log and
# from an arena results file) and by `play --html`, opened in headless chromium at the start, a
# middle step and the end (#step=N, #step=last) and as one seat saw the game (&seat=Q), and stepped
# through with keys, buttons, the slider and the seat selector. Each page must run its script without
# an error, open the step its address names, mark that step's move in the list and show the scores
# the log recorded. Pages written onto a user's file are refused
# (tests/bad_input_test.sh has the other bad outputs).
# Usage: viewer_browser_test.sh path/to/nuraghe path/to/chromium
set -u
nuraghe=$(realpath "$1")
chromium=$2
source "$(dirname "${BASH_SOURCE[0]}")/cli_helpers.sh"
cd "$tmp" || exit 1

# dom PAGE FRAGMENT [FLAG...]: the page's document once its script has run, as headless chromium
# dumps it, in $tmp/dom. A cold start on a loaded machine can be slow or fail: 60 seconds, and one
# more try.
dom() {
  local url="file://$tmp/$1#$2" profile
  shift 2
  for _ in 1 2; do
    profile=$(mktemp -d "$tmp/profile.XXXXXX")
    if timeout 60 "$chromium" --headless --no-sandbox --disable-gpu --user-data-dir="$profile" "$@" --dump-dom "$url" \
      >"$tmp/dom" 2>"$tmp/chromium.err" && grep -q "</body>" "$tmp/dom"; then
      return 0
    fi
  done
  echo "chromium did not load $url: $(tail -3 "$tmp/chromium.err")"
  return 1
}

# Facts of the dumped document ($tmp/dom), one function each.
body_attribute() { grep -o "<body [^>]*>" "$tmp/dom" | grep -o " data-$1=\"[^\"]*\"" | cut -d'"' -f2; }
status_text() { grep -o '<div id="status"[^>]*>[^<]*' "$tmp/dom" | sed 's/.*>//'; }
page_scores() { grep -o '<span class="score" data-seat="[0-9]*">[^<]*</span>' "$tmp/dom" | sed 's/.*">//; s/<.*//' | paste -sd' '; }
current_move() { grep -o '<li data-step="[0-9]*" class="current">.*</li>' "$tmp/dom" | sed 's/<\/li>.*//; s/<[^>]*>//g'; }
current_step() { grep -o '<li data-step="[0-9]*" class="current">' "$tmp/dom" | cut -d'"' -f2; }

# Scores as the log or results file wrote them: python3 prints each JSON number back as it reads.
logged_scores() { python3 -c 'import json, sys; print(" ".join(json.dumps(x) for x in json.loads(sys.argv[1])["scores"]))' "$1"; }

# check_page WHAT PAGE FRAGMENT STEP [SCORES]: the page ran its script, opened STEP with that step's
# move marked in the list, and (when given) shows SCORES.
check_page() {
  local what=$1 page=$2 fragment=$3 step=$4 scores=${5:-}
  dom "$page" "$fragment" || { bad "$what: the page did not load"; return; }
  if [[ $(body_attribute status) == ready && $(status_text) == ready ]]; then ok; else bad "$what: status '$(body_attribute status)': $(status_text)"; fi
  if [[ $(body_attribute step) == "$step" && $(current_step) == "$step" ]]; then ok; else bad "$what: opened step '$(body_attribute step)' with '$(current_step)' marked, not $step"; fi
  if [[ -z $scores || $(page_scores) == "$scores" ]]; then ok; else bad "$what: scores '$(page_scores)', the log says '$scores'"; fi
  # A game that draws shows its board (G::Presentation::draw); one that does not hides the empty frame.
  if grep -q '<svg id="board"[^>]* style="display: none;"' "$tmp/dom" || ! grep -q '<g id="board-fixed"></g>' "$tmp/dom"; then ok; else bad "$what: an empty board is shown"; fi
}

# ---- a play log of a 3-player Sardegna game, its page written by replay -------------------------
"$nuraghe" play --game sardegna --players 3 --bots heuristic,heuristic:seed=2,random --seed 11 --log s.jsonl >/dev/null 2>&1 || bad "play --log failed"
decisions=$(grep -c '"ply":' s.jsonl)
final=$(logged_scores "$(tail -1 s.jsonl | python3 -c 'import json, sys; print(json.dumps(json.load(sys.stdin)["result"]))')")
expect_output "replay --html writes the page" "^replay: wrote s\.html$" "$nuraghe" replay s.jsonl --html s.html
check_page "Sardegna, #step=last" s.html "step=last" "$decisions" "$final"
check_page "Sardegna, #step=0" s.html "step=0" 0
middle=$((decisions / 2))
check_page "Sardegna, #step=$middle" s.html "step=$middle" "$middle"
# The move marked is the logged one: "player P: MOVE" of the log's line "ply": middle.
logged=$(python3 -c 'import json, sys
for line in open(sys.argv[1]):
    j = json.loads(line)
    if j.get("ply") == int(sys.argv[2]): print("player %d: %s" % (j["player"], j["move"]))' s.jsonl "$middle")
if [[ $(current_move) == "$logged" ]]; then ok; else bad "Sardegna step $middle: the list marks '$(current_move)', the log says '$logged'"; fi
check_page "Sardegna, #step=$middle&seat=2" s.html "step=$middle&seat=2" "$middle"
if [[ $(body_attribute seat) == 2 ]]; then ok; else bad "Sardegna &seat=2: the page shows seat '$(body_attribute seat)'"; fi
# Stepping as a person does: keys, buttons, the slider, the seat selector, a click on a move. A page
# of the test's own holds the viewer in a frame, drives it once it has loaded and writes down the
# step, the seat and the address after each action (--allow-file-access-from-files lets it reach
# into the frame).
cat >drive.html <<'HTML'
<!DOCTYPE html>
<body>
<pre id="out"></pre>
<iframe id="viewer" src="s.html#step=0"></iframe>
<script>
document.getElementById('viewer').addEventListener('load', () => {
  const w = document.getElementById('viewer').contentWindow, d = w.document, out = [];
  const at = (what) => out.push(what + ' ' + d.body.dataset.step + ' ' + d.body.dataset.seat + ' ' + w.location.hash);
  const key = (k) => d.dispatchEvent(new w.KeyboardEvent('keydown', {key: k, bubbles: true}));
  key('ArrowRight'); key('ArrowRight'); at('right-right');
  key('ArrowLeft'); at('left');
  key('End'); at('end');
  key('ArrowRight'); at('right-at-end');
  key('Home'); at('home');
  key('ArrowLeft'); at('left-at-start');
  d.getElementById('last').click(); at('last');
  d.getElementById('back').click(); at('back');
  d.getElementById('first').click(); at('first');
  d.getElementById('forward').click(); at('forward');
  const slider = d.getElementById('slider');
  slider.value = 7; slider.dispatchEvent(new w.Event('input')); at('slider');
  const seat = d.getElementById('seat');
  seat.value = '2'; seat.dispatchEvent(new w.Event('change')); at('seat');
  d.querySelector('#moves li[data-step="5"]').click(); at('click');
  document.getElementById('out').textContent = out.join('\n');
});
</script>
</body>
HTML
expected="right-right 2 -1 #step=2
left 1 -1 #step=1
end $decisions -1 #step=$decisions
right-at-end $decisions -1 #step=$decisions
home 0 -1 #step=0
left-at-start 0 -1 #step=0
last $decisions -1 #step=$decisions
back $((decisions - 1)) -1 #step=$((decisions - 1))
first 0 -1 #step=0
forward 1 -1 #step=1
slider 7 -1 #step=7
seat 7 1 #step=7&amp;seat=1
click 5 1 #step=5&amp;seat=1"
if dom drive.html "" --allow-file-access-from-files; then
  driven=$(sed -n '/<pre id="out">/,/<\/pre>/p' "$tmp/dom" | sed 's/<[^>]*>//g')
  if [[ $driven == "$expected" ]]; then ok; else bad "stepping the Sardegna page: got
$driven
expected
$expected"; fi
else
  bad "the page that steps the Sardegna page did not load"
fi
size=$(stat -c %s s.html)
if ((size < 4 << 20)); then ok; else bad "the Sardegna page takes $size bytes"; fi

# ---- an arena results file of Bardagi (simultaneous planning), game 1 ---------------------------
"$nuraghe" arena --game bardagi --players 3 --bots heuristic,heuristic:seed=2,random --games 6 --out b.jsonl >/dev/null 2>&1 || bad "arena --out failed"
line=$(python3 -c 'import json, sys
for line in open(sys.argv[1]):
    j = json.loads(line)
    if j.get("index") == 1: print(json.dumps(j))' b.jsonl)
moves=$(python3 -c 'import json, sys; print(len(json.loads(sys.argv[1])["moves"]))' "$line")
expect_output "replay --index 1 --html writes the page" "^replay: wrote b\.html$" "$nuraghe" replay b.jsonl --index 1 --html b.html
check_page "Bardagi, #step=last" b.html "step=last" "$moves" "$(logged_scores "$line")"
# The first planning: everything shows three selections, seat 1 its own and not all the others'.
check_page "Bardagi, #step=1" b.html "step=1" 1
if [[ $(current_move) =~ ^all:\ select[^?]*,select[^?]*,select[^?]*$ ]]; then ok; else bad "Bardagi step 1 for everything: '$(current_move)'"; fi
check_page "Bardagi, #step=1&seat=1" b.html "step=1&seat=1" 1
if [[ $(current_move) == *"?"* && $(current_move) == *select* ]]; then ok; else bad "Bardagi step 1 for seat 1: '$(current_move)'"; fi
# --seat opens the page at that seat's view.
"$nuraghe" replay b.jsonl --index 1 --seat 2 --html b2.html >/dev/null 2>&1
check_page "Bardagi page written with --seat 2" b2.html "step=1" 1
if [[ $(body_attribute seat) == 2 ]]; then ok; else bad "replay --seat 2 --html: the page opens at seat '$(body_attribute seat)'"; fi
# ... and holds that view alone: the selector offers seat 2 only, and no other view can be opened.
options=$(grep -o '<option value="[0-9]*"' "$tmp/dom" | tr -d '\n')
if [[ $options == '<option value="3"' ]]; then ok; else bad "replay --seat 2 --html: the selector offers $options"; fi
check_page "Bardagi page written with --seat 2, asked for everything" b2.html "step=1&seat=all" 1
if [[ $(body_attribute seat) == 2 ]]; then ok; else bad "replay --seat 2 --html: #seat=all opened seat '$(body_attribute seat)'"; fi

# ---- play --html: the page of the game just played ----------------------------------------------
"$nuraghe" play --game ttr --players 3 --bots heuristic,heuristic:seed=2,random --seed 5 --log t.jsonl --html t.html >t.out 2>&1 || bad "play --html failed: $(tail -1 t.out)"
if grep -q "^play: wrote t\.html$" t.out; then ok; else bad "play --html does not say it wrote the page"; fi
check_page "play --html (Ticket to Ride), #step=last" t.html "step=last" "$(grep -c '"ply":' t.jsonl)" \
  "$(logged_scores "$(tail -1 t.jsonl | python3 -c 'import json, sys; print(json.dumps(json.load(sys.stdin)["result"]))')")"

# ---- what a reader follows: one board size, owners, the last move, the end ------------------------
# measure PAGE STEPS...: a page of the test's own holds PAGE in a frame of a fixed size, goes to each
# step (a number, or "last") in each of its views in turn and writes down the board's bounding box,
# one line each.
measure() {
  local page=$1
  shift
  cat >measure.html <<HTML
<!DOCTYPE html>
<body>
<pre id="out"></pre>
<iframe id="viewer" src="$page#step=0" width="1280" height="900"></iframe>
<script>
document.getElementById('viewer').addEventListener('load', () => {
  const w = document.getElementById('viewer').contentWindow, d = w.document, out = [];
  const seat = d.getElementById('seat'), slider = d.getElementById('slider');
  for (const option of Array.from(seat.options)) {
    seat.value = option.value;
    seat.dispatchEvent(new w.Event('change'));
    for (const step of '$*'.split(' ')) {
      if (step === 'last') d.getElementById('last').click();
      else { slider.value = step; slider.dispatchEvent(new w.Event('input')); }
      const r = d.getElementById('board').getBoundingClientRect();
      out.push([r.x, r.y, r.width, r.height].map((x) => x.toFixed(1)).join(' '));
    }
  }
  document.getElementById('out').textContent = out.join('\\n');
});
</script>
</body>
HTML
  dom measure.html "" --allow-file-access-from-files || return 1
  sed -n '/<pre id="out">/,/<\/pre>/p' "$tmp/dom" | sed 's/<[^>]*>//g' | sed '/^$/d'
}
# check_one_size WHAT PAGE STEPS...: the board has one size and place at every step in every view.
check_one_size() {
  local what=$1 page=$2 boxes
  shift 2
  boxes=$(measure "$page" "$@") || { bad "$what: the measuring page did not load"; return; }
  local count distinct
  count=$(wc -l <<<"$boxes")
  distinct=$(sort -u <<<"$boxes")
  if [[ $count -ge 6 && $(wc -l <<<"$distinct") -eq 1 && $distinct =~ ^[0-9.]+\ [0-9.]+\ [0-9]{3,}\.[0-9]\ [0-9]{3,}\.[0-9]$ ]]; then ok; else bad "$what: the board's boxes (x y width height) differ between steps or views:
$(sort <<<"$boxes" | uniq -c)"; fi
}
ttr_steps=$(grep -c '"ply":' t.jsonl)
check_one_size "Ticket to Ride page" t.html 0 $((ttr_steps / 2)) last
check_one_size "Bardagi page" b.html 0 $((moves / 2)) last
check_one_size "Sardegna page" s.html 0 $((decisions / 2)) last

# Each claimed route carries its owner's badge: at the end, one badge per claim of the log.
claims=$(python3 -c 'import json, sys
print(sum(1 for line in open(sys.argv[1]) if json.loads(line).get("move", "").startswith("claim ")))' t.jsonl)
dom t.html "step=last" || bad "the Ticket to Ride page did not load"
if [[ $claims -gt 0 && $(grep -o '<circle class="owner"' "$tmp/dom" | wc -l) -eq $claims ]]; then ok; else bad "Ticket to Ride, the end: $(grep -o '<circle class="owner"' "$tmp/dom" | wc -l) owner badges, $claims claims in the log"; fi
# The last step shows the winner (the seat whose return is 1) and the score part by part, as
# `nuraghe score` reports it.
winner=$(tail -1 t.jsonl | python3 -c 'import json, sys; r = json.load(sys.stdin)["result"]["returns"]; print(r.index(max(r)))')
bot=$(python3 -c 'import json, sys; print(json.loads(open(sys.argv[1]).readline())["bots"][int(sys.argv[2])])' t.jsonl "$winner")
if grep -q '<section id="final"><h2 id="winner">winner: seat '"$winner"' ('"$bot"')</h2>' "$tmp/dom"; then ok; else bad "Ticket to Ride, the end: the final panel does not name seat $winner ($bot): $(grep -o '<section id="final".\{0,80\}' "$tmp/dom")"; fi
breakdown=$(python3 -c 'import html, re, sys
m = re.search(r"<pre id=\"breakdown\">(.*?)</pre>", open(sys.argv[1]).read(), re.S)
print(html.unescape(m.group(1)) if m else "")' "$tmp/dom")
if [[ $breakdown == *"winner: player $winner ("* && $breakdown == *$'\n  tickets '* && $breakdown == *$'\n  routes '* ]]; then ok; else bad "Ticket to Ride, the end: the final panel holds no score breakdown: '$breakdown'"; fi
if grep -q '<th>points</th>' "$tmp/dom"; then ok; else bad "Ticket to Ride: the score column is not headed 'points'"; fi
dom t.html "step=$((ttr_steps / 2))" || bad "the Ticket to Ride page did not load"
if grep -q '<section id="final" hidden="">' "$tmp/dom"; then ok; else bad "Ticket to Ride, a middle step: the final panel is shown"; fi
# A draw is said as `play` says it: tic-tac-toe between two strong searches is drawn.
"$nuraghe" play --game tictactoe --bots uct:iters=3000,uct:iters=3000 --seed 1 --log d.jsonl --html d.html >/dev/null 2>&1 || bad "play tictactoe --html failed"
if grep -q '"returns":\[0.5,0.5\]' d.jsonl; then
  dom d.html "step=last" || bad "the tic-tac-toe page did not load"
  if grep -q '<h2 id="winner">a draw: every seat shares the result</h2>' "$tmp/dom"; then ok; else bad "a drawn game's final panel: $(grep -o '<h2 id="winner">[^<]*' "$tmp/dom")"; fi
else
  bad "the tic-tac-toe game of seed 1 was not drawn: $(tail -1 d.jsonl)"
fi
# Bardagi: owned areas ringed in their owners' colours, and the score column headed "glory".
dom b.html "step=last" || bad "the Bardagi page did not load"
if grep -q 'class="owner"' "$tmp/dom"; then ok; else bad "Bardagi, the end: no owned area is ringed"; fi
if grep -q '<th>glory</th>' "$tmp/dom"; then ok; else bad "Bardagi: the score column is not headed 'glory'"; fi
if grep -q '<section id="final"><h2 id="winner">' "$tmp/dom"; then ok; else bad "Bardagi, the end: no final panel"; fi

# The last move is framed on the board, in every view that saw it: a claim adds one route, and one
# frame; a card drawn changes only the panel beside the board, and nothing is framed.
frames() { grep -o '<rect class="frame"' "$tmp/dom" | wc -l; }
step_of() {
  python3 -c 'import json, sys
for line in open(sys.argv[1]):
    j = json.loads(line)
    if j.get("move", "").startswith(sys.argv[2]): print(j["ply"]); break' t.jsonl "$1"
}
claim=$(step_of "claim ")
draw=$(step_of "draw deck")
for view in "" "&seat=0" "&seat=1" "&seat=2"; do
  dom t.html "step=$claim$view" || bad "the Ticket to Ride page did not load"
  if [[ $(frames) -eq 1 ]]; then ok; else bad "Ticket to Ride step $claim (a claim)$view: $(frames) frames, not 1"; fi
  dom t.html "step=$draw$view" || bad "the Ticket to Ride page did not load"
  if [[ $(frames) -eq 0 ]]; then ok; else bad "Ticket to Ride step $draw (a blind draw)$view: $(frames) frames, not 0"; fi
done
dom t.html "step=0" || bad "the Ticket to Ride page did not load"
if [[ $(frames) -eq 0 ]]; then ok; else bad "Ticket to Ride, the start: $(frames) frames"; fi

# ---- at 1400x1000, the board fills most of the width and nothing scrolls sideways ----------------
# The page measures itself once its script has run (lib/viewer/viewer.cpp): the board's share of
# the window's width, the height of its smallest text, and what scrolls sideways ("none").
for game in "sardegna --players 3" "ttr --players 2" "bardagi --players 3"; do
  name=${game%% *}
  # shellcheck disable=SC2086
  "$nuraghe" play --game $game --bots heuristic,heuristic:seed=2$([[ $name != ttr ]] && echo ,random) --seed 4 \
    --html "layout-$name.html" >/dev/null 2>&1 || bad "$name: play --html failed"
  for fragment in step=20 step=last; do
    dom "layout-$name.html" "$fragment" --window-size=1400,1000 || { bad "$name #$fragment: the page did not load"; continue; }
    share=$(body_attribute board-share)
    if python3 -c 'import sys; sys.exit(0 if float(sys.argv[1]) >= 0.6 else 1)' "${share:-0}"; then ok
    else bad "$name #$fragment at 1400x1000: the board takes $share of the width, not 0.6 or more"; fi
    if [[ $(body_attribute sideways) == none ]]; then ok
    else bad "$name #$fragment at 1400x1000: '$(body_attribute sideways)' scrolls sideways"; fi
    # Text of 11 pixels or more on the board (with its panel).
    smallest=$(body_attribute smallest-text)
    if python3 -c 'import sys; sys.exit(0 if float(sys.argv[1]) >= 11 else 1)' "${smallest:-0}"; then ok
    else bad "$name #$fragment at 1400x1000: the smallest text on the board is $smallest pixels high, not 11"; fi
  done
done

# ---- a page is not written over a user's file -----------------------------------------------------
printf 'my notes\n' >notes.html
expect_error "replay --html onto an existing file" "--html \"notes.html\" exists: choose a new file, or give --force" "$nuraghe" replay s.jsonl --html notes.html
expect_error "play --html onto an existing file, before the game" "--html \"notes.html\" exists" "$nuraghe" play --game sardegna --players 3 --bots random,random:seed=2,random:seed=3 --log new.jsonl --html notes.html
if [[ $(cat notes.html) == "my notes" && ! -e new.jsonl ]]; then ok; else bad "a refused --html changed notes.html or wrote the log"; fi
expect_error "replay --html into a missing folder" "the folder missing does not exist" "$nuraghe" replay s.jsonl --html missing/page.html
expect_error "replay --html onto a full disk" "cannot write --html file \"/dev/full\" \(is the disk full\?\)" "$nuraghe" replay s.jsonl --html /dev/full --force
expect_output "replay --html --force replaces the file" "^replay: wrote notes\.html$" "$nuraghe" replay s.jsonl --html notes.html --force
check_page "the page written with --force" notes.html "step=last" "$decisions" "$final"

echo "viewer_test: $passed passed, $failed failed"
[[ $failed -eq 0 ]]
