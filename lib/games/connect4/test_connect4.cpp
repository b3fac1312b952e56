#include <doctest/doctest.h>

#include "game_tests.hpp"
#include "games/connect4/connect4.hpp"
#include "games/connect4/presentation.hpp"

using namespace nuraghe;
using S = Connect4::State;

namespace {
S position(std::vector<std::string> rows) { return testing::position<Connect4>({{"board", rows}}); }
S play(const std::string& columns) {
  S s;
  for (char c : columns) s.apply(Connect4::parse_move(s, s.to_move(), std::string(1, c)));
  return s;
}
}  // namespace

TEST_CASE("moves: a stone falls to the lowest empty cell of its column") {
  const S s = play("444");
  CHECK(Connect4::to_json(s)["board"][5] == "...X...");
  CHECK(Connect4::to_json(s)["board"][4] == "...O...");
  CHECK(Connect4::to_json(s)["board"][3] == "...X...");
  CHECK(s.to_move() == 1);
}

TEST_CASE("moves: a full column is not a legal move") {
  const S s = play("111111");
  Connect4::MoveList moves;
  s.legal_moves(moves);
  CHECK(moves.size() == 6);
  CHECK(!moves.contains(0));
}

TEST_CASE("the end: four in a row wins in every direction, and three does not") {
  CHECK(play("1213141").winner == 0);  // vertical in column 1
  CHECK(play("1122334").winner == 0);  // horizontal along the bottom
  const std::string e = ".......";
  CHECK(position({e, e, "...X...", "..XO...", ".XOO...", "XOXO.X."}).winner == 0);  // diagonal rising right
  CHECK(position({e, e, "...X...", "...OX..", "...OOX.", ".X.OXOX"}).winner == 0);  // diagonal rising left
  S before_diagonal = position({e, e, e, "..XO...", ".XOO...", "XOXO.X."});
  CHECK(before_diagonal.to_move() == 0);
  before_diagonal.apply(3);  // X drops into column 4 and completes the diagonal
  CHECK(before_diagonal.winner == 0);
  CHECK(play("112233").winner == -1);
  CHECK(play("1213141").to_move() == kTerminal);
  CHECK(play("1213141").returns()[0] == 1.0);
}

TEST_CASE("the end: lines never wrap from the top of one column to the bottom of the next") {
  // X holds the top three cells of column 1 and the bottom cell of column 2: adjacent bits
  // without the sentinel row, but not four in a row on the board.
  const S s = position({"X......", "X......", "X......", "O......", "O......", "OX....."});
  CHECK(s.winner == -1);
}

TEST_CASE("the end: a full board without four is a draw") {
  int draws = 0;
  for (std::uint64_t seed = 1; draws < 3 && seed < 100000; ++seed) {
    Rng rng(seed);
    S s;
    Connect4::MoveList moves;
    while (s.to_move() != kTerminal) {
      s.legal_moves(moves);
      s.apply(moves[rng.below(std::uint32_t(moves.size()))]);
    }
    if (s.winner >= 0) continue;
    ++draws;
    CHECK(s.ply == 42);
    CHECK(!Connect4::has_four(s.stones[0]));
    CHECK(!Connect4::has_four(s.stones[1]));
    CHECK(s.returns()[0] == 0.5);
    CHECK(s.returns()[1] == 0.5);
  }
  CHECK(draws == 3);
}

TEST_CASE("positions: floating stones, wrong counts and double wins are rejected") {
  const std::string empty = ".......";
  CHECK_NOTHROW(position({empty, empty, empty, empty, empty, "XO....."}));
  CHECK_THROWS_AS(position({empty, empty, empty, empty, "X......", "......."}), InputError);  // floating
  CHECK_THROWS_AS(position({empty, empty, empty, empty, empty, "XX....."}), InputError);      // X two ahead
  CHECK_NOTHROW(position({empty, empty, empty, empty, empty, "XXXXOOO"}));                    // X just won
  CHECK_THROWS_AS(position({empty, empty, empty, empty, "O......", "XXXXOOO"}), InputError);  // O after X won
  CHECK_THROWS_AS(position({empty, empty, empty, empty, empty}), InputError);                 // five rows
  CHECK_THROWS_AS(position({empty, empty, empty, empty, empty, "X.Z...."}), InputError);
}

TEST_CASE("notation: a move is its column, 1 to 7; any other text is refused") {
  S s;
  CHECK(Connect4::parse_move(s, 0, "1") == 0);
  CHECK(Connect4::parse_move(s, 0, " 7 ") == 6);
  CHECK(Connect4::move_to_string(s, 0, 3) == "4");
  CHECK_THROWS_AS(Connect4::parse_move(s, 0, "8"), InputError);
  CHECK_THROWS_AS(Connect4::parse_move(s, 0, "0"), InputError);
  CHECK_THROWS_AS(Connect4::parse_move(s, 0, "a"), InputError);
}

TEST_CASE("tensors: the action is the column; the observation is the seat's stones, the opponent's and its turn") {
  const S s = play("44");
  CHECK(Connect4::num_actions(s) == 7);
  CHECK(Connect4::action_index(s, Connect4::parse_move(s, 0, "1")) == 0);
  CHECK(Connect4::action_move(s, 6) == Connect4::parse_move(s, 0, "7"));
  REQUIRE(Connect4::observation_size(s) == 85);
  std::vector<float> x(85), o(85);
  Connect4::observation(s, 0, x.data());
  Connect4::observation(s, 1, o.data());
  // Column 4 is column 3 from 0: cells 18 (bottom, seat 0's) and 19 (seat 1's on top).
  CHECK(x[18] == 1);
  CHECK(x[42 + 19] == 1);
  CHECK(o[19] == 1);
  CHECK(o[42 + 18] == 1);
  CHECK(x[19] + x[42 + 18] + o[18] + o[42 + 19] == 0);
  CHECK(x[84] == 1);  // seat 0 is to move
  CHECK(o[84] == 0);
}

TEST_CASE("draw: a stone is a disc in its seat's colour at its column and row, from the bottom") {
  const S s = play("44");  // seat 0 then seat 1 in column 4
  const std::string pieces = Connect4::Presentation::draw(s, -1).pieces;
  CHECK(pieces.find("<circle class=\"stone\" data-seat=\"0\" data-column=\"4\" data-row=\"1\" cx=\"350.0\" "
                    "cy=\"550.0\" r=\"40\" fill=\"#d62728\"/>") != std::string::npos);
  CHECK(pieces.find("<circle class=\"stone\" data-seat=\"1\" data-column=\"4\" data-row=\"2\" cx=\"350.0\" "
                    "cy=\"450.0\" r=\"40\" fill=\"#1f66d1\"/>") != std::string::npos);
  CHECK(pieces.find("data-row=\"3\"") == std::string::npos);
  CHECK(Connect4::Presentation::draw(S{}, 0).pieces.empty());
}
