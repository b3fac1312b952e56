#include <doctest/doctest.h>

#include <set>

#include "game_tests.hpp"
#include "games/goofspiel/goofspiel.hpp"
#include "games/goofspiel/presentation.hpp"

using namespace nuraghe;
using S = Goofspiel::State;

namespace {
S position(int players, std::vector<int> prizes, std::vector<std::vector<int>> bids) {
  return testing::position<Goofspiel>(
      {{"players", players}, {"cards", prizes.size()}, {"prizes", prizes}, {"bids", bids}});
}
JointMove joint(std::initializer_list<Move> m) {
  JointMove j{};
  int i = 0;
  for (Move x : m) j[i++] = x;
  return j;
}
}  // namespace

TEST_CASE("setup: every player holds 1..N, the prize deck is a shuffled 1..N") {
  GameConfig c;
  c.players = 3;
  c.options["cards"] = "5";
  c.seed = 42;
  const S s = Goofspiel::initial(c);
  CHECK(s.to_move() == kSimultaneous);
  for (int p = 0; p < 3; ++p) {
    Goofspiel::MoveList moves;
    s.legal_moves(p, moves);
    CHECK(std::vector<Move>(moves.begin(), moves.end()) == std::vector<Move>{1, 2, 3, 4, 5});
  }
  std::vector<int> prizes(s.prizes, s.prizes + 5);
  std::sort(prizes.begin(), prizes.end());
  CHECK(prizes == std::vector<int>{1, 2, 3, 4, 5});
  // Different seeds give different prize orders (13! orders; 20 seeds all equal would be a bug).
  std::set<std::vector<int>> orders;
  for (std::uint64_t seed = 1; seed <= 20; ++seed) {
    c.seed = seed;
    const S t = Goofspiel::initial(c);
    orders.insert(std::vector<int>(t.prizes, t.prizes + 5));
  }
  CHECK(orders.size() > 10);
}

TEST_CASE("bids: the single highest bid wins the face-up prize; the bid cards are spent") {
  S s = position(2, {3, 1, 2}, {{}, {}});
  CHECK(s.face_up_prize() == 3);
  s.apply_joint(joint({2, 1}));
  CHECK(s.points[0] == 3);
  CHECK(s.points[1] == 0);
  CHECK(s.face_up_prize() == 1);
  Goofspiel::MoveList moves;
  s.legal_moves(0, moves);
  CHECK(std::vector<Move>(moves.begin(), moves.end()) == std::vector<Move>{1, 3});
}

TEST_CASE("bids: tied highest bids win nothing, and the prize is discarded") {
  S s = position(3, {3, 1, 2}, {{}, {}, {}});
  s.apply_joint(joint({3, 3, 1}));
  CHECK(s.points[0] == 0);
  CHECK(s.points[1] == 0);
  CHECK(s.points[2] == 0);  // a lower bid never wins, even when the highest bids tie
  CHECK(s.round == 1);
}

TEST_CASE("the end: the game ends when the hands are empty; most points wins, ties share") {
  const S s = position(2, {3, 1, 2}, {{3, 1, 2}, {2, 3, 1}});
  CHECK(s.to_move() == kTerminal);
  CHECK(s.points[0] == 3 + 2);  // 3 beats 2 for prize 3; 2 beats 1 for prize 2
  CHECK(s.points[1] == 1);
  CHECK(s.returns()[0] == 1.0);
  CHECK(s.returns()[1] == 0.0);
  const S tie = position(2, {1, 2}, {{1, 2}, {1, 2}});  // equal bids every round: all prizes discarded
  CHECK(tie.points[0] == tie.points[1]);
  CHECK(tie.returns()[0] == 0.5);
  CHECK(tie.returns()[1] == 0.5);
}

TEST_CASE("information: views show the prizes turned up and the bids, never the rest of the deck") {
  const S s = position(2, {4, 1, 3, 2}, {{4}, {1}});
  const Json v = s.view(0);
  CHECK(v["prizes_seen"] == Json::array({4, 1}));
  CHECK(json_text(v).find("prizes\"") == std::string::npos);
  CHECK(s.view(0) == s.view(1));  // nothing private in Goofspiel
  Rng rng(3);
  std::set<std::vector<int>> rest;
  for (int i = 0; i < 100; ++i) {
    const S d = s.determinize(0, rng);
    CHECK(d.prizes[0] == 4);
    CHECK(d.prizes[1] == 1);
    rest.insert({d.prizes[2], d.prizes[3]});
  }
  CHECK(rest.size() == 2);  // both orders of the unseen {2, 3}
}

