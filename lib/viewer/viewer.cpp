// The page of the browser viewer (lib/viewer/viewer.hpp): HTML, CSS and script in one file, around the
// game's data. Nothing is fetched: the page works from a file, offline, and keeps working when
// mailed or archived.

#include "viewer/viewer.hpp"

#include <algorithm>
#include <string_view>

#include "core/svg.hpp"

namespace nuraghe::viewer {
namespace {

// The page, read top-down: styles, the controls, the board and picture, the scores and moves, the
// data, the script. @TITLE@, @DATA@ and @ON_ERROR@ are filled in by filled().
//
// The script keeps two numbers, the step shown (0: the start) and the view (0: everything, 1 + q:
// seat q), and redraws from them: the pieces and panel of the board, a frame around each piece the
// step's move changed (#last-move), the text picture, the scores, the list, and at the last step
// the final panel (#final: the winner and the score part by part). The address says both (#step=12&seat=1; #step=last
// opens the end), so a step can be linked; stepping rewrites it. <body data-status> is "loading" until the script has
// run, then "ready", or "error" with the message in #status: a headless browser's
// --dump-dom tells the three apart (tests/viewer_browser_test.sh).
constexpr std::string_view kTemplate = R"page(<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>@TITLE@</title>
<style>
html { overflow-y: scroll; }  /* a scroll bar that comes and goes would resize the board */
body { margin: 0; padding: 0.5rem 1rem; font-family: system-ui, sans-serif; background: #f5f3ee; color: #222; }
header { display: flex; align-items: baseline; gap: 1rem; flex-wrap: wrap; }
h1 { font-size: 1.1rem; margin: 0.2rem 0; }
#status { font-size: 0.8rem; color: #777; }
#status.error { color: #b00020; font-weight: bold; }
#controls { display: flex; align-items: center; gap: 0.4rem; flex-wrap: wrap; margin: 0.4rem 0; }
#controls button { min-width: 2.4rem; }
#slider { flex: 1 1 12rem; }
/* The step and its move on a line of their own, wrapped rather than cut; two lines kept, so that
   the board below moves only for a move longer than that. */
#counter { flex: 1 1 100%; min-height: 2.5em; overflow-wrap: anywhere; font-variant-numeric: tabular-nums; }
/* The board takes the page's width but for the side column: two thirds of it at 1400 pixels. Its
   column's width does not depend on what the side holds, and its height follows from its width,
   so it keeps one size at every step and in every view. Nothing scrolls sideways. */
main { display: grid; grid-template-columns: minmax(0, 1fr) minmax(16rem, 24rem); gap: 1rem; align-items: start; }
#pictures { display: flex; flex-direction: column; gap: 0.6rem; min-width: 0; }
#board { display: block; width: 100%; height: auto; background: #fff; border: 1px solid #ccc; }
#picture { margin: 0; padding: 0.5rem; max-height: 60vh; overflow-y: auto; font-size: 0.8rem; line-height: 1.25;
           white-space: pre-wrap; overflow-wrap: anywhere; background: #fff; border: 1px solid #ccc; }
/* The last move: a dashed black-on-white frame around each element of the board it changed, which
   no seat's or route's colour can be mistaken for. */
#last-move rect { fill: none; stroke-width: 2.5; vector-effect: non-scaling-stroke; }
#last-move rect.halo { stroke: #fff; stroke-width: 5; }
#last-move rect.frame { stroke: #000; stroke-dasharray: 6 4; }
aside { display: flex; flex-direction: column; gap: 0.6rem; min-width: 0; }
#scores { border-collapse: collapse; background: #fff; border: 1px solid #ccc; width: 100%; table-layout: fixed; }
#scores td, #scores th { padding: 0.15rem 0.5rem; text-align: left; }
#scores td.bot { overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }  /* the spec on hover */
#scores col.seat { width: 4.5rem; }
#scores col.score { width: 5rem; }
#chart { display: block; width: 100%; height: auto; background: #fff; border: 1px solid #ccc; }
#chart text { font-size: 11px; fill: #555; }
#scores th { font-size: 0.8rem; font-weight: normal; color: #555; border-bottom: 1px solid #ccc; }
.score { font-variant-numeric: tabular-nums; font-weight: bold; }
#moves { position: relative; margin: 0; padding: 0.2rem 0.2rem 0.2rem 3rem; max-height: 65vh; overflow-y: auto;
         font-size: 0.85rem; background: #fff; border: 1px solid #ccc; }
#moves li { cursor: pointer; padding: 0 0.3rem; }
#moves li.current { background: #ffd966; }
.mover { color: #666; }
#final { background: #fff; border: 2px solid #222; padding: 0.4rem 0.6rem; }
#final h2 { font-size: 1rem; margin: 0; }
/* The score part by part, under the board at the end: its columns need the board's width. */
#breakdown { margin: 0; padding: 0.5rem; font-size: 0.8rem; line-height: 1.25; white-space: pre-wrap; overflow-wrap: anywhere;
             background: #fff; border: 2px solid #222; }
</style>
</head>
<body data-status="loading">
@ON_ERROR@
<header>
<h1>@TITLE@</h1>
<div id="status">loading<noscript>: this page needs JavaScript</noscript></div>
</header>
<nav id="controls">
<button id="first" title="the start (Home)">|&lt;</button>
<button id="back" title="one step back (left arrow)">&lt;</button>
<button id="forward" title="one step forward (right arrow)">&gt;</button>
<button id="last" title="the end (End)">&gt;|</button>
<input id="slider" type="range" min="0" max="0" value="0" aria-label="step">
<label>seen by <select id="seat"></select></label>
<span id="counter"></span>
</nav>
<main>
<section id="pictures">
<svg id="board" xmlns="http://www.w3.org/2000/svg"><g id="board-fixed"></g><g id="pieces"></g><g id="panel"></g><g id="last-move"></g></svg>
<pre id="breakdown" hidden></pre>
<pre id="picture"></pre>
</section>
<aside>
<section id="final" hidden><h2 id="winner"></h2></section>
<table id="scores"></table>
<svg id="chart" xmlns="http://www.w3.org/2000/svg" viewBox="0 0 300 120" role="img" aria-label="every seat's score at every step"></svg>
<ol id="moves" start="0"></ol>
</aside>
</main>
<script type="application/json" id="game-data">@DATA@</script>
<script>
'use strict';
(function () {
  const data = JSON.parse(document.getElementById('game-data').textContent);
  const steps = data.steps, last = steps.length - 1;
  // A text of the table from its parts, or from its base's with its own middle (TextTable in
  // lib/viewer/viewer.hpp, encoded()); a base is always an earlier text.
  const partsOf = [], joined = new Map();
  data.texts.forEach((t, i) => {
    if (Array.isArray(t)) { partsOf[i] = t; return; }
    const b = partsOf[t.base];
    partsOf[i] = b.slice(0, t.prefix).concat(t.parts, b.slice(b.length - t.suffix));
  });
  const text = (i) => {
    if (!joined.has(i)) joined.set(i, partsOf[i].map((k) => data.parts[k]).join(''));
    return joined.get(i);
  };
  const $ = (id) => document.getElementById(id);
  let step = 0, view = 0;  // view 0: everything; 1 + q: seat q

  // Built once: the board (the first step's drawing), the seat selector, the score table, the list.
  if (data.drawing) {
    $('board').setAttribute('viewBox', data.drawing.view_box);
    $('board-fixed').innerHTML = text(data.drawing.board);
  } else {
    $('board').style.display = 'none';  // the game draws no board: the text picture only
    $('pictures').classList.add('text-only');
  }
  const seat = $('seat'), holds = (v) => data.views.includes(v);  // a seat's page holds its view alone
  if (holds(0)) seat.add(new Option('everything', '0'));
  data.labels.forEach((bot, q) => { if (holds(q + 1)) seat.add(new Option('seat ' + q + ' (' + bot + ')', String(q + 1))); });
  const columns = document.createElement('colgroup');
  for (const name of ['seat', 'bot', 'score']) {
    const column = document.createElement('col');
    column.className = name;
    columns.appendChild(column);
  }
  $('scores').appendChild(columns);
  const heading = $('scores').createTHead().insertRow();
  for (const label of ['seat', 'bot', data.score_name]) {  // the score as the game names it: glory, points
    const cell = document.createElement('th');
    cell.textContent = label;
    heading.appendChild(cell);
  }
  const scoreRows = $('scores').createTBody();
  const scores = data.seats.map((bot, q) => {
    const row = scoreRows.insertRow();
    row.insertCell().textContent = 'seat ' + q;
    const name = row.insertCell();
    name.className = 'bot';
    name.textContent = data.labels[q];  // the spec's label=, else the spec; the whole spec on hover
    name.title = bot;
    const score = document.createElement('span');
    score.className = 'score';
    score.dataset.seat = q;
    row.insertCell().appendChild(score);
    return score;
  });
  const items = steps.map((s, k) => {
    const item = document.createElement('li');
    item.dataset.step = k;
    item.addEventListener('click', () => go(k));
    $('moves').appendChild(item);
    return item;
  });
  $('slider').max = last;
  // The end: the winner and the score part by part, or that the game was quit before it.
  const seatName = (q) => 'seat ' + q + ' (' + data.labels[q] + ')';
  if (data.final) {
    const winners = data.final.winners;
    $('winner').textContent = winners.length === 1             ? 'winner: ' + seatName(winners[0])
                              : winners.length === data.seats.length ? 'a draw: every seat shares the result'
                                                                   : 'shared win: ' + winners.map(seatName).join(', ');
    $('breakdown').textContent = data.final.report;
    $('breakdown').hidden = !data.final.report;
  } else {
    $('winner').textContent = 'unfinished: the game was quit after ' + last + ' moves';
    $('breakdown').hidden = true;
  }

  // The last move on the board: the top-level elements of the step's pieces that the step before's
  // (in the same view) did not hold. A group both hold with the same attributes is compared element
  // by element, so that a group of one seat's pieces marks the piece that changed, not the group. A
  // view sees what its own pieces show: a seat is shown no change it could not see.
  const svgNs = 'http://www.w3.org/2000/svg', scratch = document.createElementNS(svgNs, 'g');
  function changed(now, before, out) {
    const unused = new Map();  // outerHTML -> elements of `before` not matched yet
    for (const b of before.children) {
      if (!unused.has(b.outerHTML)) unused.set(b.outerHTML, []);
      unused.get(b.outerHTML).push(b);
    }
    const rest = [];
    for (const e of now.children) {
      const same = unused.get(e.outerHTML);
      if (same && same.length) same.pop();
      else rest.push(e);
    }
    const opening = (e) => e.cloneNode(false).outerHTML;
    const groups = new Map();  // a group's opening tag -> groups of `before` not matched yet
    for (const list of unused.values())
      for (const b of list)
        if (b.tagName === 'g') {
          if (!groups.has(opening(b))) groups.set(opening(b), []);
          groups.get(opening(b)).push(b);
        }
    for (const e of rest) {
      const group = e.tagName === 'g' ? groups.get(opening(e)) : undefined;
      if (group && group.length) changed(e, group.shift(), out);
      else out.push(e);
    }
    return out;
  }
  function markLastMove() {
    const marks = $('last-move');
    marks.replaceChildren();
    if (step === 0) return;
    scratch.innerHTML = text(steps[step - 1].pieces[view]);
    for (const e of changed($('pieces'), scratch, [])) {
      const box = e.getBBox();
      if (!box.width && !box.height) continue;
      for (const kind of ['halo', 'frame']) {
        const frame = document.createElementNS(svgNs, 'rect');
        frame.setAttribute('class', kind);
        frame.setAttribute('x', box.x - 4);
        frame.setAttribute('y', box.y - 4);
        frame.setAttribute('width', box.width + 8);
        frame.setAttribute('height', box.height + 8);
        marks.appendChild(frame);
      }
    }
  }

  // The scores at every step as the view knows them, one line a seat in its colour ("?", a score
  // the view cannot know, breaks the line), and the step shown as a vertical line.
  const chart = $('chart'), chartWidth = 300, chartHeight = 120, left = 30, bottom = 14;
  let charted = -1;  // the view the chart is drawn for
  function drawChart() {
    const rows = steps.map((s) => (view > 0 && s.scores_seen ? s.scores_seen[view - 1] : s.scores).map(Number));
    let low = 0, high = 1;
    for (const row of rows) for (const v of row) if (Number.isFinite(v)) { low = Math.min(low, v); high = Math.max(high, v); }
    const x = (k) => left + (chartWidth - left - 4) * (last ? k / last : 0);
    const y = (v) => 4 + (chartHeight - bottom - 4) * (high - v) / (high - low);
    let out = '<line x1="' + left + '" x2="' + (chartWidth - 4) + '" y1="' + y(0) + '" y2="' + y(0) + '" stroke="#ccc"/>' +
        '<text x="' + (left - 3) + '" y="' + (y(high) + 8) + '" text-anchor="end">' + high + '</text>' +
        '<text x="' + (left - 3) + '" y="' + y(low) + '" text-anchor="end">' + low + '</text>' +
        '<text x="' + (chartWidth - 4) + '" y="' + (chartHeight - 2) + '" text-anchor="end">step ' + last + '</text>';
    data.colours.forEach((colour, q) => {
      let d = '', pen = 'M';
      rows.forEach((row, k) => {
        if (!Number.isFinite(row[q])) { pen = 'M'; return; }
        d += pen + x(k).toFixed(1) + ' ' + y(row[q]).toFixed(1);
        pen = 'L';
      });
      out += '<path d="' + d + '" fill="none" stroke="' + colour + '" stroke-width="1.8" data-seat="' + q + '"/>';
    });
    out += '<line id="chart-step" y1="4" y2="' + (chartHeight - bottom) + '" stroke="#000" stroke-dasharray="3 2"/>';
    chart.innerHTML = out;
    charted = view;
  }
  function markChart() {
    if (charted !== view) drawChart();
    const at = (left + (chartWidth - left - 4) * (last ? step / last : 0)).toFixed(1);
    $('chart-step').setAttribute('x1', at);
    $('chart-step').setAttribute('x2', at);
  }

  const moveText = (k) => (k === 0 ? 'start' : steps[k].mover + ': ' + text(steps[k].move[view]));
  let listed = -1;  // the view the move list is written for
  function listMoves() {
    items.forEach((item, k) => {
      const mover = document.createElement('span');
      mover.className = 'mover';
      mover.textContent = k === 0 ? 'start' : steps[k].mover + ':';
      item.replaceChildren(mover, k === 0 ? '' : ' ' + text(steps[k].move[view]));
    });
    listed = view;
  }

  function show() {
    const s = steps[step];
    if (data.drawing) {
      $('pieces').innerHTML = text(s.pieces[view]);
      $('panel').innerHTML = text(s.panel[view]);
      markLastMove();
    }
    $('final').hidden = step !== last;
    $('breakdown').hidden = step !== last || !data.final || !data.final.report;
    $('picture').textContent = text(s.text[view]);
    const shown = view > 0 && s.scores_seen ? s.scores_seen[view - 1] : s.scores;  // a seat: the scores it knows
    scores.forEach((score, q) => { score.textContent = shown[q]; });
    if (listed !== view) listMoves();
    markChart();
    items.forEach((item, k) => item.classList.toggle('current', k === step));
    const list = $('moves'), current = items[step];
    if (current.offsetTop < list.scrollTop || current.offsetTop + current.offsetHeight > list.scrollTop + list.clientHeight)
      list.scrollTop = current.offsetTop - list.clientHeight / 2;
    $('slider').value = step;
    $('counter').textContent = $('counter').title = 'step ' + step + ' of ' + last + ': ' + moveText(step);
    $('first').disabled = $('back').disabled = step === 0;
    $('forward').disabled = $('last').disabled = step === last;
    seat.value = String(view);
    document.body.dataset.step = step;
    document.body.dataset.seat = view - 1;
    writeAddress();
  }
  function go(k) {
    step = Math.max(0, Math.min(last, k));
    show();
  }

  // The address: #step=N or #step=last, and &seat=Q for a seat's view. What it does not say stays.
  function readAddress() {
    for (const part of location.hash.replace(/^#/, '').split('&')) {
      const [key, value] = part.split('=');
      if (key === 'step' && value === 'last') step = last;
      else if (key === 'step' && /^[0-9]+$/.test(value)) step = Math.min(last, Number(value));
      else if (key === 'seat' && /^[0-9]+$/.test(value) && holds(Number(value) + 1)) view = Number(value) + 1;
      else if (key === 'seat' && value === 'all' && holds(0)) view = 0;
    }
  }
  function writeAddress() {
    const hash = '#step=' + step + (view ? '&seat=' + (view - 1) : '');
    if (location.hash === hash) return;
    try {
      history.replaceState(null, '', hash);  // no history entry per step
    } catch (e) {
      location.replace(hash);
    }
  }

  $('first').addEventListener('click', () => go(0));
  $('back').addEventListener('click', () => go(step - 1));
  $('forward').addEventListener('click', () => go(step + 1));
  $('last').addEventListener('click', () => go(last));
  $('slider').addEventListener('input', (e) => go(Number(e.target.value)));
  seat.addEventListener('change', () => { view = Number(seat.value); show(); });
  window.addEventListener('hashchange', () => { readAddress(); show(); });
  document.addEventListener('keydown', (e) => {
    if (e.altKey || e.ctrlKey || e.metaKey) return;
    if (e.target.tagName === 'INPUT' || e.target.tagName === 'SELECT') return;  // they step by themselves
    const to = { ArrowLeft: step - 1, ArrowRight: step + 1, Home: 0, End: last }[e.key];
    if (to === undefined) return;
    e.preventDefault();
    go(to);
  });

  view = data.seat >= 0 && holds(data.seat + 1) ? data.seat + 1 : data.views[0];
  readAddress();
  show();
  // What a test in a headless browser checks of the layout (tests/viewer_browser_test.sh): the
  // board's share of the window's width, the height of its smallest text in pixels, and whether
  // anything scrolls sideways.
  const page = document.documentElement;
  document.body.dataset.boardShare = ($('board').getBoundingClientRect().width / page.clientWidth).toFixed(3);
  let smallest = Infinity;
  for (const e of $('board').querySelectorAll('text')) {
    const height = e.getBoundingClientRect().height;
    if (height > 0 && e.textContent.trim()) smallest = Math.min(smallest, height);
  }
  document.body.dataset.smallestText = Number.isFinite(smallest) ? smallest.toFixed(1) : 'none';
  const sideways = [page, $('picture'), $('breakdown'), $('moves')].filter((e) => e.scrollWidth > e.clientWidth + 1);
  document.body.dataset.sideways = sideways.map((e) => e.id || 'page').join(' ') || 'none';
  $('status').textContent = 'ready';
  document.body.dataset.status = 'ready';
})();
</script>
</body>
</html>
)page";

// Where the part of `text` starting at `start` ends (TextTable): just after its line end, or after
// the ">" of an SVG element that another element follows, or at the end of the text.
std::size_t part_end(std::string_view text, std::size_t start) {
  for (std::size_t i = start; i < text.size(); ++i)
    if (text[i] == '\n' || (text[i] == '>' && i + 1 < text.size() && text[i + 1] == '<')) return i + 1;
  return text.size();
}

}  // namespace

int TextTable::add(const std::string& text, int base) {
  const auto [known, fresh] = text_index_.emplace(text, int(texts_.size()));
  if (!fresh) return known->second;
  std::vector<int> indices;
  for (std::size_t start = 0, end = 0; start < text.size(); start = end) {
    end = part_end(text, start);
    const std::string part = text.substr(start, end - start);
    const auto [it, new_part] = part_index_.emplace(part, int(parts_.size()));
    if (new_part) parts_.push_back(part);
    indices.push_back(it->second);
  }
  texts_.push_back(std::move(indices));
  base_.push_back(base >= 0 && base < known->second ? base : -1);
  return known->second;
}

Json TextTable::encoded() const {
  Json out = Json::array();
  for (std::size_t i = 0; i < texts_.size(); ++i) {
    const std::vector<int>& text = texts_[i];
    if (base_[i] < 0) {
      out.push_back(text);
      continue;
    }
    const std::vector<int>& base = texts_[std::size_t(base_[i])];
    std::size_t prefix = 0, suffix = 0;
    while (prefix < std::min(base.size(), text.size()) && base[prefix] == text[prefix]) ++prefix;
    while (suffix < std::min(base.size(), text.size()) - prefix &&
           base[base.size() - 1 - suffix] == text[text.size() - 1 - suffix])
      ++suffix;
    if (prefix + suffix <= 3) {  // too little in common to be worth the four numbers
      out.push_back(text);
      continue;
    }
    out.push_back(
        Json{{"base", base_[i]},
             {"prefix", prefix},
             {"suffix", suffix},
             {"parts", std::vector<int>(text.begin() + std::ptrdiff_t(prefix), text.end() - std::ptrdiff_t(suffix))}});
  }
  return out;
}

std::string script_safe(const std::string& json) {
  std::string out;
  out.reserve(json.size());
  for (std::size_t i = 0; i < json.size(); ++i) {
    const bool opens_tag = json[i] == '<' && i + 1 < json.size() && (json[i + 1] == '/' || json[i + 1] == '!');
    if (opens_tag) out += "\\u003c";
    else out += json[i];
  }
  return out;
}

namespace {

// First of all in a page's body: an error of its script is shown where a person and a headless
// test see it (<body data-status="error">, the message in #status).
constexpr std::string_view kOnError = R"script(<script>
window.onerror = function (message, source, line) {
  document.body.dataset.status = 'error';
  var status = document.getElementById('status');
  if (status) {
    status.textContent = 'script error: ' + message + ' (line ' + line + ')';
    status.className = 'error';
  }
};
</script>)script";

}  // namespace

std::string filled(std::string_view page, const std::string& title, const Json& data) {
  // A text that is not UTF-8 (a bot spec given on the command line) is shown with U+FFFD rather
  // than stopping the page.
  const std::string json = script_safe(data.dump(-1, ' ', false, Json::error_handler_t::replace));
  const std::string heading = svg::escaped(title);
  std::string out;
  out.reserve(page.size() + json.size() + 2 * heading.size());
  for (std::size_t i = 0; i < page.size();) {
    if (page.substr(i, 7) == "@TITLE@") out += heading, i += 7;
    else if (page.substr(i, 6) == "@DATA@") out += json, i += 6;
    else if (page.substr(i, 10) == "@ON_ERROR@") out += kOnError, i += 10;
    else out += page[i++];
  }
  return out;
}

std::string page(const std::string& title, const Json& data) { return filled(kTemplate, title, data); }

}  // namespace nuraghe::viewer
