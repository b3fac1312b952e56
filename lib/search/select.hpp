#pragma once
// How a node chooses among its edges. At a decision: an untried edge first (the favoured one, else
// one drawn uniformly), then the best UCB1 score with ISMCTS availability (the parent count is how
// often the edge could have been chosen), the favoured edge's raised by progressive bias; with
// priors (prior=), PUCT's score over every edge instead, untried ones included. At a
// simultaneous node each seat's arms choose the same way under UCB, or are sampled by Exp3 or
// regret matching (search/bandit.hpp).

#include <cassert>
#include <cstdint>

#include "core/rng.hpp"
#include "search/bandit.hpp"
#include "search/config.hpp"
#include "search/tree.hpp"

namespace nuraghe::search {

template <bool Shared>
class EdgeChooser {
 public:
  using TreeT = Tree<Shared>;

  explicit EdgeChooser(const SearchConfig& config) : cfg_(config) {}

  // One pass over `count` edges (edge_of(u), kNoEdge for none): an untried edge is taken first (the
  // favoured edge before the others, else one drawn uniformly, by one random number), else the
  // best UCB score, the favoured edge's raised by bias / (1 + tries); -1 if there is no edge.
  // `parent` is the node's exact visit count, or 0 where availability is counted per edge.
  template <class EdgeOf>
  int choose_edge(TreeT& tree, int count, const EdgeOf& edge_of, std::uint32_t parent, Rng& rng, int favoured = -1) {
    bool favoured_untried = false;
    int untried = 0, first_untried = -1, best_u = -1;
    double best = -1;
    ExplorationCache exploration(cfg_.c);
    const double exact = parent ? exploration(parent) : 0.0;
    for (int u = 0; u < count; ++u) {
      if (edge_of(u) == kNoEdge) continue;
      const EdgeId edge = edge_of(u);
      const EdgeStats& e = tree.stats(edge);
      if (parent == 0) TreeT::add(tree.link(edge).available, 1u);
      const std::uint32_t tries = tries_of(e);
      if (tries == 0) {
        if (untried++ == 0) first_untried = u;
        favoured_untried = favoured_untried || u == favoured;
      } else if (untried == 0) {
        double score = ucb(e, tries, parent ? exact : exploration(TreeT::load(tree.link(edge).available)));
        if (u == favoured) score += cfg_.bias / (1.0 + tries);
        if (score > best) best = score, best_u = u;
      }
    }
    if (untried == 0) return best_u;
    if (favoured_untried) return favoured;
    return nth_untried(tree, count, edge_of, untried, first_untried, rng);
  }

  // PUCT over `count` edges (edge_of(u), kNoEdge for none), each with its prior P set: the best
  //   Q + cpuct * P * sqrt(N) / (1 + tries),
  // where N is the node's exact visit count `parent`, or where that is 0 the edge's availability,
  // and Q an edge's mean return for its chooser; an untried edge's Q is the mean over the node's
  // tried edges (the node's value so far; 1/2 before any), so the untried are tried in prior order
  // and a move of small prior waits until the tried ones look worse. The favoured edge's score is
  // raised by bias / (1 + tries), as in choose_edge: progressive bias beside a policy model. Ties
  // go to the first edge; -1 if there is no edge. No random number is drawn.
  template <class EdgeOf>
  int choose_puct(TreeT& tree, int count, const EdgeOf& edge_of, std::uint32_t parent, int favoured = -1) {
    double tried_reward = 0, tried = 0;
    for (int u = 0; u < count; ++u) {
      if (edge_of(u) == kNoEdge) continue;
      const EdgeStats& e = tree.stats(edge_of(u));
      if (const std::uint32_t visits = TreeT::load(e.visits); visits > 0)
        tried_reward += double(TreeT::load(e.reward)) / kRewardScale, tried += visits;
    }
    const double first_play = tried > 0 ? tried_reward / tried : 0.5;
    int best_u = -1;
    double best = -1e300;
    for (int u = 0; u < count; ++u) {
      if (edge_of(u) == kNoEdge) continue;
      const EdgeId edge = edge_of(u);
      const EdgeStats& e = tree.stats(edge);
      if (parent == 0) TreeT::add(tree.link(edge).available, 1u);
      const std::uint32_t tries = tries_of(e);  // virtual loss counts as tries that returned 0, as in ucb
      const double n = parent ? double(parent) : double(TreeT::load(tree.link(edge).available));
      const double q = tries > 0 ? double(TreeT::load(e.reward)) / kRewardScale / tries : first_play;
      double score = puct_score(q, double(TreeT::load(e.prior)) / kPriorScale, n, tries, cfg_.cpuct);
      if (u == favoured) score += cfg_.bias / (1.0 + tries);
      if (score > best) best = score, best_u = u;
    }
    return best_u;
  }

