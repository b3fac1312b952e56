#pragma once
// The generic search core: UCT, PIMC, SO-ISMCTS and MO-ISMCTS over any nuraghe::Game, with
// decoupled selection at simultaneous nodes, max^n backup, OpenMP root and tree parallelism, and
// tree reuse by observation tokens. No game-specific code lives here.
//
// One iteration: take a state (the true state for UCT, a determinization of the searcher's
// information set for ISMCTS), walk down the tree(s) choosing with the bandits, add one node, roll
// out to the end (or to a cut-off, then the game's static evaluation), and add each player's
// return to the edges that player chose (max^n).
//
// Keys (docs/search.md, "Keys: what a tree can tell apart"): an edge is keyed by the move when its tree's
// observer is the chooser (or the tree is over full states); otherwise by the observer's token of the move,
// so an opponent's hidden draw or secret choice is one edge for the others. Children are keyed by the
// observer's token of the transition, so a decision after a reveal conditions on what was revealed.

#include <algorithm>
#include <atomic>
#include <cassert>
#include <chrono>
#include <optional>
#include <vector>

#include "core/game.hpp"
#include "core/hooks.hpp"
#include "core/value_model.hpp"
#include "search/bandit.hpp"
#include "search/tree.hpp"

namespace nuraghe::search {

enum class Algorithm : std::uint8_t { Uct, CheatUct, Pimc, Ismcts, MoIsmcts };
enum class Final : std::uint8_t { Max, Sample };
enum class Rollout : std::uint8_t { Random, Heuristic };
enum class Reward : std::uint8_t { Win, Score };
enum class Parallel : std::uint8_t { Root, Tree };

// SearchConfig::cutoff for `cutoff=leaf`: a new leaf is evaluated at once, without any rollout step.
inline constexpr int kLeafCutoff = -1;

struct SearchConfig {
  Algorithm algorithm = Algorithm::Ismcts;
  long long iterations = 1000;     // 0: no iteration limit
  double milliseconds = 0;         // 0: no time limit (one of the two must be set)
  double c = 0.7;                  // UCB exploration constant
  SimSelect sim = SimSelect::Ucb;  // bandit at simultaneous nodes
  double gamma = 0.1;              // Exp3 / regret-matching exploration
  Final final = Final::Max;
  Rollout rollout = Rollout::Random;
  double epsilon = 0.1;  // heuristic rollouts: probability of a random move
  int cutoff = 0;        // rollout steps before the static evaluation (0: play out; kLeafCutoff: none)
  // A learned evaluation (core/value_model.hpp) in place of the game's static one, where a rollout
  // is cut off. Not owned: it must outlive the search. The game must have tensors (HasTensors).
  const ValueModel* eval = nullptr;
  bool prune = false;  // the tree tries only the game's search_moves (HasSearchMoves)
  double bias = 0;     // progressive bias: the heuristic's move gets bias / (1 + tries) on its score
  Reward reward = Reward::Win;
  int threads = 1;
  Parallel parallel = Parallel::Root;
  std::size_t memory_bytes = std::size_t(64) << 20;  // hard cap for all trees of one search
  int outcomes = 4096;        // joint outcomes told apart at a simultaneous node; the rest share a child
  int determinizations = 20;  // PIMC
  bool pimc_vote = true;      // PIMC: majority vote, else averaged values
};

struct MoveStats {
  Move move;
  std::uint32_t visits;
  double mean;    // the searcher's mean return through this move
  double policy;  // the final policy (visit share, or the bandit's recommended strategy)
};

struct SearchResult {
  Move best = 0;
  std::vector<MoveStats> moves;  // the searcher's root choices
  long long iterations = 0;
  double seconds = 0;
  // The memory held at the end: reserved, and used by nodes and edges (PIMC: the peak of the
  // determinizations searched at once, and the largest tree's use).
  std::size_t bytes_reserved = 0, bytes_used = 0;
  // Nodes the search's trees hold at the end (kept ones too, with reuse), and the bytes of their
  // nodes and edges, summed over every tree the search grew (PIMC: every determinization's), for a
  // benchmark's nodes a second and bytes a node.
  std::size_t nodes = 0, node_bytes = 0;
};

// The trees of one search: one for UCT, PIMC and SO-ISMCTS, one per player for MO-ISMCTS.
template <bool Shared>
struct Forest {
  std::vector<Tree<Shared>> trees;
  std::vector<Player> observers;

