// `nuraghe bench`: a quick speed table of every game (random playouts and one search from the start,
// timed on this machine, one core); with --game, how fast searching bots search on positions of the
// game as it is played (cli/commands/bench_game.hpp). Google Benchmark (build/bench) gives the careful
// figures.
#include <cstdio>

#include "bots/games.hpp"
#include "bots/registry.hpp"
#include "cli/command.hpp"
#include "cli/commands.hpp"
#include "cli/options.hpp"

namespace nuraghe {
namespace {

class Bench final : public Command {
 public:
  void add_options(Options& o) override {
    time_ = o.real("--seconds", seconds_, 0.01, 60.0,
                   "time for each measurement; with --game, each search's in place of the spec's budget");
    const Option game = o.option("-g,--game", common_.game, "game name: search positions of its play").not_empty();
    o.option("--map", common_.map_file, "board or map file, for games that read one").file().needs(game);
    o.integer("-p,--players", common_.players, 1, 1000000, "number of players").default_text("the game's").needs(game);
    o.seed("-s,--seed", common_.seed, "seed of the positions' games").needs(game);
    o.option("-o,--option", common_.options, "rule option KEY=VALUE (repeatable)").not_empty().needs(game);
    o.option("-b,--bot", bot_, "a searching bot's spec, or NAME=SPEC (once or twice)").not_empty().needs(game);
    o.integer("--positions", args_.positions, 1, 100000, "positions each spec searches").needs(game);
    o.integer("--resamples", args_.resamples, 10, 100000, "bootstrap resamples for the intervals").needs(game);
    o.flag("--json", args_.json, "one JSON object instead of the table").needs(game);
  }

  int run() override {
    if (common_.game.empty()) {
      std::printf("%-10s %14s %14s %16s %14s\n", "game", "playouts/s", "decisions/s", "search", "iterations/s");
      AllGames::for_each([&]<Game G>() { game_commands<G>().bench_row(seconds_); });
      return 0;
    }
    if (bot_.empty() || bot_.size() > 2) input_error("bench --game: give one --bot SPEC, or two to compare");
    for (const auto& text : bot_) args_.bots.push_back(labelled_spec(text));
    args_.config = common_.config();
    args_.seconds = time_.given() ? seconds_ : 0;
    return game_commands(common_.game).bench_bots(args_);
  }

 private:
  double seconds_ = 0.5;
  Option time_;
  Common common_;
  BenchCommand args_;
  std::vector<std::string> bot_;
};

}  // namespace

extern const CommandEntry bench_command{
    "bench", "a quick speed table for every game (one core), or with --game the speed of searching bots",
    make_command<Bench>};

}  // namespace nuraghe
