#pragma once
// `nuraghe improve`: generations of self-play, fit and gate (docs/learning.md, "Generations").
// Generation g plays self-play games with the best bot so far, fits a model on the data of every
// generation, and gates the bot with the new model against the best so far in a two-player arena on
// fresh deals with the pentanomial SPRT (elo0 = 0, elo1 given, alpha = beta = 0.05, at most
// `max_deals` deals; an undecided gate rejects). The winner is kept, and its Elo against a fixed
// reference bot measured. Every step writes its files into the run's folder before the next
// starts, so a killed run started again resumes where it stopped.

#include <cstdint>
#include <string>
#include <vector>

#include "core/game.hpp"

namespace nuraghe {

struct ImproveCommand {
  std::string game;
  GameConfig config;  // players (2: the gate is a two-player match), options, map; seed of the run
  std::string bot;  // the searching bot improved; each generation adds eval=MODEL (and cutoff=leaf if it has no cutoff)
  int generations = 0;
  int games = 0;                   // self-play games a generation
  int every = 10;                  // self-play rows every this many decisions
  std::string model = "linear";    // linear, logistic or mlp
  std::vector<int> hidden = {64};  // the MLP's hidden layers
  bool with_evaluate = false;      // the models also read the hand-written evaluation (learn --with-evaluate)
  double elo1 = 20;                // the gate's H1
  int max_deals = 200;             // the gate's cap, in deals (pairs of games)
  std::string reference = "heuristic";
  int reference_games = 100;  // games against the reference a generation
  int jobs = 1;
  std::string out;  // the run's folder: one run however spelled (improve.json records its canonical path)
  std::string version = "unknown";
};
int run_improve_command(const ImproveCommand& c);

}  // namespace nuraghe