  // choose_edge over one block of `count` edges from `block`, every one of them legal now, at a
  // node whose exact visit count `parent` (> 0) is every edge's availability, with no favoured
  // edge: the same choice from the same random numbers, without choose_edge's checks for missing
  // edges, availability counted per edge and the favoured edge. UCT's every step over a visited
  // node is this loop.
  //
  // In a private tree the untried edges need no test: each visit of the node took one edge, an
  // untried one while there were any, so the node has count - (parent - 1) untried edges while that
  // is positive, and none after. (This holds while a node's visits are the sum of its edges'
  // visits: backup adds to both, and tree reuse's copy keeps it when the arena cuts a node's edges
  // short.) Shared trees take choose_edge's pass, which tests each edge, for other threads' virtual
  // loss counts as tries.
  int choose_in_block(TreeT& tree, EdgeId block, int count, std::uint32_t parent, Rng& rng) {
    if constexpr (!Shared) {
      const std::uint32_t before = parent - 1;
      if (before >= std::uint32_t(count)) {
        int best_u = 0;
        double best = -1;
        const double exploration = ExplorationCache(cfg_.c)(parent);
        for (int u = 0; u < count; ++u) {
          const EdgeStats& e = tree.stats(block + std::uint32_t(u));
          assert(e.visits > 0 && "a private node's visits are the sum of its edges' visits");
          const double score = ucb(e, e.visits, exploration);
          if (score > best) best = score, best_u = u;
        }
        return best_u;
      }
      const int u = nth_untried(
          tree, count, [&](int v) { return block + std::uint32_t(v); }, count - int(before), -1, rng);
      assert(u >= 0 && "a private node's visits are the sum of its edges' visits");
      if (u >= 0) return u;
    }
    return choose_edge(
        tree, count, [&](int u) { return block + std::uint32_t(u); }, parent, rng);
  }

  // choose_edge over a seat's `count` arms arm[0..count) at a simultaneous node, every one present
  // and none favoured: the same choice from the same random numbers, in two passes, as a seat's
  // arms are few and after their first visits all tried. The first counts the untried arms (and
  // the availability where `parent` is 0); an untried arm is then drawn uniformly, or else the
  // second takes the best UCB score, without choose_edge's tests of each edge for both.
  int choose_arm(TreeT& tree, const EdgeId* arm, int count, std::uint32_t parent, Rng& rng) {
    int untried = 0, first_untried = -1;
    for (int i = 0; i < count; ++i) {
      if (parent == 0) TreeT::add(tree.link(arm[i]).available, 1u);
      if (tries_of(tree.stats(arm[i])) == 0 && untried++ == 0) first_untried = i;
    }
    if (untried > 0)
      return nth_untried(
          tree, count, [&](int i) { return arm[i]; }, untried, first_untried, rng);
    ExplorationCache exploration(cfg_.c);
    int best_u = -1;
    double best = -1;
    for (int i = 0; i < count; ++i) {
      const EdgeStats& e = tree.stats(arm[i]);
      const double score = ucb(e, tries_of(e), exploration(parent ? parent : TreeT::load(tree.link(arm[i]).available)));
      if (score > best) best = score, best_u = i;
    }
    return best_u;
  }

  // An Exp3 or regret-matching arm among the `available` arms of one seat (edges arm[0..available)),
  // drawn from the bandit's policy over their statistics; `prob` is the probability it had. `stat`
  // and `p` are scratch of `available` doubles.
  int sample_arm(const TreeT& tree, const EdgeId* arm, int available, double* stat, double* p, Rng& rng,
                 double& prob) const {
    for (int i = 0; i < available; ++i) stat[i] = TreeT::load_real(tree.stats(arm[i]).reward);
    if (cfg_.sim == SimSelect::Exp3) exp3_policy(stat, available, cfg_.gamma, p);
    else regret_matching_policy(stat, available, cfg_.gamma, p);
    const int pick = sample_index(
        available, [&](int i) { return p[i]; }, rng);
    prob = p[pick];
    return pick;
  }

 private:
  // An edge's UCB1 score (its tries at least 1): the one formula of every choice by UCB.
  static double ucb(const EdgeStats& e, std::uint32_t tries, double exploration) {
    return ucb_score(double(TreeT::load(e.reward)) / kRewardScale, tries, exploration);
  }

  // One of the `untried` untried edges among `count` (edge_of(u), kNoEdge for none), uniformly: the
  // r-th for one random r. A node's first visit, where every edge is untried, needs no second
  // pass. In a shared tree another thread may try some of them meanwhile; if the r-th is gone, the
  // first untried edge the caller saw is taken.
  template <class EdgeOf>
  int nth_untried(const TreeT& tree, int count, const EdgeOf& edge_of, int untried, int first_untried, Rng& rng) {
    auto r = rng.below(std::uint32_t(untried));
    if (untried == count) return int(r);
    for (int u = 0; u < count; ++u)
      if (edge_of(u) != kNoEdge && tries_of(tree.stats(edge_of(u))) == 0 && r-- == 0) return u;
    return first_untried;
  }

  // An edge's tries as the bandits count them: its visits, and in a shared tree the threads below
  // it now (virtual loss, which a private tree never has).
  static std::uint32_t tries_of(const EdgeStats& e) {
    if constexpr (Shared) return TreeT::load(e.visits) + std::uint32_t(TreeT::load(e.virtual_loss));
    else return e.visits;
  }

  const SearchConfig& cfg_;
};

}  // namespace nuraghe::search
