#pragma once
// `nuraghe learn`: fits a value function (lib/learn/) on the data of `nuraghe selfplay` and writes
// it as a model file (core/value_model.hpp) for the searching bots' eval=. It holds out a share of
// the deals, prints the model's held-out log-loss, Brier score and accuracy of who wins beside the
// same figures of the game's hand-written evaluation (on determinizations from each seat's view,
// so that both know what the seat knows), and can write a learning curve (docs/learning.md).

#include <cstdint>
#include <string>
#include <vector>

namespace nuraghe {

struct LearnCommand {
  std::vector<std::string> data;   // self-play folders (selfplay --out), of one game, options, map and seat count
  std::string model = "linear";    // linear (ridge), logistic or mlp
  std::string target = "returns";  // returns, search-value, expert-value or policy
  double target_mix = 1;           // expert-value: the expert's share of the target, the outcome's 1 - it
  bool target_mix_given = false;
  std::string inputs = "observation";  // what the model reads: observation, features or both
  std::string out;                     // the model file written
  std::string curve;                   // a learning curve CSV written, or ""
  std::uint64_t seed = 1;
  std::vector<int> hidden = {64};  // the MLP's hidden layers
  int epochs = 200;                // the MLP's most epochs (early stopping ends it sooner)
  int threads = 1;
  double held_out = 0.2;       // the share of deals held out for the figures
  int determinizations = 4;    // per seat and position, for the hand-written evaluation's figures and input
  bool with_evaluate = false;  // the hand-written evaluation's logit as one more input (evaluate_input)
  bool force = false;          // replace existing --out and --curve files
  bool progress = true;        // reading, replays and fits on stderr (improve: off, its own log is stdout)
};
int run_learn_command(const LearnCommand& c);

}  // namespace nuraghe
