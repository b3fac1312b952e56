// `nuraghe improve` (cli/commands/improve.hpp): its arguments checked, then the game's own command
// (cli/commands/improve_game.hpp).
#include "cli/commands/improve.hpp"

#include <algorithm>

#include "any_game/any_game.hpp"
#include "cli/cli.hpp"
#include "cli/command.hpp"
#include "cli/commands.hpp"
#include "cli/options.hpp"
#include "core/error.hpp"

namespace nuraghe {

int run_improve_command(const ImproveCommand& c) {
  // Every setting before any game: learn would refuse these only after a generation's self-play.
  if (c.generations < 1) input_error("improve: --generations must be at least 1");
  if (c.model != "linear" && c.model != "logistic" && c.model != "mlp")
    input_error("improve: --model must be linear, logistic or mlp, not \"" + c.model + "\"");
  if (c.hidden.empty() || c.hidden.size() > 2 || *std::min_element(c.hidden.begin(), c.hidden.end()) < 1)
    input_error("improve: --hidden must be one or two layer sizes of at least 1");
  return game_commands(c.game).improve(c);
}

namespace {

class Improve final : public Command {
 public:
  void add_options(Options& o) override {
    add_game_options(o, common_, true);
    o.option("-b,--bot", args_.bot,
             "the searching bot improved (improve adds eval=, and cutoff=leaf "
             "where it has no cutoff)")
        .not_empty()
        .required();
    o.integer("--generations", args_.generations, 1, 10000, "generations to play").required();
    o.integer("-n,--games", args_.games, 2, 1 << 30, "self-play games a generation (even)").required();
    o.integer("--every", args_.every, 1, 1 << 20, "self-play rows every k-th decision");
    o.option("--model", args_.model, "linear, logistic or mlp").not_empty();
    o.option("--hidden", hidden_, "the MLP's hidden layers, e.g. 64 or 64,32").not_empty();
    o.flag("--with-evaluate", args_.with_evaluate,
           "the models also read the game's hand-written evaluation (learn --with-evaluate)");
    o.real("--elo1", args_.elo1, 0.5, 1000, "the gate's SPRT H1 (elo0 = 0, alpha = beta = 0.05)");
    o.integer("--max-deals", args_.max_deals, 1, 1 << 20,
              "the gate's most deals (pairs of games); undecided, it rejects");
    o.option("--reference", args_.reference, "the fixed bot each generation's best is rated against").not_empty();
    o.integer("--reference-games", args_.reference_games, 2, 1 << 30,
              "games against the reference a generation (even)");
    o.integer("-j,--jobs", args_.jobs, 1, 256, "games played in parallel");
    o.option("--out", args_.out, "the run's folder; an existing one of this run is resumed").file().required();
  }

  int run() override {
    args_.game = common_.game;
    args_.config = common_.config();
    args_.hidden = hidden_sizes(hidden_);
    args_.version = version();
    return run_improve_command(args_);
  }

 private:
  Common common_;
  ImproveCommand args_;
  std::string hidden_ = "64";
};

}  // namespace

extern const CommandEntry improve_command{
    "improve", "generations of self-play, fit and an SPRT gate: a bot's learned evaluation, kept while it wins",
    make_command<Improve>};

}  // namespace nuraghe
