// `nuraghe games`: every game of the list, with its player counts and its rule options.
#include <iostream>

#include "bots/games.hpp"
#include "cli/command.hpp"

namespace nuraghe {
namespace {

class Games final : public Command {
 public:
  void add_options(Options&) override {}

  int run() override {
    AllGames::for_each([]<Game G>() {
      std::cout << G::kName << "  (" << G::kMinPlayers;
      if (G::kMaxPlayers != G::kMinPlayers) std::cout << "-" << G::kMaxPlayers;
      std::cout << " players" << (hidden_information<G> ? ", hidden information" : "") << ")  " << G::kDescription
                << "\n";
      for (const auto& p : G::option_specs()) std::cout << "    option " << p.describe() << "\n";
    });
    return 0;
  }
};

}  // namespace

extern const CommandEntry games_command{"games", "list the games and their rule options", make_command<Games>};

}  // namespace nuraghe
