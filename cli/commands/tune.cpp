// `nuraghe tune`: a bot spec's numeric parameters tuned against a pool of opponents by SPSA or the
// cross-entropy method (lib/arena/tune.hpp), then the tuned spec against the untuned one.
#include "cli/command.hpp"
#include "cli/commands.hpp"
#include "cli/options.hpp"

namespace nuraghe {
namespace {

class Tune final : public Command {
 public:
  void add_options(Options& o) override {
    add_game_options(o, common_, true);
    o.option("-b,--bot", bot_, "the bot spec to tune, e.g. ismcts:iters=300").not_empty().required();
    o.option("--opponent", opponents_, "an opponent spec (repeatable; seats are filled from this pool)")
        .not_empty()
        .required();
    o.option("--param", args_.params, "NAME=LOW:HIGH (repeatable)").not_empty().required();
    o.option("--method", args_.method, "spsa or cem").not_empty();
    o.integer("--budget", args_.budget, 1, 1 << 30, "games in all").required();
    o.integer("--games-per-eval", args_.games_per_eval, 1, 1 << 30, "games per evaluation of a candidate").required();
    o.integer("-j,--jobs", args_.arena.jobs, 1, 256, "games played in parallel");
    o.option("--best", args_.best_out, "write the best spec to this file").file();
    o.option("--csv", args_.csv_out, "write the trajectory to this CSV file").file();
    o.flag("--force", args_.force, "replace existing --best and --csv files");
    o.integer("--final-games", args_.final_games, 1, 1 << 30, "games of the final match, tuned and untuned spec each")
        .default_text("a fifth of --budget, at least 10 deals");
  }

  int run() override {
    args_.arena.game = common_.game;
    args_.arena.config = common_.config();
    args_.arena.bots.assign(1, bot_);
    for (const auto& o : opponents_) args_.arena.bots.push_back(o);
    return game_commands(args_.arena.game).tune(args_);
  }

 private:
  Common common_;
  TuneCommand args_;
  std::string bot_;
  std::vector<std::string> opponents_;
};

}  // namespace

extern const CommandEntry tune_command{
    "tune", "tune numeric parameters of a bot spec against opponents (SPSA or cross-entropy)", make_command<Tune>};

}  // namespace nuraghe
