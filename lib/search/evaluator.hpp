#pragma once
// What the search is told about a position it has not searched: every seat's value at a new leaf,
// and the mover's priors over its moves at a new node (docs/search.md, "The evaluator").
// - Values: a rollout (random moves, or the game's heuristic with epsilon), cut off after `cutoff`
//   steps (or at the leaf) by the game's static evaluation or by a learned value model, or played
//   to the end and scored by the game's returns or its points; with mix=a, a * the leaf's
//   evaluation + (1 - a) * the rollout's value.
// - Priors (prior=): equal shares; the game's heuristic move's share prior_weight and the rest
//   shared equally; or a policy model's softmax over the legal moves; each from the mover's own
//   view of the state.
// The searcher's tree never sees how: it gets one value a seat in [0, 1], one probability a move.

#include <algorithm>
#include <memory>
#include <optional>
#include <vector>

#include "core/game.hpp"
#include "core/hooks.hpp"
#include "core/value_model.hpp"
#include "search/config.hpp"

namespace nuraghe::search {

// A search's learned models (the config's eval and policy) prepared for evaluation
// (core/value_model.hpp, PreparedModel) once per bot: its threads and searches share them, read
// only, and each Evaluator keeps only its buffers.
struct PreparedModels {
  std::shared_ptr<const PreparedModel> eval, policy;

  PreparedModels() = default;
  explicit PreparedModels(const SearchConfig& cfg) {
    if (cfg.eval) eval = std::make_shared<const PreparedModel>(*cfg.eval);
    if (cfg.prior == Prior::Model && cfg.policy) policy = std::make_shared<const PreparedModel>(*cfg.policy);
  }
};

template <Game G>
class Evaluator {
 public:
  using State = typename G::State;

  // A learned model's buffers are allocated here, once: an evaluation allocates nothing. `models`
  // are the config's, prepared (PreparedModels(config)).
  Evaluator(const SearchConfig& config, const PreparedModels& models) : cfg_(config) {
    int input = 0;
    if (models.eval) {
      model_.emplace(models.eval);
      input = model_->layout().size();
    }
    if (models.policy) {
      policy_.emplace(models.policy);
      input = std::max(input, policy_->layout().size());
    }
    observation_.resize(std::size_t(input));
  }
  // For a one-off evaluator (tests, benchmarks): prepares the config's models for itself.
  explicit Evaluator(const SearchConfig& config) : Evaluator(config, PreparedModels(config)) {}

  // Every seat's value of the new leaf s in [0, 1]: its rollout's, or with mix= the mix of its
  // evaluation and its rollout's. s is played on.
  Values value(State& s, Rng& rng) const {
    if (cfg_.mix > 0 && s.to_move() != kTerminal) {
      const Values e = evaluation(s);
      const Values r = rollout(s, rng);
      Values v{};
      for (int p = 0; p < kMaxPlayers; ++p) v[p] = cfg_.mix * e[p] + (1 - cfg_.mix) * r[p];
      return v;
    }
    return rollout(s, rng);
  }

  // Plays s out (random or heuristic moves) and returns every player's reward in [0, 1].
  // With cutoff=leaf, s itself is evaluated (unless it is terminal).
  Values rollout(State& s, Rng& rng) const {
    const int steps = cfg_.cutoff == kLeafCutoff ? 0 : cfg_.cutoff;
    for (int depth = 0; s.to_move() != kTerminal; ++depth) {
      if (cfg_.cutoff != 0 && depth >= steps && can_evaluate()) return evaluation(s);
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

  // Whether this game and spec can evaluate a position without playing it out: a learned model
  // (eval=) or the game's own evaluate. Without either, cutoff= and mix= are refused
  // (lib/bots/search_bot.hpp), and a cut-off rollout plays on to the end.
  bool can_evaluate() const {
    if constexpr (HasEvaluation<G>) return true;
    if constexpr (HasTensors<G>) return model_.has_value();
    return false;
  }

  // The evaluation of s that cutoff= stops at and mix= weighs against the rollout: the learned
  // model's (eval=), else the game's own; meaningful only where can_evaluate().
  Values evaluation(const State& s) const {
    if constexpr (HasTensors<G>)
      if (model_) return learned_values(s);
    if constexpr (HasEvaluation<G>) return G::evaluate(s);
    return Values{};
  }

  // The priors of the `k` moves `legal` of seat p at s, written to out[0..k), summing to 1: from
  // what p sees of s only (the heuristic move is p's own choice at s; a determinization's hidden
  // cards are p's as the searcher guessed them).
  void priors(const State& s, Player p, const Move* legal, int k, double* out, Rng& rng) const {
    if constexpr (HasTensors<G>)
      if (policy_) return policy_priors<G>(*policy_, s, p, legal, k, out, observation_.data(), cfg_.prior_temperature);
    const double even = 1.0 / k;
    if (cfg_.prior == Prior::Heuristic) {
      if constexpr (HasHeuristic<G>) {
        const Move h = G::heuristic_move(s, p, rng);
        const double w = cfg_.prior_weight;
        double sum = 0;  // 1, unless the heuristic's move is not among these (prune=on left it out)
        for (int i = 0; i < k; ++i) sum += out[i] = (1 - w) * even + (legal[i] == h ? w : 0.0);
        for (int i = 0; i < k; ++i) out[i] /= sum;
        return;
      }
    }
    for (int i = 0; i < k; ++i) out[i] = even;
  }

  // The learned evaluation of s (the value model, eval=), as core/value_model.hpp's learned_values defines it.
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
  // The learned models' (the evaluator is const to its callers): a seat's observation, the value
  // and the policy model prepared.
  mutable std::vector<float> observation_;
  mutable std::optional<ModelEvaluator> model_, policy_;
};

}  // namespace nuraghe::search
