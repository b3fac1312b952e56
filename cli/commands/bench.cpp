// `nuraghe bench`: a quick speed table of every game (random playouts and one search from the start,
// timed on this machine, one core); with --game, how fast searching bots search on positions of the
// game as it is played (cli/commands/bench_game.hpp). Google Benchmark (build/bench) gives the careful
// figures.
#include <algorithm>
#include <cmath>
#include <cstdio>

#include "arena/ratings.hpp"
#include "bots/games.hpp"
#include "bots/registry.hpp"
#include "cli/command.hpp"
#include "cli/commands.hpp"
#include "cli/commands/bench_game.hpp"
#include "cli/options.hpp"

namespace nuraghe {

// ---- what every game's bench shares (cli/commands/bench_game.hpp), compiled once ----------------

namespace commands {

std::string bench_spec(const std::string& text, double seconds) {
  if (seconds <= 0) return text;
  Spec spec = parse_spec(text, "bot");
  for (const auto& [key, value] :
       {std::pair<std::string, std::string>{"iters", "0"}, {"ms", std::to_string(seconds * 1000)}}) {
    if (!spec.values.count(key)) spec.order.push_back(key);
    spec.values[key] = value;
  }
  return spec.to_string();
}

namespace {

double median_of(std::vector<double> v) {
  std::erase_if(v, [](double x) { return std::isnan(x); });
  if (v.empty()) return std::nan("");
  std::sort(v.begin(), v.end());
  const std::size_t n = v.size();
  return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

}  // namespace

BenchFigure bench_figure(const std::vector<double>& values, int resamples, std::uint64_t seed) {
  BenchFigure f;
  f.median = median_of(values);
  std::tie(f.low, f.high) = bootstrap_interval(
      int(values.size()),
      [&](const std::vector<int>& picked) {
        std::vector<double> v;
        for (int i : picked) v.push_back(values[std::size_t(i)]);
        return median_of(std::move(v));
      },
      resamples, seed);
  return f;
}

std::string number_text(double x, const char* format) {
  if (std::isnan(x)) return "?";
  char buffer[64];
  std::snprintf(buffer, sizeof buffer, format, x);
  return buffer;
}

std::string figure_text(const BenchFigure& f, const char* format) {
  return number_text(f.median, format) + " [" + number_text(f.low, format) + ", " + number_text(f.high, format) + "]";
}

Json figure_json(const BenchFigure& f) {
  const auto number = [](double x) { return std::isnan(x) ? Json(nullptr) : Json(x); };
  return Json{{"median", number(f.median)}, {"low", number(f.low)}, {"high", number(f.high)}};
}

}  // namespace commands
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
