// The page of a seat at a live table (lib/viewer/table.hpp): HTML, CSS and script in one, around
// the game's fixed part. It reads its seat's view from the server that served it, at the same
// address: GET ADDRESS/state?seen=V answers when the view is newer than version V (or after a
// while, unchanged), POST ADDRESS/move with a move's notation plays it, POST ADDRESS/quit ends the
// game (cli/serve.hpp).

#include <string_view>

#include "viewer/table.hpp"

namespace nuraghe {
namespace {

// The page, read top-down: styles, the header, the board and the side (the decision, the scores,
// the moves, the seat's text picture), the data, the script.
//
// The script keeps the seat's view (`state`) and, while the seat decides, what the person has
// picked so far: words of the notation from the start (`words`) and places on the board in order
// (`places`). The candidates are the legal moves that agree with both; the words that may come
// next are buttons, the places that may come next are marked on the board, and a click on the
// board picks the place under it. When one candidate is left (or one is picked from the list),
// "play" sends it. <body data-status> is "loading", then "waiting" (another seat is to move),
// "deciding", "sending", "over", "closed" (the server is gone before the end) or "error": a test
// in a headless browser reads it (tests/table_browser_test.py).
constexpr std::string_view kTemplate = R"page(<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>@TITLE@</title>
<style>
body { margin: 0; padding: 0.4rem 1rem; font-family: system-ui, sans-serif; background: #f5f3ee; color: #222; }
header { display: flex; align-items: baseline; gap: 1rem; }
h1 { font-size: 1.1rem; margin: 0.2rem 0; white-space: nowrap; }
#status { flex: 1 1 0; min-width: 0; white-space: nowrap; overflow: hidden; text-overflow: ellipsis; }
#status.error { color: #b00020; font-weight: bold; }
main { display: grid; grid-template-columns: minmax(0, 65fr) minmax(18rem, 35fr); gap: 1rem; align-items: start; }
#board { display: block; width: 100%; height: auto; max-height: 92vh; background: #fff; border: 1px solid #ccc; }
#board [data-route], #board [data-city], #board [data-area], #board [data-province], #board [data-fort],
#board [data-harbour] { cursor: pointer; }
#board .target { filter: drop-shadow(0 0 2px #e65c00) drop-shadow(0 0 4px #e65c00); }
aside { display: flex; flex-direction: column; gap: 0.6rem; min-width: 0; }
aside > section, #scores, #log, #picture { background: #fff; border: 1px solid #ccc; }
#decision { padding: 0.4rem 0.6rem; border: 2px solid #222; }
#decision[hidden] { display: none; }
#prompt { font-weight: bold; margin-bottom: 0.3rem; }
#message { color: #b00020; min-height: 1.1em; font-size: 0.85rem; }
#chosen { font-family: monospace; margin: 0.2rem 0; overflow-wrap: anywhere; }
#words { display: flex; flex-wrap: wrap; gap: 0.25rem; }
#words button { font-family: monospace; }
#candidates { margin: 0.3rem 0; padding: 0; list-style: none; max-height: 30vh; overflow-y: auto; }
#candidates button { width: 100%; text-align: left; font-family: monospace; overflow-wrap: anywhere; }
#candidates .help { font-family: system-ui, sans-serif; color: #555; }
#actions { display: flex; gap: 0.4rem; }
#play { font-weight: bold; }
#scores { border-collapse: collapse; }
#scores td, #scores th { padding: 0.15rem 0.5rem; text-align: left; }
#scores th { font-size: 0.8rem; font-weight: normal; color: #555; border-bottom: 1px solid #ccc; }
#scores .you { font-weight: bold; }
#scores td.name { max-width: 12rem; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
#log { margin: 0; padding: 0.2rem 0.2rem 0.2rem 3rem; max-height: 25vh; overflow-y: auto; font-size: 0.85rem; }
#log .note { white-space: pre-wrap; color: #555; }
#picture { margin: 0; padding: 0.5rem; max-height: 40vh; overflow-y: auto; font-size: 0.75rem; line-height: 1.25;
           white-space: pre-wrap; overflow-wrap: anywhere; }  /* nothing scrolls sideways */
#final h2 { font-size: 1rem; margin: 0 0 0.3rem; }
#breakdown { margin: 0; font-size: 0.72rem; line-height: 1.25; max-height: 40vh; overflow-y: auto; white-space: pre-wrap; }
</style>
</head>
<body data-status="loading">
@ON_ERROR@
<header>
<h1>@TITLE@</h1>
<div id="status" role="status">loading<noscript>: this page needs JavaScript</noscript></div>
</header>
<main>
<section id="table-board">
<svg id="board" xmlns="http://www.w3.org/2000/svg"><g id="board-fixed"></g><g id="pieces"></g><g id="panel"></g></svg>
</section>
<aside>
<section id="decision" hidden>
<div id="prompt">your move</div>
<div id="chosen"></div>
<div id="words"></div>
<ol id="candidates"></ol>
<div id="actions"><button id="play" disabled>play</button><button id="clear">clear</button></div>
<div id="message"></div>
</section>
<section id="final" hidden><h2 id="winner"></h2><pre id="breakdown"></pre></section>
<table id="scores"></table>
<ol id="log"></ol>
<pre id="picture"></pre>
<div><button id="quit">quit the game</button> <button id="quit-really" hidden>quit: end it unfinished</button></div>
</aside>
</main>
<script type="application/json" id="table-data">@DATA@</script>
<script>
'use strict';
(function () {
  const fixed = JSON.parse(document.getElementById('table-data').textContent);
  const $ = (id) => document.getElementById(id);
  const base = location.pathname.replace(/\/+$/, '');  // the seat's address: /seat/TOKEN
  const kinds = ['route', 'city', 'area', 'province', 'fort', 'harbour'];  // the board's places (move_places)
  let version = 0, state = null, logShown = 0, since = Date.now();
  let words = [], places = [], pick = -1;  // what the person has picked of the decision

  if (fixed.drawing) {
    $('board').setAttribute('viewBox', fixed.drawing.view_box);
    $('board-fixed').innerHTML = fixed.drawing.board;
  } else {
    $('table-board').hidden = true;
    document.querySelector('main').style.gridTemplateColumns = 'minmax(0, 1fr) minmax(18rem, 1fr)';
  }
  const nameOf = (q) => 'player ' + q + ' (' + fixed.seats[q] + ')';
  const heading = $('scores').createTHead().insertRow();
  for (const label of ['seat', 'player', fixed.score_name]) {
    const cell = document.createElement('th');
    cell.textContent = label;
    heading.appendChild(cell);
  }
  const scoreCells = fixed.seats.map((name, q) => {
    const row = $('scores').createTBody().insertRow();
    if (q === fixed.seat) row.className = 'you';
    row.insertCell().textContent = q;
    const cell = row.insertCell();
    cell.className = 'name';
    cell.textContent = q === fixed.seat ? 'you' : name;
    cell.title = name;
    const score = row.insertCell();
    score.dataset.seat = q;
    return score;
  });

  function setStatus(status, text, error) {
    document.body.dataset.status = status;
    $('status').textContent = text;
    $('status').className = error ? 'error' : '';
  }
  function showWaiting() {
    if (!state || state.decision || state.final || document.body.dataset.status !== 'waiting') return;
    const who = state.to_move === 'all' ? 'the other players choose' : state.to_move.replace(/^player (\d+)$/,
        (all, q) => nameOf(Number(q)) + ' is thinking');
    setStatus('waiting', who + ' (' + Math.round((Date.now() - since) / 1000) + ' s)');
  }
  setInterval(showWaiting, 1000);

  // ---- the decision ----------------------------------------------------------------------------
  const wordsOf = (i) => state.decision.moves[i].split(' ');
  function candidates() {
    const d = state.decision;
    return d.moves.map((t, i) => i).filter((i) => {
      const w = wordsOf(i), p = d.places[i];
      return words.every((x, k) => w[k] === x) && places.every((x, k) => p[k] === x);
    });
  }
  function markTargets(list) {
    for (const e of $('board').querySelectorAll('.target')) e.classList.remove('target');
    for (const i of list) {
      const key = state.decision.places[i][places.length];
      if (!key) continue;
      const colon = key.indexOf(':');
      const selector = '[data-' + key.slice(0, colon) + '="' + CSS.escape(key.slice(colon + 1)) + '"]';
      for (const e of $('board-fixed').querySelectorAll(selector)) e.classList.add('target');
    }
  }
  function showDecision() {
    const d = state.decision;
    $('decision').hidden = !d;
    if (!d) { markTargets([]); return; }
    const list = candidates();
    if (list.length === 1) pick = list[0];
    // The move picked, or what is picked so far with an ellipsis; data-move holds the whole move.
    $('chosen').textContent = pick >= 0 ? d.moves[pick]
        : words.concat(places.map((p) => '[' + p + ']')).join(' ') + (words.length || places.length ? ' \u2026' : '');
    $('chosen').dataset.move = pick >= 0 ? d.moves[pick] : '';
    $('play').disabled = pick < 0;
    const next = [];
    for (const i of list) {
      const w = wordsOf(i)[words.length];
      if (w !== undefined && !next.includes(w)) next.push(w);
    }
    $('words').replaceChildren(...next.map((w) => {
      const button = document.createElement('button');
      button.textContent = w;
      button.dataset.word = w;
      button.addEventListener('click', () => { words.push(w); pick = -1; $('message').textContent = ''; showDecision(); });
      return button;
    }));
    const shown = list.length <= 40 ? list : [];
    $('candidates').replaceChildren(...shown.map((i) => {
      const item = document.createElement('li'), button = document.createElement('button');
      button.dataset.move = i;
      button.textContent = d.moves[i];
      if (d.help[i]) {
        const help = document.createElement('span');
        help.className = 'help';
        help.textContent = ' \u2014 ' + d.help[i];
        button.appendChild(help);
      }
      if (i === pick) button.style.fontWeight = 'bold';
      button.addEventListener('click', () => { pick = i; showDecision(); });
      item.appendChild(button);
      return item;
    }));
    $('prompt').textContent = 'your move: ' + list.length + ' of ' + d.moves.length + ' legal moves' +
        (list.length > 40 ? ' (pick words or places to narrow them)' : '');
    markTargets(list);
  }
  // A click on the board: the innermost place under it that a candidate names next; else a fresh
  // start from that place.
  $('board').addEventListener('click', (event) => {
    if (!state || !state.decision) return;
    const keys = [];
    for (let e = event.target; e && e !== $('board'); e = e.parentNode)
      for (const kind of kinds)
        if (e.dataset && e.dataset[kind] !== undefined) keys.push(kind + ':' + e.dataset[kind]);
    const d = state.decision, list = candidates();
    let key = keys.find((k) => list.some((i) => d.places[i][places.length] === k));
    if (key === undefined) {
      key = keys.find((k) => d.places.some((p) => p[0] === k));
      if (key === undefined) { $('message').textContent = keys.length ? 'no move of yours names ' + keys[0] : ''; return; }
      words = [];
      places = [];
    }
    places.push(key);
    pick = -1;
    $('message').textContent = '';
    showDecision();
  });
  $('clear').addEventListener('click', () => { words = []; places = []; pick = -1; $('message').textContent = ''; showDecision(); });
  $('play').addEventListener('click', async () => {
    if (pick < 0) return;
    const text = state.decision.moves[pick], sentFrom = state.version;
    setStatus('sending', 'sending ' + text);
    $('play').disabled = true;
    const reply = await fetch(base + '/move', { method: 'POST', body: text, headers: { 'Content-Type': 'text/plain' } });
    if (state.version !== sentFrom) return;  // the next view came first: it is shown already
    if (reply.ok) {
      state.decision = null;
      $('decision').hidden = true;
      markTargets([]);
      since = Date.now();
      setStatus('waiting', 'sent: ' + text);
    } else {
      $('message').textContent = 'refused: ' + (await reply.text());
      setStatus('deciding', 'your move');
      showDecision();
    }
  });
  $('quit').addEventListener('click', () => { $('quit-really').hidden = false; });
  $('quit-really').addEventListener('click', () => fetch(base + '/quit', { method: 'POST' }));

  // ---- the view --------------------------------------------------------------------------------
  function show() {
    if (fixed.drawing) {
      $('pieces').innerHTML = state.pieces;
      $('panel').innerHTML = state.panel;
    }
    $('picture').textContent = state.text;
    state.scores.forEach((score, q) => { scoreCells[q].textContent = score; });
    for (; logShown < state.log.length; ++logShown) {
      const entry = state.log[logShown], item = document.createElement('li');
      item.textContent = entry.mover + ': ' + entry.move;
      if (entry.note) {
        const note = document.createElement('div');
        note.className = 'note';
        note.textContent = entry.note.replace(/\n$/, '');
        item.appendChild(note);
      }
      $('log').appendChild(item);
    }
    $('log').scrollTop = $('log').scrollHeight;
    words = []; places = []; pick = -1;
    showDecision();
    if (state.final) {
      const winners = state.final.winners;
      $('winner').textContent = winners.length === 1 ? 'winner: ' + nameOf(winners[0])
          : winners.length === fixed.seats.length ? 'a draw: every seat shares the result'
          : 'shared win: ' + winners.map(nameOf).join(', ');
      $('breakdown').textContent = state.final.report;
      $('final').hidden = false;
      setStatus('over', 'the game is over');
    } else if (state.unfinished) {
      setStatus('over', 'the game was quit after ' + state.log.length + ' moves: it is unfinished');
    } else if (state.decision) {
      setStatus('deciding', 'your move');
    } else {
      since = Date.now();
      setStatus('waiting', '');
      showWaiting();
    }
  }

  // The seat's view, fetched again whenever the server has a newer one; the end ends the polling.
  async function poll() {
    for (;;) {
      let reply;
      try {
        const response = await fetch(base + '/state?seen=' + version, { cache: 'no-store' });
        if (!response.ok) throw new Error(response.status + ' ' + (await response.text()));
        reply = await response.json();
      } catch (e) {
        setStatus('closed', 'the table has closed: ' + e.message, true);
        return;
      }
      if (reply.version === version) continue;
      version = reply.version;
      state = reply;
      window.nuragheState = state;  // for a test, and for a curious person at the console
      show();
      if (state.final || state.unfinished) return;
    }
  }
  poll();
})();
</script>
</body>
</html>
)page";

}  // namespace

std::string table_page(const std::string& title, const Json& fixed) { return viewer::filled(kTemplate, title, fixed); }

}  // namespace nuraghe
