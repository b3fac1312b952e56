// Ticket to Ride's action and observation vectors (docs/rules-ttr.md, "Action and observation
// vectors"); the invariant suite checks the contract along random games.
#include <doctest/doctest.h>

#include <bit>
#include <vector>

#include "games/ttr/ttr.hpp"

using namespace nuraghe;
using ttr::MoveKind;

namespace {

std::vector<float> observation(const Ttr::State& s, Player p) {
  std::vector<float> out(std::size_t(Ttr::observation_size(s)));
  Ttr::observation(s, p, out.data());
  return out;
}

}  // namespace

TEST_CASE("tensors: the claims, the stations, then the draws, keeps and the pass, numbered once per map") {
  const Ttr::State s = Ttr::initial({});
  const ttr::Map& m = s.board();
  const int n = Ttr::num_actions(s);
  CHECK(n == 2665);
  CHECK(Ttr::observation_size(s) == 546);
  // The last 33 actions: the face-up kinds, the deck, the Materials draws, the tickets, 15 keeps, the pass.
  CHECK(Ttr::action_move(s, n - 1) == ttr::make_move(MoveKind::Pass));
  CHECK(Ttr::action_move(s, n - 2) == ttr::make_move(MoveKind::Keep, 15));
  CHECK(Ttr::action_move(s, n - 33) == ttr::make_move(MoveKind::DrawFaceUp, 0));
  // Before them 27 station payments per city, and before those the claims, route by route.
  CHECK(Ttr::action_move(s, n - 33 - 27 * m.num_cities) == ttr::make_station(0, ttr::Payment{0, 1, 0, 0, 0}));
  CHECK(ttr::route_of(Ttr::action_move(s, 0)) == 0);
  CHECK(ttr::kind_of(Ttr::action_move(s, n - 34 - 27 * m.num_cities)) == MoveKind::Claim);
  for (int a = 0; a < n; ++a) CHECK(Ttr::action_index(s, Ttr::action_move(s, a)) == a);  // one move each
}

TEST_CASE("tensors: a seat observes its own cards and tickets; the others' only as counts") {
  const Ttr::State s = Ttr::initial({});
  // Seat 0 holds another card in place of one of its cards, and another ticket offered.
  Ttr::State other = s;
  const auto kind = [&](bool held) {
    for (int k = 0; k < ttr::kCardKinds; ++k)
      if ((other.cards[0][std::size_t(k)] > 0) == held) return std::size_t(k);
    return std::size_t(0);
  };
  const std::size_t held = kind(true), not_held = kind(false);
  --other.cards[0][held], ++other.cards[0][not_held];
  CHECK(observation(other, 1) == observation(s, 1));
  CHECK(observation(other, 0) != observation(s, 0));
  Ttr::State offered = s;
  const std::uint64_t low = offered.offered[0] & (0 - offered.offered[0]);
  const int free_ticket = std::countr_one(s.offered[0] | s.offered[1] | s.tickets[0] | s.tickets[1]);
  offered.offered[0] = (offered.offered[0] & ~low) | std::uint64_t(1) << free_ticket;
  CHECK(observation(offered, 1) == observation(s, 1));
  CHECK(observation(offered, 0) != observation(s, 0));
}
