#pragma once
// Uniformly random playouts: the baseline rollout policy of the search and the unit of the speed
// benchmarks. No allocation: one state copy, one move list on the stack.

#include "core/game.hpp"
#include "core/hooks.hpp"

namespace nuraghe {

// One uniformly random decision at s, whose mover is p (not kTerminal): at a simultaneous node,
// each seat's move drawn independently.
template <Game G>
void random_step(typename G::State& s, Player p, Rng& rng) {
  if (p == kSimultaneous) {
    JointMove joint{};
    for (int q = 0; q < num_players_of<G>(s); ++q) joint[q] = random_legal_move<G>(s, q, rng);
    apply_joint<G>(s, joint);
  } else {
    s.apply(random_legal_move<G>(s, p, rng));
  }
}

// Plays s to the end with uniformly random moves. Returns the number of decisions taken.
template <Game G>
int random_playout(typename G::State& s, Rng& rng) {
  int decisions = 0;
  for (Player p = s.to_move(); p != kTerminal; p = s.to_move(), ++decisions) random_step<G>(s, p, rng);
  return decisions;
}

}  // namespace nuraghe
