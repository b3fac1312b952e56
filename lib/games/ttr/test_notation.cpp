// Ticket to Ride's moves as text: each parses back to itself, a payment in any order (docs/rules-ttr.md, Notation).
#include <doctest/doctest.h>

#include <set>
#include <string>
#include <vector>

#include "core/error.hpp"
#include "games/ttr/notation.hpp"
#include "games/ttr/state.hpp"
#include "games/ttr/test_helpers.hpp"

using namespace nuraghe::ttr;
using namespace nuraghe::ttr::test;

TEST_CASE("notation: every legal move's text parses back to it, is unique, and holds no ',' or ';'") {
  nuraghe::Rng rng(5);
  long checked = 0;
  for (int game = 0; game < 12; ++game) {
    const int players = 2 + game % 4;
    State s = State::setup(sardinia(), players, {}, std::uint64_t(100 + game));
    MoveList moves;
    while (s.to_move() != nuraghe::kTerminal) {
      if (s.to_move() == nuraghe::kSimultaneous) {
        nuraghe::JointMove joint{};
        for (int p = 0; p < players; ++p) {
          s.legal_moves(p, moves);
          joint[std::size_t(p)] = moves[rng.below(std::uint32_t(moves.size()))];
        }
        s.apply_joint(joint);
        continue;
      }
      const nuraghe::Player seat = s.to_move();
      s.legal_moves(moves);
      std::set<std::string> texts;
      for (const nuraghe::Move m : moves) {
        const std::string t = move_text(s, seat, m);
        CHECK(t.find_first_of(",;") == std::string::npos);
        CHECK(texts.insert(t).second);
        CHECK(parse_move_text(s, seat, t) == m);
        CHECK(parse_move_text(s, seat, "  " + t + " ") == m);
        ++checked;
      }
      s.apply(moves[rng.below(std::uint32_t(moves.size()))]);
    }
  }
  MESSAGE(checked << " move texts parsed back");
  State s = playing(2);
  CHECK_THROWS_AS(parse_move_text(s, 0, "claim roma~napoli red2"), nuraghe::InputError);
  CHECK_THROWS_AS(parse_move_text(s, 1, "draw deck"), nuraghe::InputError);  // not its turn
}

TEST_CASE("notation: notation.hpp's examples of claims, stations and draws read as written") {
  State s = playing(2);
  s.cards[0] = {};
  s.cards[0][std::size_t(Colour::Red)] = 3, s.cards[0][kLocomotive] = 1;
  s.materials[0] = {0, 0, 1, 1, 0};
  const nuraghe::Move m = parse_move_text(s, 0, "claim sorgono~nuoro red2+loco1+railway+stones");
  CHECK(kind_of(m) == MoveKind::Claim);
  CHECK(route_of(m) == route_id("sorgono", "nuoro"));
  CHECK(move_text(s, 0, m) == "claim sorgono~nuoro red2+loco1+railway+stones");
  CHECK(parse_move_text(s, 0, "claim  sorgono~nuoro stones+loco1+railway+red2") == m);  // any order of the cards
  CHECK(parse_move_text(s, 0, "station sassari red1") ==
        make_station(sardinia().city("sassari"), Payment{std::uint8_t(Colour::Red), 1, 0, 0, 0}));
  CHECK(parse_move_text(s, 0, "draw deck") == make_move(MoveKind::DrawDeck));
  CHECK(parse_move_text(s, 0, "draw materials") == make_move(MoveKind::DrawMaterials));
  CHECK(parse_move_text(s, 0, "draw tickets") == make_move(MoveKind::DrawTickets));
}

TEST_CASE("notation: a payment's parts in any order are one move (docs/rules-ttr.md, Notation)") {
  State s = playing(2);
  s.cards[0] = {};
  s.cards[0][std::size_t(Colour::Red)] = 3, s.cards[0][kLocomotive] = 1;
  s.materials[0] = {0, 0, 1, 1, 0};
  const nuraghe::Move m = parse_move_text(s, 0, "claim sorgono~nuoro red2+loco1+railway+stones");
  std::vector<std::string> parts = {"loco1", "railway", "red2", "stones"};
  int orders = 0;
  do {
    const std::string text = "claim sorgono~nuoro " + parts[0] + "+" + parts[1] + "+" + parts[2] + "+" + parts[3];
    CAPTURE(text);
    CHECK(parse_move_text(s, 0, text) == m);
    ++orders;
  } while (std::next_permutation(parts.begin(), parts.end()));
  CHECK(orders == 24);
  // The parts are the payment's, each once: one left out or one twice is no move.
  CHECK_THROWS_AS(parse_move_text(s, 0, "claim sorgono~nuoro stones+red2+loco1"), nuraghe::InputError);
  CHECK_THROWS_AS(parse_move_text(s, 0, "claim sorgono~nuoro stones+red2+loco1+railway+stones"), nuraghe::InputError);
  s.stations[0] = std::uint64_t(1) << sardinia().city("sassari");  // the second station costs 2 cards
  CHECK(parse_move_text(s, 0, "station oristano loco1+red1") == parse_move_text(s, 0, "station oristano red1+loco1"));
  // A keep names the offered tickets in any order too.
  const State setup = State::setup(sardinia(), 2, {}, 3);
  CHECK(parse_move_text(setup, 0, "keep 3+1") == parse_move_text(setup, 0, "keep 1+3"));
  CHECK(parse_move_text(setup, 1, "keep 4+2+1") == parse_move_text(setup, 1, "keep 1+2+4"));
}
