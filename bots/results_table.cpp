// `nuraghe results` (bots/results_table.hpp): the file read, then the game's own table
// (bots/results_table_game.hpp).
#include "bots/results_table.hpp"

#include <cstdio>
#include <iostream>

#include "bots/any_game.hpp"
#include "core/files.hpp"

namespace nuraghe {

int run_results_command(const ResultsTableCommand& c) {
  if (c.format != "csv" && c.format != "json") input_error("results: --format \"" + c.format + "\": use csv or json");
  if (c.per != "game" && c.per != "seat" && c.per != "move")
    input_error("results: --per \"" + c.per + "\": use game, seat or move");
  check_output_path(c.out, "results --out", c.force);
  check_not_input(c.out, "results --out", c.file, "file read");
  const ResultsFile f = read_game_records(c.file, MapOverride{c.map_file, c.ignore_map_hash});
  // A file an arena is still writing (or a killed one) may end mid-line: the finished games are a table.
  if (f.truncated_at)
    std::fprintf(stderr, "results: the last line of %s is cut short (an arena still running, or killed); left out\n",
                 c.file.c_str());
  const std::string text = any_game(f.header.game).commands().results_table(f, c);
  if (c.out.empty()) {
    std::cout << text << std::flush;
    return 0;
  }
  OutputFile out(c.out, "results --out");
  out.write(text);
  out.close();
  return 0;
}

}  // namespace nuraghe