  std::size_t bytes_reserved() const {
    std::size_t b = 0;
    for (const auto& t : trees) b += t.bytes_reserved();
    return b;
  }
  std::size_t bytes_used() const {
    std::size_t b = 0;
    for (const auto& t : trees) b += t.bytes_used();
    return b;
  }
  std::size_t nodes() const {
    std::size_t n = 0;
    for (const auto& t : trees) n += t.node_count();
    return n;
  }
};

inline bool full_state(Algorithm a) { return a == Algorithm::Uct || a == Algorithm::CheatUct || a == Algorithm::Pimc; }

// Whose trees a search grows: every seat's (MO-ISMCTS), or the searcher's alone. The trees share
// the search's memory equally.
inline std::vector<Player> forest_observers(Algorithm a, int players, Player seat) {
  std::vector<Player> observers;
  if (a == Algorithm::MoIsmcts)
    for (int p = 0; p < players; ++p) observers.push_back(p);
  else observers.push_back(seat);
  return observers;
}

template <bool Shared>
Forest<Shared> make_forest(Algorithm a, int players, Player seat, std::size_t bytes) {
  Forest<Shared> f;
  f.observers = forest_observers(a, players, seat);
  for (std::size_t t = 0; t < f.observers.size(); ++t) f.trees.emplace_back(bytes / f.observers.size());
  return f;
}

// Makes f what make_forest(a, players, seat, bytes) would give, in place, if its trees have the
// sizes that would have: a search that keeps no tree then reuses its last search's memory instead
// of asking for as much again (and under AddressSanitizer, poisoning it again). False otherwise.
template <bool Shared>
bool clear_forest(Forest<Shared>& f, Algorithm a, int players, Player seat, std::size_t bytes) {
  std::vector<Player> observers = forest_observers(a, players, seat);
  if (f.trees.size() != observers.size()) return false;
  for (const Tree<Shared>& t : f.trees)
    if (!t.sized_for(bytes / observers.size())) return false;
  for (Tree<Shared>& t : f.trees) t.clear();
  f.observers = std::move(observers);
  return true;
}

// One searching thread: scratch space and the iteration.
// What the core's fixed arrays and keys hold, checked wherever the search is built for a game: a
// value per seat in arrays of kMaxPlayers (core/game.hpp), and a visit's moves by 16-bit indices.
inline constexpr int kMaxSearchMoves = 0xFFFF;
template <Game G>
constexpr bool fits_the_search() {
  static_assert(
      G::kMaxPlayers >= 1 && G::kMaxPlayers <= kMaxPlayers,
      "search: the game's kMaxPlayers does not fit the core's per-seat arrays (kMaxPlayers of core/game.hpp)");
  static_assert(G::kMaxMoves <= kMaxSearchMoves,
                "search: the game's kMaxMoves does not fit the search's 16-bit move indices (at most 65535 moves)");
  return true;
}

template <Game G, bool Shared>
class Worker {
  static_assert(fits_the_search<G>());

 public:
  using State = typename G::State;
  using TreeT = Tree<Shared>;

  // Scratch grows to what the search uses and is kept between iterations: a path as deep as the
  // tree (a few hundred steps is already a deep one), the arms of one simultaneous node.
  // A learned evaluation's buffers are allocated here, once: an evaluation allocates nothing.
  Worker(const SearchConfig& config, Forest<Shared>& forest) : cfg_(config), forest_(forest) {
    path_.resize(256);
    arms_.reserve(std::size_t(kMaxPlayers) * G::kMaxMoves);
    if (cfg_.eval) {
      observation_.resize(std::size_t(cfg_.eval->input_size()));
      evaluator_.emplace(*cfg_.eval);
    }
  }

