// Nim's rules by the worked examples of docs/rules-nim.md. Everything else every game is tested
// for (the invariant suite, positions, the command line, the fuzzers) comes with the list.
#include <doctest/doctest.h>

#include <map>
#include <string>
#include <vector>

#include "bots/notation.hpp"
#include "bots/registry.hpp"
#include "games/nim/nim.hpp"

using namespace nuraghe;

namespace {

Nim::State position(const std::vector<int>& heaps, int ply) {
  return Nim::from_json(Json{{"game", "nim"}, {"heaps", heaps}, {"ply", ply}});
}
Json heaps(const Nim::State& s) { return Nim::to_json(s)["heaps"]; }

// Best play by exhaustive search: does the seat to move win?
bool mover_wins(const Nim::State& s, std::map<std::vector<int>, bool>& memo) {
  const std::vector<int> key(s.heaps, s.heaps + s.count);
  if (const auto it = memo.find(key); it != memo.end()) return it->second;
  Nim::MoveList moves;
  s.legal_moves(moves);
  bool wins = false;
  for (Move m : moves) {
    Nim::State t = s;
    t.apply(m);
    wins = wins || t.to_move() == kTerminal || !mover_wins(t, memo);
  }
  return memo[key] = wins;
}

}  // namespace

TEST_CASE("rules 1 and 2: heaps of 1, 3, 5 and 7; seat 0 moves first") {
  const Nim::State s = Nim::initial({});
  CHECK(heaps(s) == Json{1, 3, 5, 7});
  CHECK(s.to_move() == 0);
  GameConfig two;
  two.options["heaps"] = "2";
  CHECK(heaps(Nim::initial(two)) == Json{1, 3});
}

TEST_CASE("example 1: a move takes one or more objects from one heap") {
  Nim::State s = Nim::initial({});
  apply_text<Nim>(s, "d5");
  CHECK(heaps(s) == Json{1, 3, 5, 2});
  CHECK(s.to_move() == 1);
  CHECK_THROWS_WITH_AS(apply_text<Nim>(s, "b4"), doctest::Contains("illegal move"), InputError);  // heap b holds 3
  CHECK_THROWS_AS(apply_text<Nim>(s, "b0"), InputError);
}

TEST_CASE("example 2: who takes the last object wins") {
  Nim::State s = position({0, 0, 2, 0}, 13);
  CHECK(s.to_move() == 1);
  apply_text<Nim>(s, "c2");
  CHECK(s.to_move() == kTerminal);
  CHECK(s.returns()[1] == 1);
  CHECK(s.returns()[0] == 0);
}

TEST_CASE("example 3: the seat to move loses exactly when the heap sizes XOR to zero (Bouton)") {
  std::map<std::vector<int>, bool> memo;
  for (int a = 0; a <= 1; ++a)
    for (int b = 0; b <= 3; ++b)
      for (int c = 0; c <= 5; ++c)
        for (int d = 0; d <= 7; ++d) {
          const Nim::State s = position({a, b, c, d}, 16 - a - b - c - d);
          if (s.to_move() != kTerminal) CHECK(mover_wins(s, memo) == ((a ^ b ^ c ^ d) != 0));
        }
}

TEST_CASE("example 4: from 1, 3, 5, 4 the one winning move takes 3 from heap b") {
  const Nim::State s = position({1, 3, 5, 4}, 2);
  std::map<std::vector<int>, bool> memo;
  Nim::MoveList moves;
  s.legal_moves(moves);
  std::vector<std::string> winning;
  for (Move m : moves) {
    Nim::State t = s;
    t.apply(m);
    if (!mover_wins(t, memo)) winning.push_back(Nim::move_to_string(s, 0, m));
  }
  CHECK(winning == std::vector<std::string>{"b3"});
}

TEST_CASE("example 5: from 1, 3, 5 uct finds the one winning move, c3") {
  const Nim::State s = position({1, 3, 5}, 0);
  auto bot = make_bot<Nim>("uct:iters=20000", 1);
  bot->start(0);
  CHECK(Nim::move_to_string(s, 0, bot->choose(InfoSet<Nim>(s, 0))) == "c3");
}

TEST_CASE("tensors: action h * h + k - 1 takes k from heap h; the observation is the objects left and the turn") {
  Nim::State s = Nim::initial({});
  CHECK(Nim::num_actions(s) == 16);
  CHECK(Nim::action_index(s, Nim::parse_move(s, 0, "a1")) == 0);
  CHECK(Nim::action_index(s, Nim::parse_move(s, 0, "b3")) == 3);
  CHECK(Nim::action_move(s, 15) == Nim::parse_move(s, 0, "d7"));
  apply_text<Nim>(s, "d5");
  std::vector<float> seen(std::size_t(Nim::observation_size(s)));
  Nim::observation(s, 1, seen.data());
  CHECK(seen == std::vector<float>{1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 0, 0, 0, 0, 0, 1});
}

TEST_CASE("a position's ply must be reachable") {
  CHECK_THROWS_WITH_AS(position({1, 3, 5, 7}, 1), doctest::Contains("ply must be an integer in [0, 0]"), InputError);
  CHECK_THROWS_WITH_AS(position({0, 3, 5, 6}, 1), doctest::Contains("ply must be an integer in [2, 2]"), InputError);
  CHECK_THROWS_WITH_AS(position({1, 4}, 0), doctest::Contains("heaps[1] must be an integer in [0, 3]"), InputError);
}

TEST_CASE("draw: each heap's objects are sticks in the heap's row") {
  const std::string pieces = Nim::draw(position({1, 0, 5, 2}, 2), -1).pieces;
  const auto sticks = [&](const std::string& heap) {
    int n = 0;
    for (std::size_t at = 0; (at = pieces.find("data-heap=\"" + heap + "\"", at)) != std::string::npos; ++at) ++n;
    return n;
  };
  CHECK(sticks("a") == 1);
  CHECK(sticks("b") == 0);
  CHECK(sticks("c") == 5);
  CHECK(sticks("d") == 2);
  CHECK(Nim::draw(Nim::initial({}), -1).board == Nim::draw(position({1, 0, 5, 2}, 2), 0).board);
}
