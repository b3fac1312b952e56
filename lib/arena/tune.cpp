// The optimiser behind `nuraghe tune` (lib/arena/tune.hpp declares and documents what callers use),
// compiled once: the parameters read and written, and SPSA and CEM themselves.

#include "arena/tune.hpp"

#include <Eigen/Dense>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <functional>
#include <numbers>
#include <set>
#include <stdexcept>
#include <string>
#include <vector>

#include "core/error.hpp"
#include "core/params.hpp"
#include "core/rng.hpp"

namespace nuraghe {

namespace tune_detail {
namespace {

// A parameter's value in real units for a normalised coordinate; integers are rounded here, at
// evaluation, so the optimisers themselves move continuously.
double real_value(const TuneParam& p, double u) {
  double v = p.low + std::clamp(u, 0.0, 1.0) * (p.high - p.low);
  if (p.integer) v = std::round(v);
  return std::clamp(v, p.low, p.high);
}
double normalised(const TuneParam& p, double v) { return (v - p.low) / (p.high - p.low); }

std::vector<double> real_values(const std::vector<TuneParam>& params, const Eigen::VectorXd& u) {
  std::vector<double> v(params.size());
  for (std::size_t i = 0; i < params.size(); ++i) v[i] = real_value(params[i], u[Eigen::Index(i)]);
  return v;
}

// Standard normal by Box-Muller from Rng::uniform (no <random>: its distributions differ between
// standard libraries, and a tuning run must replay identically everywhere). 1 - uniform() is in
// (0, 1], so the logarithm is finite.
double normal(Rng& rng) {
  const double u1 = 1.0 - rng.uniform(), u2 = rng.uniform();
  return std::sqrt(-2.0 * std::log(u1)) * std::cos(2.0 * std::numbers::pi * u2);
}

// Stream tags so the optimiser's own draws never coincide with the evaluation seeds.
constexpr std::uint64_t kSpsaStream = 0x5B5A'0001, kCemStream = 0xCE11'0002, kEvalStream = 0xE7A1'0003;

}  // namespace
}  // namespace tune_detail

TuneParam parse_tune_param(const std::string& text, bool integer) {
  const std::string t = trim(text);
  const std::string where = "tune parameter \"" + t + "\"";
  const auto eq = t.find('=');
  if (eq == std::string::npos) input_error(where + ": expected name=low:high");
  TuneParam p;
  p.name = trim(t.substr(0, eq));
  p.integer = integer;
  if (p.name.empty()) input_error(where + " has no name");
  // The name becomes a key of a bot spec, where these characters are separators.
  if (p.name.find_first_of(",: \t") != std::string::npos) input_error(where + ": bad name \"" + p.name + "\"");
  const std::string range = t.substr(eq + 1);
  const auto colon = range.find(':');
  if (colon == std::string::npos) input_error(where + ": expected name=low:high");
  const std::string lo = trim(range.substr(0, colon)), hi = trim(range.substr(colon + 1));
  if (integer) {
    long long a = 0, b = 0;
    if (!Params::try_integer(lo, a) || !Params::try_integer(hi, b))
      input_error(where + ": bounds of an integer parameter must be integers");
    p.low = double(a);
    p.high = double(b);
  } else if (!Params::try_real(lo, p.low) || !Params::try_real(hi, p.high)) {
    input_error(where + ": bounds must be numbers");
  }
  if (!(p.low < p.high)) input_error(where + ": low must be below high");
  return p;
}

std::string tune_value_text(const TuneParam& p, double v) {
  if (p.integer) return std::to_string(std::llround(v));
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.6g", v + 0.0);  // + 0.0 turns -0 into 0
  return buf;
}

std::string spec_with(const std::string& base_spec, const std::vector<TuneParam>& params,
                      const std::vector<double>& values) {
  if (params.size() != values.size()) throw std::logic_error("spec_with: one value per parameter expected");
  Spec spec = parse_spec(base_spec, "bot");
  for (std::size_t i = 0; i < params.size(); ++i) {
    const std::string text = tune_value_text(params[i], values[i]);
    if (!spec.values.count(params[i].name)) spec.order.push_back(params[i].name);
    spec.values[params[i].name] = text;
  }
  return spec.to_string();
}

namespace tune_detail {
namespace {
// The point returned, after the last update, as the trajectory's last step: a best value that the
// trajectory shows (it is not any measured centre, which is the point before its update).
void log_final_update(TuneResult& result, const std::function<void(const TuneStep&)>& progress) {
  if (result.trajectory.empty()) return;
  const TuneStep& last = result.trajectory.back();
  result.trajectory.push_back({last.iteration + 1, last.games_used, result.best, result.best_score, false});
  if (progress) progress(result.trajectory.back());
}

void validate(const std::vector<TuneParam>& params, const TuneSettings& s) {
  if (params.empty()) input_error("tune: no parameters to tune");
  std::set<std::string> names;
  for (const auto& p : params) {
    if (p.name.empty()) input_error("tune: a parameter has no name");
    if (!names.insert(p.name).second) input_error("tune: parameter \"" + p.name + "\" given twice");
    if (!(std::isfinite(p.low) && std::isfinite(p.high) && p.low < p.high))
      input_error("tune: parameter \"" + p.name + "\" needs finite bounds with low < high");
  }
  if (s.method != "spsa" && s.method != "cem")
    input_error("tune: unknown method \"" + s.method + "\" (known: spsa, cem)");
  if (!s.start.empty()) {
    if (s.start.size() != params.size()) throw std::logic_error("tune: one start value per parameter expected");
    for (std::size_t i = 0; i < params.size(); ++i)
      if (!(s.start[i] >= params[i].low && s.start[i] <= params[i].high))
        input_error("tune: the spec's " + params[i].name + "=" + tune_value_text(params[i], s.start[i]) +
                    " lies outside the range " + tune_value_text(params[i], params[i].low) + ":" +
                    tune_value_text(params[i], params[i].high) +
                    " (the search starts from the spec's own values): widen the range or set " + params[i].name +
                    " in the spec");
  }
  if (s.games_per_eval < 1) input_error("tune: games per evaluation must be at least 1");
  if (s.method == "spsa") {
    if (!(s.a > 0) || !(s.c > 0) || !(s.c <= 0.5))
      input_error("tune: spsa needs a > 0 and 0 < c <= 0.5 (fractions of each range)");
    if (!(s.alpha >= 0) || !(s.gamma >= 0)) input_error("tune: spsa needs alpha >= 0 and gamma >= 0");
    if (s.budget_games < 2LL * s.games_per_eval)
      input_error("tune: a budget of " + std::to_string(s.budget_games) +
                  " games is too small for one spsa iteration (" + std::to_string(2LL * s.games_per_eval) + " games)");
  } else {
    if (s.population < 2) input_error("tune: cem needs a population of at least 2");
    if (!(s.elite_fraction > 0 && s.elite_fraction <= 1)) input_error("tune: cem needs an elite fraction in (0, 1]");
    if (s.budget_games < 1LL * s.population * s.games_per_eval)
      input_error("tune: a budget of " + std::to_string(s.budget_games) +
                  " games is too small for one cem generation (" +
                  std::to_string(1LL * s.population * s.games_per_eval) + " games)");
  }
}

// A NaN score would break the sorting and the gradient silently; it is the objective's bug.
double evaluate(const Objective& f, const std::vector<double>& values, int games, std::uint64_t seed) {
  const double y = f(values, games, seed);
  if (!std::isfinite(y)) throw std::logic_error("tune: the objective returned a non-finite score");
  return y;
}

// The start in normalised coordinates.
Eigen::VectorXd start_point(const std::vector<TuneParam>& params, const TuneSettings& s) {
  Eigen::VectorXd u = Eigen::VectorXd::Constant(Eigen::Index(params.size()), 0.5);
  for (std::size_t i = 0; i < s.start.size(); ++i) u[Eigen::Index(i)] = normalised(params[i], s.start[i]);
  return u;
}

std::uint64_t eval_seed(std::uint64_t seed, int iteration) {
  return hash_combine(hash_combine(seed, kEvalStream), std::uint64_t(iteration));
}

TuneResult spsa(const std::vector<TuneParam>& params, const TuneSettings& s, const Objective& f,
                const std::function<void(const TuneStep&)>& progress) {
  const Eigen::Index d = Eigen::Index(params.size());
  const long long pair = 2LL * s.games_per_eval;
  // Spall's stability constant: A about 10% of the iterations keeps the early steps from
  // overshooting while leaving later ones large enough to still move.
  const double A = 0.1 * double(s.budget_games / pair);
  Rng rng(hash_combine(s.seed, kSpsaStream));
  Eigen::VectorXd theta = start_point(params, s);
  TuneResult result;
  long long used = 0;
  for (int k = 0; used + pair <= s.budget_games; ++k) {
    const double ak = s.a / std::pow(k + 1 + A, s.alpha);
    const double ck = s.c / std::pow(k + 1, s.gamma);
    Eigen::VectorXd plus(d), minus(d);
    for (Eigen::Index i = 0; i < d; ++i) {
      const TuneParam& p = params[std::size_t(i)];
      const double delta = rng.below(2) ? 1.0 : -1.0;
      // An integer perturbation below one unit would often round both sides to the same value and
      // measure nothing; one unit either way always gives two distinct integers, even at a bound.
      const double step = p.integer ? std::max(ck, 1.0 / (p.high - p.low)) : ck;
      plus[i] = std::clamp(theta[i] + step * delta, 0.0, 1.0);
      minus[i] = std::clamp(theta[i] - step * delta, 0.0, 1.0);
      // Snap to what is actually played, so the gradient divides by the real difference.
      if (p.integer) {
        plus[i] = normalised(p, real_value(p, plus[i]));
        minus[i] = normalised(p, real_value(p, minus[i]));
      }
    }
    // One seed for both sides (common random numbers): the same deals and dice, so the difference
    // measures the parameters rather than the luck, which is most of a small sample's noise.
    const std::uint64_t seed = eval_seed(s.seed, k);
    const double y_plus = evaluate(f, real_values(params, plus), s.games_per_eval, seed);
    const double y_minus = evaluate(f, real_values(params, minus), s.games_per_eval, seed);
    used += pair;
    TuneStep step{k + 1, int(used), real_values(params, theta), 0.5 * (y_plus + y_minus)};
    // Spall's estimate (y+ - y-) / (2 c_k delta_i), written with the actual per-coordinate
    // difference so that clamping at a bound and integer snapping keep it honest.
    Eigen::VectorXd gradient(d);
    for (Eigen::Index i = 0; i < d; ++i) {
      const double h = plus[i] - minus[i];
      gradient[i] = std::abs(h) > 1e-12 ? (y_plus - y_minus) / h : 0.0;
    }
    theta = (theta + ak * gradient).cwiseMax(0.0).cwiseMin(1.0);  // ascent: we maximise the score
    result.trajectory.push_back(step);
    if (progress) progress(result.trajectory.back());
  }
  result.best = real_values(params, theta);
  // best_score is the mean of the centre estimates over the last 10% of iterations (at least one):
  // it costs no games, averages far more games than one extra evaluation would, and near the end
  // the iterate moves little, so it describes the returned point up to a small perturbation bias.
  const std::size_t n = result.trajectory.size(), tail = std::max<std::size_t>(1, (n + 9) / 10);
  double sum = 0;
  for (std::size_t i = n - tail; i < n; ++i) sum += result.trajectory[i].score;
  result.best_score = sum / double(tail);
  log_final_update(result, progress);
  return result;
}

TuneResult cem(const std::vector<TuneParam>& params, const TuneSettings& s, const Objective& f,
               const std::function<void(const TuneStep&)>& progress) {
  const Eigen::Index d = Eigen::Index(params.size());
  const int pop = s.population;
  const int elite = std::clamp(int(std::lround(s.elite_fraction * pop)), 1, pop);
  const long long cost = 1LL * pop * s.games_per_eval;
  // Smoothing keeps one lucky generation from collapsing the search; the floor on the deviation
  // keeps it sampling a neighbourhood, since a noisy ranking can crown a wrong elite.
  constexpr double kNew = 0.7, kMinSd = 0.02;
  Rng rng(hash_combine(s.seed, kCemStream));
  Eigen::VectorXd mean = start_point(params, s), sd = Eigen::VectorXd::Constant(d, 0.3);
  TuneResult result;
  long long used = 0;
  double last_population_score = 0;
  for (int g = 0; used + cost <= s.budget_games; ++g) {
    Eigen::MatrixXd x(d, pop);
    for (int j = 0; j < pop; ++j)
      for (Eigen::Index i = 0; i < d; ++i) x(i, j) = std::clamp(mean[i] + sd[i] * normal(rng), 0.0, 1.0);
    // One seed per generation: candidates are ranked against each other, so they share the luck.
    const std::uint64_t seed = eval_seed(s.seed, g);
    std::vector<double> score(static_cast<std::size_t>(pop));
    for (int j = 0; j < pop; ++j)
      score[std::size_t(j)] = evaluate(f, real_values(params, x.col(j)), s.games_per_eval, seed);
    used += cost;
    // Stable, so tied candidates (common with few games) keep a reproducible order.
    std::vector<int> order(static_cast<std::size_t>(pop));
    for (int j = 0; j < pop; ++j) order[std::size_t(j)] = j;
    std::stable_sort(order.begin(), order.end(),
                     [&](int l, int r) { return score[std::size_t(l)] > score[std::size_t(r)]; });
    Eigen::VectorXd elite_mean = Eigen::VectorXd::Zero(d), elite_var = Eigen::VectorXd::Zero(d);
    for (int e = 0; e < elite; ++e) elite_mean += x.col(order[std::size_t(e)]);
    elite_mean /= double(elite);
    for (int e = 0; e < elite; ++e) elite_var += (x.col(order[std::size_t(e)]) - elite_mean).cwiseAbs2();
    elite_var /= double(elite);
    double total = 0;
    for (double y : score) total += y;
    last_population_score = total / pop;
    TuneStep step{g + 1, int(used), real_values(params, mean), last_population_score};
    mean = kNew * elite_mean + (1 - kNew) * mean;
    sd = (kNew * elite_var.cwiseSqrt() + (1 - kNew) * sd).cwiseMax(kMinSd);
    result.trajectory.push_back(step);
    if (progress) progress(result.trajectory.back());
  }
  result.best = real_values(params, mean);
  // best_score is the mean score of the whole last generation, not of its elite: the elite's score
  // is biased upward by the selection itself. By then the deviations are small, so the generation
  // samples close to the returned mean.
  result.best_score = last_population_score;
  log_final_update(result, progress);
  return result;
}

}  // namespace
}  // namespace tune_detail

TuneResult tune(const std::vector<TuneParam>& params, const TuneSettings& settings, const Objective& objective,
                const std::function<void(const TuneStep&)>& progress) {
  tune_detail::validate(params, settings);
  return settings.method == "spsa" ? tune_detail::spsa(params, settings, objective, progress)
                                   : tune_detail::cem(params, settings, objective, progress);
}

std::string trajectory_csv(const std::vector<TuneParam>& params, const TuneResult& result) {
  std::string out = "iteration,games";
  for (const auto& p : params) out += "," + p.name;
  out += ",score,measured\n";
  for (const auto& step : result.trajectory) {
    out += std::to_string(step.iteration) + "," + std::to_string(step.games_used);
    for (std::size_t i = 0; i < params.size(); ++i) out += "," + tune_value_text(params[i], step.values[i]);
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.6g", step.score);
    out += "," + std::string(buf) + (step.measured ? ",1\n" : ",0\n");
  }
  return out;
}

}  // namespace nuraghe
