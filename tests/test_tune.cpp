#include <doctest/doctest.h>

#include <cmath>
#include <string>
#include <vector>

#include "arena/tune.hpp"
#include "core/rng.hpp"

using namespace nuraghe;

namespace {

// A bot-like objective with a known optimum at x = 1.3, y = 35: every game is a Bernoulli draw
// of p(x, y), dealt from `seed` so that one seed gives two candidates the same luck, as real games
// with common random numbers do.
double synthetic(const std::vector<double>& v, int games, std::uint64_t seed) {
  const double x = v[0], y = v[1];
  const double p = 0.5 + 0.4 * std::exp(-((x - 1.3) * (x - 1.3) / 0.2 + (y - 35) * (y - 35) / 200));
  Rng rng(seed);
  int wins = 0;
  for (int g = 0; g < games; ++g) wins += rng.uniform() < p;
  return double(wins) / games;
}

std::vector<TuneParam> synthetic_params() {
  return {parse_tune_param("x=0:2", false), parse_tune_param("y=10:50", true)};
}

TuneSettings settings_for(const std::string& method, std::uint64_t seed) {
  TuneSettings s;
  s.method = method;
  s.budget_games = 40000;
  s.games_per_eval = 50;
  s.seed = seed;
  return s;
}

int count_lines(const std::string& s) {
  int n = 0;
  for (char ch : s) n += ch == '\n';
  return n;
}

}  // namespace

TEST_CASE("parse_tune_param: name=low:high, integer bounds for integer parameters") {
  const TuneParam c = parse_tune_param("c=0.1:2.0", false);
  CHECK(c.name == "c");
  CHECK(c.low == 0.1);
  CHECK(c.high == 2.0);
  CHECK(!c.integer);
  const TuneParam iters = parse_tune_param("iters=100:3000", true);
  CHECK(iters.name == "iters");
  CHECK(iters.low == 100);
  CHECK(iters.high == 3000);
  CHECK(iters.integer);
  CHECK(parse_tune_param("bias=-1:1", false).low == -1);
  CHECK_THROWS_AS(parse_tune_param("c", false), InputError);
  CHECK_THROWS_AS(parse_tune_param("c=0.5", false), InputError);
  CHECK_THROWS_AS(parse_tune_param("c=2:1", false), InputError);
  CHECK_THROWS_AS(parse_tune_param("c=1:1", false), InputError);
  CHECK_THROWS_AS(parse_tune_param("c=a:b", false), InputError);
  CHECK_THROWS_AS(parse_tune_param("c=nan:1", false), InputError);
  CHECK_THROWS_AS(parse_tune_param("=0:1", false), InputError);
  CHECK_THROWS_AS(parse_tune_param("a,b=0:1", false), InputError);
  CHECK_THROWS_AS(parse_tune_param("iters=1.5:3", true), InputError);
  CHECK_THROWS_AS(parse_tune_param("iters=1:3.0", true), InputError);
}

TEST_CASE("spec_with: replaces tuned keys in place, appends missing ones, rounds integers") {
  const TuneParam c = parse_tune_param("c=0.1:2.0", false), iters = parse_tune_param("iters=100:3000", true);
  CHECK(spec_with("ismcts:iters=300,c=0.7", {c}, {1.25}) == "ismcts:iters=300,c=1.25");
  CHECK(spec_with("random", {c}, {0.5}) == "random:c=0.5");
  CHECK(spec_with("uct:seed=3", {c, iters}, {0.7, 1234.6}) == "uct:seed=3,c=0.7,iters=1235");
  CHECK(spec_with("uct:iters=10, c=0.7", {iters}, {99.4}) == "uct:iters=99,c=0.7");
  CHECK(spec_with("uct", {c}, {1.0 / 3}) == "uct:c=0.333333");
  CHECK_THROWS_AS(spec_with(":c=1", {c}, {1.0}), InputError);
  CHECK_THROWS_AS(spec_with("uct:c", {c}, {1.0}), InputError);
}

TEST_CASE("tune: SPSA and CEM find the optimum of a noisy objective") {
  const auto params = synthetic_params();
  for (const char* method : {"spsa", "cem"}) {
    for (std::uint64_t seed : {1, 2, 3}) {
      CAPTURE(method);
      CAPTURE(seed);
      const TuneResult r = tune(params, settings_for(method, seed), synthetic);
      REQUIRE(r.best.size() == 2);
      CHECK(std::abs(r.best[0] - 1.3) < 0.25);
      CHECK(std::abs(r.best[1] - 35) <= 8);
      CHECK(r.best[1] == std::round(r.best[1]));
      CHECK(r.best_score > 0.75);  // the peak is 0.9; the start (1, 30) scores about 0.72
    }
  }
}

