#pragma once
// `nuraghe results` for one game (cli/commands/results_table.hpp): the games replayed into rows.
// Instantiated once per game by cli/game_commands.hpp.

#include <algorithm>
#include <cstdio>
#include <iostream>
#include <optional>
#include <vector>

#include "arena/logged_game.hpp"
#include "bots/registry.hpp"
#include "cli/commands/results_table.hpp"
#include "core/files.hpp"
#include "core/hooks.hpp"

namespace nuraghe::commands {

inline bool is_play_log(const ResultsFile& f) { return f.header.json["nuraghe"] == "play"; }

// ---- what a game's rows say -----------------------------------------------------------------

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

// ---- the three tables --------------------------------------------------------------------------

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
