#pragma once
// The seed a bot is made with. The arena, `play` and self-play derive one for each seat of each game;
// a spec's `seed=` names a stream mixed into it, so that copies of one spec with different seeds are
// equal players (fair tables, lib/arena/tables.hpp), each still drawing new choices in every game.

#include <cstdint>

#include "core/rng.hpp"

namespace nuraghe {

// How a spec's `seed=` meets the seed the caller derives for one seat of one game.
enum class SpecSeeds {
  Streams,  // mixed in: seed= names a stream, the game still chooses where in it a bot starts
  Replace,  // replaces it: files written before (header without "bot_seeds")
};

// The seed a bot is built with: `game_seed` (derived by the caller for a seat of a game) unless the
// spec gives seed=, which is mixed into it (or, under the old rules, replaces it).
inline std::uint64_t bot_seed(std::uint64_t game_seed, bool spec_has_seed, std::uint64_t spec_seed, SpecSeeds rule) {
  if (!spec_has_seed) return game_seed;
  return rule == SpecSeeds::Replace ? spec_seed : hash_combine(game_seed, ~spec_seed);
}

}  // namespace nuraghe
