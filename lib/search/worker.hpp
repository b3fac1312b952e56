#pragma once
// One searching thread: an iteration's descent through the forest's trees and its backup. Each
// step chooses in the tree of the seat that moves (search/select.hpp) among the node's edges found
// by key (search/edge_index.hpp), follows the others' trees along what their observers saw, and
// grows one node; the new leaf's values (search/evaluator.hpp) are credited to every edge of the
// path, each to the seat that chose it (max^n).

#include <algorithm>
#include <array>
#include <cassert>
#include <cmath>
#include <cstdint>
#include <vector>

#include "core/game.hpp"
#include "core/hooks.hpp"
#include "search/config.hpp"
#include "search/edge_index.hpp"
#include "search/evaluator.hpp"
#include "search/forest.hpp"
#include "search/select.hpp"
#include "search/tree.hpp"

namespace nuraghe::search {

template <Game G, bool Shared>
class Worker {
  static_assert(fits_the_search<G>());

 public:
  using State = typename G::State;
  using TreeT = Tree<Shared>;

  // Scratch grows to what the search uses and is kept between iterations: a path as deep as the
  // tree (a few hundred steps is already a deep one), the arms of one simultaneous node.
  // `models` are the config's learned models, prepared once for every worker of the bot.
  Worker(const SearchConfig& config, const PreparedModels& models, Forest<Shared>& forest)
      : cfg_(config), forest_(forest), chooser_(config), leaf_(config, models) {
    path_.resize(256);
    arms_.reserve(std::size_t(kMaxPlayers) * G::kMaxMoves);
  }

  // One iteration from `root`, a state of the searcher's information set.
  void iterate(const State& root, Rng& rng) {
    if (forest_.trees.size() == 1) iterate_in<1>(root, rng);
    else iterate_in<0>(root, rng);
  }

  // Every seat's returns backed up so far, summed (SearchResult::root_values).
  const Values& value_sum() const { return value_sum_; }

 private:
  // `iterate` over `kTrees` trees: 1 (UCT, SO-ISMCTS, PIMC's determinizations: the loops over trees
  // vanish), or 0 for as many as the forest has (MO-ISMCTS, one a seat).
  template <int kTrees>
  void iterate_in(const State& root, Rng& rng) {
    State s = root;
    const int trees = kTrees == 1 ? 1 : int(forest_.trees.size());
    std::array<NodeId, kMaxPlayers> cur{};
    for (int t = 0; t < trees; ++t) cur[t] = TreeT::root();
    depth_ = 0;
    arms_.clear();
    bool grown = false;
    while (!grown && s.to_move() != kTerminal) {
      const Player p = s.to_move();
      bool stuck = false;
      if (p >= 0) {
        const int chooser_tree = kTrees != 1 && cfg_.algorithm == Algorithm::MoIsmcts ? p : 0;
        Move m = 0;
        if (!select_decision(chooser_tree, cur[chooser_tree], s, p, rng, m)) break;
        for (int t = 0; t < trees && !stuck; ++t)
          if (t != chooser_tree) stuck = !follow_decision(t, cur[t], observe<G>(s, m, forest_.observers[t]), p);
        for (int t = 0; t < trees && !stuck; ++t) stuck = !descend(t, cur[t], child_key(t, s, m), grown);
        // The move chosen is played even where a tree cannot follow it (a full arena): its edge is
        // credited with a playout from the position it leads to, never from the one it leaves.
        s.apply(m);
        if (stuck) break;
      } else {
        JointMove joint{};
        for (int t = 0; t < trees && !stuck; ++t) stuck = !simultaneous(t, cur[t], num_players_of<G>(s));
        if (stuck) break;                         // no arm chosen: the playout starts here
        std::array<bool, kMaxPlayers> counted{};  // the node's visit goes with the first arm chosen in its tree
        for (int q = 0; q < num_players_of<G>(s); ++q) {
          const int t = kTrees != 1 && cfg_.algorithm == Algorithm::MoIsmcts ? q : 0;
          // A seat whose arms the arena cannot hold bids as the playout would, so that the arms
          // chosen before it are credited from the joint move's outcome, as for the decision above.
          if (!stuck) stuck = !select_arm(t, cur[t], s, q, !counted[t], rng, joint[q]);
          if (stuck) joint[q] = leaf_.rollout_move(s, q, rng);
          counted[t] = true;
        }
        for (int t = 0; t < trees && !stuck; ++t) stuck = !descend_outcome(t, cur[t], outcome_key(t, s, joint), grown);
        apply_joint<G>(s, joint);
        if (stuck) break;
      }
    }
    const Values v = leaf_.value(s, rng);
    backup<kTrees>(v);
    for (int q = 0; q < kMaxPlayers; ++q) value_sum_[q] += v[q];
  }

