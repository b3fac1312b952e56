#pragma once
// The arguments of the tournament commands, arena, replay, map and tune, as their files
// (cli/commands/<name>.cpp) read them and their bodies for one game (cli/commands/tournament_game.hpp)
// take them.

#include <array>
#include <string>
#include <vector>

#include "arena/arena.hpp"
#include "arena/ratings.hpp"

namespace nuraghe {

struct ArenaCommand {
  ArenaSettings settings;
  std::string format = "table";  // table | csv | json
  std::string sprt;              // "elo0,elo1,alpha,beta", or empty
  int resamples = 1000;          // bootstrap resamples for the intervals
  bool self_play = false;        // the one bot given sits in every seat
  std::string fill;              // a spec (or NAME=SPEC) whose copies take the seats the bots leave
};

// Steps through game `index` of a results file or play log, printing the state after each move as
// `seat` sees it (-1: everything); with `html`, writes the game's page for the browser instead
// (lib/viewer/viewer.hpp), opening at `seat`'s view.
struct ReplayCommand {
  std::string file;
  int index = 0;
  int seat = -1;
  std::string html;    // the page written, or empty
  bool force = false;  // replace an existing --html file
  MapOverride map;     // --map, --ignore-map-hash: the map the game is read on (lib/arena/arena.hpp)
};

// Checks the board of a game (`check`: its counts and the designer's warnings, core/hooks.hpp's
// MapCheck) and draws it from its data as SVG; with `usage`, a results file or play log, its
// elements coloured by how often the games used them (a map's routes: how often claimed).
struct MapCommand {
  std::string game;
  GameConfig config;             // players, options, map file
  bool check = false;            // print the counts and warnings
  bool strict = false;           // with check: a warning is an error (exit 2)
  std::string svg;               // the file written, or empty
  std::string usage;             // a results file or play log, or empty
  bool force = false;            // replace an existing --svg file
  bool ignore_map_hash = false;  // with usage: draw its games on a --map of another hash
};

struct TuneCommand {
  ArenaSettings arena;              // game, config, opponents (bots[1..]), jobs; bots[0] is the spec tuned
  std::vector<std::string> params;  // "name=low:high"
  std::string method = "spsa";
  int budget = 0, games_per_eval = 0;
  std::string best_out, csv_out;
  bool force = false;   // replace existing --best / --csv files
  int final_games = 0;  // the final match's games per spec (0: a fifth of the budget, at least 10 deals)
};

}  // namespace nuraghe
