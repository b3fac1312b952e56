// `nuraghe map`: a game's board or map checked (its counts and the designer's warnings), or drawn
// from its data as SVG; with --usage, coloured by how often the games of a results file used it.
#include <iostream>
#include <string>
#include <vector>

#include "arena/logged_game.hpp"
#include "bots/games.hpp"
#include "cli/command.hpp"
#include "cli/options.hpp"
#include "core/files.hpp"
#include "core/hooks.hpp"
#include "games/all_presentations.hpp"

namespace nuraghe {
namespace {

// Checks the board of a game (`check`: its counts and the designer's warnings, core/hooks.hpp's
// MapCheck) and draws it from its data as SVG; with `usage`, a results file or play log, its
// elements coloured by how often the games used them (a map's routes: how often claimed).
struct MapCommand {
  std::string game;
  GameConfig config;             // players, options, map file
  bool check = false;            // print the counts and warnings
  bool strict = false;           // with check: a warning is an error (exit 2)
  std::string svg;               // the file written, or empty
  std::string usage;             // a results file or play log, or empty
  bool force = false;            // replace an existing --svg file
  bool ignore_map_hash = false;  // with usage: draw its games on a --map of another hash
};

template <Game G>
int draw_map(const MapCommand& c) {
  if (c.svg.empty() && !c.check) input_error("map: give --svg FILE (a picture) or --check (the counts), or both");
  if (c.check) {
    if constexpr (!HasMapCheck<G>) {
      input_error("map --check: " + std::string(G::kName) +
                  (HasMap<G> ? " has no check of its board beyond the validator that reads it"
                             : " has no board data to check"));
    } else {
      const MapCheck m = G::Presentation::map_check(G::initial(c.config));
      for (const auto& line : m.counts) std::cout << line << "\n";
      for (const auto& warning : m.warnings) std::cout << "warning: " << warning << "\n";
      std::cout << "map --check: " << m.warnings.size() << (m.warnings.size() == 1 ? " warning" : " warnings") << "\n";
      if (c.strict && !m.warnings.empty())
        input_error("map --check --strict: ", m.warnings.size(), m.warnings.size() == 1 ? " warning" : " warnings");
    }
    if (c.svg.empty()) return 0;
  }
  if constexpr (!HasBoardPicture<G>) {
    input_error("map: " + std::string(G::kName) + " has no board to draw");
  } else {
    // An output that is one of the inputs is refused first: --force replaces only what is not read.
    check_not_input(c.svg, "--svg", c.usage, "--usage file");
    check_not_input(c.svg, "--svg", c.config.map_file, "--map file");
    check_output_path(c.svg, "--svg", c.force);
    auto board = G::initial(c.config);
    std::vector<double> usage;
    int games = 0;
    if (!c.usage.empty()) {
      // The map drawn is the one the games were played on: the recorded one, or --map in its place.
      const ResultsFile f = read_game_records(c.usage, MapOverride{c.config.map_file, c.ignore_map_hash});
      const std::string where = "map --usage \"" + c.usage + "\"";
      if (f.header.game != G::kName)
        input_error(where + " holds games of " + f.header.game + ", not of " + std::string(G::kName));
      if (f.games.empty()) input_error(where + " holds no finished game");
      // The games' own players and options are drawn, so asking for others would be ignored.
      if (c.config.players != 0 || !c.config.options.empty())
        input_error(where + ": the games' own players and options are drawn; leave out -p and -o");
      for (const auto& game : f.games) {
        const auto s = logged_final<G>(f, game, c.usage, where + " game " + std::to_string(game.index));
        const std::vector<double> used = G::Presentation::board_usage(s);
        if (usage.empty()) usage.assign(used.size(), 0.0);
        for (std::size_t i = 0; i < used.size(); ++i) usage[i] += used[i];
        if (games == 0) board = s;
        ++games;
      }
      for (double& u : usage) u /= games;
    }
    OutputFile out(c.svg, "--svg file");
    out.write(G::Presentation::board_svg(board, usage, games));
    out.close();
    std::cout << "map: wrote " << c.svg
              << (games > 0 ? ", usage over " + std::to_string(games) + " games of " + c.usage : std::string()) << "\n";
  }
  return 0;
}

class Map final : public Command {
 public:
  void add_options(Options& o) override {
    add_game_options(o, common_, true);
    const Option map = o.get("--map");
    const Option check = o.flag("--check", args_.check, "print the board's counts and the designer's warnings");
    o.flag("--strict", args_.strict, "with --check: a warning is an error (exit 2)").needs(check);
    const Option svg = o.option("--svg", args_.svg, "the SVG file to write").file();
    const Option usage =
        o.option("--usage", args_.usage,
                 "a results file (arena --out) or play log: colour the routes by how often they were claimed")
            .file()
            .needs(svg);
    o.flag("--force", args_.force, "replace an existing --svg file").needs(svg);
    add_map_override(o, common_.map_file, args_.ignore_map_hash, &map).needs(usage);
  }

  int run() override {
    args_.game = common_.game;
    args_.config = common_.config();
    return AllGames::dispatch(args_.game, [&]<Game G>() { return draw_map<G>(args_); });
  }

 private:
  Common common_;
  MapCommand args_;
};

}  // namespace

extern const CommandEntry map_command{"map", "check a game's board or map, or draw it from its data as SVG",
                                      make_command<Map>};

}  // namespace nuraghe
