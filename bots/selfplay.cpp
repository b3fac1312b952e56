// `nuraghe selfplay` (bots/selfplay.hpp): its arguments checked, then the game's own command (bots/selfplay_game.hpp).
#include "bots/selfplay.hpp"

#include "bots/any_game.hpp"
#include "core/error.hpp"

namespace nuraghe {

int run_selfplay_command(const SelfplaySettings& s) {
  if (s.every < 1) input_error("selfplay: --every must be at least 1");
  if (s.chunk_games < 1) input_error("selfplay: --chunk must be at least 1");
  return any_game(s.game).commands().selfplay(s);
}

}  // namespace nuraghe
