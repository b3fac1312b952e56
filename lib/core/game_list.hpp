#pragma once
// A list of game types, and dispatch from a game's name to compile-time code over that game.
// The list of every game, AllGames, is generated from lib/games/games.txt (lib/bots/games.hpp).

#include <array>
#include <cstddef>
#include <string>
#include <string_view>
#include <tuple>

#include "core/error.hpp"
#include "core/game.hpp"

namespace nuraghe {

template <std::size_t N>
constexpr bool distinct_names(const std::array<std::string_view, N>& names) {
  for (std::size_t i = 0; i < N; ++i)
    for (std::size_t j = 0; j < i; ++j)
      if (names[i] == names[j]) return false;
  return true;
}

template <Game... Gs>
struct GameList {
  static constexpr int kSize = int(sizeof...(Gs));
  using Types = std::tuple<Gs...>;  // for doctest's TEST_CASE_TEMPLATE_APPLY and type computations

  // dispatch finds a game by name: a second game of one name would be hidden.
  static_assert(distinct_names(std::array<std::string_view, sizeof...(Gs)>{Gs::kName...}),
                "two games of one GameList share a kName");

  // Calls f.template operator()<G>() for the game named `name`; InputError if there is none.
  template <class F>
  static int dispatch(std::string_view name, F&& f) {
    int result = 0;
    const bool found = ((name == Gs::kName ? (result = f.template operator()<Gs>(), true) : false) || ...);
    if (!found) input_error("unknown game \"" + std::string(name) + "\" (known: " + names() + ")");
    return result;
  }
  // Calls f.template operator()<G>() for every game, in list order.
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

}  // namespace nuraghe
