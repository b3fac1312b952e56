// `nuraghe improve` (bots/improve.hpp): its arguments checked, then the game's own command (bots/improve_game.hpp).
#include "bots/improve.hpp"

#include "bots/commands.hpp"
#include "core/error.hpp"

namespace nuraghe {

int run_improve_command(const ImproveCommand& c) {
  if (c.generations < 1) input_error("improve: --generations must be at least 1");
  return commands_of(c.game).improve(c);
}

}  // namespace nuraghe
