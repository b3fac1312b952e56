#pragma once
// What a search learns at a new leaf: every seat's value, from a rollout (random moves, or the game's
// heuristic with epsilon), cut off after `cutoff` steps (or at the leaf) by the game's static
// evaluation or by a learned value model, or played to the end and scored by the game's returns or
// its points. The searcher's tree never sees how: it gets one value a seat in [0, 1].

#include <algorithm>
#include <optional>
#include <vector>

#include "core/game.hpp"
#include "core/hooks.hpp"
#include "core/value_model.hpp"
#include "search/config.hpp"

namespace nuraghe::search {

template <Game G>
class LeafEvaluator {
 public:
  using State = typename G::State;

  // A learned evaluation's buffers are allocated here, once: an evaluation allocates nothing.
  explicit LeafEvaluator(const SearchConfig& config) : cfg_(config) {
    if (cfg_.eval) {
      observation_.resize(std::size_t(cfg_.eval->input_size()));
      model_.emplace(*cfg_.eval);
    }
  }

  // Plays s out (random or heuristic moves) and returns every player's reward in [0, 1].
  // With cutoff=leaf, s itself is evaluated (unless it is terminal).
  Values rollout(State& s, Rng& rng) const {
    const int steps = cfg_.cutoff == kLeafCutoff ? 0 : cfg_.cutoff;
    for (int depth = 0; s.to_move() != kTerminal; ++depth) {
      if (cfg_.cutoff != 0 && depth >= steps) {
        if constexpr (HasTensors<G>)
          if (cfg_.eval) return learned_values(s);
        if constexpr (HasEvaluation<G>) return G::evaluate(s);
      }
      const Player p = s.to_move();
      if (p == kSimultaneous) {
        JointMove joint{};
        for (int q = 0; q < num_players_of<G>(s); ++q) joint[q] = rollout_move(s, q, rng);
        apply_joint<G>(s, joint);
      } else {
        s.apply(rollout_move(s, p, rng));
      }
    }
    return reward(s);
  }

  // The rollout's move for seat p at s: the game's heuristic (but a random move with probability
  // epsilon) with rollout=heuristic, else a uniformly random one.
  Move rollout_move(const State& s, Player p, Rng& rng) const {
    if constexpr (HasHeuristic<G>)
      if (cfg_.rollout == Rollout::Heuristic && rng.uniform() >= cfg_.epsilon) return G::heuristic_move(s, p, rng);
    return random_legal_move<G>(s, p, rng);
  }

  // The learned evaluation of s (cfg.eval), as core/value_model.hpp's learned_values defines it.
  Values learned_values(const State& s) const requires HasTensors<G> {
    return nuraghe::learned_values<G>(*model_, s, observation_.data());
  }

  // A finished game's value a seat: its return (reward=win), or its points scaled between the
  // lowest and the highest at the table (reward=score).
  Values reward(const State& s) const {
    if (cfg_.reward == Reward::Win) return s.returns();
    const Values sc = scores_of<G>(s);
    const int n = num_players_of<G>(s);
    const double lo = *std::min_element(sc.begin(), sc.begin() + n), hi = *std::max_element(sc.begin(), sc.begin() + n);
    Values v{};
    for (int p = 0; p < n; ++p) v[p] = hi > lo ? (sc[p] - lo) / (hi - lo) : 0.5;
    return v;
  }

 private:
  const SearchConfig& cfg_;
  // The learned evaluation's (the evaluator is const to its callers): a seat's observation, the
  // model prepared.
  mutable std::vector<float> observation_;
  mutable std::optional<ModelEvaluator> model_;
};

}  // namespace nuraghe::search
