// `nuraghe score`: the score of a position part by part, where the game can say more than its
// scores; or every game of a results file or play log, replayed, as JSON lines.
#include <iostream>
#include <string>
#include <vector>

#include "any_game/any_game.hpp"
#include "arena/logged_game.hpp"
#include "bots/games.hpp"
#include "cli/command.hpp"
#include "cli/options.hpp"
#include "core/hooks.hpp"
#include "games/all_presentations.hpp"

namespace nuraghe {
namespace {

template <Game G>
int score_games(const ResultsFile& f, const std::string& file) {
  for (const auto& game : f.games) {
    const std::string where = "score --results \"" + file + "\" game " + std::to_string(game.index);
    const auto s = logged_final<G>(f, game, file, where);
    const JsonIn line(game.line, where);
    Json out{{"index", game.index},
             {"seed", game.seed},
             {"bots", line.at("bots").strings()},
             {"moves", line.at("moves").strings().size()}};
    if constexpr (HasScoreReport<G>) {
      out["score"] = G::Presentation::score_json(s);
    } else {
      const Values v = scores_of<G>(s);
      out["score"] = Json{{"scores", std::vector<double>(v.begin(), v.begin() + num_players_of<G>(s))}};
    }
    std::cout << json_text(out) << "\n";
  }
  return 0;
}

class Score final : public Command {
 public:
  void add_options(Options& o) override {
    o.option("-g,--game", common_.game, "game name (see `nuraghe games`)").not_empty();
    const Option map = o.option("--map", common_.map_file, "board or map file, for games that read one").file();
    const Option position =
        o.option("--position", common_.position, "position file (JSON; - for standard input)").file();
    const Option results =
        o.option("--results", results_, "a results file (arena --out) or play log: one JSON line per game")
            .file()
            .excludes(position);
    o.flag("--json", json_, "the breakdown as one JSON line");
    add_map_override(o, common_.map_file, ignore_map_hash_, &map).needs(results);
  }

  int run() override {
    if (!results_.empty()) {
      // Every game of the file replayed: a JSON line each, with its score part by part where the
      // game can tell (its Presentation's score_json), else its scores. --game, when given, must be
      // the file's.
      const ResultsFile f = read_game_records(results_, MapOverride{common_.map_file, ignore_map_hash_});
      if (!common_.game.empty() && common_.game != f.header.game)
        input_error("score: \"" + results_ + "\" holds games of " + f.header.game + ", not of " + common_.game);
      return AllGames::dispatch(f.header.game, [&]<Game G>() { return score_games<G>(f, results_); });
    }
    if (common_.position.empty()) input_error("score: give --position FILE (with --game) or --results FILE");
    if (common_.game.empty()) input_error("score: --position needs --game");
    std::cout << load_position(any_game(common_.game), common_)->score(json_);
    return 0;
  }

 private:
  Common common_;
  bool json_ = false;
  std::string results_;
  bool ignore_map_hash_ = false;
};

}  // namespace

extern const CommandEntry score_command{
    "score", "print the score of a position part by part, or of every game of a results file as JSON lines",
    make_command<Score>};

}  // namespace nuraghe
