// `nuraghe tune`: a bot spec's numeric parameters tuned against a pool of opponents by SPSA or the
// cross-entropy method (lib/arena/tune.hpp), then the tuned spec against the untuned one.
#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <iostream>
#include <map>
#include <string>
#include <vector>

#include "any_game/game_loops.hpp"
#include "arena/arena.hpp"
#include "arena/ratings.hpp"
#include "arena/tune.hpp"
#include "bots/games.hpp"
#include "bots/registry.hpp"
#include "cli/command.hpp"
#include "cli/options.hpp"
#include "core/files.hpp"

namespace nuraghe {
namespace {

struct TuneCommand {
  ArenaSettings arena;              // game, config, opponents (bots[1..]), jobs; bots[0] is the spec tuned
  std::vector<std::string> params;  // "name=low:high"
  std::string method = "spsa";
  int budget = 0, games_per_eval = 0;
  std::string best_out, csv_out;
  bool force = false;   // replace existing --best / --csv files
  int final_games = 0;  // the final match's games per spec (0: a fifth of the budget, at least 10 deals)
};

template <Game G>
int tune(const TuneCommand& c) {
  const ArenaSettings& base = c.arena;
  if (base.bots.size() < 2) input_error("tune: give the spec to tune (--bot) and at least one opponent (--opponent)");
  check_not_input(c.best_out, "tune --best", base.config.map_file, "--map file");
  check_not_input(c.csv_out, "tune --csv", base.config.map_file, "--map file");
  check_output_path(c.best_out, "tune --best", c.force);
  check_output_path(c.csv_out, "tune --csv", c.force);
  const int n = num_players_of<G>(G::initial(base.config));
  const std::string tuned = base.bots[0];
  const std::vector<std::string> pool(base.bots.begin() + 1, base.bots.end());
  std::vector<TuneParam> params;
  const Spec tuned_spec = parse_spec(tuned, "bot");
  bot_params(tuned_spec);  // throws the one-line error if the spec itself is not valid
  const BotInfo& info = find_bot(tuned_spec.name);
  for (const auto& text : c.params) {
    const auto eq = text.find('=');
    const std::string name = eq == std::string::npos ? text : text.substr(0, eq);
    const ParamSpec* spec = nullptr;
    for (const auto& p : info.params)
      if (p.name == name) spec = &p;
    if (!spec) input_error("tune: bot " + info.name + " has no parameter \"" + name + "\" (see `nuraghe bots`)");
    if (spec->kind != ParamSpec::Kind::Integer && spec->kind != ParamSpec::Kind::Real)
      input_error("tune: parameter \"" + name + "\" is not numeric");
    params.push_back(parse_tune_param(text, spec->kind == ParamSpec::Kind::Integer));
    // Both ends must be values the bot accepts.
    make_bot<G>(spec_with(tuned, {params.back()}, {params.back().low}), 0);
    make_bot<G>(spec_with(tuned, {params.back()}, {params.back().high}), 0);
  }
  if (params.empty()) input_error("tune: give at least one --param NAME=LOW:HIGH");
  for (const auto& spec : pool) make_bot<G>(spec, 0);
  check_models<G>(base.bots, G::initial(base.config), &base.config);

  // The search starts from the spec's own values (given or default), so that what it returns
  // is measured against what the user had.
  const Params own = bot_params(tuned_spec);
  std::vector<double> start;
  for (const auto& p : params) start.push_back(p.integer ? double(own.integer(p.name)) : own.real(p.name));

  // The candidate against the pool, in every seat, on `games` games (rounded up to whole duplicate
  // sets) from one seed: bot 0's mean return per deal.
  const auto play = [&](const std::string& spec, int games, std::uint64_t seed) {
    ArenaSettings a = base;
    a.out.clear();
    a.shard = 0, a.shards = 1;
    a.config.seed = seed;
    a.bots.assign(1, spec);
    for (int s = 1; s < n; ++s) a.bots.push_back(pool[std::size_t(s - 1) % pool.size()]);
    const int set = seatings_per_deal(n, a.rules.seatings);
    a.games = (games + set - 1) / set * set;
    std::map<int, std::pair<double, int>> by_deal;
    for (const auto& g : run_arena<G>(a).games)
      for (int s = 0; s < n; ++s)
        if (g.seat_bot[s] == 0) by_deal[g.deal].first += g.returns[s], ++by_deal[g.deal].second;
    std::vector<double> per_deal;
    for (const auto& [deal, sum] : by_deal) per_deal.push_back(sum.first / sum.second);
    return per_deal;
  };
  const auto mean = [](const std::vector<double>& v) {
    double t = 0;
    for (double x : v) t += x;
    return v.empty() ? 0.0 : t / double(v.size());
  };
  std::vector<double> evaluations;  // every score the tuner saw
  const Objective objective = [&](const std::vector<double>& values, int games, std::uint64_t seed) {
    const double score = mean(play(spec_with(tuned, params, values), games, seed));
    evaluations.push_back(score);
    return score;
  };
  TuneSettings settings;
  settings.method = c.method;
  settings.budget_games = c.budget;
  settings.games_per_eval = c.games_per_eval;
  settings.seed = base.config.seed;
  settings.start = start;
  const auto started = std::chrono::steady_clock::now();
  const TuneResult result = nuraghe::tune(params, settings, objective, [&](const TuneStep& step) {
    if (step.measured) {
      // The ETA as arena gives it: the games left at the rate so far.
      const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
      const double rate = seconds > 0 ? step.games_used / seconds : 0;
      std::fprintf(stderr, "tune: iteration %d, %d/%d games, ETA %.0f s, score %.3f:", step.iteration, step.games_used,
                   c.budget, rate > 0 ? (c.budget - step.games_used) / rate : 0.0, step.score);
    } else {
      std::fprintf(stderr, "tune: final update (returned as best), in-run estimate %.3f:", step.score);
    }
    for (std::size_t i = 0; i < params.size(); ++i)
      std::fprintf(stderr, " %s=%.4g", params[i].name.c_str(), step.values[i]);
    std::fprintf(stderr, "\n");
  });
  const std::string untuned = spec_with(tuned, params, start);
  const bool nothing_learned =
      std::all_of(evaluations.begin(), evaluations.end(), [&](double y) { return y == evaluations[0]; });
  if (nothing_learned) {
    std::printf(
        "tune: nothing was learned: all %zu evaluations scored %.3f, so the games could not tell the values apart\n"
        "  (more --games-per-eval, or a parameter that matters here); the spec is returned unchanged\n",
        evaluations.size(), evaluations.empty() ? 0.0 : evaluations[0]);
  }
  const std::string best = nothing_learned ? untuned : spec_with(tuned, params, result.best);
  std::cout << "best: " << best << "  (in-run estimate " << result.best_score << ")\n";
  // The truth: the tuned and the untuned spec against the same opponents on the same fresh deals
  // (a seed the tuning never used); the difference per deal, bootstrapped over deals.
  if (best == untuned) {
    std::cout << "final match: skipped, the tuned spec is the untuned one\n";
  } else {
    const int games = c.final_games > 0 ? c.final_games : std::max(10 * n, c.budget / 5);
    const std::uint64_t seed = hash_combine(base.config.seed, 0xF1A1'0004);
    const std::vector<double> with = play(best, games, seed), without = play(untuned, games, seed);
    std::vector<double> diff(with.size());
    for (std::size_t d = 0; d < with.size(); ++d) diff[d] = with[d] - without[d];
    const auto [low, high] = bootstrap_interval(
        int(diff.size()),
        [&](const std::vector<int>& pick) {
          double t = 0;
          for (int d : pick) t += diff[std::size_t(d)];
          return t / double(pick.size());
        },
        1000, hash_combine(seed, 0xB00));
    char interval[96] = "[no spread: more --final-games needed]";
    if (low != high && !std::isnan(low)) std::snprintf(interval, sizeof interval, "[%+.3f, %+.3f]", low, high);
    std::printf(
        "final match (%zu deals x %d seatings each, fresh seed): tuned %.3f, untuned %.3f mean return against the "
        "opponents;\n"
        "  tuned minus untuned %+.3f, 95%% bootstrap interval over deals %s\n",
        with.size(), n, mean(with), mean(without), mean(diff), interval);
    if (!(low > 0))
      std::printf("  the interval includes no gain over the untuned spec: the tuning has not shown an improvement\n");
  }
  if (!c.best_out.empty()) {
    OutputFile f(c.best_out, "tune --best");
    f.write(best + "\n");
    f.close();
  }
  if (!c.csv_out.empty()) {
    OutputFile f(c.csv_out, "tune --csv");
    f.write(trajectory_csv(params, result));
    f.close();
  }
  return 0;
}

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
    return AllGames::dispatch(args_.arena.game, [&]<Game G>() { return tune<G>(args_); });
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
