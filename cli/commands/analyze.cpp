// `nuraghe analyze`: a position searched for the seat to move (or --seat at a simultaneous node),
// and the root statistics printed: visits, mean value and final policy of every move.
#include <algorithm>
#include <cstdio>

#include "any_game/any_game.hpp"
#include "bots/registry.hpp"
#include "cli/command.hpp"
#include "cli/options.hpp"

namespace nuraghe {
namespace {

class Analyze final : public Command {
 public:
  void add_options(Options& o) override {
    add_game_options(o, common_, false);
    add_position_option(o, common_);
    o.option("-b,--bot", spec_, "a searching bot spec, e.g. ismcts:iters=10000").not_empty().required();
    o.integer("--seat", seat_, 0, kMaxPlayers - 1, "the seat to analyse at a simultaneous node")
        .default_text("the seat to move");
    o.seed("-s,--seed", common_.seed, "the bot's seed");
  }

  int run() override {
    const auto s = load_position(any_game(common_.game), common_);
    const Player to_move = s->to_move();
    if (to_move == kTerminal) input_error("analyze: the game is over in this position");
    Player seat = to_move;
    if (to_move == kSimultaneous) {
      if (seat_ < 0 || seat_ >= s->num_players())
        input_error("analyze: a simultaneous node needs --seat 0.." + std::to_string(s->num_players() - 1));
      seat = seat_;
    } else if (seat_ >= 0 && seat_ != to_move) {
      input_error("analyze: player " + std::to_string(to_move) + " is to move, not player " + std::to_string(seat_));
    }
    parse_spec(spec_, "bot");  // a malformed spec is refused before the settings are read
    BotHandle bot{spec_, seat, common_.seed, {}, {}, false};
    const GameConfig settings = common_.config();
    const Analysis r = s->analyze(bot, {}, &settings);
    std::printf("%s for player %d: %lld iterations in %.3f s (%.0f/s), tree %.1f MiB of %.1f MiB reserved\n",
                spec_.c_str(), seat, r.iterations, r.seconds, r.seconds > 0 ? r.iterations / r.seconds : 0.0,
                r.bytes_used / 1048576.0, r.bytes_reserved / 1048576.0);
    std::printf("%-24s %10s %8s %8s\n", "move", "visits", "mean", "policy");
    auto rows = r.moves;
    std::sort(rows.begin(), rows.end(), [](const auto& a, const auto& b) { return a.visits > b.visits; });
    for (const auto& m : rows) std::printf("%-24s %10u %8.3f %8.3f\n", m.move.c_str(), m.visits, m.mean, m.policy);
    std::printf("best: %s\n", r.best.c_str());
    return 0;
  }

 private:
  Common common_;
  std::string spec_;
  int seat_ = -1;
};

}  // namespace

extern const CommandEntry analyze_command{"analyze", "search a position and print the root statistics of every move",
                                          make_command<Analyze>};

}  // namespace nuraghe
