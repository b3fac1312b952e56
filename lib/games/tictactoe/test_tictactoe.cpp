#include <doctest/doctest.h>

#include "game_tests.hpp"
#include "games/tictactoe/presentation.hpp"
#include "games/tictactoe/tictactoe.hpp"

using namespace nuraghe;
using S = TicTacToe::State;

namespace {
S position(std::vector<std::string> rows) { return testing::position<TicTacToe>({{"board", rows}}); }
S play(std::initializer_list<const char*> cells) {
  S s;
  for (const char* c : cells) s.apply(TicTacToe::parse_move(s, s.to_move(), c));
  return s;
}
}  // namespace

TEST_CASE("turns: X moves first, then the players alternate") {
  S s;
  CHECK(s.to_move() == 0);
  s.apply(4);
  CHECK(s.to_move() == 1);
  TicTacToe::MoveList moves;
  s.legal_moves(moves);
  CHECK(moves.size() == 8);
  CHECK(!moves.contains(4));
}

TEST_CASE("the end: three in a row wins, in rows, columns and both diagonals") {
  CHECK(play({"a3", "a1", "b3", "b1", "c3"}).returns()[0] == 1.0);        // top row
  CHECK(play({"a3", "b3", "a2", "b2", "c1", "b1"}).returns()[1] == 1.0);  // O's middle column
  CHECK(play({"a3", "b3", "b2", "c3", "c1"}).returns()[0] == 1.0);        // diagonal
  CHECK(play({"c3", "a3", "b2", "b3", "a1"}).to_move() == kTerminal);     // anti-diagonal
  CHECK(play({"a3", "a1", "b3", "b1"}).to_move() == 0);                   // no line yet
}

TEST_CASE("the end: a full board without a line is a draw worth one half each") {
  const S s = play({"a3", "b3", "c3", "b2", "a2", "c2", "b1", "a1", "c1"});
  CHECK(s.to_move() == kTerminal);
  CHECK(s.returns()[0] == 0.5);
  CHECK(s.returns()[1] == 0.5);
  CHECK(s.scores()[0] == 0);
}

TEST_CASE("notation: cells a1..c3, a3 is the top left") {
  S s;
  CHECK(TicTacToe::parse_move(s, 0, "a3") == 0);
  CHECK(TicTacToe::parse_move(s, 0, "c1") == 8);
  CHECK(TicTacToe::move_to_string(s, 0, 5) == "c2");
  CHECK_THROWS_AS(TicTacToe::parse_move(s, 0, "d1"), InputError);
  CHECK_THROWS_AS(TicTacToe::parse_move(s, 0, "a4"), InputError);
}

TEST_CASE("positions: read, and impossible boards rejected") {
  const S s = position({"X.O", ".X.", "..."});
  CHECK(s.to_move() == 1);
  CHECK(TicTacToe::to_json(s)["board"][0] == "X.O");
  CHECK_THROWS_AS(position({"XX.", "...", "..."}), InputError);  // X two ahead
  CHECK_THROWS_AS(position({"OO.", "...", "..."}), InputError);  // O ahead
  CHECK_THROWS_AS(position({"XXX", "OOO", "..."}), InputError);  // both have lines
  CHECK_THROWS_AS(position({"XXX", "OO.", "O.."}), InputError);  // O moved after X won
  CHECK_THROWS_AS(position({"X?.", "...", "..."}), InputError);  // unknown cell
  CHECK_THROWS_AS(position({"X..", "..."}), InputError);         // two rows
  CHECK_THROWS_AS(TicTacToe::from_json(Json{{"game", "connect4"}, {"board", {"...", "...", "..."}}}), InputError);
  CHECK_THROWS_AS(TicTacToe::from_json(Json{{"game", "tictactoe"}, {"board", {"...", "...", "..."}}, {"extra", 1}}),
                  InputError);
}

TEST_CASE("setup: options, maps and seat counts the game does not have are refused") {
  GameConfig c;
  c.players = 3;
  CHECK_THROWS_AS(TicTacToe::initial(c), InputError);
  c.players = 2;
  c.options["size"] = "4";
  CHECK_THROWS_AS(TicTacToe::initial(c), InputError);
  c.options.clear();
  c.map_file = "board.json";
  CHECK_THROWS_AS(TicTacToe::initial(c), InputError);
}

TEST_CASE("tensors: the action is the cell; the observation is the seat's marks, the opponent's and its turn") {
  const S s = play({"b2"});
  CHECK(TicTacToe::num_actions(s) == 9);
  CHECK(TicTacToe::action_index(s, TicTacToe::parse_move(s, 1, "a3")) == 0);
  CHECK(TicTacToe::action_index(s, TicTacToe::parse_move(s, 1, "c1")) == 8);
  CHECK(TicTacToe::action_move(s, 8) == TicTacToe::parse_move(s, 1, "c1"));
  REQUIRE(TicTacToe::observation_size(s) == 19);
  std::vector<float> x(19), o(19);
  TicTacToe::observation(s, 0, x.data());
  TicTacToe::observation(s, 1, o.data());
  CHECK(x[4] == 1);  // b2 is cell 4: X's own mark
  CHECK(x[9 + 4] == 0);
  CHECK(o[4] == 0);
  CHECK(o[9 + 4] == 1);  // and O's opponent's
  CHECK(x[18] == 0);     // O is to move
  CHECK(o[18] == 1);
}

TEST_CASE("draw: the grid is the board; each mark is its seat's letter in the seat's colour, in its cell") {
  const S s = play({"b2", "a3"});
  const svg::Drawing d = TicTacToe::Presentation::draw(s, 1);
  CHECK(d.view_box == "0 0 300 300");
  CHECK(d.board == TicTacToe::Presentation::draw(S{}, -1).board);
  // X (seat 0, red) in the centre cell 4, O (seat 1, blue) in the top left cell 0; nothing else.
  CHECK(d.pieces ==
        "<text class=\"mark\" data-cell=\"0\" data-name=\"a3\" x=\"50.0\" y=\"78.0\" font-size=\"80\" "
        "text-anchor=\"middle\" fill=\"#1f66d1\">O</text>"
        "<text class=\"mark\" data-cell=\"4\" data-name=\"b2\" x=\"150.0\" y=\"178.0\" font-size=\"80\" "
        "text-anchor=\"middle\" fill=\"#d62728\">X</text>");
  CHECK(TicTacToe::Presentation::draw(S{}, -1).pieces.empty());
}
