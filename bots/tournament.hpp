#pragma once
// The tournament commands of `nuraghe`: arena, merge, replay, map and tune (bots/tournament.cpp).
// Each returns the process exit status; bad input throws InputError.

#include <array>
#include <string>
#include <vector>

#include "bots/arena.hpp"
#include "bots/ratings.hpp"

namespace nuraghe {

struct ArenaCommand {
  ArenaSettings settings;
  std::string format = "table";  // table | csv | json
  std::string sprt;              // "elo0,elo1,alpha,beta", or empty
  int resamples = 1000;          // bootstrap resamples for the intervals
  bool self_play = false;        // the one bot given sits in every seat
  std::string fill;              // a spec (or NAME=SPEC) whose copies take the seats the bots leave
};
int run_arena_command(const ArenaCommand& c);

int run_merge_command(const std::vector<std::string>& files, const std::string& format, const std::string& out,
                      int resamples);

// Steps through game `index` of a results file or play log, printing the state after each move as
// `seat` sees it (-1: everything); with `html`, writes the game's page for the browser instead
// (bots/viewer.hpp), opening at `seat`'s view.
struct ReplayCommand {
  std::string file;
  int index = 0;
  int seat = -1;
  std::string html;    // the page written, or empty
  bool force = false;  // replace an existing --html file
  MapOverride map;     // --map, --ignore-map-hash: the map the game is read on (bots/arena.hpp)
};
int run_replay_command(const ReplayCommand& c);

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
int run_map_command(const MapCommand& c);

// Replays every game of a results file or play log and prints one JSON line per game: its index,
// seed, the bot in each seat, its decisions, and its score part by part where the game can tell
// (G::score_json), else its scores. `game`, when given, must be the file's.
int run_score_command(const std::string& file, const std::string& game, const MapOverride& map);

struct TuneCommand {
  ArenaSettings arena;              // game, config, opponents (bots[1..]), jobs; bots[0] is the spec tuned
  std::vector<std::string> params;  // "name=low:high"
  std::string method = "spsa";
  int budget = 0, games_per_eval = 0;
  std::string best_out, csv_out;
  bool force = false;   // replace existing --best / --csv files
  int final_games = 0;  // the final match's games per spec (0: a fifth of the budget, at least 10 deals)
};
int run_tune_command(const TuneCommand& c);

// The pentanomial SPRT of a two-bot, two-seat tournament (arena --sprt, improve's gate).
struct SprtTrack {
  SprtSettings settings;
  std::array<double, 5> counts{};  // pairs by bot 0's pair score 0, 0.5, 1, 1.5, 2
  std::vector<double> llr;         // after each pair, in deal order
  int decided_at = 0;              // pairs when a bound was crossed (0: not yet)
  int verdict = 0;                 // +1 H1 (elo >= elo1), -1 H0 (elo <= elo0)
};
SprtTrack sprt_track(const SprtSettings& settings, const std::vector<GameResult>& games);
// The report names the two bots (bot_name): the verdict says which is the stronger.
std::string sprt_report(const SprtTrack& t, const std::string& first, const std::string& second);

// "i/n" with 0 <= i < n: InputError otherwise.
void parse_shard(const std::string& text, int& shard, int& shards);

}  // namespace nuraghe
