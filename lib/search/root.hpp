#pragma once
// After the iterations: the searcher's statistics at the root (one tree's, or several summed, for
// root parallelism and PIMC), the final policy they give, and the move it picks.

#include <algorithm>
#include <cstdint>
#include <vector>

#include "core/rng.hpp"
#include "search/config.hpp"
#include "search/tree.hpp"

namespace nuraghe::search {

// The searcher's root statistics in one tree: its own moves (edges keyed by move) or its own arms.
template <Game G, bool Shared>
std::vector<MoveStats> root_stats(const Tree<Shared>& tree, Player seat, bool simultaneous, const SearchConfig& cfg) {
  std::vector<MoveStats> out;
  if (!tree.usable()) return out;
  const NodeId root = Tree<Shared>::root();
  if (simultaneous != (tree.kind(root) == NodeKind::Simultaneous)) return out;  // no iteration chose here
  // Exp3 and regret-matching arms keep a bandit statistic, not a reward sum: no mean to show.
  const bool fixed_point = !simultaneous || cfg.sim == SimSelect::Ucb;
  tree.for_each_edge(simultaneous ? tree.arms_node(root, seat) : root, [&](EdgeId e) {
    const EdgeStats& edge = tree.stats(e);
    out.push_back(MoveStats{Move(tree.link(e).key), edge.visits,
                            fixed_point && edge.visits ? double(edge.reward) / kRewardScale / edge.visits : 0.0, 0.0});
  });
  return out;
}

// Turns summed root statistics into the final policy and picks the move.
inline void finish(SearchResult& r, bool simultaneous, const SearchConfig& cfg, Rng& rng) {
  const int k = int(r.moves.size());
  if (k == 0) return;
  std::sort(r.moves.begin(), r.moves.end(), [](const MoveStats& a, const MoveStats& b) { return a.move < b.move; });
  if (simultaneous && cfg.sim != SimSelect::Ucb) {
    std::vector<std::uint32_t> visits(k);
    std::vector<double> p(k);
    for (int i = 0; i < k; ++i) visits[i] = r.moves[i].visits;
    exploration_free_policy(visits.data(), k, cfg.gamma, p.data());
    for (int i = 0; i < k; ++i) r.moves[i].policy = p[i];
  } else {
    double total = 0;
    for (const auto& m : r.moves) total += m.visits;
    for (auto& m : r.moves) m.policy = total > 0 ? m.visits / total : 1.0 / k;
  }
  int best = 0;
  if (cfg.final == Final::Max) {
    // Ties (common when a search has fewer iterations than moves, or in PIMC's votes) go to the
    // better mean value; otherwise the lowest move code would win them, whatever it means.
    const auto better = [&](const MoveStats& a, const MoveStats& b) {
      return a.policy > b.policy || (a.policy == b.policy && a.mean > b.mean);
    };
    for (int i = 1; i < k; ++i)
      if (better(r.moves[i], r.moves[best])) best = i;
  } else {
    best = sample_index(
        k, [&](int i) { return r.moves[i].policy; }, rng);
  }
  r.best = r.moves[best].move;
}

// Adds one tree's root statistics into an accumulated list (root parallelism, PIMC).
inline void merge_stats(std::vector<MoveStats>& into, const std::vector<MoveStats>& from) {
  for (const auto& f : from) {
    auto it = std::find_if(into.begin(), into.end(), [&](const MoveStats& m) { return m.move == f.move; });
    if (it == into.end()) {
      into.push_back(f);
      continue;
    }
    const double total = double(it->visits) + f.visits;
    it->mean = total > 0 ? (it->mean * it->visits + f.mean * f.visits) / total : 0.0;
    it->visits += f.visits;
  }
}

}  // namespace nuraghe::search
