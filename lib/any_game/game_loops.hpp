#pragma once
// The loop over whole games that every caller of a game's tournaments shares, compiled once per
// game: a tournament (run_arena, lib/arena/arena.hpp), which AnyGame::arena and the commands arena,
// tune and improve play. Each game's is instantiated in the file CMake writes for the game
// (lib/any_game/game_file.cpp.in) beside its AnyGame, and declared here to every file that plays
// tournaments over all the games, which links it from there instead of compiling it again.

#include "arena/arena.hpp"
#include "bots/games.hpp"

namespace nuraghe {
#define NURAGHE_ARENA_COMPILED_ONCE(G) \
  extern template ArenaRun run_arena<G>(const ArenaSettings&, const ArenaRunOptions&, const BotMaker<G>&);
NURAGHE_FOR_EACH_GAME(NURAGHE_ARENA_COMPILED_ONCE)
#undef NURAGHE_ARENA_COMPILED_ONCE
}  // namespace nuraghe
