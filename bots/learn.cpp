// `nuraghe learn` (bots/learn.hpp): the arguments checked and the self-play data read, then the game's
// own fit (bots/learn_game.hpp).
#include "bots/learn.hpp"

#include "bots/any_game.hpp"
#include "bots/learn_game.hpp"
#include "core/files.hpp"

namespace nuraghe {

int run_learn_command(const LearnCommand& c) {
  if (c.model != "linear" && c.model != "logistic" && c.model != "mlp")
    input_error("learn: --model must be linear, logistic or mlp, not \"" + c.model + "\"");
  if (c.target != "returns" && c.target != "search-value")
    input_error("learn: --target must be returns or search-value, not \"" + c.target + "\"");
  check_output_path(c.out, "--out", c.force);
  if (!c.curve.empty()) {
    check_output_path(c.curve, "--curve", c.force);
    if (same_file(c.curve, c.out)) input_error("learn: --curve and --out name one file");
  }
  for (std::size_t i = 0; i < c.data.size(); ++i)
    for (std::size_t j = 0; j < i; ++j)
      if (same_file(c.data[i], c.data[j]))  // its rows would count twice
        input_error("learn: --data \"" + c.data[i] + "\" is given twice (as \"" + c.data[j] + "\")");
  commands::Data d;
  for (std::size_t i = 0; i < c.data.size(); ++i) commands::read_folder(c, int(i), d);
  d.fill_samples();
  if (d.samples.x.rows() == 0)
    input_error("learn: the --data folders hold no rows with a " + c.target + " target" +
                (c.target == "search-value" ? " (were the seats' bots searching ones?)" : ""));
  return any_game(d.id.game).commands().learn(c, d);
}

}  // namespace nuraghe
