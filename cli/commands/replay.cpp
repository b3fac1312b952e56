// `nuraghe replay`: game `--index` of a results file or play log stepped through, the state after
// each move as `--seat` saw it (everything by default); with --html, the game's page for the
// browser instead (lib/viewer/viewer.hpp), opening at that seat's view.
#include "arena/arena.hpp"
#include "cli/command.hpp"
#include "cli/commands.hpp"
#include "cli/options.hpp"
#include "core/files.hpp"

namespace nuraghe {
namespace {

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
    return game_commands(f.header.game).replay(f, args_);
  }

 private:
  ReplayCommand args_;
};

}  // namespace

extern const CommandEntry replay_command{"replay", "step through a game of an arena results file or a play --log file",
                                         make_command<Replay>};

}  // namespace nuraghe
