// `nuraghe legal`: the legal moves of a position, in notation; at a simultaneous node, each seat's.
#include <iostream>

#include "any_game/any_game.hpp"
#include "bots/notation.hpp"
#include "cli/command.hpp"
#include "cli/options.hpp"

namespace nuraghe {
namespace {

class Legal final : public Command {
 public:
  void add_options(Options& o) override {
    add_game_options(o, common_, false);
    add_position_option(o, common_);
  }

  int run() override {
    const auto s = load_position(any_game(common_.game), common_);
    const Player p = s->to_move();
    if (p == kTerminal) {
      std::cout << "game over; scores: " << format_values(s->scores()) << "\n";
      return 0;
    }
    if (p == kSimultaneous) {
      for (int q = 0; q < s->num_players(); ++q) {
        std::string list;
        for (const auto& m : s->legal_moves(q)) list += (list.empty() ? "" : ", ") + m;
        std::cout << "player " << q << ": " << list << "\n";
      }
      return 0;
    }
    for (const auto& m : s->legal_moves(p)) std::cout << m << "\n";
    return 0;
  }

 private:
  Common common_;
};

}  // namespace

extern const CommandEntry legal_command{"legal", "print the legal moves of a position", make_command<Legal>};

}  // namespace nuraghe
