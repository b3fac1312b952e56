// `nuraghe apply`: moves applied to a position, the result printed as JSON.
#include <iostream>

#include "any_game/any_game.hpp"
#include "bots/notation.hpp"
#include "cli/command.hpp"
#include "cli/options.hpp"

namespace nuraghe {
namespace {

class Apply final : public Command {
 public:
  void add_options(Options& o) override {
    add_game_options(o, common_, false);
    add_position_option(o, common_);
    o.option("--moves", moves_,
             "moves in notation separated by ';' (a simultaneous move: one per seat, separated by ',')")
        .required();
  }

  // --moves "" is no moves (the position printed as read); otherwise every step between the ';'
  // must be a move: "a;;b" or a trailing ';' is refused, not skipped. Spaces around a step are allowed.
  int run() override {
    const auto s = load_position(any_game(common_.game), common_);
    if (!moves_.empty()) {
      const std::vector<std::string> steps = split_moves(moves_, ';');
      for (std::size_t i = 0; i < steps.size(); ++i) {
        const std::string step = trim(steps[i]);
        if (step.empty())
          input_error("--moves \"" + moves_ + "\": move " + std::to_string(i + 1) + " of " +
                      std::to_string(steps.size()) + " is empty (separate moves by one ';')");
        s->apply_step(step);
      }
    }
    std::cout << json_text(s->to_json(), 2) << "\n";
    return 0;
  }

 private:
  Common common_;
  std::string moves_;
};

}  // namespace

extern const CommandEntry apply_command{"apply", "apply moves to a position and print the result as JSON",
                                        make_command<Apply>};

}  // namespace nuraghe
