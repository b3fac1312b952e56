// Nim's rules by the worked examples of docs/rules-nim.md. Everything else every game is tested
// for (the invariant suite, positions, the command line, the fuzzers) comes with the list.
#include <doctest/doctest.h>

#include <map>
#include <string>
#include <vector>

#include "bots/notation.hpp"
#include "bots/registry.hpp"
#include "game_tests.hpp"
#include "games/nim/nim.hpp"

using namespace nuraghe;

namespace {

Nim::State position(const std::vector<int>& heaps, int ply) {
  return testing::position<Nim>({{"heaps", heaps}, {"ply", ply}});
}
Json heaps(const Nim::State& s) { return Nim::to_json(s)["heaps"]; }

// Best play by exhaustive search: does the seat to move win?
bool mover_wins(const Nim::State& s, std::map<std::vector<int>, bool>& memo) {
  const std::vector<int> key(s.heaps, s.heaps + s.count);
  if (const auto it = memo.find(key); it != memo.end()) return it->second;
  MoveListOf<Nim> moves;
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
  MoveListOf<Nim> moves;
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

TEST_CASE("defaults: a move is read by its printed text, and only a legal move is read") {
  Nim::State s = Nim::initial({});
  CHECK(parse_legal_move<Nim>(s, 0, "b3") == 11);
  CHECK(parse_move<Nim>(s, 0, "d7") == 31);
  CHECK_THROWS_WITH_AS(parse_legal_move<Nim>(s, 0, "b4"),
                       doctest::Contains("illegal move \"b4\" for player 0 (16 legal moves)"), InputError);
  CHECK_THROWS_WITH_AS(parse_move<Nim>(s, 0, "e1"), "nim: no legal move \"e1\" for player 0", InputError);
  apply_text<Nim>(s, "a1");
  CHECK_THROWS_AS(parse_legal_move<Nim>(s, 1, "a1"), InputError);  // heap a is empty now
  apply_text<Nim>(s, "b3");
  apply_text<Nim>(s, "c5");
  CHECK_THROWS_WITH_AS(parse_legal_move<Nim>(s, 1, "d8"), doctest::Contains("(legal: d1, d2, d3, d4, d5, d6, d7)"),
                       InputError);
}

// Nim whose state adds one member: with a default's signature it is the game's own part; with
// another it is refused by the concept, never silently replaced by the default.
template <class Extra>
struct NimWith : Nim {
  struct State : Nim::State, Extra {
    bool operator==(const State& o) const { return same_state<Nim>(*this, o); }
  };
  static State initial(const GameConfig& c) { return {Nim::initial(c), {}}; }
  static State from_json(const Json& j) { return {Nim::from_json(j), {}}; }
};
struct ScoresAsValues {
  Values scores() const { return Values{7}; }
};
struct ScoresAsInt {
  int scores() const { return 7; }
};
struct ViewOfNoSeat {
  Json view() const { return {}; }
};

TEST_CASE("defaults: a part written with another signature is refused, not replaced") {
  static_assert(Game<NimWith<ScoresAsValues>> && HasScores<NimWith<ScoresAsValues>>);
  static_assert(!Game<NimWith<ScoresAsInt>> && !Game<NimWith<ViewOfNoSeat>>);
  CHECK(scores_of<NimWith<ScoresAsValues>>(NimWith<ScoresAsValues>::initial({}))[0] == 7);
}

TEST_CASE("defaults: perfect information, one seat count, the position as the picture") {
  static_assert(!hidden_information<Nim> && !HasTensors<Nim> && !HasDrawing<Nim> && !HasHeuristic<Nim>);
  Nim::State s = position({1, 2, 5, 7}, 1);
  Rng rng(3);
  CHECK(num_players_of<Nim>(s) == 2);
  CHECK(view_of<Nim>(s, 0) == Nim::to_json(s));
  CHECK(view_hash_of<Nim>(s, 1) == hash_json(Nim::to_json(s)));
  CHECK(same_state<Nim>(determinize<Nim>(s, 0, rng), s));
  CHECK(observe<Nim>(s, 12, 0) == 12);
  CHECK(render_of<Nim>(s, 0) == "{\"game\":\"nim\",\"heaps\":[1,2,5,7],\"ply\":1}\n");
  for (const char* move : {"a1", "b2", "c5", "d7"}) apply_text<Nim>(s, move);
  CHECK(scores_of<Nim>(s) == s.returns());
  CHECK(s.returns()[0] == 1);  // seat 0 made the fifth move, the last
}

TEST_CASE("ruling 3: a ply the heaps cannot have reached is refused, and so is a heap above its start") {
  CHECK_THROWS_WITH_AS(position({1, 3, 5, 7}, 1), doctest::Contains("ply must be an integer in [0, 0]"), InputError);
  CHECK_THROWS_WITH_AS(position({0, 3, 5, 6}, 1), doctest::Contains("ply must be an integer in [2, 2]"), InputError);
  CHECK_THROWS_WITH_AS(position({1, 4}, 0), doctest::Contains("heaps[1] must be an integer in [0, 3]"), InputError);
}
