#pragma once
// `nuraghe results`: an arena results file or a play log flattened into a table that a researcher
// loads with one call (pandas.read_csv, pandas.read_json(lines=True)): a row per game, per seat of
// a game, or per move. The columns are in docs/arena.md, "Results as tables".

#include <string>
#include <vector>

#include "core/json.hpp"

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

// ---- the two formats of a table (results, stats, compare) -----------------------------------------

// RFC 4180: a field holding a comma, a quote or a line break is quoted, its quotes doubled (bot
// specs hold commas, "uct:iters=100,c=0.7", and so may a game's moves). A null cell, a value the
// file does not hold, is an empty field, which pandas reads as NaN.
std::string csv_field(const Json& cell);

// Rows appended as the games are read, as CSV (a header row first) or as JSON lines (one object a
// row, its keys in the columns' order, which Json's own objects would sort). The text is written
// out whole at the end, so that a bad line in the file leaves no half table behind.
class TableText {
 public:
  TableText(bool csv, std::vector<std::string> columns);
  void row(const std::vector<Json>& cells);
  const std::string& text() const { return text_; }

 private:
  bool csv_;
  std::vector<std::string> columns_;
  std::string text_;
};

}  // namespace nuraghe
