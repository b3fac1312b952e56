// `nuraghe improve` (bots/improve.hpp): its arguments checked, then the game's own command (bots/improve_game.hpp).
#include "bots/improve.hpp"

#include <algorithm>

#include "bots/any_game.hpp"
#include "core/error.hpp"

namespace nuraghe {

int run_improve_command(const ImproveCommand& c) {
  // Every setting before any game: learn would refuse these only after a generation's self-play.
  if (c.generations < 1) input_error("improve: --generations must be at least 1");
  if (c.model != "linear" && c.model != "logistic" && c.model != "mlp")
    input_error("improve: --model must be linear, logistic or mlp, not \"" + c.model + "\"");
  if (c.hidden.empty() || c.hidden.size() > 2 || *std::min_element(c.hidden.begin(), c.hidden.end()) < 1)
    input_error("improve: --hidden must be one or two layer sizes of at least 1");
  return any_game(c.game).commands().improve(c);
}

}  // namespace nuraghe