TEST_CASE("information: the joint observation shows all bids and the next prize") {
  const S a = position(2, {4, 1, 3, 2}, {{}, {}});
  const S b = position(2, {4, 3, 1, 2}, {{}, {}});
  CHECK(Goofspiel::observe_joint(a, joint({4, 1}), 0) != Goofspiel::observe_joint(b, joint({4, 1}), 0));
  CHECK(Goofspiel::observe_joint(a, joint({4, 1}), 0) != Goofspiel::observe_joint(a, joint({4, 2}), 0));
  CHECK(Goofspiel::observe_joint(a, joint({4, 1}), 0) == Goofspiel::observe_joint(a, joint({4, 1}), 1));
}

TEST_CASE("positions and options: bad input is rejected") {
  CHECK_THROWS_AS(position(2, {1, 1, 2}, {{}, {}}), InputError);          // not a permutation
  CHECK_THROWS_AS(position(2, {1, 2, 3}, {{1, 1}, {2, 3}}), InputError);  // card 1 bid twice
  CHECK_THROWS_AS(position(2, {1, 2, 3}, {{1}, {}}), InputError);         // rounds disagree
  CHECK_THROWS_AS(position(2, {1, 2, 3}, {{4}, {1}}), InputError);        // no card 4
  CHECK_THROWS_AS(position(2, {1, 2, 3}, {{1}}), InputError);             // a player's bids missing
  GameConfig c;
  c.options["cards"] = "17";
  CHECK_THROWS_AS(Goofspiel::initial(c), InputError);
  c.options["cards"] = "x";
  CHECK_THROWS_AS(Goofspiel::initial(c), InputError);
  c.options = {{"deck", "3"}};
  CHECK_THROWS_AS(Goofspiel::initial(c), InputError);
  c.options.clear();
  c.players = 6;
  CHECK_THROWS_AS(Goofspiel::initial(c), InputError);
  CHECK_THROWS_AS(Goofspiel::parse_move(Goofspiel::initial({}), 0, "14"), InputError);
}

TEST_CASE("tensors: the action is the card's value - 1; the observation shows the table, never the unseen prizes") {
  const auto observation = [](const S& s, Player p) {
    std::vector<float> out(std::size_t(Goofspiel::observation_size(s)));
    Goofspiel::observation(s, p, out.data());
    return out;
  };
  const S s = position(2, {3, 1, 4, 2}, {{}, {}}), other_deck = position(2, {3, 2, 1, 4}, {{}, {}});
  CHECK(Goofspiel::num_actions(s) == 4);
  CHECK(Goofspiel::action_index(s, 4) == 3);
  CHECK(Goofspiel::action_move(s, 0) == 1);
  // Face-up prize 3, no prize gone; seat p's hand and points, then the other seat's.
  REQUIRE(Goofspiel::observation_size(s) == 18);
  CHECK(observation(s, 0) == std::vector<float>{0, 0, 1, 0, 0, 0, 0, 0, 1, 1, 1, 1, 0, 1, 1, 1, 1, 0});
  CHECK(observation(s, 0) == observation(other_deck, 0));  // the prizes after the face-up one are unseen
  S after = s;
  after.apply_joint(joint({4, 2}));  // seat 0 wins the 3
  // Prize 1 face up, prize 3 gone; seat 1 first, without its 2; seat 0 without its 4, with 3 of 10 points.
  CHECK(observation(after, 1) == std::vector<float>{1, 0, 0, 0, 0, 0, 1, 0, 1, 0, 1, 1, 0, 1, 1, 1, 0, 0.3f});
}

TEST_CASE("draw: the face-up prize and the hands are shown, the prizes to come only to the observer -1") {
  const S s = position(2, {4, 1, 3, 2}, {{4}, {1}});
  // Round 2: prize 1 face up, 3 and 2 face down (a card's back is a filled rect without a label).
  const std::string seat = Goofspiel::Presentation::draw(s, 0).pieces,
                    all = Goofspiel::Presentation::draw(s, -1).pieces;
  const std::string prizes = seat.substr(0, seat.find("</g>"));
  CHECK(prizes.find(">1</text>") != std::string::npos);
  CHECK(prizes.find(">3</text>") == std::string::npos);
  CHECK(prizes.find(">2</text>") == std::string::npos);
  const std::string all_prizes = all.substr(0, all.find("</g>"));
  CHECK(all_prizes.find(">1</text><rect") != std::string::npos);
  CHECK(all_prizes.find(">3</text><rect") != std::string::npos);
  CHECK(all_prizes.find(">2</text>") != std::string::npos);
  // Seat 0 bid 4 and won it: 4 points, hand 1 2 3; seat 1 bid 1: hand 2 3 4.
  CHECK(seat.find(">4 points</text>") != std::string::npos);
  CHECK(seat.find(">bid 4</text>") != std::string::npos);
  CHECK(seat.find(">bid 1</text>") != std::string::npos);
  CHECK(Goofspiel::Presentation::draw(s, 1).pieces == seat);  // nothing private in Goofspiel
}
