// `nuraghe results`: an arena results file or a play log flattened into a table that a researcher
// loads with one call (pandas.read_csv, pandas.read_json(lines=True)): a row per game, per seat of a
// game, or per move (cli/commands/results_table.hpp; the columns are in docs/arena.md, "Results as
// tables").
#include <algorithm>
#include <cstdio>
#include <iostream>
#include <optional>
#include <vector>

#include "arena/arena.hpp"
#include "arena/logged_game.hpp"
#include "bots/games.hpp"
#include "bots/registry.hpp"
#include "cli/command.hpp"
#include "cli/commands/results_table.hpp"
#include "cli/options.hpp"
#include "core/files.hpp"
#include "core/hooks.hpp"

namespace nuraghe::commands {

inline bool is_play_log(const ResultsFile& f) { return f.header.json["nuraghe"] == "play"; }

// ---- what a game's rows say ---------------------------------------------------------------------

// One seat's part of one move: a joint move is a move of every seat, each a row of its own.
struct SeatMove {
  int ply = 0;       // the move's number in the game, from 1; the seats of a joint move share it
  Player seat = 0;   // who chose it
  std::string text;  // the seat's own move, in the game's notation
  Json seconds;      // its thinking time; null where the file holds none (a play log)
};

// One seat of one game.
struct SeatFacts {
  std::string bot;  // the name of the bot in that seat (bot_name; "human" in a play log)
  double score = 0, ret = 0;
  int rank = 0;        // 1 = best score; tied seats share the better rank
  int decisions = 0;   // the moves this seat chose
  Json think_seconds;  // over the game; null in a play log, which records no times
  bool win = false;    // the game's best return; a shared win is a win of every seat sharing it
};

struct GameFacts {
  std::vector<SeatFacts> seats;
  int moves = 0;                // entries of the file's "moves" (a joint move is one)
  std::vector<SeatMove> moved;  // every seat's moves, when replayed
};

struct Replayed {
  Values scores{}, returns{};
  std::vector<SeatMove> moves;
};

// A game's moves replayed from its start (logged_game: each checked for legality as `replay` does),
// each joint move split into the seats' own moves with the time each took, where the file has it:
// an arena file's "seconds" holds a number for a single mover and a list over the seats for a
// joint move, and its "movers" must name the seat that moved (-2 for a joint move).
template <Game G>
Replayed replay_moves(const ResultsFile& f, const GameResult& game, const std::string& file) {
  const std::string where = "results: \"" + file + "\" game " + std::to_string(game.index);
  const Transcript<G> t = logged_game<G>(f, game, file, where);
  const JsonIn line(game.line, where);
  const std::optional<JsonIn> given = line.find("seconds"), movers = line.find("movers");
  const std::vector<JsonIn> seconds = given ? given->array_of_size(t.moves.size()) : std::vector<JsonIn>{};
  const int n = num_players_of<G>(t.start);
  if (movers) {
    const std::vector<JsonIn> who = movers->array_of_size(t.moves.size());
    for (std::size_t i = 0; i < t.moves.size(); ++i)
      if (who[i].int_in(kSimultaneous, n - 1) != t.moves[i].player)
        who[i].fail("is not the seat that made move " + std::to_string(i + 1));
  }
  const auto time_of = [&](std::size_t i, const MoveRecord& m, Player seat) {
    if (seconds.empty()) return Json();
    if (m.player != kSimultaneous) return Json(seconds[i].real(0, 1e12));
    return Json(seconds[i].array_of_size(std::size_t(n))[std::size_t(seat)].real(0, 1e12));
  };
  Replayed r;
  std::size_t i = 0;
  t.for_each_step([&](const typename G::State& before, const MoveRecord& m, const typename G::State&) {
    const int ply = int(i) + 1;
    if (m.player == kSimultaneous) {
      for (Player q = 0; q < n; ++q)
        r.moves.push_back({ply, q, G::move_to_string(before, q, m.moves[std::size_t(q)]), time_of(i, m, q)});
    } else {
      r.moves.push_back({ply, m.player, G::move_to_string(before, m.player, m.moves[0]), time_of(i, m, m.player)});
    }
    ++i;
  });
  const auto end = t.final_state();
  r.scores = scores_of<G>(end);
  r.returns = end.returns();
  return r;
}

// A game's facts as recorded in an arena results file. A play log records only the moves: its
// scores, returns and decisions come from replaying them, and its thinking times are unknown.
template <Game G>
GameFacts game_facts(const ResultsFile& f, const GameResult& game, const std::string& file, bool with_moves) {
  const int n = f.header.players;
  const bool play_log = is_play_log(f);
  GameFacts facts;
  facts.moves = int(game.line["moves"].size());
  std::vector<double> scores = game.scores, returns = game.returns;
  std::vector<int> decisions = game.decisions;
  if (with_moves || play_log) {
    Replayed r = replay_moves<G>(f, game, file);
    if (play_log) {
      scores.assign(r.scores.begin(), r.scores.begin() + n);
      returns.assign(r.returns.begin(), r.returns.begin() + n);
      decisions.assign(std::size_t(n), 0);
      for (const SeatMove& m : r.moves) ++decisions[std::size_t(m.seat)];
    }
    facts.moved = std::move(r.moves);
  }
  const std::vector<int> ranks = ranks_of(scores);
  const double best = *std::max_element(returns.begin(), returns.end());
  for (int s = 0; s < n; ++s) {
    const auto i = std::size_t(s);
    facts.seats.push_back({bot_name(f.header.bots[std::size_t(game.seat_bot[i])]), scores[i], returns[i], ranks[i],
                           decisions[i], play_log ? Json() : Json(game.think_seconds[i]), returns[i] == best});
  }
  return facts;
}

// ---- the three tables ---------------------------------------------------------------------------

// The columns of a table of one row per `per` (game, seat or move) of games of `seats` seats.
std::vector<std::string> columns_of(const std::string& per, int seats);

// Appends to `table` the rows of one game: one row (per game), a row a seat, or a row a seat's move.
void add_rows(TableText& table, const std::string& per, const GameResult& game, const GameFacts& facts);

template <Game G>
std::string results_table(const ResultsFile& f, const ResultsTableCommand& c) {
  check_recorded_map<G>(f, c.file);  // --per game and seat replay nothing, and still read on the map
  TableText table(c.format == "csv", columns_of(c.per, f.header.players));
  for (const GameResult& game : f.games) add_rows(table, c.per, game, game_facts<G>(f, game, c.file, c.per == "move"));
  return table.text();
}

}  // namespace nuraghe::commands

namespace nuraghe {

// ---- the two formats of a table (cli/commands/results_table.hpp), compiled once -----------------

std::string csv_field(const Json& cell) {
  if (cell.is_null()) return "";
  if (!cell.is_string()) return json_text(cell);
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
                  : (i ? "," : "{") + json_text(Json(columns_[i])) + ":" + json_text(cells[i]);
  text_ += csv_ ? "\n" : cells.empty() ? "{}\n" : "}\n";
}

// ---- what every game's results shares, compiled once --------------------------------------------

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
    std::string text;
    AllGames::dispatch(f.header.game, [&]<Game G>() {
      text = commands::results_table<G>(f, args_);
      return 0;
    });
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
