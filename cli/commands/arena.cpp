// `nuraghe arena`: a tournament of duplicate deals in balanced seatings (lib/arena/arena.hpp), its
// results file resumed, and its table of wins, scores, ranks and Elo with intervals over deals.
#include "cli/command.hpp"
#include "cli/commands.hpp"
#include "cli/options.hpp"

namespace nuraghe {
namespace {

class Arena final : public Command {
 public:
  void add_options(Options& o) override {
    add_game_options(o, common_, true);
    o.option("--bots", bots_, "bot specs, one per seat, separated by commas").not_empty();
    o.option("-b,--bot", bot_, "a bot spec (repeatable, one per seat)").not_empty();
    o.integer("-n,--games", args_.settings.games, 1, 1 << 30,
              "number of games (whole deals: a multiple of n (n - 1) for n seats)")
        .required();
    o.integer("-j,--jobs", args_.settings.jobs, 1, 256, "games played in parallel");
    o.option("--out", args_.settings.out, "results file (JSON lines); an existing one is resumed").file();
    o.option("--shard", shard_, "play only deals d with d % n == i (i/n), for spreading over machines")
        .not_empty()
        .default_text("0/1");
    o.flag("--self-play", args_.self_play, "the one --bot given plays every seat; the table compares the seats");
    o.option("--fill", args_.fill,
             "SPEC or NAME=SPEC: copies of one bot (NAME.1, NAME.2, ...) in the seats the bots given leave")
        .not_empty();
    o.option("--format", args_.format, "table, csv or json").not_empty();
    o.option("--sprt", args_.sprt, "elo0,elo1,alpha,beta: stop early by a sequential test (two bots, two seats)")
        .not_empty();
    o.integer("--resamples", args_.resamples, 10, 100000, "bootstrap resamples for the intervals");
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