  // One step of an iteration's path: the edge taken in one tree, credited by backup.
  struct Step {
    std::uint32_t tree;  // which of the forest's trees
    EdgeId edge;
    NodeId node;  // the node the edge leaves, whose visit this step counts if `visit`
    Player chooser;
    bool arm = false;  // an arm of a simultaneous node (bandit-specific statistics)
    bool visit = true;
    double prob = 1.0;                             // Exp3 / regret matching: probability the arm was played with
    std::uint32_t arms_begin = 0, arms_count = 0;  // regret matching: the arms that were available
  };

  using KeysT = Keys<std::size_t(G::kMaxMoves)>;

  bool keyed_by_move(int t, Player chooser) const { return full_ || forest_.observers[t] == chooser; }

  std::uint64_t child_key(int t, const State& s, Move m) const { return observe<G>(s, m, forest_.observers[t]); }
  std::uint64_t outcome_key(int t, const State& s, const JointMove& joint) const {
    if (!full_state(cfg_.algorithm)) return observe_joint<G>(s, joint, forest_.observers[t]);
    std::uint64_t h = 0;  // over full states, a joint move leads to exactly one state
    for (int q = 0; q < num_players_of<G>(s); ++q) h = hash_combine(h, joint[q]);
    return h;
  }

  // UCB over the edges of node n for the moves legal in s. Untried edges are tried first, in random
  // order; every edge legal now was available to this choice (ISMCTS availability).
  //
  // Over full states a node is one state, and its first visit added all its legal moves, in legal
  // order, to one block sized for them: from then on the block is the move list, and the moves
  // need not be generated again. (In a shared tree the block is published whole, with its count,
  // under the node's lock: Tree::add_edges.) That choice, the most frequent step of UCT, is inlined
  // into the iteration; the rest is select_listed, out of line.
  [[gnu::always_inline]] bool select_decision(int t, NodeId n, const State& s, Player p, Rng& rng, Move& out) {
    TreeT& tree = forest_.trees[t];
    const NodeKind kind = tree.kind(n);
    if (kind != NodeKind::Fresh && kind != NodeKind::Decision) return false;
    const std::uint32_t parent = exact_visits(tree, n);
    const std::uint32_t count = parent != 0 && kind == NodeKind::Decision ? tree.own_edges(n) : 0;
    if (count == 0 || (HasHeuristic<G> && cfg_.bias > 0) || puct_)
      return select_listed(t, n, kind, parent, count, s, p, rng, out);
    const EdgeId block = tree.first_edge(n);  // read after the count (which publishes it)
    const EdgeId edge = block + std::uint32_t(chooser_.choose_in_block(tree, block, int(count), parent, rng));
    if constexpr (Shared) TreeT::add(tree.stats(edge).virtual_loss, std::uint16_t(1));
    out = Move(tree.link(edge).key);
    push(Step{.tree = std::uint32_t(t), .edge = edge, .node = n, .chooser = p});
    return true;
  }

