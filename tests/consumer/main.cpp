// A program of another project: one game of Sardegna between an ismcts search and two random
// players, through nuraghe's installed headers and libraries (tests/install_test.sh).
#include <cstdio>
#include <memory>
#include <vector>

#include "bots/match.hpp"
#include "bots/registry.hpp"
#include "games/sardegna/sardegna.hpp"

int main() {
  using nuraghe::Sardegna;
  nuraghe::GameConfig config;
  config.players = 3;
  config.seed = 7;
  std::vector<std::unique_ptr<nuraghe::Bot<Sardegna>>> owned;
  std::vector<nuraghe::Bot<Sardegna>*> seats;
  for (const char* spec : {"ismcts:iters=200", "random", "random"}) {
    owned.push_back(nuraghe::make_bot<Sardegna>(spec, owned.size() + 1));
    seats.push_back(owned.back().get());
  }
  const nuraghe::GameRecord game = nuraghe::play_game<Sardegna>(Sardegna::initial(config), seats);
  std::printf("sardegna: %zu moves, scores %g %g %g, returns %g %g %g\n", game.moves.size(), game.scores[0],
              game.scores[1], game.scores[2], game.returns[0], game.returns[1], game.returns[2]);
  return 0;
}
