#pragma once
// The games the command line knows, and dispatch from a game name to compile-time code.

#include <string>
#include <string_view>

#include "core/error.hpp"
#include "games/connect4/connect4.hpp"
#include "games/goofspiel/goofspiel.hpp"
#include "games/kuhn/kuhn.hpp"
#include "games/sardegna/sardegna.hpp"
#include "games/tictactoe/tictactoe.hpp"

namespace nuraghe {

template <Game... Gs>
struct GameList {
  // Calls f.template operator()<G>() for the game named `name`; InputError if there is none.
  template <class F>
  static int dispatch(std::string_view name, F&& f) {
    int result = 0;
    const bool found = ((name == Gs::kName ? (result = f.template operator()<Gs>(), true) : false) || ...);
    if (!found) input_error("unknown game \"" + std::string(name) + "\" (known: " + names() + ")");
    return result;
  }
  template <class F>
  static void for_each(F&& f) {
    (f.template operator()<Gs>(), ...);
  }
  static std::string names() {
    std::string s;
    ((s += (s.empty() ? "" : ", ") + std::string(Gs::kName)), ...);
    return s;
  }
};

using AllGames = GameList<Sardegna, TicTacToe, Connect4, Goofspiel, Kuhn>;

}  // namespace nuraghe
