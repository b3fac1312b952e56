// `nuraghe learn` (cli/commands/learn.hpp): the arguments checked and the self-play data read, then the game's
// own fit (cli/commands/learn_game.hpp).
#include "cli/commands/learn.hpp"

#include "any_game/any_game.hpp"
#include "cli/command.hpp"
#include "cli/commands.hpp"
#include "cli/commands/learn_game.hpp"
#include "cli/options.hpp"
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
  return game_commands(d.id.game).learn(c, d);
}

namespace {

class Learn final : public Command {
 public:
  void add_options(Options& o) override {
    o.option("--data", args_.data, "a self-play folder (repeatable; one game, options, map and seat count)")
        .file()
        .required();
    o.option("--model", args_.model, "linear (ridge regression), logistic or mlp").not_empty();
    o.option("--target", args_.target, "returns (the games' outcomes) or search-value (the searches' root values)")
        .not_empty();
    o.option("--out", args_.out, "the model file to write (JSON)").file().required();
    o.option("--curve", args_.curve, "also write a learning curve (CSV) to this file").file();
    o.seed("-s,--seed", args_.seed, "seed of the held-out deals, the folds and the MLP's training");
    o.option("--hidden", hidden_, "the MLP's hidden layers: one or two sizes, e.g. 64 or 64,32").not_empty();
    o.integer("--epochs", args_.epochs, 1, 100000, "the MLP's most epochs (early stopping may end sooner)");
    o.integer("--threads", args_.threads, 1, 256, "threads of the fit (the model is the same to 1e-9)");
    o.real("--held-out", args_.held_out, 0.05, 0.5, "the share of deals held out for the figures");
    o.integer("--determinizations", args_.determinizations, 1, 1000,
              "determinizations a seat for the hand-written evaluation's figures (and input)");
    o.flag("--with-evaluate", args_.with_evaluate,
           "one more input: the logit of the game's hand-written evaluation of the seat");
    o.flag("--force", args_.force, "replace existing --out and --curve files");
  }

  int run() override {
    args_.hidden = hidden_sizes(hidden_);
    return run_learn_command(args_);
  }

 private:
  LearnCommand args_;
  std::string hidden_ = "64";
};

}  // namespace

extern const CommandEntry learn_command{
    "learn", "fit a value function on self-play data (selfplay --out) and write it as a model file for eval=",
    make_command<Learn>};

}  // namespace nuraghe
