// `nuraghe results`: an arena results file or a play log flattened into a table that a researcher
// loads with one call (pandas.read_csv, pandas.read_json(lines=True)): a row per game, per seat of a
// game, or per move (cli/commands/results_table.hpp; the columns are in docs/arena.md, "Results as
// tables").
#include <cstdio>
#include <iostream>

#include "arena/arena.hpp"
#include "cli/command.hpp"
#include "cli/commands.hpp"
#include "cli/options.hpp"
#include "core/files.hpp"

namespace nuraghe {
namespace {

class Results final : public Command {
 public:
  void add_options(Options& o) override {
    o.option("file", args_.file, "results file (arena --out) or game log (play --log)").file().required();
    o.option("--format", args_.format, "csv (a header row) or json (JSON lines)").not_empty();
    o.option("--per", args_.per, "what a row is: game, seat or move").not_empty();
    o.option("--out", args_.out, "write the table to this new file instead of standard output").file();
    o.flag("--force", args_.force, "replace an existing --out file");
    add_map_override(o, args_.map_file, args_.ignore_map_hash);
  }

  int run() override {
    if (args_.format != "csv" && args_.format != "json")
      input_error("results: --format \"" + args_.format + "\": use csv or json");
    if (args_.per != "game" && args_.per != "seat" && args_.per != "move")
      input_error("results: --per \"" + args_.per + "\": use game, seat or move");
    check_output_path(args_.out, "results --out", args_.force);
    check_not_input(args_.out, "results --out", args_.file, "file read");
    const ResultsFile f = read_game_records(args_.file, MapOverride{args_.map_file, args_.ignore_map_hash});
    // A file an arena is still writing (or a killed one) may end mid-line: the finished games are a table.
    if (f.truncated_at)
      std::fprintf(stderr, "results: the last line of %s is cut short (an arena still running, or killed); left out\n",
                   args_.file.c_str());
    const std::string text = game_commands(f.header.game).results_table(f, args_);
    if (args_.out.empty()) {
      std::cout << text << std::flush;
      return 0;
    }
    OutputFile out(args_.out, "results --out");
    out.write(text);
    out.close();
    return 0;
  }

 private:
  ResultsTableCommand args_;
};

}  // namespace

extern const CommandEntry results_command{
    "results", "flatten a results file or play log into a table (a row per game, seat or move) for pandas or R",
    make_command<Results>};

}  // namespace nuraghe
