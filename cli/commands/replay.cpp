// `nuraghe replay`: game `--index` of a results file or play log stepped through, the state after
// each move as `--seat` saw it (everything by default); with --html, the game's page for the
// browser instead (lib/viewer/viewer.hpp), opening at that seat's view.
#include <iostream>
#include <string>

#include "arena/logged_game.hpp"
#include "bots/games.hpp"
#include "bots/notation.hpp"
#include "cli/command.hpp"
#include "cli/options.hpp"
#include "core/files.hpp"
#include "core/hooks.hpp"
#include "games/all_presentations.hpp"
#include "viewer/viewer.hpp"

namespace nuraghe {
namespace {

// Steps through game `index` of a results file or play log, printing the state after each move as
// `seat` sees it (-1: everything); with `html`, writes the game's page for the browser instead
// (lib/viewer/viewer.hpp), opening at `seat`'s view.
struct ReplayCommand {
  std::string file;
  int index = 0;
  int seat = -1;
  std::string html;    // the page written, or empty
  bool force = false;  // replace an existing --html file
  MapOverride map;     // --map, --ignore-map-hash: the map the game is read on (lib/arena/arena.hpp)
};

// The replay of a game of G, once its file is read: run() below calls it for the game the file names.
template <Game G>
int replay(const ResultsFile& f, const ReplayCommand& c) {
  const GameResult* game = nullptr;
  for (const auto& g : f.games)
    if (g.index == c.index) game = &g;
  if (!game) input_error("replay: game " + std::to_string(c.index) + " is not in \"" + c.file + "\"");
  const auto t = logged_game<G>(f, *game, c.file, "replay: game " + std::to_string(c.index), true);
  if (c.seat >= num_players_of<G>(t.start))
    input_error("replay: --seat " + std::to_string(c.seat) + ": there is no such seat");
  const std::string heading = "game " + std::to_string(c.index) + " of " + c.file + ": " + std::string(G::kName) +
                              ", seed " + std::to_string(game->seed);
  if (!c.html.empty()) {
    write_viewer_page<G>(t, heading, c.html, c.seat, c.seat >= 0 ? PageViews::SeatOnly : PageViews::Every);
    std::cout << "replay: wrote " << c.html << "\n";
    return 0;
  }
  std::cout << heading << "\n";
  for (std::size_t p = 0; p < t.seats.size(); ++p) std::cout << "  seat " << p << ": " << t.seats[p] << "\n";
  std::cout << "\n" << render_of<G>(t.start, c.seat);
  int ply = 0;
  t.for_each_step([&](const typename G::State& before, const MoveRecord& m, const typename G::State& after) {
    std::cout << "\n"
              << ++ply << ". " << mover_name(m.player) << ": " << move_text_seen_by<G>(before, m, c.seat) << "\n"
              << render_of<G>(after, c.seat);
  });
  if (t.final_state().to_move() != kTerminal)
    std::cout << "\nunfinished: the game was quit after " << t.moves.size() << " moves\n";
  else std::cout << "\nscores: " << format_values(scores_of<G>(t.final_state()), num_players_of<G>(t.start)) << "\n";
  return 0;
}

class Replay final : public Command {
 public:
  void add_options(Options& o) override {
    o.option("file", args_.file, "results file (arena --out) or game log (play --log)").file().required();
    o.integer("-k,--index", args_.index, 0, 1 << 30,
              "the game's index in an arena results file (a play log holds game 0)");
    o.integer("--seat", args_.seat, 0, kMaxPlayers - 1, "show the game as this seat saw it").default_text("everything");
    o.option("--html", args_.html,
             "write the game as a page for the browser to FILE (with --seat: that seat's view alone)")
        .file();
    o.flag("--force", args_.force, "replace an existing --html file");
    add_map_override(o, args_.map.map_file, args_.map.ignore_hash);
  }

  int run() override {
    check_output_path(args_.html, "--html", args_.force);
    check_not_input(args_.html, "--html", args_.file, "file replayed");
    const ResultsFile f = read_game_records(args_.file, args_.map);
    return AllGames::dispatch(f.header.game, [&]<Game G>() { return replay<G>(f, args_); });
  }

 private:
  ReplayCommand args_;
};

}  // namespace

extern const CommandEntry replay_command{"replay", "step through a game of an arena results file or a play --log file",
                                         make_command<Replay>};

}  // namespace nuraghe