TEST_CASE("tune: reproducible from the seed, within budget, and written as CSV") {
  const auto params = synthetic_params();
  for (const char* method : {"spsa", "cem"}) {
    CAPTURE(method);
    TuneSettings s = settings_for(method, 7);
    s.budget_games = 5030;  // not a multiple of an iteration's cost
    int calls = 0;
    const TuneResult a = tune(params, s, synthetic, [&](const TuneStep& step) { CHECK(step.iteration == ++calls); });
    const TuneResult b = tune(params, s, synthetic);
    REQUIRE(!a.trajectory.empty());
    CHECK(calls == int(a.trajectory.size()));
    REQUIRE(a.trajectory.size() == b.trajectory.size());
    for (std::size_t i = 0; i < a.trajectory.size(); ++i) {
      CHECK(a.trajectory[i].games_used == b.trajectory[i].games_used);
      CHECK(a.trajectory[i].values == b.trajectory[i].values);
      CHECK(a.trajectory[i].score == b.trajectory[i].score);
    }
    CHECK(a.best == b.best);
    CHECK(a.best_score == b.best_score);
    const int per_iteration = std::string(method) == "spsa" ? 2 * s.games_per_eval : s.population * s.games_per_eval;
    CHECK(a.trajectory.back().games_used <= s.budget_games);
    CHECK(a.trajectory.back().games_used + per_iteration > s.budget_games);  // and uses what it can
    s.seed = 8;
    const TuneResult c = tune(params, s, synthetic);
    std::vector<double> scores_a, scores_c;
    for (const auto& step : a.trajectory) scores_a.push_back(step.score);
    for (const auto& step : c.trajectory) scores_c.push_back(step.score);
    CHECK(scores_a != scores_c);

    const std::string csv = trajectory_csv(params, a);
    CHECK(csv.rfind("iteration,games,x,y,score,measured\n", 0) == 0);
    // The last step is the final update: the best values, not measured, scored by the estimate.
    CHECK(a.trajectory.back().values == a.best);
    CHECK(!a.trajectory.back().measured);
    CHECK(a.trajectory.back().score == a.best_score);
    CHECK(a.trajectory.back().games_used == a.trajectory[a.trajectory.size() - 2].games_used);
    CHECK(a.trajectory[a.trajectory.size() - 2].measured);
    CHECK(count_lines(csv) == int(a.trajectory.size()) + 1);
    // Real units: y is printed as an integer within its range.
    const std::string first_row =
        csv.substr(csv.find('\n') + 1, csv.find('\n', csv.find('\n') + 1) - csv.find('\n') - 1);
    CHECK(first_row.rfind("1," + std::to_string(per_iteration) + ",1,30,", 0) == 0);
  }
}

TEST_CASE("tune: bad settings are one-line input errors") {
  const auto params = synthetic_params();
  TuneSettings s = settings_for("spsa", 1);
  s.method = "annealing";
  CHECK_THROWS_AS(tune(params, s, synthetic), InputError);
  s = settings_for("spsa", 1);
  s.budget_games = 2 * s.games_per_eval - 1;
  CHECK_THROWS_AS(tune(params, s, synthetic), InputError);
  s = settings_for("cem", 1);
  s.budget_games = s.population * s.games_per_eval - 1;
  CHECK_THROWS_AS(tune(params, s, synthetic), InputError);
  s = settings_for("spsa", 1);
  s.games_per_eval = 0;
  CHECK_THROWS_AS(tune(params, s, synthetic), InputError);
  s = settings_for("cem", 1);
  s.population = 1;
  CHECK_THROWS_AS(tune(params, s, synthetic), InputError);
  CHECK_THROWS_AS(tune({}, settings_for("spsa", 1), synthetic), InputError);
  CHECK_THROWS_AS(tune({params[0], params[0]}, settings_for("spsa", 1), synthetic), InputError);
  // A broken objective is a bug, not bad input.
  CHECK_THROWS_AS(
      tune(params, settings_for("cem", 1), [](const std::vector<double>&, int, std::uint64_t) { return NAN; }),
      std::logic_error);
}

TEST_CASE("tune: the search starts from the given values, and a flat objective leaves them unchanged") {
  const std::vector<TuneParam> params = {parse_tune_param("x=0:2", false), parse_tune_param("y=10:50", true)};
  for (const char* method : {"spsa", "cem"}) {
    TuneSettings s;
    s.method = method;
    s.budget_games = 800;
    s.games_per_eval = 10;
    s.start = {0.4, 17};
    std::vector<std::vector<double>> tried;
    const Objective flat = [&](const std::vector<double>& v, int, std::uint64_t) {
      tried.push_back(v);
      return 0.5;
    };
    const TuneResult r = tune(params, s, flat);
    INFO(method);
    CHECK(r.trajectory.front().values == std::vector<double>{0.4, 17});                // not the centre (1, 30)
    if (std::string(method) == "spsa") CHECK(r.best == std::vector<double>{0.4, 17});  // no gradient, no step
    s.start = {2.5, 17};
    CHECK_THROWS_WITH_AS(tune(params, s, flat), doctest::Contains("lies outside the range"), InputError);
  }
}
