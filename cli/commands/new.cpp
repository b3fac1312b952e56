// `nuraghe new`: a game's starting position, as JSON.
#include <iostream>

#include "any_game/any_game.hpp"
#include "cli/command.hpp"
#include "cli/options.hpp"

namespace nuraghe {
namespace {

class New final : public Command {
 public:
  void add_options(Options& o) override { add_game_options(o, common_, true); }

  int run() override {
    const AnyGame& game = any_game(common_.game);
    std::cout << json_text(game.initial(common_.config())->to_json(), 2) << "\n";
    return 0;
  }

 private:
  Common common_;
};

}  // namespace

extern const CommandEntry new_command{"new", "print a starting position as JSON", make_command<New>};

}  // namespace nuraghe
