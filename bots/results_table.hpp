#pragma once
// `nuraghe results`: an arena results file or a play log flattened into a table that a researcher
// loads with one call (pandas.read_csv, pandas.read_json(lines=True)): a row per game, per seat of
// a game, or per move. The columns are in docs/arena.md, "Results as tables".

#include <string>

namespace nuraghe {

struct ResultsTableCommand {
  std::string file;              // a results file (arena --out) or a play log (play --log)
  std::string format = "csv";    // csv (RFC 4180, a header row) | json (JSON lines, one object a row)
  std::string per = "game";      // game | seat | move: what one row is
  std::string out;               // a new file, or empty for standard output
  bool force = false;            // replace an existing --out file
  std::string map_file;          // --map: the map the games were played on, in place of the recorded one
  bool ignore_map_hash = false;  // --ignore-map-hash: read them on a --map of another hash
};
int run_results_command(const ResultsTableCommand& c);

}  // namespace nuraghe
