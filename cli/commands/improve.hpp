#pragma once
// `nuraghe improve`: generations of self-play, fit and gate (docs/learning.md, "Generations" and
// "Expert iteration"). Generation g plays self-play games with the best bot so far (with
// --label-rate, a share of its decisions labelled by an expert search: the best bot at
// --expert-budget times its budget), fits a value model (and, with --policy, a policy on the
// expert's visit shares) on the data of every generation (or of the last --window), and gates the bot with the new
// models against the best so far on fresh deals with the SPRT (elo0 = 0, elo1 given, alpha = beta = 0.05, at most
// `max_deals` deals; an undecided gate rejects): pentanomial at two seats, over deal scores at more
// (lib/arena/sprt.hpp). With --equal-time the new bot's iterations are first set so that it thinks as long a move as
// the best bot, timed in the same run; with --tune, how it uses its models (cpuct=, prior_temperature=, mix=, cutoff=)
// is tuned against the best bot first. The winner is kept, and its Elo against a fixed reference bot measured. Every
// step writes its files into the run's folder before the next starts, so a killed run started again resumes where it
// stopped. A generation's self-play is played (or resumed) only while a fit still to come reads it, so a copy of a run
// without its data folders resumes too (with --window 1 it plays no self-play again; with all the data, it plays the
// finished generations' again, the same games from the same seeds); each fit's rows and folders
// are in its generation's fit.json.

#include <cstdint>
#include <string>
#include <vector>

#include "core/game.hpp"

namespace nuraghe {

struct ImproveCommand {
  std::string game;
  GameConfig config;  // players, options, map; seed of the run
  std::string bot;    // the searching bot improved; each generation adds eval=MODEL (and cutoff=leaf if it has no
                      // cutoff), prior=POLICY with --policy, and iters= with --equal-time
  int generations = 0;
  int games = 0;                       // self-play games a generation
  int every = 10;                      // self-play rows every this many decisions
  int window = 0;                      // fit on the self-play of the last this many generations (0: all of them)
  std::string model = "linear";        // linear, logistic or mlp
  std::vector<int> hidden = {64};      // the MLP's hidden layers
  bool with_evaluate = false;          // the models also read the hand-written evaluation (learn --with-evaluate)
  std::string inputs = "observation";  // what the models read (learn --inputs): observation, features or both
  std::string target = "returns";      // the value model's target: returns or expert-value (needs labels)
  double target_mix = 1;               // expert-value: the expert's share of the target (learn --target-mix)
  bool target_mix_given = false;
  double label_rate = 0;          // the share of self-play row decisions an expert search labels
  double expert_budget = 10;      // the expert: the best bot with its iters= (and ms=) times this
  std::string policy = "none";    // none, logistic or mlp: a policy fitted on the labels, given as prior=
  bool equal_time = false;        // the new bot's iters= set for the best bot's time a move
  std::vector<std::string> tune;  // "NAME=LOW:HIGH": the new bot's parameters tuned against the best bot
  int tune_budget = 200;          // the tuning's games a generation (SPSA, lib/arena/tune.hpp)
  int tune_games_per_eval = 0;    // games an evaluation of the tuning (0: four deals)
  double elo1 = 20;               // the gate's H1
  int max_deals = 200;            // the gate's cap, in deals (pairs of games)
  std::string reference = "heuristic";
  int reference_games = 100;  // games against the reference a generation
  int jobs = 1;
  std::string out;  // the run's folder: one run however spelled (improve.json records its canonical path)
  std::string version = "unknown";
};
int run_improve_command(const ImproveCommand& c);

}  // namespace nuraghe
