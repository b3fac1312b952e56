#pragma once
// A live table in the browser (`play --serve`, cli/serve.hpp): the page a person at a seat plays
// from, and what it is sent of the game. The page (table_page) holds the fixed part, the board
// drawn bare; the server sends it the seat's view after every move (seat_view): its picture, the
// pieces and panel as it sees them, the scores it can know, the moves so far as it saw them, and
// when it is to decide, its legal moves with their help and the board's places each names
// (move_places, lib/core/hooks.hpp), so that a move is picked by clicking the board and its
// words. Everything sent is built from what the seat sees: tests/test_table.cpp checks that a
// seat's view is the same in every determinization of what it cannot see.

#include <string>
#include <vector>

#include "bots/notation.hpp"
#include "core/hooks.hpp"
#include "core/json.hpp"
#include "games/all_presentations.hpp"
#include "viewer/viewer.hpp"

namespace nuraghe {

// The page of a seat: HTML, CSS and script in one (lib/viewer/table.cpp) around `fixed`, which is
// table_fixed<G>'s. The page fetches its seat's view from the address it was served at.
std::string table_page(const std::string& title, const Json& fixed);

// What does not change in a game: {"title", "game", "seat", "seats": [name per seat],
// "score_name", "drawing": {"view_box", "board"} or null}.
template <Game G>
Json table_fixed(const typename G::State& start, const std::string& title, Player seat,
                 const std::vector<std::string>& seats) {
  Json drawing = nullptr;
  if constexpr (HasDrawing<G>) {
    const svg::Drawing first = G::Presentation::draw(start, -1);
    drawing = Json{{"view_box", first.view_box}, {"board", first.board}};
  }
  return Json{{"title", title},
              {"game", G::kName},
              {"seat", seat},
              {"seats", seats},
              {"score_name", std::string(score_name_of<G>())},
              {"drawing", drawing}};
}

// A decision of `seat` as its page offers it: {"moves": [notation], "help": [move_help], "places":
// [[move_places]]}, the legal moves in the game's order.
template <Game G>
Json decision_json(const typename G::State& s, Player seat) {
  MoveListOf<G> moves;
  legal_moves_of<G>(s, seat, moves);
  Json texts = Json::array(), help = Json::array(), places = Json::array();
  for (Move m : moves) {
    texts.push_back(G::move_to_string(s, seat, m));
    help.push_back(move_help<G>(s, seat, m));
    places.push_back(move_places<G>(s, seat, m));
  }
  return Json{{"moves", texts}, {"help", help}, {"places", places}};
}

// What `seat` sees of s: {"text": render, "pieces", "panel" (where the game draws), "scores" (as
// score_text; "?" where the seat cannot know one), "to_move": "player P", "all" or "" at the end,
// "decision": decision_json where `deciding`, else null, "final": viewer::final_json (null before
// the end)}. The moves so far are the server's to add ("log"), as the seat saw them.
template <Game G>
Json seat_view(const typename G::State& s, Player seat, bool deciding) {
  Json scores = Json::array();
  const Json seen = viewer::scores_seen<G>(s);
  const Values v = scores_of<G>(s);
  for (int p = 0; p < num_players_of<G>(s); ++p)
    scores.push_back(seen.is_null() ? Json(viewer::score_text(v[p])) : seen[std::size_t(seat)][std::size_t(p)]);
  const Player mover = s.to_move();
  Json out{{"text", render_of<G>(s, seat)},
           {"scores", scores},
           {"to_move", mover == kTerminal ? std::string() : mover_name(mover)},
           {"decision", deciding ? decision_json<G>(s, seat) : Json(nullptr)},
           {"final", viewer::final_json<G>(s)}};
  if constexpr (HasDrawing<G>) {
    const svg::Drawing d = G::Presentation::draw(s, seat);
    out["pieces"] = d.pieces;
    out["panel"] = d.panel;
  }
  return out;
}

}  // namespace nuraghe