  // select_decision where the moves must be listed (a node's first visits, information sets), or
  // where the bias favours the heuristic's move, or the choice is PUCT's; `block_size` is the
  // node's block as select_decision found it over full states (0: none, or not over full states).
  [[gnu::noinline]] bool select_listed(int t, NodeId n, NodeKind kind, std::uint32_t parent, std::uint32_t block_size,
                                       const State& s, Player p, Rng& rng, Move& out) {
    TreeT& tree = forest_.trees[t];
    if (const std::uint32_t count = block_size; count > 0) {  // bias or PUCT over a block of full-state moves
      const EdgeId block = tree.first_edge(n);
      int favoured = -1;  // with bias > 0, the heuristic's move among the block's edges
      if constexpr (HasHeuristic<G>)
        if (count > 1 && cfg_.bias > 0) {
          const Move h = G::heuristic_move(s, p, rng);
          for (std::uint32_t u = 0; u < count && favoured < 0; ++u)
            if (Move(tree.link(block + u).key) == h) favoured = int(u);
        }
      const auto edge_of = [&](int u) { return block + std::uint32_t(u); };
      // Under PUCT the block's priors were set when its edges were made (below).
      const int chosen = puct_          ? chooser_.choose_puct(tree, int(count), edge_of, parent, favoured)
                         : favoured < 0 ? chooser_.choose_in_block(tree, block, int(count), parent, rng)
                                        : chooser_.choose_edge(tree, int(count), edge_of, parent, rng, favoured);
      const EdgeId edge = block + std::uint32_t(chosen);
      if constexpr (Shared) TreeT::add(tree.stats(edge).virtual_loss, std::uint16_t(1));
      out = Move(tree.link(edge).key);
      push(Step{.tree = std::uint32_t(t), .edge = edge, .node = n, .chooser = p});
      return true;
    }
    MoveListOf<G> legal;
    s.legal_moves(legal);
    if constexpr (HasSearchMoves<G>)
      if (cfg_.prune) G::search_moves(s, p, legal);
    const int k = int(legal.size());
    KeysT& keys = keys_;
    const bool by_move = keyed_by_move(t, p);
    // Usually the node's own block holds exactly the legal moves, in order: one pass of
    // comparisons confirms it, and edge u is block + u. Otherwise the keys are found one by one.
    const EdgeId block = by_move ? tree.block_of_exactly(n, legal.begin(), k) : kNoEdge;
    if (block == kNoEdge) {
      if (by_move) {
        keys.count = k;
        for (int i = 0; i < k; ++i) keys.key[i] = legal[i], keys.first[i] = std::uint16_t(i);
      } else {
        // In the worker, not on the stack: with a local array, GCC 12 at -O3 keyed both of Kuhn's
        // opponent moves by the last move's token (test_tree's repeated keys; correct at -O2, with
        // -fno-tree-fre, and under UBSan, which reports nothing).
        std::array<std::uint64_t, G::kMaxMoves>& token = tokens_;
        for (int i = 0; i < k; ++i) token[i] = observe<G>(s, legal[i], forest_.observers[t]);
        group_keys(legal, token, keys);
      }
      if (!edges_.find_edges(tree, n, kind, keys)) return false;  // the node is simultaneous by now
    }
    const int count = block == kNoEdge ? keys.count : k;
    const auto edge_of = [&](int u) { return block == kNoEdge ? keys.edge[u] : block + std::uint32_t(u); };
    int chosen;
    if (puct_) {
      // Edges new to the node get the mover's priors, once: an edge keyed by an opponent's token
      // gets the summed priors of the moves behind it.
      set_priors(tree, count, edge_of, s, p, legal, rng, [&](int u, const double* prob) {
        if (block != kNoEdge) return prob[u];
        if (by_move) return prob[keys.first[u]];
        double sum = 0;
        for (int j = 0; j < keys.size[u]; ++j) sum += prob[keys.group[keys.begin[u] + j]];
        return sum;
      });
      chosen = chooser_.choose_puct(tree, count, edge_of, parent, favoured_edge(s, p, legal, block, by_move, rng));
    } else {
      chosen = chooser_.choose_edge(tree, count, edge_of, parent, rng, favoured_edge(s, p, legal, block, by_move, rng));
    }
    if (chosen < 0) return false;  // the arena is full and this node has no edge
    const EdgeId edge = edge_of(chosen);
    if constexpr (Shared) TreeT::add(tree.stats(edge).virtual_loss, std::uint16_t(1));

    // The move: the edge's own, or one of the legal moves behind an opponent's token, at random.
    out = legal[block == kNoEdge ? keys.first[chosen] : chosen];
    if (!by_move && keys.size[chosen] > 1) out = legal[keys.group[keys.begin[chosen] + rng.below(keys.size[chosen])]];
    push(Step{.tree = std::uint32_t(t), .edge = edge, .node = n, .chooser = p});
    return true;
  }

