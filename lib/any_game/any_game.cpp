#include "any_game/any_game.hpp"

#include "bots/games.hpp"

namespace nuraghe {

const AnyGame& any_game(const std::string& name) {
  const AnyGame* found = nullptr;
  AllGames::dispatch(name, [&]<Game G>() {
    found = &any_game_of<G>();
    return 0;
  });
  return *found;
}

}  // namespace nuraghe
