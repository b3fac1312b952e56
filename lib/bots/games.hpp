#pragma once
// The games the command line knows: AllGames, a GameList (core/game_list.hpp) of every game in
// lib/games/games.txt, in that order. CMake generates the header from the list (cmake/games.cmake);
// a new game is a folder and a line there (docs/adding-a-game.md), never an edit here.
//
// Each game's bots (make_bot: random, heuristic and the search in every mode, the largest code a
// game has) and its searching bot's class (MctsBot, which a caller that reads a search's statistics
// names) are compiled once, in a file CMake writes for the game (lib/bots/bot_file.cpp.in, part of
// nuraghe_bots). They are declared here, so that a file over every game links them rather than
// compiling them again (tests/test_arena.cpp compiles in half the time).

#include <cstdint>
#include <memory>
#include <string>

#include "bots/registry.hpp"
#include "games/all_games.hpp"

namespace nuraghe {
#define NURAGHE_BOTS_COMPILED_ONCE(G)                                                                         \
  extern template std::unique_ptr<Bot<G>> make_bot<G>(const std::string&, std::uint64_t, SpecSeeds);          \
  extern template class MctsBot<G>;                                                                           \
  extern template search::SearchResult search::Mcts<G>::search(const RootState<G>&, Player, int, bool, Rng&); \
  extern template search::SearchResult search::Mcts<G>::search(const RootDeterminized<G>&, Player, int, bool, Rng&);
NURAGHE_FOR_EACH_GAME(NURAGHE_BOTS_COMPILED_ONCE)
#undef NURAGHE_BOTS_COMPILED_ONCE
}  // namespace nuraghe