  // The priors of the `count` edges edge_of(u) of a node that have none yet, from the evaluator's
  // priors of seat p over `legal` (computed only when some edge lacks them); prior_of(u, prob) is
  // edge u's share of them. Stored in units of 1/kPriorScale, at least 1 (0 means "not set"). In a
  // shared tree two threads may set one edge's prior at once: each store is whole (atomic).
  template <class EdgeOf, class PriorOf>
  void set_priors(TreeT& tree, int count, const EdgeOf& edge_of, const State& s, Player p, const MoveListOf<G>& legal,
                  Rng& rng, const PriorOf& prior_of) {
    bool missing = false;
    for (int u = 0; u < count && !missing; ++u)
      missing = edge_of(u) != kNoEdge && TreeT::load(tree.stats(edge_of(u)).prior) == 0;
    if (!missing) return;
    leaf_.priors(s, p, legal.begin(), int(legal.size()), priors_.data(), rng);
    for (int u = 0; u < count; ++u) {
      const EdgeId e = edge_of(u);
      if (e == kNoEdge || TreeT::load(tree.stats(e).prior) != 0) continue;
      const double share = std::clamp(prior_of(u, priors_.data()), 0.0, 1.0);
      TreeT::store(tree.stats(e).prior, std::uint16_t(std::max(1.0, std::round(share * kPriorScale))));
    }
  }

  // With bias > 0, the edge (as choose_edge counts them) of the move the game's heuristic would
  // play here (for an opponent's token, the edge of its group); -1 otherwise.
  int favoured_edge(const State& s, Player p, const MoveListOf<G>& legal, EdgeId block, bool by_move, Rng& rng) const {
    if constexpr (HasHeuristic<G>) {
      if (cfg_.bias <= 0 || legal.size() < 2) return -1;
      const Move h = G::heuristic_move(s, p, rng);
      const KeysT& keys = keys_;
      if (block != kNoEdge || by_move) {
        for (int i = 0; i < int(legal.size()); ++i)
          if (legal[std::size_t(i)] == h) {
            if (block != kNoEdge) return i;
            for (int u = 0; u < keys.count; ++u)
              if (keys.first[u] == i) return u;
          }
        return -1;
      }
      for (int u = 0; u < keys.count; ++u)
        for (int j = 0; j < keys.size[u]; ++j)
          if (legal[keys.group[keys.begin[u] + j]] == h) return u;
    }
    return -1;
  }

  // Over full states a node is one state, so every edge is legal at every visit and its
  // availability is the node's own count: the visits before this one, and this one. Nothing is
  // written per edge, and threads share no cache line for it. 0 where availability must be counted
  // per edge: in information sets, and below an overflow child, where one node stands for many states.
  std::uint32_t exact_visits(const TreeT& tree, NodeId n) const {
    if (!full_ || tree.node(n).merged) return 0;
    return TreeT::load(tree.node(n).visits) + 1;
  }

