#include <doctest/doctest.h>

#include <set>

#include "game_tests.hpp"
#include "games/kuhn/kuhn.hpp"
#include "games/kuhn/presentation.hpp"

using namespace nuraghe;
using S = Kuhn::State;

namespace {
S position(std::vector<std::string> cards, const std::string& history) {
  return testing::position<Kuhn>({{"cards", cards}, {"history", history}});
}
}  // namespace

TEST_CASE("betting: every sequence ends where Kuhn poker ends, with the right payoff") {
  // Seat 0 holds the king, seat 1 the queen.
  struct Case {
    const char* history;
    int payoff0;
  };
  for (const Case c : {Case{"pp", 1}, Case{"bb", 2}, Case{"pbb", 2}, Case{"bp", 1}, Case{"pbp", -1}}) {
    CAPTURE(c.history);
    const S s = position({"K", "Q", "J"}, c.history);
    CHECK(s.to_move() == kTerminal);
    CHECK(s.scores()[0] == c.payoff0);
    CHECK(s.scores()[1] == -c.payoff0);
    CHECK(s.returns()[0] == doctest::Approx((c.payoff0 + 2) / 4.0));
    CHECK(s.returns()[0] + s.returns()[1] == doctest::Approx(1.0));
  }
  // The lower card loses at showdown.
  CHECK(position({"J", "Q", "K"}, "bb").scores()[0] == -2);
  CHECK(position({"J", "Q", "K"}, "pp").scores()[0] == -1);
  // Non-terminal histories.
  CHECK(position({"J", "Q", "K"}, "").to_move() == 0);
  CHECK(position({"J", "Q", "K"}, "p").to_move() == 1);
  CHECK(position({"J", "Q", "K"}, "b").to_move() == 1);
  CHECK(position({"J", "Q", "K"}, "pb").to_move() == 0);
}

TEST_CASE("information: a player sees their own card; the opponent's only at showdown") {
  const S s = position({"K", "J", "Q"}, "p");
  CHECK(s.view(0)["card"] == "K");
  CHECK(s.view(1)["card"] == "J");
  CHECK(!s.view(0).contains("opponent_card"));
  CHECK(position({"K", "J", "Q"}, "pp").view(0)["opponent_card"] == "J");
  CHECK(!position({"K", "J", "Q"}, "bp").view(0).contains("opponent_card"));  // a fold shows nothing
  // The call that leads to showdown reveals the opponent's card in the token.
  const S a = position({"K", "J", "Q"}, "b"), b = position({"K", "Q", "J"}, "b");
  CHECK(a.view_hash(0) == b.view_hash(0));
  CHECK(Kuhn::observe(a, Kuhn::kBet, 0) != Kuhn::observe(b, Kuhn::kBet, 0));
  CHECK(Kuhn::observe(a, Kuhn::kPass, 0) == Kuhn::observe(b, Kuhn::kPass, 0));
}

TEST_CASE("determinize: the opponent's card is re-dealt from the two the observer cannot see") {
  const S s = position({"Q", "K", "J"}, "p");
  Rng rng(5);
  std::set<int> opponent;
  for (int i = 0; i < 100; ++i) {
    const S d = s.determinize(0, rng);
    CHECK(d.deck[0] == Kuhn::kQueen);
    opponent.insert(d.deck[1]);
  }
  CHECK(opponent == std::set<int>{Kuhn::kJack, Kuhn::kKing});
}

TEST_CASE("setup: the deal is random, and all six deals occur") {
  std::set<std::vector<int>> deals;
  for (std::uint64_t seed = 1; seed <= 200; ++seed) {
    GameConfig c;
    c.seed = seed;
    const S s = Kuhn::initial(c);
    deals.insert({s.deck[0], s.deck[1], s.deck[2]});
  }
  CHECK(deals.size() == 6);
}

TEST_CASE("positions: bad cards and histories are rejected") {
  CHECK_THROWS_AS(position({"K", "K", "J"}, ""), InputError);
  CHECK_THROWS_AS(position({"K", "A", "J"}, ""), InputError);
  CHECK_THROWS_AS(position({"K", "Q"}, ""), InputError);
  CHECK_THROWS_AS(position({"K", "Q", "J"}, "px"), InputError);
  CHECK_THROWS_AS(position({"K", "Q", "J"}, "ppb"), InputError);  // after the end
  CHECK_THROWS_AS(Kuhn::parse_move(S{}, 0, "raise"), InputError);
  CHECK(Kuhn::parse_move(S{}, 0, "bet") == Kuhn::kBet);
  GameConfig c;
  c.players = 3;
  CHECK_THROWS_AS(Kuhn::initial(c), InputError);
}

TEST_CASE("tensors: pass and bet are actions 0 and 1; a seat observes its card, never the other's before showdown") {
  const auto observation = [](const S& s, Player p) {
    std::vector<float> out(std::size_t(Kuhn::observation_size(s)));
    Kuhn::observation(s, p, out.data());
    return out;
  };
  const S s = position({"K", "Q", "J"}, "p"), other_deal = position({"J", "Q", "K"}, "p");
  CHECK(Kuhn::num_actions(s) == 2);
  CHECK(Kuhn::action_index(s, Kuhn::parse_move(s, 1, "bet")) == 1);
  REQUIRE(Kuhn::observation_size(s) == 14);
  // Seat 0: seat 0, its king, no opponent card, history "p".
  CHECK(observation(s, 0) == std::vector<float>{1, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 0, 0});
  // Seat 1 holds the queen in both deals and cannot tell them apart; seat 0 can.
  CHECK(observation(s, 1) == observation(other_deal, 1));
  CHECK(observation(s, 0) != observation(other_deal, 0));
  // At a showdown the opponent's card is shown.
  const S shown = position({"K", "Q", "J"}, "pp");
  CHECK(observation(shown, 1) == std::vector<float>{0, 1, 0, 1, 0, 0, 0, 1, 1, 0, 1, 0, 0, 0});
}

TEST_CASE("draw: a seat's card face up for itself, face down for the other seat until a showdown") {
  const auto face_up = [](const S& s, Player observer, const char* card) {
    return Kuhn::Presentation::draw(s, observer).pieces.find(std::string(">") + card + "</text>") != std::string::npos;
  };
  const S s = position({"K", "J", "Q"}, "p");
  CHECK(face_up(s, 0, "K"));
  CHECK(!face_up(s, 0, "J"));  // seat 1's card
  CHECK(!face_up(s, 0, "Q"));  // the third card
  CHECK(face_up(s, 1, "J"));
  CHECK(!face_up(s, 1, "K"));
  CHECK((face_up(s, -1, "K") && face_up(s, -1, "J") && face_up(s, -1, "Q")));
  const S shown = position({"K", "J", "Q"}, "pp");  // a showdown shows both seats' cards, not the third
  CHECK((face_up(shown, 0, "K") && face_up(shown, 0, "J") && !face_up(shown, 0, "Q")));
  CHECK(Kuhn::Presentation::draw(shown, 0).pieces.find("history \"pp\", pot 2") != std::string::npos);
}
