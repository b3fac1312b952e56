// `nuraghe bench`: a quick speed table of every game (random playouts and one search from the start,
// timed on this machine, one core); with --game G --bot SPEC [--bot SPEC2], how fast searching bots
// search on positions of the game as it is played. Each spec searches the same K positions, sampled
// from games of the game's heuristic (random play for a game without one), one fresh bot a search.
// The specs take turns position by position (A then B, then B then A), so that a noisy machine slows
// both alike, and two specs are compared position by position: the ratio of their speeds is paired.
// Medians, with percentile bootstrap intervals over positions. Google Benchmark (build/bench) gives
// the careful figures.
#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <iostream>
#include <memory>
#include <string>
#include <vector>

#include "arena/arena.hpp"
#include "arena/ratings.hpp"
#include "arena/summary.hpp"
#include "bots/games.hpp"
#include "bots/match.hpp"
#include "bots/registry.hpp"
#include "cli/command.hpp"
#include "cli/options.hpp"
#include "core/game.hpp"
#include "core/hooks.hpp"
#include "search/playout.hpp"

namespace nuraghe {

struct BenchCommand {
  GameConfig config;              // players, options, map; config.seed draws the positions
  std::vector<std::string> bots;  // one or two specs of searching bots
  int positions = 20;             // positions searched by every spec
  double seconds = 0;             // > 0: every search runs this long (in place of the spec's budget)
  int resamples = 1000;           // bootstrap resamples for the intervals
  bool json = false;              // one JSON object instead of the table
};

}  // namespace nuraghe

