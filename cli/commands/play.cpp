// `nuraghe play`: one game between bots (or a person at the terminal), its move log printed, and
// written as JSON lines (--log) or as a page for the browser (--html).
#include "cli/command.hpp"
#include "cli/commands.hpp"
#include "cli/options.hpp"

namespace nuraghe {
namespace {

class Play final : public Command {
 public:
  void add_options(Options& o) override {
    add_game_options(o, args_.common, true);
    o.option("--bots", args_.bots, "bot specs, one per seat, separated by commas").not_empty();
    o.option("-b,--bot", args_.bot, "a bot spec (repeatable, one per seat)").not_empty();
    o.option("--log", args_.log, "write the game as JSON lines to FILE").file();
    o.integer("--human", args_.human, 0, kMaxPlayers - 1, "a person plays this seat from the terminal")
        .default_text("none");
    o.option("--html", args_.html, "write the game as a page for the browser to FILE").file();
    o.flag("--force", args_.force, "replace existing --log and --html files");
  }

  int run() override { return game_commands(args_.common.game).play(args_); }

 private:
  PlayArgs args_;
};

}  // namespace

extern const CommandEntry play_command{"play", "play one game and print its move log", make_command<Play>};

}  // namespace nuraghe