  // One iteration from `root`, a state of the searcher's information set.
  void iterate(const State& root, Rng& rng) {
    if (forest_.trees.size() == 1) iterate_in<1>(root, rng);
    else iterate_in<0>(root, rng);
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

  // The learned evaluation of s (cfg.eval), as core/value_model.hpp's learned_values defines it.
  Values learned_values(const State& s) const requires HasTensors<G> {
    return nuraghe::learned_values<G>(*evaluator_, s, observation_.data());
  }

  Values reward(const State& s) const {
    if (cfg_.reward == Reward::Win) return s.returns();
    // Score: each player's points relative to the lowest and highest at the table.
    const Values sc = scores_of<G>(s);
    const int n = num_players_of<G>(s);
    const double lo = *std::min_element(sc.begin(), sc.begin() + n), hi = *std::max_element(sc.begin(), sc.begin() + n);
    Values v{};
    for (int p = 0; p < n; ++p) v[p] = hi > lo ? (sc[p] - lo) / (hi - lo) : 0.5;
    return v;
  }

 private:
  // `iterate` over `kTrees` trees: 1 (UCT, SO-ISMCTS, PIMC's determinizations: the loops over trees
  // vanish), or 0 for as many as the forest has (MO-ISMCTS, one a seat).
  template <int kTrees>
  void iterate_in(const State& root, Rng& rng) {
    State s = root;
    const int trees = kTrees == 1 ? 1 : int(forest_.trees.size());
    std::array<std::uint32_t, kMaxPlayers> cur{};
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
          if (stuck) joint[q] = rollout_move(s, q, rng);
          counted[t] = true;
        }
        for (int t = 0; t < trees && !stuck; ++t) stuck = !descend_outcome(t, cur[t], outcome_key(t, s, joint), grown);
        apply_joint<G>(s, joint);
        if (stuck) break;
      }
    }
    backup<kTrees>(rollout(s, rng));
  }

  struct Step {
    std::uint32_t tree, edge;
    std::uint32_t node;  // the node the edge leaves, whose visit this step counts if `visit`
    Player chooser;
    bool arm;  // an arm of a simultaneous node (bandit-specific statistics)
    bool visit;
    double prob;                           // Exp3 / regret matching: probability the arm was played with
    std::uint32_t arms_begin, arms_count;  // regret matching: the arms that were available
  };

  // The keys of one visit to a decision: one per distinct key among the legal moves, in the order
  // of their first legal move. Moves sharing a key (an opponent's hidden choice, as the observer
  // sees it) are one group: `group` lists the legal moves of group u from `begin[u]`, `size[u]` long.
  struct Keys {
    int count = 0;
    std::array<std::uint64_t, G::kMaxMoves> key;
    std::array<std::uint32_t, G::kMaxMoves> edge;
    std::array<std::uint16_t, G::kMaxMoves> first, begin, size, group;
  };

  Move rollout_move(const State& s, Player p, Rng& rng) const {
    if constexpr (HasHeuristic<G>)
      if (cfg_.rollout == Rollout::Heuristic && rng.uniform() >= cfg_.epsilon) return G::heuristic_move(s, p, rng);
    return random_legal_move<G>(s, p, rng);
  }

  bool keyed_by_move(int t, Player chooser) const { return full_ || forest_.observers[t] == chooser; }

  std::uint64_t child_key(int t, const State& s, Move m) const { return observe<G>(s, m, forest_.observers[t]); }
  std::uint64_t outcome_key(int t, const State& s, const JointMove& joint) const {
    if (!full_state(cfg_.algorithm)) return observe_joint<G>(s, joint, forest_.observers[t]);
    std::uint64_t h = 0;  // over full states, a joint move leads to exactly one state
    for (int q = 0; q < num_players_of<G>(s); ++q) h = hash_combine(h, joint[q]);
    return h;
  }

  // Groups the legal moves by key in O(k log k): sorted by (key, legal index), each run of one key
  // is a group, led by its first legal move. (A group lists its moves in legal order either way.)
  void group_keys(const MoveListOf<G>& legal, const std::array<std::uint64_t, G::kMaxMoves>& token, Keys& keys) {
    const int k = int(legal.size());
    // A few moves: comparing pairs costs less than sorting. (Games of at most 16 moves never sort,
    // which the compiler sees: it reads the sort's loops as overrunning their arrays otherwise.)
    if (G::kMaxMoves <= 16 || k <= 16) {
      keys.count = 0;
      int filled = 0;
      for (int i = 0; i < k; ++i) {
        bool leads = true;
        for (int j = 0; j < i && leads; ++j) leads = token[j] != token[i];
        if (!leads) continue;
        const int u = keys.count++;
        keys.key[u] = token[i], keys.first[u] = std::uint16_t(i), keys.begin[u] = std::uint16_t(filled);
        for (int j = i; j < k; ++j)
          if (token[j] == token[i]) keys.group[filled++] = std::uint16_t(j);
        keys.size[u] = std::uint16_t(filled - keys.begin[u]);
      }
      return;
    }
    std::array<std::uint16_t, G::kMaxMoves>& order = keys.group;
    for (int i = 0; i < k; ++i) order[i] = std::uint16_t(i);
    std::sort(order.begin(), order.begin() + k,
              [&](std::uint16_t a, std::uint16_t b) { return token[a] < token[b] || (token[a] == token[b] && a < b); });
    std::array<std::int32_t, G::kMaxMoves> run_of;  // legal index of a group's leader -> start of its run
    for (int i = 0; i < k; ++i) run_of[i] = -1;
    for (int r = 0; r < k;) {
      int end = r + 1;
      while (end < k && token[order[end]] == token[order[r]]) ++end;
      run_of[order[r]] = r;
      r = end;
    }
    keys.count = 0;
    for (int i = 0; i < k; ++i) {
      if (run_of[i] < 0) continue;
      const int u = keys.count++, r = run_of[i];
      int end = r + 1;
      while (end < k && token[order[end]] == token[i]) ++end;
      keys.key[u] = token[i], keys.first[u] = std::uint16_t(i), keys.begin[u] = std::uint16_t(r),
      keys.size[u] = std::uint16_t(end - r);
    }
  }

  // Finds node n's edge for each key (kNone where the arena is full). The edges of a node are
  // added in the order of its first visit's keys, so key u is usually edge u: that is checked
  // first, and keys that are not there are looked up in a hash index of all the node's edges. A
  // node of a few edges is compared edge by edge.
  // Missing keys become new edges, under the node's lock; no edge found here ever moves.
  // `kind` is n's kind as the caller read it. A decision or arms node stays one, so its edges are
  // read without the lock; a fresh node has none to read, and in a shared tree another thread's
  // determinization may make it simultaneous meanwhile: its kind is checked under the lock, before
  // anything is read or added. False when n keeps no edges by then.
  static constexpr std::uint32_t kScannedEdges = 8;
  [[gnu::always_inline]] bool find_edges(TreeT& tree, std::uint32_t n, NodeKind kind, Keys& keys) {
    const int count = keys.count;
    std::uint32_t seen = 0;
    if (kind == NodeKind::Fresh) {
      for (int u = 0; u < count; ++u) keys.edge[u] = kNone;
    } else if (const std::uint32_t block = tree.block_of_exactly(n, keys.key.data(), count); block != kNone) {
      for (int u = 0; u < count; ++u) keys.edge[u] = block + std::uint32_t(u);  // the usual case, in one pass
      return true;
    } else if (tree.num_edges(n) <= kScannedEdges) {
      // A few edges (Kuhn's and Goofspiel's nodes, whose keys change with the determinization):
      // comparing each edge with each key costs less than anything cleverer.
      for (int u = 0; u < count; ++u) keys.edge[u] = kNone;
      tree.for_each_edge(n, [&](std::uint32_t e) {
        ++seen;
        const std::uint64_t key = tree.link(e).key;
        for (int u = 0; u < count; ++u)
          if (keys.key[u] == key) {
            keys.edge[u] = e;
            break;
          }
      });
    } else {
      int misplaced = 0;
      tree.for_each_block(n, [&](std::uint32_t first, std::uint32_t size) {
        for (std::uint32_t e = first; e < first + size; ++e, ++seen)
          if (seen < std::uint32_t(count)) {
            const bool here = tree.link(e).key == keys.key[seen];
            keys.edge[seen] = here ? e : kNone;
            misplaced += !here;
          }
      });
      for (int u = int(seen); u < count; ++u) keys.edge[u] = kNone;
      if (misplaced > 0 || seen > std::uint32_t(count)) {  // some keys may sit elsewhere in the node
        index_edges(tree, n, seen);
        for (int u = 0; u < count; ++u)
          if (keys.edge[u] == kNone) keys.edge[u] = indexed(keys.key[u]);
      }
    }
    int missing = 0;
    for (int u = 0; u < count; ++u) missing += keys.edge[u] == kNone;
    if (missing == 0) return true;
    tree.lock(n);
    if (!TreeT::holds_edges(tree.kind(n))) {  // under the lock, where it cannot change
      tree.unlock(n);
      return false;
    }
    // A node's first visit adds all its edges at once, in the keys' order.
    if (missing == count)
      if (const std::uint32_t first = tree.add_edges(n, keys.key.data(), std::uint32_t(count)); first != kNone) {
        for (int u = 0; u < count; ++u) keys.edge[u] = first + std::uint32_t(u);
        tree.unlock(n);
        return true;
      }
    // Another thread may have added some of them meanwhile: they are among the edges past `seen`.
    std::uint32_t position = 0;
    tree.for_each_edge(n, [&](std::uint32_t e) {
      if (position++ < seen) return;
      for (int u = 0; u < count; ++u)
        if (keys.edge[u] == kNone && tree.link(e).key == keys.key[u]) keys.edge[u] = e;
    });
    for (int u = 0; u < count; ++u)
      if (keys.edge[u] == kNone) keys.edge[u] = tree.add_edge(n, keys.key[u], std::uint32_t(count));
    tree.unlock(n);
    return true;
  }

  // A hash index of node n's first `edges` edges by key (scratch, rebuilt when needed). In a shared
  // tree the node may have more by now; those are looked at under the lock.
  void index_edges(const TreeT& tree, std::uint32_t n, std::uint32_t edges) {
    std::uint32_t slots = 16;
    while (slots < 2 * edges) slots *= 2;
    index_.assign(slots, kNone);
    std::uint32_t position = 0;
    tree.for_each_edge(n, [&](std::uint32_t e) {
      if (position++ >= edges) return;
      std::uint32_t i = slot_of(tree.link(e).key, slots);
      while (index_[i] != kNone) i = (i + 1) & (slots - 1);
      index_[i] = e;
    });
    index_tree_ = &tree;
  }
  std::uint32_t indexed(std::uint64_t key) const {
    const std::uint32_t slots = std::uint32_t(index_.size());
    for (std::uint32_t i = slot_of(key, slots);; i = (i + 1) & (slots - 1))
      if (index_[i] == kNone || index_tree_->link(index_[i]).key == key) return index_[i];
  }
  static std::uint32_t slot_of(std::uint64_t key, std::uint32_t slots) {
    return std::uint32_t((key * 0x9E3779B97F4A7C15ull) >> 40) & (slots - 1);
  }

  // UCB over the edges of node n for the moves legal in s. Untried edges are tried first, in random
  // order; every edge legal now was available to this choice (ISMCTS availability).
  //
  // Over full states a node is one state, and its first visit added all its legal moves, in legal
  // order, to one block sized for them: from then on the block is the move list, and the moves
  // need not be generated again. (In a shared tree the block is published whole, with its count,
  // under the node's lock: Tree::add_edges.) That choice, the most frequent step of UCT, is inlined
  // into the iteration; the rest is select_listed, out of line.
  [[gnu::always_inline]] bool select_decision(int t, std::uint32_t n, const State& s, Player p, Rng& rng, Move& out) {
    TreeT& tree = forest_.trees[t];
    const NodeKind kind = tree.kind(n);
    if (kind != NodeKind::Fresh && kind != NodeKind::Decision) return false;
    const std::uint32_t parent = exact_visits(tree, n);
    const std::uint32_t count = parent != 0 && kind == NodeKind::Decision ? tree.own_edges(n) : 0;
    if (count == 0 || (HasHeuristic<G> && cfg_.bias > 0))
      return select_listed(t, n, kind, parent, count, s, p, rng, out);
    const std::uint32_t block = tree.first_edge(n);  // read after the count (which publishes it)
    const std::uint32_t edge = block + std::uint32_t(choose_in_block(tree, block, int(count), parent, rng));
    if constexpr (Shared) TreeT::add(tree.stats(edge).virtual_loss, 1u);
    out = Move(tree.link(edge).key);
    push(Step{std::uint32_t(t), edge, n, p, false, true, 1.0, 0, 0});
    return true;
  }

  // select_decision where the moves must be listed (a node's first visits, information sets), or
  // where the bias favours the heuristic's move; `block_size` is the node's block as select_decision
  // found it over full states (0: none, or not over full states).
  [[gnu::noinline]] bool select_listed(int t, std::uint32_t n, NodeKind kind, std::uint32_t parent,
                                       std::uint32_t block_size, const State& s, Player p, Rng& rng, Move& out) {
    TreeT& tree = forest_.trees[t];
    if (const std::uint32_t count = block_size; count > 0) {  // bias over a block of full-state moves
      const std::uint32_t block = tree.first_edge(n);
      int favoured = -1;  // the heuristic's move among the block's edges
      if constexpr (HasHeuristic<G>)
        if (count > 1) {
          const Move h = G::heuristic_move(s, p, rng);
          for (std::uint32_t u = 0; u < count && favoured < 0; ++u)
            if (Move(tree.link(block + u).key) == h) favoured = int(u);
        }
      const int chosen =
          favoured < 0 ? choose_in_block(tree, block, int(count), parent, rng)
                       : choose_edge(
                             tree, int(count), [&](int u) { return block + std::uint32_t(u); }, parent, rng, favoured);
      const std::uint32_t edge = block + std::uint32_t(chosen);
      if constexpr (Shared) TreeT::add(tree.stats(edge).virtual_loss, 1u);
      out = Move(tree.link(edge).key);
      push(Step{std::uint32_t(t), edge, n, p, false, true, 1.0, 0, 0});
      return true;
    }
    MoveListOf<G> legal;
    s.legal_moves(legal);
    if constexpr (HasSearchMoves<G>)
      if (cfg_.prune) G::search_moves(s, p, legal);
    const int k = int(legal.size());
    Keys& keys = keys_;
    const bool by_move = keyed_by_move(t, p);
    // Usually the node's own block holds exactly the legal moves, in order: one pass of
    // comparisons confirms it, and edge u is block + u. Otherwise the keys are found one by one.
    const std::uint32_t block = by_move ? tree.block_of_exactly(n, legal.begin(), k) : kNone;
    if (block == kNone) {
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
      if (!find_edges(tree, n, kind, keys)) return false;  // the node is simultaneous by now
    }
    const int count = block == kNone ? keys.count : k;
    const auto edge_of = [&](int u) { return block == kNone ? keys.edge[u] : block + std::uint32_t(u); };
    const int chosen = choose_edge(tree, count, edge_of, parent, rng, favoured_edge(s, p, legal, block, by_move, rng));
    if (chosen < 0) return false;  // the arena is full and this node has no edge
    const std::uint32_t edge = edge_of(chosen);
    if constexpr (Shared) TreeT::add(tree.stats(edge).virtual_loss, 1u);

    // The move: the edge's own, or one of the legal moves behind an opponent's token, at random.
    out = legal[block == kNone ? keys.first[chosen] : chosen];
    if (!by_move && keys.size[chosen] > 1) out = legal[keys.group[keys.begin[chosen] + rng.below(keys.size[chosen])]];
    push(Step{std::uint32_t(t), edge, n, p, false, true, 1.0, 0, 0});
    return true;
  }

  // With bias > 0, the edge (as choose_edge counts them) of the move the game's heuristic would
  // play here (for an opponent's token, the edge of its group); -1 otherwise.
  int favoured_edge(const State& s, Player p, const MoveListOf<G>& legal, std::uint32_t block, bool by_move,
                    Rng& rng) const {
    if constexpr (HasHeuristic<G>) {
      if (cfg_.bias <= 0 || legal.size() < 2) return -1;
      const Move h = G::heuristic_move(s, p, rng);
      const Keys& keys = keys_;
      if (block != kNone || by_move) {
        for (int i = 0; i < int(legal.size()); ++i)
          if (legal[std::size_t(i)] == h) {
            if (block != kNone) return i;
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

  // One pass over `count` edges (edge_of(u), kNone for none): an untried edge is taken first (the
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
      if (edge_of(u) == kNone) continue;
      const std::uint32_t edge = edge_of(u);
      const EdgeStats& e = tree.stats(edge);
      if (parent == 0) TreeT::add(tree.link(edge).available, 1u);
      const std::uint32_t tries = tries_of(e);
      if (tries == 0) {
        if (untried++ == 0) first_untried = u;
        favoured_untried = favoured_untried || u == favoured;
      } else if (untried == 0) {
        double score = ucb_score(double(TreeT::load(e.reward)) / kRewardScale, tries,
                                 parent ? exact : exploration(TreeT::load(tree.link(edge).available)));
        if (u == favoured) score += cfg_.bias / (1.0 + tries);
        if (score > best) best = score, best_u = u;
      }
    }
    if (untried == 0) return best_u;
    if (favoured_untried) return favoured;
    return nth_untried(tree, count, edge_of, untried, first_untried, rng);
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
  int choose_in_block(TreeT& tree, std::uint32_t block, int count, std::uint32_t parent, Rng& rng) {
    if constexpr (!Shared) {
      const std::uint32_t before = parent - 1;
      if (before >= std::uint32_t(count)) {
        int best_u = 0;
        double best = -1;
        const double exploration = ExplorationCache(cfg_.c)(parent);
        for (int u = 0; u < count; ++u) {
          const EdgeStats& e = tree.stats(block + std::uint32_t(u));
          assert(e.visits > 0 && "a private node's visits are the sum of its edges' visits");
          const double score = ucb_score(double(e.reward) / kRewardScale, e.visits, exploration);
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

  // One of the `untried` untried edges among `count` (edge_of(u), kNone for none), uniformly: the
  // r-th for one random r. A node's first visit, where every edge is untried, needs no second
  // pass. In a shared tree another thread may try some of them meanwhile; if the r-th is gone, the
  // first untried edge the caller saw is taken.
  template <class EdgeOf>
  int nth_untried(const TreeT& tree, int count, const EdgeOf& edge_of, int untried, int first_untried, Rng& rng) {
    auto r = rng.below(std::uint32_t(untried));
    if (untried == count) return int(r);
    for (int u = 0; u < count; ++u)
      if (edge_of(u) != kNone && tries_of(tree.stats(edge_of(u))) == 0 && r-- == 0) return u;
    return first_untried;
  }

  // An edge's tries as the bandits count them: its visits, and in a shared tree the threads below
  // it now (virtual loss, which a private tree never has).
  static std::uint32_t tries_of(const EdgeStats& e) {
    if constexpr (Shared) return TreeT::load(e.visits) + TreeT::load(e.virtual_loss);
    else return e.visits;
  }

  // Over full states a node is one state, so every edge is legal at every visit and its
  // availability is the node's own count: the visits before this one, and this one. Nothing is
  // written per edge, and threads share no cache line for it. 0 where availability must be counted
  // per edge: in information sets, and below an overflow child, where one node stands for many states.
  std::uint32_t exact_visits(const TreeT& tree, std::uint32_t n) const {
    if (!full_ || tree.node(n).merged) return 0;
    return TreeT::load(tree.node(n).visits) + 1;
  }

  // In a tree whose observer did not choose: the edge for what the observer saw.
  bool follow_decision(int t, std::uint32_t n, std::uint64_t key, Player chooser) {
    TreeT& tree = forest_.trees[t];
    const NodeKind kind = tree.kind(n);
    if (kind != NodeKind::Fresh && kind != NodeKind::Decision) return false;
    // A decision's edges are read without the lock; a fresh node has none, and may be made
    // simultaneous meanwhile (as in find_edges): its kind is checked under the lock.
    std::uint32_t e = kind == NodeKind::Decision ? tree.find_edge(n, key) : kNone;
    if (e == kNone) {
      tree.lock(n);
      const NodeKind now = tree.kind(n);
      if (now == NodeKind::Fresh || now == NodeKind::Decision) {
        e = tree.find_edge(n, key);
        if (e == kNone) e = tree.add_edge(n, key);
      }
      tree.unlock(n);
      if (e == kNone) return false;
    }
    TreeT::add(tree.link(e).available, 1u);
    if constexpr (Shared) TreeT::add(tree.stats(e).virtual_loss, 1u);
    push(Step{std::uint32_t(t), e, n, chooser, false, true, 1.0, 0, 0});
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
  bool descend(int t, std::uint32_t& n, std::uint64_t key, bool& grown) {
    TreeT& tree = forest_.trees[t];
    EdgeLink& edge = tree.link(last_edge_[t]);
    std::uint32_t c = tree.find_in_chain(edge.child, key);
    if (c == kNone) {
      bool created = false;
      tree.lock(n);
      c = tree.child(edge.child, key, tree.node(n).merged, created);
      tree.unlock(n);
      if (c == kNone) return false;
      grown = grown || created;
    }
    n = c;
    return true;
  }

  // Node n of tree t becomes (or already is) a simultaneous node.
  bool simultaneous(int t, std::uint32_t n, int seats) {
    TreeT& tree = forest_.trees[t];
    if (tree.kind(n) == NodeKind::Simultaneous) return true;
    tree.lock(n);
    const bool ok = tree.make_simultaneous(n, seats);
    tree.unlock(n);
    return ok;
  }

  // Moves tree t from simultaneous node n to the child of the joint outcome keyed `key`. In a
  // shared tree the child is looked for without the lock first, which is taken only to add it.
  bool descend_outcome(int t, std::uint32_t& n, std::uint64_t key, bool& grown) {
    TreeT& tree = forest_.trees[t];
    const std::uint32_t limit = std::uint32_t(cfg_.outcomes);
    bool created = false;
    std::uint32_t c = kNone;
    if constexpr (Shared) c = tree.find_outcome_child(n, key, limit);
    if (c == kNone) {
      tree.lock(n);
      c = tree.outcome_child(n, key, limit, created);
      tree.unlock(n);
      if (c == kNone) return false;
    }
    n = c;
    grown = grown || created;
    return true;
  }

  // Decoupled selection: seat q's own bandit over its own arms at simultaneous node n.
  bool select_arm(int t, std::uint32_t n, const State& s, Player q, bool visit, Rng& rng, Move& out) {
    TreeT& tree = forest_.trees[t];
    const std::uint32_t arms = tree.arms_node(n, q);
    MoveListOf<G> legal;
    legal_moves_of<G>(s, q, legal);
    Keys& keys = keys_;
    keys.count = int(legal.size());
    for (int i = 0; i < keys.count; ++i) keys.key[i] = legal[i], keys.first[i] = std::uint16_t(i);
    find_edges(tree, arms, NodeKind::Arms, keys);
    std::array<std::uint32_t, G::kMaxMoves> arm;
    std::array<Move, G::kMaxMoves> arm_move;
    int available = 0;
    for (int u = 0; u < keys.count; ++u)
      if (keys.edge[u] != kNone) arm[available] = keys.edge[u], arm_move[available++] = legal[u];
    if (available == 0) return false;
    int pick = 0;
    double prob = 1.0;
    if (cfg_.sim == SimSelect::Ucb) {
      double best = -1;
      int unvisited = 0;
      const std::uint32_t parent = exact_visits(tree, n);
      for (int i = 0; i < available; ++i) {
        if (parent == 0) TreeT::add(tree.link(arm[i]).available, 1u);
        unvisited += tries_of(tree.stats(arm[i])) == 0;
      }
      if (unvisited > 0) {  // try every arm once, in random order
        int r = int(rng.below(std::uint32_t(unvisited)));
        for (int i = 0; i < available; ++i)
          if (tries_of(tree.stats(arm[i])) == 0 && r-- == 0) pick = i;
      } else {  // every arm has been tried
        ExplorationCache exploration(cfg_.c);
        for (int i = 0; i < available; ++i) {
          const EdgeStats& e = tree.stats(arm[i]);
          const double score = ucb_score(double(TreeT::load(e.reward)) / kRewardScale, tries_of(e),
                                         exploration(parent ? parent : TreeT::load(tree.link(arm[i]).available)));
          if (score > best) best = score, pick = i;
        }
      }
    } else {
      std::array<double, G::kMaxMoves> stat, p;
      for (int i = 0; i < available; ++i) stat[i] = TreeT::load_real(tree.stats(arm[i]).reward);
      if (cfg_.sim == SimSelect::Exp3) exp3_policy(stat.data(), available, cfg_.gamma, p.data());
      else regret_matching_policy(stat.data(), available, cfg_.gamma, p.data());
      double r = rng.uniform();
      pick = available - 1;
      for (int i = 0; i < available; ++i) {
        if (r < p[i]) {
          pick = i;
          break;
        }
        r -= p[i];
      }
      prob = p[pick];
    }
    if constexpr (Shared) TreeT::add(tree.stats(arm[pick]).virtual_loss, 1u);
    const std::uint32_t begin = std::uint32_t(arms_.size());
    if (cfg_.sim == SimSelect::RegretMatching)
      for (int i = 0; i < available; ++i) arms_.push_back(arm[i]);
    push(Step{std::uint32_t(t), arm[pick], n, q, true, visit, prob, begin, std::uint32_t(arms_.size()) - begin});
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
      if constexpr (Shared) TreeT::add(e.virtual_loss, std::uint32_t(-1));
      if (!st.arm || cfg_.sim == SimSelect::Ucb) {
        TreeT::add(e.reward, std::uint64_t(x * kRewardScale + 0.5));
      } else if (cfg_.sim == SimSelect::Exp3) {
        TreeT::add_real(e.reward, x / st.prob);  // importance-weighted reward of the played arm
      } else {
        // Sampled regret: every available arm b gains (b played ? x / p : 0) - x.
        for (std::uint32_t i = 0; i < st.arms_count; ++i) {
          const std::uint32_t b = arms_[st.arms_begin + i];
          TreeT::add_real(tree.stats(b).reward, (b == st.edge ? x / st.prob : 0.0) - x);
        }
      }
    }
  }

  const SearchConfig& cfg_;
  const bool full_ = full_state(cfg_.algorithm);  // a node is one state (UCT, PIMC's determinizations)
  Forest<Shared>& forest_;
  std::vector<Step> path_;  // the iteration's steps: the first depth_ (a buffer that only grows,
  std::size_t depth_ = 0;   // so that a step is one store, without push_back's call)
  std::vector<std::uint32_t> arms_;
  std::array<std::uint32_t, kMaxPlayers> last_edge_{};  // per tree: the edge of its latest step
  Keys keys_;
  std::array<std::uint64_t, G::kMaxMoves> tokens_;
  std::vector<std::uint32_t> index_;
  const TreeT* index_tree_ = nullptr;
  // The learned evaluation's (rollout is const): a seat's observation, the model prepared.
  mutable std::vector<float> observation_;
  mutable std::optional<ModelEvaluator> evaluator_;
};

// The searcher's root statistics in one tree: its own moves (edges keyed by move) or its own arms.
template <Game G, bool Shared>
std::vector<MoveStats> root_stats(const Tree<Shared>& tree, Player seat, bool simultaneous, const SearchConfig& cfg) {
  std::vector<MoveStats> out;
  if (!tree.usable()) return out;
  const std::uint32_t root = Tree<Shared>::root();
  if (simultaneous != (tree.kind(root) == NodeKind::Simultaneous)) return out;  // no iteration chose here
  // Exp3 and regret-matching arms keep a bandit statistic, not a reward sum: no mean to show.
  const bool fixed_point = !simultaneous || cfg.sim == SimSelect::Ucb;
  tree.for_each_edge(simultaneous ? tree.arms_node(root, seat) : root, [&](std::uint32_t e) {
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
    double x = rng.uniform();
    best = k - 1;
    for (int i = 0; i < k; ++i) {
      if (x < r.moves[i].policy) {
        best = i;
        break;
      }
      x -= r.moves[i].policy;
    }
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