  // In a tree whose observer did not choose: the edge for what the observer saw.
  bool follow_decision(int t, NodeId n, std::uint64_t key, Player chooser) {
    TreeT& tree = forest_.trees[t];
    const NodeKind kind = tree.kind(n);
    if (kind != NodeKind::Fresh && kind != NodeKind::Decision) return false;
    // A decision's edges are read without the lock; a fresh node has none, and may be made
    // simultaneous meanwhile (as in find_edges): its kind is checked under the lock.
    EdgeId e = kind == NodeKind::Decision ? tree.find_edge(n, key) : kNoEdge;
    if (e == kNoEdge) {
      tree.lock(n);
      const NodeKind now = tree.kind(n);
      if (now == NodeKind::Fresh || now == NodeKind::Decision) {
        e = tree.find_edge(n, key);
        if (e == kNoEdge) e = tree.add_edge(n, key);
      }
      tree.unlock(n);
      if (e == kNoEdge) return false;
    }
    TreeT::add(tree.link(e).available, 1u);
    if constexpr (Shared) TreeT::add(tree.stats(e).virtual_loss, std::uint16_t(1));
    push(Step{.tree = std::uint32_t(t), .edge = e, .node = n, .chooser = chooser});
    return true;
  }

  [[gnu::always_inline]] void push(const Step& step) {
    if (depth_ == path_.size()) [[unlikely]]
      grow_path();
    path_[depth_++] = step;
    last_edge_[step.tree] = step.edge;
  }
  [[gnu::cold, gnu::noinline]] void grow_path() { path_.resize(2 * path_.size()); }

  // Moves tree t from node n along the edge just taken in it to the child keyed `key`.
  bool descend(int t, NodeId& n, std::uint64_t key, bool& grown) {
    TreeT& tree = forest_.trees[t];
    EdgeLink& edge = tree.link(last_edge_[t]);
    NodeId c = tree.find_in_chain(edge.child, key);
    if (c == kNoNode) {
      bool created = false;
      tree.lock(n);
      c = tree.child(edge.child, key, tree.node(n).merged, created);
      tree.unlock(n);
      if (c == kNoNode) return false;
      grown = grown || created;
    }
    n = c;
    return true;
  }

  // Node n of tree t becomes (or already is) a simultaneous node.
  bool simultaneous(int t, NodeId n, int seats) {
    TreeT& tree = forest_.trees[t];
    if (tree.kind(n) == NodeKind::Simultaneous) return true;
    tree.lock(n);
    const bool ok = tree.make_simultaneous(n, seats);
    tree.unlock(n);
    return ok;
  }

  // Moves tree t from simultaneous node n to the child of the joint outcome keyed `key`. In a
  // shared tree the child is looked for without the lock first, which is taken only to add it.
  bool descend_outcome(int t, NodeId& n, std::uint64_t key, bool& grown) {
    TreeT& tree = forest_.trees[t];
    const std::uint32_t limit = std::uint32_t(cfg_.outcomes);
    bool created = false;
    NodeId c = kNoNode;
    if constexpr (Shared) c = tree.find_outcome_child(n, key, limit);
    if (c == kNoNode) {
      tree.lock(n);
      c = tree.outcome_child(n, key, limit, created);
      tree.unlock(n);
      if (c == kNoNode) return false;
    }
    n = c;
    grown = grown || created;
    return true;
  }

