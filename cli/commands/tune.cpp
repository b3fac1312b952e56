// `nuraghe tune`: a bot spec's numeric parameters tuned against a pool of opponents by SPSA or the
// cross-entropy method (lib/arena/tune.hpp), then the tuned spec against the untuned one.
#include <CLI/CLI.hpp>

#include "cli/command.hpp"
#include "cli/commands.hpp"
#include "cli/options.hpp"

namespace nuraghe {
namespace {

class Tune final : public Command {
 public:
  void add_options(CLI::App& sub) override {
    add_game_options(&sub, common_, true);
    sub.add_option("-b,--bot", bot_, "the bot spec to tune, e.g. ismcts:iters=300")->check(kNotEmpty)->required();
    sub.add_option("--opponent", opponents_, "an opponent spec (repeatable; seats are filled from this pool)")
        ->check(kNotEmpty)
        ->required();
    sub.add_option("--param", args_.params, "NAME=LOW:HIGH (repeatable)")->check(kNotEmpty)->required();
    sub.add_option("--method", args_.method, "spsa or cem")->check(kNotEmpty);
    add_integer(&sub, "--budget", args_.budget, 1, 1 << 30, "games in all")->required();
    add_integer(&sub, "--games-per-eval", args_.games_per_eval, 1, 1 << 30, "games per evaluation of a candidate")
        ->required();
    add_integer(&sub, "-j,--jobs", args_.arena.jobs, 1, 256, "games played in parallel");
    sub.add_option("--best", args_.best_out, "write the best spec to this file")->check(kFileName);
    sub.add_option("--csv", args_.csv_out, "write the trajectory to this CSV file")->check(kFileName);
    sub.add_flag("--force", args_.force, "replace existing --best and --csv files");
    add_integer(&sub, "--final-games", args_.final_games, 1, 1 << 30,
                "games of the final match, tuned and untuned spec each")
        ->default_str("a fifth of --budget, at least 10 deals");
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
