#pragma once
// Uniformly random playouts: the baseline rollout policy of the search and the unit of the speed
// benchmarks. No allocation: one state copy, one move list on the stack.

#include "core/game.hpp"

namespace nuraghe {

// Plays s to the end with uniformly random moves (at a simultaneous node, each seat independently).
// Returns the number of decisions taken.
template <Game G>
int random_playout(typename G::State& s, Rng& rng) {
  int decisions = 0;
  for (Player p = s.to_move(); p != kTerminal; p = s.to_move(), ++decisions) {
    if (p == kSimultaneous) {
      JointMove joint{};
      for (int q = 0; q < s.num_players(); ++q) joint[q] = random_legal_move<G>(s, q, rng);
      apply_joint<G>(s, joint);
    } else {
      s.apply(random_legal_move<G>(s, p, rng));
    }
  }
  return decisions;
}

}  // namespace nuraghe