  // Decoupled selection: seat q's own bandit over its own arms at simultaneous node n.
  bool select_arm(int t, NodeId n, const State& s, Player q, bool visit, Rng& rng, Move& out) {
    TreeT& tree = forest_.trees[t];
    const NodeId arms = tree.arms_node(n, q);
    MoveListOf<G> legal;
    legal_moves_of<G>(s, q, legal);
    KeysT& keys = keys_;
    keys.count = int(legal.size());
    for (int i = 0; i < keys.count; ++i) keys.key[i] = legal[i], keys.first[i] = std::uint16_t(i);
    edges_.find_edges(tree, arms, NodeKind::Arms, keys);
    std::array<EdgeId, G::kMaxMoves> arm;
    std::array<Move, G::kMaxMoves> arm_move;
    int available = 0;
    for (int u = 0; u < keys.count; ++u)
      if (keys.edge[u] != kNoEdge) arm[available] = keys.edge[u], arm_move[available++] = legal[u];
    if (available == 0) return false;
    int pick = 0;
    double prob = 1.0;
    if (cfg_.sim == SimSelect::Ucb && puct_) {  // decoupled PUCT: seat q's arms by q's priors
      // arm i is legal move index[i]: the arms are the legal moves whose edges the arena holds.
      std::array<std::uint16_t, G::kMaxMoves> index;
      for (int u = 0, i = 0; u < keys.count; ++u)
        if (keys.edge[u] != kNoEdge) index[i++] = std::uint16_t(u);
      set_priors(
          tree, available, [&](int i) { return arm[i]; }, s, q, legal, rng,
          [&](int i, const double* prob) { return prob[index[i]]; });
      pick = chooser_.choose_puct(
          tree, available, [&](int i) { return arm[i]; }, exact_visits(tree, n));
    } else if (cfg_.sim == SimSelect::Ucb) {
      pick = chooser_.choose_arm(tree, arm.data(), available, exact_visits(tree, n), rng);
    } else {
      std::array<double, G::kMaxMoves> stat, p;
      pick = chooser_.sample_arm(tree, arm.data(), available, stat.data(), p.data(), rng, prob);
    }
    if constexpr (Shared) TreeT::add(tree.stats(arm[pick]).virtual_loss, std::uint16_t(1));
    const std::uint32_t begin = std::uint32_t(arms_.size());
    if (cfg_.sim == SimSelect::RegretMatching)
      for (int i = 0; i < available; ++i) arms_.push_back(arm[i]);
    push(Step{.tree = std::uint32_t(t),
              .edge = arm[pick],
              .node = n,
              .chooser = q,
              .arm = true,
              .visit = visit,
              .prob = prob,
              .arms_begin = begin,
              .arms_count = std::uint32_t(arms_.size()) - begin});
    out = arm_move[pick];
    return true;
  }

  template <int kTrees>
  void backup(const Values& v) {
    for (std::size_t i = 0; i < depth_; ++i) {
      const Step& st = path_[i];
      TreeT& tree = forest_.trees[kTrees == 1 ? 0 : st.tree];
      EdgeStats& e = tree.stats(st.edge);
      const double x = v[st.chooser];
      if (st.visit) TreeT::add(tree.node(st.node).visits, 1u);
      TreeT::add(e.visits, 1u);
      if constexpr (Shared) TreeT::add(e.virtual_loss, std::uint16_t(-1));
      if (!st.arm || cfg_.sim == SimSelect::Ucb) {
        TreeT::add(e.reward, std::uint64_t(x * kRewardScale + 0.5));
      } else if (cfg_.sim == SimSelect::Exp3) {
        TreeT::add_real(e.reward, x / st.prob);  // importance-weighted reward of the played arm
      } else {
        // Sampled regret: every available arm b gains (b played ? x / p : 0) - x.
        for (std::uint32_t i = 0; i < st.arms_count; ++i) {
          const EdgeId b = arms_[st.arms_begin + i];
          TreeT::add_real(tree.stats(b).reward, (b == st.edge ? x / st.prob : 0.0) - x);
        }
      }
    }
  }

  const SearchConfig& cfg_;
  const bool full_ = full_state(cfg_.algorithm);  // a node is one state (UCT, PIMC's determinizations)
  const bool puct_ = cfg_.prior != Prior::None;   // every choice is PUCT's, by the evaluator's priors
  Forest<Shared>& forest_;
  std::vector<Step> path_;  // the iteration's steps: the first depth_ (a buffer that only grows,
  std::size_t depth_ = 0;   // so that a step is one store, without push_back's call)
  std::vector<EdgeId> arms_;
  Values value_sum_{};
  std::array<EdgeId, kMaxPlayers> last_edge_{};  // per tree: the edge of its latest step
  KeysT keys_;
  std::array<std::uint64_t, G::kMaxMoves> tokens_;
  EdgeIndex<Shared> edges_;
  EdgeChooser<Shared> chooser_;
  Evaluator<G> leaf_;
  std::array<double, G::kMaxMoves> priors_;  // the evaluator's priors of one node's legal moves
};

}  // namespace nuraghe::search
