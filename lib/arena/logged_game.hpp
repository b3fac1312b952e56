#pragma once
// A game of a results file or play log played again from its record: the start on the map the
// games were played on, and the end its moves lead to (replay, score --results, map --usage and
// results --per move read games this way).

#include <string>

#include "arena/arena.hpp"
#include "bots/match.hpp"
#include "bots/notation.hpp"
#include "core/hooks.hpp"

namespace nuraghe {

// Refuses to read the games of `file` on a map whose hash is not the one recorded (a map file
// changed since, or another --map) in one line naming both hashes, unless --ignore-map-hash. The
// map is read_game_records' (resolve_map): the recorded one, --map, or an old file's path.
template <Game G>
void check_recorded_map(const ResultsFile& f, const std::string& file) {
  if (f.header.map_hash.empty() || f.map_hash_ignored || f.map_checked) return;
  const GameConfig& config = f.header.config;
  const std::string hash = map_hash_text<G>(config);
  if (hash != f.header.map_hash)
    input_error("\"" + file + "\" was played on a map with hash " + f.header.map_hash + ", not on " +
                (!config.map_data.is_null() ? std::string("the map it records")
                 : config.map_file.empty()  ? "the built-in map of " + std::string(G::kName)
                                            : "the map file \"" + config.map_file + "\"") +
                " (hash " + hash + "); --ignore-map-hash reads it anyway");
  f.map_checked = true;
}

// The start of a logged game: the header's setup with the game's seed, on the map the games were
// played on (check_recorded_map, which hashes the map once a file).
template <Game G>
typename G::State logged_start(const ResultsFile& f, const GameResult& game, const std::string& file) {
  check_recorded_map<G>(f, file);
  GameConfig config = f.header.config;
  config.seed = game.seed;
  return G::initial(config);
}

// A logged game read whole: its moves parsed from logged_start, each checked for legality (a file
// that does not replay is reported); a game that stops before the end is an error naming `where`,
// unless `unfinished_too` and the log says it was quit (replay shows such a game).
template <Game G>
Transcript<G> logged_game(const ResultsFile& f, const GameResult& game, const std::string& file,
                          const std::string& where, bool unfinished_too = false) {
  const JsonIn line(game.line, where);
  auto t = transcript_from_notation<G>(logged_start<G>(f, game, file), line.at("bots").strings(),
                                       line.at("moves").strings());
  if (t.final_state().to_move() != kTerminal && !(unfinished_too && f.unfinished))
    input_error(where + (f.unfinished ? ": the game was quit after " + std::to_string(t.moves.size()) +
                                            " moves, unfinished (replay shows it)"
                                      : ": the logged moves stop before the end"));
  return t;
}

// The end of a logged game (logged_game's final state).
template <Game G>
typename G::State logged_final(const ResultsFile& f, const GameResult& game, const std::string& file,
                               const std::string& where) {
  return logged_game<G>(f, game, file, where).final_state();
}

}  // namespace nuraghe