namespace nuraghe::commands {

// One position to search: a state and the seat that decides there.
template <Game G>
struct BenchPosition {
  typename G::State state;
  Player seat;
};

// Position k: a game of the heuristic (or of random play) from the setup of seed k, stopped at a
// decision drawn uniformly among those where the deciding seat has two moves or more.
template <Game G>
BenchPosition<G> bench_position(const GameConfig& config, std::uint64_t seed) {
  GameConfig setup = config;
  setup.seed = seed;
  const std::string policy = HasHeuristic<G> ? "heuristic" : "random";
  std::vector<std::unique_ptr<Bot<G>>> bots;
  std::vector<Bot<G>*> seats;
  const auto start = G::initial(setup);
  for (int p = 0; p < num_players_of<G>(start); ++p) {
    bots.push_back(make_bot<G>(policy, play_bot_seed(seed, p)));
    seats.push_back(bots.back().get());
  }
  std::vector<BenchPosition<G>> choices;
  MoveListOf<G> legal;
  play_game<G>(start, seats, [&](const typename G::State& s, const MoveRecord& m) {
    for (Player p = 0; p < num_players_of<G>(s); ++p) {
      if (m.player != kSimultaneous && p != m.player) continue;
      legal_moves_of<G>(s, p, legal);
      if (legal.size() > 1) choices.push_back({s, p});
    }
  });
  if (choices.empty())
    input_error("bench: a game of " + std::string(G::kName) + " from seed " + std::to_string(seed) +
                " has no decision with two moves to search");
  Rng rng(hash_combine(seed, 0x62656e6368ull));  // "bench"
  return choices[rng.below(std::uint32_t(choices.size()))];
}

// The spec a search runs: as given, or with `seconds` in place of its budget.
std::string bench_spec(const std::string& text, double seconds);

// The speed of one search: iterations and tree nodes a second, bytes a node.
struct BenchSample {
  double iterations_per_second = 0, nodes_per_second = 0, bytes_per_node = 0;
};

// The bot of a spec, refused in one line unless it searches.
template <Game G>
std::unique_ptr<MctsBot<G>> searching_bot(const std::string& spec, std::uint64_t seed) {
  auto bot = make_bot<G>(spec, seed);
  auto* search = dynamic_cast<MctsBot<G>*>(bot.get());
  if (!search)
    input_error("bench: bot \"" + spec + "\" does not search (give uct, ismcts, pimc, mo-ismcts or cheat-uct)");
  bot.release();
  return std::unique_ptr<MctsBot<G>>(search);
}

template <Game G>
BenchSample bench_search(const std::string& spec, const BenchPosition<G>& at, std::uint64_t seed) {
  const auto search = searching_bot<G>(spec, seed);
  search->start(at.seat);
  search->choose(InfoSet<G>(at.state, at.seat));
  const search::SearchResult& r = search->last_result();
  const double seconds = std::max(r.seconds, 1e-9);
  return {double(r.iterations) / seconds, double(r.nodes) / seconds,
          r.nodes ? double(r.node_bytes) / double(r.nodes) : std::nan("")};
}

// A median and its bootstrap interval over positions.
struct BenchFigure {
  double median = 0, low = 0, high = 0;
};

// The median of `values` (NaNs left out) and its percentile bootstrap interval over them.
BenchFigure bench_figure(const std::vector<double>& values, int resamples, std::uint64_t seed);

// A number as `format` (printf's) writes it, "?" for NaN.
std::string number_text(double x, const char* format);

// A figure for the table: "median [low, high]".
std::string figure_text(const BenchFigure& f, const char* format);

// A figure for --json: its median, low and high, null for NaN.
Json figure_json(const BenchFigure& f);

template <Game G>
int bench_bots(const BenchCommand& c) {
  check_bot_names(c.bots, "bench");
  const std::size_t n_bots = c.bots.size();
  std::vector<std::string> specs;
  for (const auto& text : c.bots) specs.push_back(bench_spec(text, c.seconds));
  const auto start = G::initial(c.config);
  const std::string setup = std::to_string(num_players_of<G>(start)) + " players";
  // Every spec is checked (and refused if it does not search, or names a model of another game,
  // options, map, seat count or shape) before the first position is played.
  for (const auto& spec : specs) searching_bot<G>(spec, 1);
  check_models<G>(specs, start, &c.config);
  std::vector<std::vector<BenchSample>> samples(n_bots);
  for (int k = 0; k < c.positions; ++k) {
    const std::uint64_t seed = hash_combine(c.config.seed, std::uint64_t(k));
    const BenchPosition<G> at = bench_position<G>(c.config, seed);
    for (std::size_t turn = 0; turn < n_bots; ++turn) {
      const std::size_t b = k % 2 ? n_bots - 1 - turn : turn;  // A B, then B A
      samples[b].push_back(bench_search<G>(specs[b], at, seed));
    }
  }
  const auto column = [&](std::size_t b, double BenchSample::*field) {
    std::vector<double> v;
    for (const auto& s : samples[b]) v.push_back(s.*field);
    return v;
  };
  const std::uint64_t boot = hash_combine(c.config.seed, 0x626f6f74ull);  // "boot"
  Json out{{"game", G::kName},
           {"players", num_players_of<G>(start)},
           {"positions", c.positions},
           {"seed", c.config.seed},
           {"positions_from", HasHeuristic<G> ? "heuristic" : "random"},
           {"seconds", c.seconds > 0 ? Json(c.seconds) : Json(nullptr)},
           {"bots", Json::array()}};
  std::vector<std::array<BenchFigure, 3>> figures;
  for (std::size_t b = 0; b < n_bots; ++b) {
    figures.push_back({bench_figure(column(b, &BenchSample::iterations_per_second), c.resamples, boot),
                       bench_figure(column(b, &BenchSample::nodes_per_second), c.resamples, boot),
                       bench_figure(column(b, &BenchSample::bytes_per_node), c.resamples, boot)});
    out["bots"].push_back(Json{{"bot", bot_name(c.bots[b])},
                               {"spec", c.bots[b]},
                               {"iterations_per_second", figure_json(figures[b][0])},
                               {"nodes_per_second", figure_json(figures[b][1])},
                               {"bytes_per_node", figure_json(figures[b][2])}});
  }
  // The ratio of the first spec's speed to the second's, position by position.
  std::array<BenchFigure, 2> ratio{};
  if (n_bots == 2) {
    for (int f = 0; f < 2; ++f) {
      double BenchSample::*field = f == 0 ? &BenchSample::iterations_per_second : &BenchSample::nodes_per_second;
      std::vector<double> r;
      for (int k = 0; k < c.positions; ++k)
        r.push_back(samples[0][std::size_t(k)].*field / samples[1][std::size_t(k)].*field);
      ratio[std::size_t(f)] = bench_figure(r, c.resamples, boot);
    }
    out["ratio"] = Json{{"first", bot_name(c.bots[0])},
                        {"second", bot_name(c.bots[1])},
                        {"iterations_per_second", figure_json(ratio[0])},
                        {"nodes_per_second", figure_json(ratio[1])}};
  }
  if (c.json) {
    std::cout << json_text(out) << "\n";
    return 0;
  }
  std::cout << "bench: " << G::kName << ", " << setup << ", " << c.positions << " positions from "
            << (HasHeuristic<G> ? "heuristic" : "random") << " play (seed " << c.config.seed << "), "
            << (c.seconds > 0 ? "each search " + number_text(c.seconds, "%g") + " s"
                              : std::string("each spec's own budget"))
            << "\nmedians [95% intervals over positions]:\n";
  // The bots by name, or by key ("#2") where a name would make the table wider than the arena's;
  // the keys are given in full under it.
  std::vector<std::string> names;
  for (const auto& text : c.bots) names.push_back(bot_name(text));
  const auto table = [&](const std::vector<std::string>& shown) {
    std::vector<std::array<std::string, 4>> rows{{"bot", "iterations/s", "nodes/s", "bytes/node"}};
    for (std::size_t b = 0; b < n_bots; ++b)
      rows.push_back({shown[b], figure_text(figures[b][0], "%.0f"), figure_text(figures[b][1], "%.0f"),
                      figure_text(figures[b][2], "%.1f")});
    if (n_bots == 2) rows.push_back({"ratio", figure_text(ratio[0], "%.3f"), figure_text(ratio[1], "%.3f"), ""});
    std::array<std::size_t, 4> widths{};
    for (const auto& row : rows)
      for (std::size_t i = 0; i < 4; ++i) widths[i] = std::max(widths[i], row[i].size());
    std::string text;
    for (const auto& row : rows) {
      std::string line;
      for (std::size_t i = 0; i < 4; ++i) {
        std::string cell = row[i];
        cell.resize(std::max(cell.size(), widths[i]), ' ');
        line += (i ? "  " : "") + cell;
      }
      while (!line.empty() && line.back() == ' ') line.pop_back();
      text += line + "\n";
    }
    if (n_bots == 2) text += "ratio: " + shown[0] + " over " + shown[1] + ", position by position (paired)\n";
    return text;
  };
  const std::vector<std::string> shown =
      keyed_names(names, [&](const std::vector<std::string>& s) { return widest_line(table(s)); });
  std::cout << table(shown);
  for (std::size_t b = 0; b < n_bots; ++b)
    if (shown[b] != names[b]) std::cout << shown[b] << ": " << names[b] << "\n";
  return 0;
}

// A row of `nuraghe bench`: random playouts and one ismcts (or uct) search from the start position,
// timed on this machine. Google Benchmark (build/bench) gives the careful figures.
template <Game G>
void bench_row(double seconds) {
  using Clock = std::chrono::steady_clock;
  const auto start = G::initial(GameConfig{});
  Rng rng(1);
  long long playouts = 0, decisions = 0;
  double checksum = 0;  // uses every final state, so the compiler cannot drop the playouts
  const auto t0 = Clock::now();
  double elapsed = 0;
  while (elapsed < seconds) {
    for (int i = 0; i < 256; ++i, ++playouts) {
      auto s = start;
      decisions += random_playout<G>(s, rng);
      checksum += s.returns()[0];
    }
    elapsed = std::chrono::duration<double>(Clock::now() - t0).count();
  }
  if (checksum < 0) std::printf("impossible\n");
  const std::string spec = hidden_information<G> ? "ismcts:ms=" : "uct:ms=";
  auto bot = make_bot<G>(spec + std::to_string(int(seconds * 1000)), 1);
  const Player seat = start.to_move() >= 0 ? start.to_move() : 0;
  bot->start(seat);
  bot->choose(InfoSet<G>(start, seat));
  const auto& r = dynamic_cast<MctsBot<G>*>(bot.get())->last_result();
  std::printf("%-10s %14.0f %14.0f %16s %14.0f\n", std::string(G::kName).c_str(), playouts / elapsed,
              decisions / elapsed, (hidden_information<G> ? "ismcts" : "uct"), r.iterations / r.seconds);
}

}  // namespace nuraghe::commands

namespace nuraghe {

// ---- what every game's bench shares, compiled once ----------------------------------------------

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
      AllGames::for_each([&]<Game G>() { commands::bench_row<G>(seconds_); });
      return 0;
    }
    if (bot_.empty() || bot_.size() > 2) input_error("bench --game: give one --bot SPEC, or two to compare");
    for (const auto& text : bot_) args_.bots.push_back(labelled_spec(text));
    args_.config = common_.config();
    args_.seconds = time_.given() ? seconds_ : 0;
    return AllGames::dispatch(common_.game, [&]<Game G>() { return commands::bench_bots<G>(args_); });
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
