// `nuraghe improve` (bots/improve.hpp): its arguments checked, then the game's own command (bots/improve_game.hpp).
#include "bots/improve.hpp"

#include "bots/any_game.hpp"
#include "core/error.hpp"

namespace nuraghe {

int run_improve_command(const ImproveCommand& c) {
  if (c.generations < 1) input_error("improve: --generations must be at least 1");
  return any_game(c.game).commands().improve(c);
}

}  // namespace nuraghe
