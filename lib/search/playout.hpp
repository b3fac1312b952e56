#pragma once
// Uniformly random playouts: the baseline rollout policy of the search and the unit of the speed
// benchmarks. No allocation: one state copy, one move list on the stack.

#include "core/game.hpp"

namespace nuraghe {

// Plays s to the end with uniformly random moves (at a simultaneous node, each seat independently).
// Returns the number of decisions taken.
template <Game G>
int random_playout(typename G::State& s, Rng& rng) {
  typename G::MoveList moves;
  int decisions = 0;
  for (Player p = s.to_move(); p != kTerminal; p = s.to_move(), ++decisions) {
    if (p == kSimultaneous) {
      JointMove joint{};
      for (int q = 0; q < s.num_players(); ++q) {
        s.legal_moves(q, moves);
        joint[q] = moves[rng.below(std::uint32_t(moves.size()))];
      }
      s.apply_joint(joint);
    } else {
      s.legal_moves(moves);
      s.apply(moves[rng.below(std::uint32_t(moves.size()))]);
    }
  }
  return decisions;
}

}  // namespace nuraghe
