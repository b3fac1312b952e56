// `nuraghe bots`: each bot with its own parameters; the parameters all searching bots share, once,
// at the end.
#include <algorithm>
#include <iostream>

#include "bots/registry.hpp"
#include "cli/command.hpp"

namespace nuraghe {
namespace {

class Bots final : public Command {
 public:
  void add_options(Options&) override {}

  int run() override {
    // seed= and label= every bot takes, so each bot lists them; the rest of the search's parameters
    // only the searching bots take (those with iters=), listed once below them.
    const std::vector<ParamSpec> shared = search_params();
    const auto is_shared = [&](const ParamSpec& p) {
      return p.name != "seed" && p.name != "label" &&
             std::any_of(shared.begin(), shared.end(), [&](const ParamSpec& q) { return q.name == p.name; });
    };
    for (const auto& b : bot_catalog()) {
      const bool searches =
          std::any_of(b.params.begin(), b.params.end(), [](const ParamSpec& p) { return p.name == "iters"; });
      std::cout << b.name << "  " << b.help << (searches ? "; takes the search parameters below" : "") << "\n";
      for (const auto& p : b.params)
        if (!is_shared(p)) std::cout << "    " << p.describe() << "\n";
    }
    std::cout << "\nsearch parameters of uct, cheat-uct, pimc, ismcts and mo-ismcts:\n";
    for (const auto& p : shared)
      if (is_shared(p)) std::cout << "    " << p.describe() << "\n";
    return 0;
  }
};

}  // namespace

extern const CommandEntry bots_command{"bots", "list the bots and their parameters", make_command<Bots>};

}  // namespace nuraghe
