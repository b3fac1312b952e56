// `nuraghe results`: an arena results file or a play log flattened into a table that a researcher
// loads with one call (pandas.read_csv, pandas.read_json(lines=True)): a row per game, per seat of a
// game, or per move (cli/commands/results_table.hpp; the columns are in docs/arena.md, "Results as
// tables").
#include <cstdio>
#include <iostream>

#include "arena/arena.hpp"
#include "cli/command.hpp"
#include "cli/commands.hpp"
#include "cli/commands/results_table.hpp"
#include "cli/commands/results_table_game.hpp"
#include "cli/options.hpp"
#include "core/files.hpp"

namespace nuraghe {

// ---- the two formats of a table (cli/commands/results_table.hpp), compiled once ------------------

std::string csv_field(const Json& cell) {
  if (cell.is_null()) return "";
  if (!cell.is_string()) return cell.dump();
  const auto& text = cell.get_ref<const std::string&>();
  if (text.find_first_of(",\"\r\n") == std::string::npos) return text;
  std::string quoted = "\"";
  for (char c : text) quoted += c == '"' ? std::string("\"\"") : std::string(1, c);
  return quoted + "\"";
}

TableText::TableText(bool csv, std::vector<std::string> columns) : csv_(csv), columns_(std::move(columns)) {
  if (!csv_) return;
  for (std::size_t i = 0; i < columns_.size(); ++i) text_ += (i ? "," : "") + csv_field(columns_[i]);
  text_ += "\n";
}

void TableText::row(const std::vector<Json>& cells) {
  for (std::size_t i = 0; i < cells.size(); ++i)
    text_ += csv_ ? (i ? "," : "") + csv_field(cells[i])
                  : (i ? "," : "{") + Json(columns_[i]).dump() + ":" + cells[i].dump();
  text_ += csv_ ? "\n" : cells.empty() ? "{}\n" : "}\n";
}

// ---- what every game's results shares (cli/commands/results_table_game.hpp), compiled once -----

namespace commands {

std::vector<std::string> columns_of(const std::string& per, int seats) {
  if (per == "seat")
    return {"game", "deal", "seed", "seat", "bot", "score", "return", "rank", "think_seconds", "decisions", "win"};
  if (per == "move") return {"game", "ply", "seat", "bot", "move", "seconds", "decisions"};
  std::vector<std::string> columns{"game", "deal", "seed"};
  for (int s = 0; s < seats; ++s)
    for (const char* name : {"bot", "score", "return", "rank", "think_seconds", "decisions"})
      columns.push_back(name + ("_" + std::to_string(s)));
  columns.push_back("moves");
  return columns;
}

void add_rows(TableText& table, const std::string& per, const GameResult& game, const GameFacts& facts) {
  if (per == "game") {
    std::vector<Json> row{game.index, game.deal, game.seed};
    for (const SeatFacts& s : facts.seats)
      row.insert(row.end(), {s.bot, s.score, s.ret, s.rank, s.think_seconds, s.decisions});
    row.push_back(facts.moves);
    table.row(row);
  } else if (per == "seat") {
    for (std::size_t s = 0; s < facts.seats.size(); ++s) {
      const SeatFacts& f = facts.seats[s];
      table.row({game.index, game.deal, game.seed, s, f.bot, f.score, f.ret, f.rank, f.think_seconds, f.decisions,
                 int(f.win)});
    }
  } else {
    for (const SeatMove& m : facts.moved) {
      const SeatFacts& f = facts.seats[std::size_t(m.seat)];
      table.row({game.index, m.ply, m.seat, f.bot, m.text, m.seconds, f.decisions});
    }
  }
}

}  // namespace commands

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
