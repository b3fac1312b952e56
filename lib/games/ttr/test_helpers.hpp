#pragma once
// What the Ticket to Ride test files of this folder share: card counts, the Sardinia map's routes by their ends, and
// states at the first turn or in play.

#include <doctest/doctest.h>

#include <array>
#include <cstdint>
#include <numeric>
#include <string_view>

#include "games/ttr/state.hpp"

namespace nuraghe::ttr::test {

inline int total(const Cards& c) { return std::accumulate(c.begin(), c.end(), 0); }
inline int total(const Materials& m) { return std::accumulate(m.begin(), m.end(), 0); }

// Every train card is somewhere: hands, deck, discards, face up.
inline int train_cards(const State& s) {
  int n = s.train_size + total(s.train_discards);
  for (int p = 0; p < s.players; ++p) n += total(s.cards[std::size_t(p)]);
  for (const auto k : s.face_up) n += k < kCardKinds;
  return n;
}
inline int materials_cards(const State& s) {
  int n = s.materials_size + total(s.materials_discards);
  for (int p = 0; p < s.players; ++p) n += total(s.materials[std::size_t(p)]);
  return n;
}

// A state at the first turn whose face-up cards are `up` (kinds; the deck keeps its cards).
inline State at_turn(std::array<int, kFaceUp> up, std::uint64_t seed = 1) {
  State s = State::setup(Map::sardinia(), 2, {}, seed);
  s.phase = Phase::Turn;
  for (int i = 0; i < kFaceUp; ++i) s.face_up[std::size_t(i)] = std::uint8_t(up[std::size_t(i)]);
  return s;
}
inline constexpr int red = int(Colour::Red), blue = int(Colour::Blue), green = int(Colour::Green);

inline const Map& sardinia() { return Map::sardinia(); }
inline int route_id(std::string_view a, std::string_view b, bool second = false) {
  const Map& m = sardinia();
  for (int r = 0; r < m.num_routes; ++r) {
    const Route& x = m.routes[std::size_t(r)];
    const bool ends = (m.city_id[x.a] == a && m.city_id[x.b] == b) || (m.city_id[x.a] == b && m.city_id[x.b] == a);
    if (ends && x.second == second) return r;
  }
  FAIL("no such route");
  return -1;
}
inline State playing(int players, std::uint64_t seed = 3) {
  State s = State::setup(sardinia(), players, {}, seed);
  std::array<std::uint64_t, kMaxSeats> keep{};
  for (int p = 0; p < players; ++p) keep[std::size_t(p)] = s.offered[std::size_t(p)];  // keep all four
  s.keep_setup_tickets(keep);
  return s;
}

}  // namespace nuraghe::ttr::test
