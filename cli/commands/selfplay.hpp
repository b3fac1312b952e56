#pragma once
// `nuraghe selfplay`: games played as the arena plays them (the same deals, seatings and bot
// seeds), written as training data for `nuraghe learn` (docs/learning.md, "Self-play data").
//
// Every `every`-th decision of a game gives one row per seat: that seat's observation of its own
// view (the game's tensors) and, where the game names them, its features (HasFeatures), and as
// targets every seat's final returns and scores and, where that seat moved and searched, the
// search's root value. A share of those decisions (--label-rate) is labelled by an expert search
// (the seat's spec at --expert-budget times its budget, or --expert): its visit shares over the
// mover's moves (a policy target, stored sparse) and its root value for every seat; the move played
// stays the player's (docs/learning.md, "Labelled self-play").
//
// Rows go to NumPy .npy files, one folder of arrays per chunk of games (an .npy file cannot be
// appended) with the games themselves (games.jsonl: each game's seed, moves and outcome, as a
// results file holds them, so that a row's state can be replayed), beside a JSON manifest that
// names what was played, so that numpy and pandas read everything without nuraghe. A chunk is
// written whole or not at all (a folder renamed into place), so a killed run resumes at its first
// missing chunk and, whatever --jobs, writes the same bytes.
//
// A run splits over machines by its chunks: shard i/n plays the chunks c with c % n == i into a
// folder of its own, and `nuraghe merge` joins the shards' folders into the folder one process
// would have written, byte for byte. Under `mpirun -n K` (an MPI build) rank r plays shard r/K into
// OUT.rank<r>of<K>, and rank 0 joins them into --out.

#include <cstdio>
#include <string>
#include <vector>

#include "core/game.hpp"

namespace nuraghe {

struct SelfplaySettings {
  std::string game;
  GameConfig config;              // players, options, map; config.seed is the run's seed
  std::vector<std::string> bots;  // one spec per seat, or one for every seat
  int games = 0;                  // a multiple of the seat count: deal d is played in every seating
  int every = 10;                 // a row set every this many decisions
  int chunk_games = 64;           // games per chunk
  int jobs = 1;
  double label_rate = 0;      // the share of row decisions an expert search labels
  double expert_budget = 10;  // the expert: the seat's own spec with its iters= (and ms=) times this
  std::string expert;         // or this spec at every seat
  std::string out;            // the folder; an existing one of the same run is resumed
  int shard = 0, shards = 1;  // play only the chunks c with c % shards == shard
  std::string version = "unknown";
  std::FILE* progress = stderr;  // the resume note and a line a chunk (improve: stdout, with its own progress)
  bool summary = true;           // the last line on stdout (games, rows, chunks, megabytes)
};

// Plays and writes the run; InputError on bad settings or an --out folder of another run. Under
// mpirun, over the ranks (above).
int run_selfplay_command(const SelfplaySettings& s);

// Joins the folders of every shard of one self-play run, each complete, into `out` (a new or empty
// folder): their chunks in order and the manifest of the whole run, as one process writes them.
// The shards' chunk folders are copied, or with `move` moved (and the emptied shard folders
// removed: mpirun's rank folders). Prints the whole run's summary line; InputError for folders
// that are not every shard of one run, once each, complete.
void join_selfplay(const std::vector<std::string>& shards, const std::string& out, const std::string& version,
                   bool move);

// Whether `path` is a folder holding a self-play manifest (merge tells self-play from results files).
bool is_selfplay_folder(const std::string& path);

// The arrays of one chunk, their element types and their columns (a manifest documents them).
struct SelfplayArray {
  const char* name;
  const char* dtype;    // "float32" or "int32"
  const char* columns;  // "observation_size", "feature_count", "players" or "" (one value a row)
  const char* meaning;
  const char* length = "rows";  // or "entries": one a labelled move (the sparse policy targets)
  const char* only = "";        // "features": where the game names them; "labels": with --label-rate
};
inline constexpr SelfplayArray kSelfplayArrays[] = {
    {"observation", "float32", "observation_size", "the row's seat's observation of its own view (the game's tensors)"},
    {"features", "float32", "feature_count",
     "the row's seat's named features of its own view (the manifest's feature_names, in order); only for a game "
     "that names features",
     "rows", "features"},
    {"seat", "int32", "", "the seat whose observation this is"},
    {"game", "int32", "", "the game's index in the run (game g is deal g / players, seating g % players)"},
    {"deal", "int32", "", "the deal: every seating of one deal shares it (split by it, never by game)"},
    {"decision", "int32", "", "the decision's index in its game, from 0"},
    {"progress", "float32", "", "decision / the game's decisions, in [0, 1)"},
    {"moved", "int32", "", "1 where the row's seat chose at this decision (at a simultaneous one, every seat)"},
    {"returns", "float32", "players", "every seat's final return in [0, 1] (a shared win split)"},
    {"scores", "float32", "players", "every seat's final score in points"},
    {"search_value", "float32", "",
     "the search's root value for the row's seat where it moved and searched; NaN elsewhere (a mask)"},
    {"expert_value", "float32", "",
     "at a labelled decision, the expert's root value for the row's seat (the mover's expert's; at a "
     "simultaneous decision, the seat's own); NaN elsewhere",
     "rows", "labels"},
    {"policy_row", "int32", "",
     "the row of the chunk (the mover's, at a labelled decision) the entry is a target of: an entry a legal move",
     "entries", "labels"},
    {"policy_action", "int32", "", "the move's action index (the game's action space: num_actions)", "entries",
     "labels"},
    {"policy_prob", "float32", "", "the expert's share of the move, its visits over the root's (a row's sum to 1)",
     "entries", "labels"},
};

}  // namespace nuraghe
