// `nuraghe play`: one game between bots (or a person at the terminal), its move log printed, and
// written as JSON lines (--log) or as a page for the browser (--html).
#include <CLI/CLI.hpp>

#include "cli/command.hpp"
#include "cli/commands.hpp"
#include "cli/options.hpp"

namespace nuraghe {
namespace {

class Play final : public Command {
 public:
  void add_options(CLI::App& sub) override {
    add_game_options(&sub, args_.common, true);
    sub.add_option("--bots", args_.bots, "bot specs, one per seat, separated by commas")->check(kNotEmpty);
    sub.add_option("-b,--bot", args_.bot, "a bot spec (repeatable, one per seat)")->check(kNotEmpty);
    sub.add_option("--log", args_.log, "write the game as JSON lines to FILE")->check(kFileName);
    add_integer(&sub, "--human", args_.human, 0, kMaxPlayers - 1, "a person plays this seat from the terminal")
        ->default_str("none");
    sub.add_option("--html", args_.html, "write the game as a page for the browser to FILE")->check(kFileName);
    sub.add_flag("--force", args_.force, "replace existing --log and --html files");
  }

  int run() override { return game_commands(args_.common.game).play(args_); }

 private:
  PlayArgs args_;
};

}  // namespace

extern const CommandEntry play_command{"play", "play one game and print its move log", make_command<Play>};

}  // namespace nuraghe
