#pragma once
// The games the command line knows: AllGames, a GameList (core/game_list.hpp) of every game in
// lib/games/games.txt, in that order. CMake generates the header from the list (cmake/games.cmake);
// a new game is a folder and a line there (docs/adding-a-game.md), never an edit here.

#include "games/all_games.hpp"
