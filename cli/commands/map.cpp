// `nuraghe map`: a game's board or map checked (its counts and the designer's warnings), or drawn
// from its data as SVG; with --usage, coloured by how often the games of a results file used it.
#include "cli/command.hpp"
#include "cli/commands.hpp"
#include "cli/options.hpp"

namespace nuraghe {
namespace {

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
    return game_commands(args_.game).draw_map(args_);
  }

 private:
  Common common_;
  MapCommand args_;
};

}  // namespace

extern const CommandEntry map_command{"map", "check a game's board or map, or draw it from its data as SVG",
                                      make_command<Map>};

}  // namespace nuraghe
