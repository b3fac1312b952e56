// `nuraghe arena`: a tournament of duplicate deals in balanced seatings (lib/arena/arena.hpp), its
// results file resumed, and its table of wins, scores, ranks and Elo with intervals over deals.
#include <CLI/CLI.hpp>

#include "cli/command.hpp"
#include "cli/commands.hpp"
#include "cli/options.hpp"

namespace nuraghe {
namespace {

class Arena final : public Command {
 public:
  void add_options(CLI::App& sub) override {
    add_game_options(&sub, common_, true);
    sub.add_option("--bots", bots_, "bot specs, one per seat, separated by commas")->check(kNotEmpty);
    sub.add_option("-b,--bot", bot_, "a bot spec (repeatable, one per seat)")->check(kNotEmpty);
    add_integer(&sub, "-n,--games", args_.settings.games, 1, 1 << 30,
                "number of games (whole deals: a multiple of n (n - 1) for n seats)")
        ->required();
    add_integer(&sub, "-j,--jobs", args_.settings.jobs, 1, 256, "games played in parallel");
    sub.add_option("--out", args_.settings.out, "results file (JSON lines); an existing one is resumed")
        ->check(kFileName);
    sub.add_option("--shard", shard_, "play only deals d with d % n == i (i/n), for spreading over machines")
        ->check(kNotEmpty)
        ->default_str("0/1");
    sub.add_flag("--self-play", args_.self_play, "the one --bot given plays every seat; the table compares the seats");
    sub.add_option("--fill", args_.fill,
                   "SPEC or NAME=SPEC: copies of one bot (NAME.1, NAME.2, ...) in the seats the bots given leave")
        ->check(kNotEmpty);
    sub.add_option("--format", args_.format, "table, csv or json")->check(kNotEmpty);
    sub.add_option("--sprt", args_.sprt, "elo0,elo1,alpha,beta: stop early by a sequential test (two bots, two seats)")
        ->check(kNotEmpty);
    add_integer(&sub, "--resamples", args_.resamples, 10, 100000, "bootstrap resamples for the intervals");
  }

  int run() override {
    ArenaSettings& a = args_.settings;
    a.game = common_.game;
    a.bots = bot_specs(bots_, bot_);
    a.config = common_.config(args_.self_play || !args_.fill.empty() ? 0 : a.bots.size());
    if (!shard_.empty()) parse_shard(shard_, a.shard, a.shards);
    return game_commands(a.game).arena(args_);
  }

 private:
  Common common_;
  ArenaCommand args_;
  std::string bots_, shard_;
  std::vector<std::string> bot_;
};

}  // namespace

extern const CommandEntry arena_command{
    "arena", "play a tournament of duplicate deals in balanced seatings; print a result table", make_command<Arena>};

}  // namespace nuraghe
