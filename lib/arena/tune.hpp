#pragma once
// The optimiser behind `nuraghe tune`: searches the numeric parameters of a bot spec for the values
// that score best against fixed opponents. Playing the games is the caller's job (an Objective);
// this file only decides which values to try next, so it can be tested on synthetic objectives.
//
// Two methods, both for noisy objectives where one evaluation is a win rate over a few games:
//   spsa  Simultaneous Perturbation Stochastic Approximation (Spall 1992, 1998): two evaluations
//         per iteration whatever the number of parameters; follows a gradient estimate.
//   cem   Cross-Entropy Method (Rubinstein 1999): a diagonal Gaussian over the parameters, refit
//         each generation to its best candidates; no gradient, more robust to plateaus.
// Both work in normalised coordinates, [0,1] per parameter, so that a range of 0.1..2 and one of
// 100..3000 are stepped and perturbed comparably.

#include <cstdint>
#include <functional>
#include <stdexcept>
#include <string>
#include <vector>

#include "core/error.hpp"

namespace nuraghe {

// One tuned parameter: a key of the bot spec and its inclusive search range.
struct TuneParam {
  std::string name;
  double low = 0, high = 1;
  bool integer = false;
};

// "c=0.1:2.0" -> {c, 0.1, 2.0}. For an integer parameter ("iters=100:3000") both bounds must be
// written as integers, so a typo such as "iters=1.5:3" is not silently rounded.
TuneParam parse_tune_param(const std::string& text, bool integer);

// A value as written into a spec or a CSV: integers as integers; reals to 6 significant digits,
// which round-trips the precision that matters for a tuned constant and keeps specs readable.
std::string tune_value_text(const TuneParam& p, double v);

// base_spec with every tuned key set: replaced where the spec has it (keeping the spec's order),
// appended otherwise. "ismcts:iters=300,c=0.7" with c=1.25 -> "ismcts:iters=300,c=1.25".
std::string spec_with(const std::string& base_spec, const std::vector<TuneParam>& params,
                      const std::vector<double>& values);

// The mean score in [0,1] (a win rate, draws counting half) of the candidate `values` (real units,
// integers already rounded) over `games` games played from `seed`. The same seed must deal the same
// games, so two candidates evaluated with one seed differ by their play, not by their luck.
using Objective = std::function<double(const std::vector<double>& values, int games, std::uint64_t seed)>;

struct TuneSettings {
  std::string method = "spsa";  // "spsa" or "cem"
  int budget_games = 10000;     // games the whole run may play
  int games_per_eval = 100;     // games per evaluation of one candidate
  std::uint64_t seed = 1;
  // Where the search starts, in real units, one value per parameter (the spec's own values, so
  // that a run that learns nothing returns them unchanged); empty: the centre of each range.
  std::vector<double> start;
  // SPSA, with Spall's recommended exponents. a and c are in normalised units (fractions of each
  // range): c is the perturbation, a scales the step a_k * gradient.
  double a = 0.1, c = 0.1, alpha = 0.602, gamma = 0.101;
  // CEM.
  int population = 8;
  double elite_fraction = 0.25;
};

// One iteration (SPSA) or generation (CEM): the centre it evaluated around, in real units, and the
// score estimate there; games_used counts every game played so far, this step included. The last
// step of a trajectory is the final update, the point returned as best: no games were played at
// it (measured = false), and its score is the run's best_score.
struct TuneStep {
  int iteration = 0;  // from 1
  int games_used = 0;
  std::vector<double> values;
  double score = 0;
  bool measured = true;
};

struct TuneResult {
  std::vector<double> best;  // real units, integers rounded
  double best_score = 0;     // an in-run estimate: see tune() for what each method reports
  std::vector<TuneStep> trajectory;
};

// Maximises `objective` over the box given by `params` within settings.budget_games games.
// Reproducible: every evaluation seed and every random draw derives from settings.seed.
//   spsa: starts at settings.start (the centre of the box if empty); best is the final iterate (SPSA converges in its
//   iterate,
//         not in the best single evaluation, which is mostly the luckiest); each trajectory step is
//         the centre theta_k with (y+ + y-)/2; best_score averages the last 10% of those.
//   cem:  mean at settings.start (else 0.5) and deviation 0.3 per normalised coordinate; best is the final mean; each
//   step is
//         the generation's mean with the average score of its population; best_score is the last.
// Neither best_score is an independent measurement: for a figure to report, play a fresh match.
TuneResult tune(const std::vector<TuneParam>& params, const TuneSettings& settings, const Objective& objective,
                const std::function<void(const TuneStep&)>& progress = {});

// "iteration,games,<names...>,score,measured" and one row per step, values in real units; the last
// row, measured 0, is the final update (the best values, scored by the in-run estimate).
std::string trajectory_csv(const std::vector<TuneParam>& params, const TuneResult& result);

}  // namespace nuraghe
