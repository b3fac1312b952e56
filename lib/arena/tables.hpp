#pragma once
// Fair tables: in which seatings a deal is played, and which random stream each seat's bot draws.
//
// A tournament is fair when identical players get identical expected results whatever their seeds,
// names and order. Two things spoil that at a table of three or more seats, and both are fixed here:
// - Neighbours. Turn order is a circle, so who sits directly after whom matters (the seat after a
//   strong player finds the cards or areas it leaves). Rotating the bots only keeps every bot after
//   the same neighbour; a deal is therefore played in a *balanced set* of seatings, in which every
//   bot sits in every seat equally often and directly after every other bot equally often.
// - Frozen streams. A spec's `seed=` used to replace the seed the arena derives for a seat of a
//   game, so the bot made the same "random" choices in every game: one fixed sample of a random
//   policy, stronger or weaker than another sample. It now names a stream mixed into that seed
//   (lib/bots/bot_seeds.hpp, where a bot is made).
// Files written before these rules say so by lacking the header fields that name them (arena.hpp,
// put_table_rules); they are read, resumed and replayed under the rules they were played with
// (TableRules::legacy()).

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "bots/bot_seeds.hpp"
#include "core/rng.hpp"

namespace nuraghe {

// Which seatings the games of one deal use.
enum class Seatings {
  Balanced,   // every seat and every "directly after" equally often (header "seatings": "balanced")
  Rotations,  // the bots rotated one seat a game: files written before (header without "seatings")
};

struct TableRules {
  Seatings seatings = Seatings::Balanced;
  SpecSeeds seeds = SpecSeeds::Streams;
  static constexpr TableRules legacy() { return {Seatings::Rotations, SpecSeeds::Replace}; }
  bool operator==(const TableRules&) const = default;
};

// ---- balanced seatings ------------------------------------------------------------------------
//
// A seating is a permutation: seating[s] is the index of the bot in seat s. Seat s + 1 (mod n)
// moves directly after seat s, at every table size.
//
// For a prime number of seats (2, 3, 5) the set is the n - 1 "step" circles, each in its n
// rotations: seat s holds bot (r + s * d) mod n for step d in 1..n-1 and rotation r in 0..n-1. Each
// circle puts bot b + d directly after bot b, so over the steps every bot follows every other once
// per rotation, and the rotations put every bot in every seat once per step. That is n (n - 1)
// seatings: the two rotations at 2 seats, all six orders at 3, twenty at 5. Step 1 alone is the old
// rotation, so at 2 seats nothing changed.
//
// At 4 seats, step 2 is not a circle, and no set of three circles covers every "directly after"
// once (the complete directed graph on four vertices has no decomposition into Hamiltonian cycles,
// Tillson 1980). The set below, found by exhaustive search, uses each of the six circular orders of
// four bots twice, each time in another rotation: 12 seatings, each bot three times in each seat
// and four times directly after each other bot. tests/test_arena.cpp checks both properties at
// every size.
inline constexpr std::array<std::array<int, 4>, 12> kBalancedSeatings4 = {{
    {0, 1, 2, 3},
    {1, 2, 3, 0},
    {0, 1, 3, 2},
    {3, 2, 0, 1},
    {1, 3, 0, 2},
    {3, 0, 2, 1},
    {2, 3, 1, 0},
    {1, 0, 2, 3},
    {0, 3, 1, 2},
    {2, 0, 3, 1},
    {3, 2, 1, 0},
    {2, 1, 0, 3},
}};

// The games of one deal: n (n - 1) balanced seatings, or n rotations under the old rules.
inline int seatings_per_deal(int seats, Seatings rule) {
  if (seats < 2 || rule == Seatings::Rotations) return seats;
  return seats * (seats - 1);
}

// Seating `k` (0 .. seatings_per_deal - 1) of a deal.
inline std::vector<int> seating_of(int k, int seats, Seatings rule) {
  std::vector<int> seat_bot(std::size_t(seats), 0);
  if (seats == 4 && rule == Seatings::Balanced) {
    for (int s = 0; s < 4; ++s) seat_bot[std::size_t(s)] = kBalancedSeatings4[std::size_t(k)][std::size_t(s)];
    return seat_bot;
  }
  // The step circles (prime seat counts), of which the old rotations are step 1.
  const int rotation = k % seats, step = k / seats + 1;
  for (int s = 0; s < seats; ++s) seat_bot[std::size_t(s)] = (rotation + s * step) % seats;
  return seat_bot;
}

// Game g of a tournament: deal g / set, seating g % set.
inline int deal_of_game(int game, int seats, Seatings rule) { return game / seatings_per_deal(seats, rule); }
inline std::vector<int> seating_of_game(int game, int seats, Seatings rule) {
  return seating_of(game % seatings_per_deal(seats, rule), seats, rule);
}

// The seeds: a deal's (shared by its seatings: the same cards, the same luck) and the bot's in seat
// s of game g. A bot's own randomness differs between the seatings of a deal (two copies of one
// deterministic bot would otherwise replay one game in every seating).
inline std::uint64_t arena_deal_seed(std::uint64_t tournament_seed, int deal) {
  return hash_combine(tournament_seed, std::uint64_t(deal));
}
inline std::uint64_t arena_bot_seed(std::uint64_t deal_seed, int seating, int s) {
  return hash_combine(hash_combine(deal_seed, std::uint64_t(seating) + 1), std::uint64_t(s) + 1);
}

}  // namespace nuraghe
