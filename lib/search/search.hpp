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
// Keys (design.md): an edge is keyed by the move when its tree's observer is the chooser (or the
// tree is over full states); otherwise by the observer's token of the move, so an opponent's hidden
// draw or secret choice is one edge for the others. Children are keyed by the observer's token of
// the transition, so a decision after a reveal conditions on what was revealed.

#include <algorithm>
#include <atomic>
#include <chrono>
#include <vector>

#include "core/game.hpp"
#include "search/bandit.hpp"
#include "search/tree.hpp"

namespace nuraghe::search {

enum class Algorithm : std::uint8_t { Uct, CheatUct, Pimc, Ismcts, MoIsmcts };
enum class Final : std::uint8_t { Max, Sample };
enum class Rollout : std::uint8_t { Random, Heuristic };
enum class Reward : std::uint8_t { Win, Score };
enum class Parallel : std::uint8_t { Root, Tree };

struct SearchConfig {
  Algorithm algorithm = Algorithm::Ismcts;
  long long iterations = 1000;           // 0: no iteration limit
  double milliseconds = 0;               // 0: no time limit (one of the two must be set)
  double c = 0.7;                        // UCB exploration constant
  SimSelect sim = SimSelect::Ucb;        // bandit at simultaneous nodes
  double gamma = 0.1;                    // Exp3 / regret-matching exploration
  Final final = Final::Max;
  Rollout rollout = Rollout::Random;
  double epsilon = 0.1;                  // heuristic rollouts: probability of a random move
  int cutoff = 0;                        // rollout steps before the static evaluation (0: play out)
  Reward reward = Reward::Win;
  int threads = 1;
  Parallel parallel = Parallel::Root;
  std::size_t memory_bytes = std::size_t(64) << 20;  // hard cap for all trees of one search
  int determinizations = 20;             // PIMC
  bool pimc_vote = true;                 // PIMC: majority vote, else averaged values
};

// Optional parts of a game that the search uses when asked to.
template <class G>
concept HasHeuristic = requires(const typename G::State& s, Player p, Rng& rng) {
  { G::heuristic_move(s, p, rng) } -> std::same_as<Move>;
};
template <class G>
concept HasEvaluation = requires(const typename G::State& s) {
  { G::evaluate(s) } -> std::same_as<Values>;
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
  std::size_t bytes_reserved = 0, bytes_used = 0;
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
};

inline bool full_state(Algorithm a) { return a == Algorithm::Uct || a == Algorithm::CheatUct || a == Algorithm::Pimc; }

template <bool Shared>
Forest<Shared> make_forest(Algorithm a, int players, Player seat, std::size_t bytes) {
  Forest<Shared> f;
  if (a == Algorithm::MoIsmcts) {
    for (int p = 0; p < players; ++p) {
      f.trees.emplace_back(bytes / std::size_t(players));
      f.observers.push_back(p);
    }
  } else {
    f.trees.emplace_back(bytes);
    f.observers.push_back(seat);
  }
  return f;
}

// Arms of simultaneous nodes are keyed by seat and move, apart from any move key.
inline std::uint64_t arm_key(Player p, Move m) { return (std::uint64_t(p) + 1) << 32 | m; }

// One searching thread: scratch space and the iteration.
template <Game G, bool Shared>
class Worker {
 public:
  using State = typename G::State;
  using TreeT = Tree<Shared>;

  Worker(const SearchConfig& config, Forest<Shared>& forest) : cfg_(config), forest_(forest) {
    path_.reserve(std::size_t(G::kMaxGameLength + 1) * (kMaxPlayers + 1));
    arms_.reserve(std::size_t(G::kMaxGameLength + 1) * kMaxPlayers * G::kMaxMoves);
  }

  // One iteration from `root`, a state of the searcher's information set.
  void iterate(const State& root, Rng& rng) {
    State s = root;
    const int trees = int(forest_.trees.size());
    std::array<std::uint32_t, kMaxPlayers> cur{};
    for (int t = 0; t < trees; ++t) cur[t] = TreeT::root();
    path_.clear();
    arms_.clear();
    bool grown = false;
    while (!grown && s.to_move() != kTerminal) {
      const Player p = s.to_move();
      if (p >= 0) {
        const int chooser_tree = cfg_.algorithm == Algorithm::MoIsmcts ? p : 0;
        Move m = 0;
        if (!select_decision(chooser_tree, cur[chooser_tree], s, p, rng, m)) break;
        bool stuck = false;
        for (int t = 0; t < trees && !stuck; ++t) {
          if (t != chooser_tree) stuck = !follow_decision(t, cur[t], G::observe(s, m, forest_.observers[t]), p);
        }
        for (int t = 0; t < trees && !stuck; ++t) stuck = !descend(t, cur[t], child_key(t, s, m), grown);
        if (stuck) break;
        s.apply(m);
      } else {
        JointMove joint{};
        bool stuck = false;
        for (int q = 0; q < s.num_players() && !stuck; ++q) {
          const int t = cfg_.algorithm == Algorithm::MoIsmcts ? q : 0;
          stuck = !select_arm(t, cur[t], s, q, rng, joint[q]);
        }
        for (int t = 0; t < trees && !stuck; ++t) stuck = !descend_outcome(t, cur[t], outcome_key(t, s, joint), grown);
        if (stuck) break;
        apply_joint<G>(s, joint);
      }
    }
    backup(rollout(s, rng));
  }

  // Plays s out (random or heuristic moves) and returns every player's reward in [0, 1].
  Values rollout(State& s, Rng& rng) const {
    typename G::MoveList moves;
    for (int depth = 0; s.to_move() != kTerminal; ++depth) {
      if constexpr (HasEvaluation<G>)
        if (cfg_.cutoff > 0 && depth >= cfg_.cutoff) return G::evaluate(s);
      const Player p = s.to_move();
      if (p == kSimultaneous) {
        JointMove joint{};
        for (int q = 0; q < s.num_players(); ++q) joint[q] = rollout_move(s, q, moves, rng);
        apply_joint<G>(s, joint);
      } else {
        s.apply(rollout_move(s, p, moves, rng));
      }
    }
    return reward(s);
  }

  Values reward(const State& s) const {
    if (cfg_.reward == Reward::Win) return s.returns();
    // Score: each player's points relative to the lowest and highest at the table.
    const Values sc = s.scores();
    const int n = s.num_players();
    const double lo = *std::min_element(sc.begin(), sc.begin() + n), hi = *std::max_element(sc.begin(), sc.begin() + n);
    Values v{};
    for (int p = 0; p < n; ++p) v[p] = hi > lo ? (sc[p] - lo) / (hi - lo) : 0.5;
    return v;
  }

 private:
  struct Step {
    std::uint32_t tree, edge;
    Player chooser;
    bool arm;          // an arm of a simultaneous node (bandit-specific statistics)
    double prob;       // Exp3 / regret matching: probability the arm was played with
    std::uint32_t arms_begin, arms_count;  // regret matching: the arms that were available
  };

  Move rollout_move(const State& s, Player p, typename G::MoveList&, Rng& rng) const {
    if constexpr (HasHeuristic<G>)
      if (cfg_.rollout == Rollout::Heuristic && rng.uniform() >= cfg_.epsilon) return G::heuristic_move(s, p, rng);
    return random_legal_move<G>(s, p, rng);
  }

  bool keyed_by_move(int t, Player chooser) const { return full_state(cfg_.algorithm) || forest_.observers[t] == chooser; }

  std::uint64_t edge_key(int t, const State& s, Player p, Move m) const {
    return keyed_by_move(t, p) ? std::uint64_t(m) : G::observe(s, m, forest_.observers[t]);
  }
  std::uint64_t child_key(int t, const State& s, Move m) const { return G::observe(s, m, forest_.observers[t]); }
  std::uint64_t outcome_key(int t, const State& s, const JointMove& joint) const {
    if (!full_state(cfg_.algorithm)) return observe_joint<G>(s, joint, forest_.observers[t]);
    std::uint64_t h = 0;  // over full states, a joint move leads to exactly one state
    for (int q = 0; q < s.num_players(); ++q) h = hash_combine(h, joint[q]);
    return h;
  }

  // UCB over the edges of node n for the moves legal in s. A node gets an edge for every key at its
  // first visit (in legal-move order, so later visits find edge i at position i), and a new edge
  // whenever a determinization shows a key it has not seen. Untried edges are tried first, in
  // random order.
  bool select_decision(int t, std::uint32_t n, const State& s, Player p, Rng& rng, Move& out) {
    TreeT& tree = forest_.trees[t];
    typename G::MoveList legal;
    s.legal_moves(legal);
    const int k = int(legal.size());
    std::array<std::uint64_t, G::kMaxMoves> keys;
    std::array<std::uint32_t, G::kMaxMoves> edge_of;
    const bool by_move = keyed_by_move(t, p);
    for (int i = 0; i < k; ++i) keys[i] = by_move ? legal[i] : G::observe(s, legal[i], forest_.observers[t]);
    // A key that several legal moves share (an opponent's hidden choice) is one edge: `first[i]`
    // marks the first move of each key.
    std::array<bool, G::kMaxMoves> first;
    for (int i = 0; i < k; ++i) {
      first[i] = true;
      if (!by_move)
        for (int j = 0; j < i && first[i]; ++j) first[i] = keys[j] != keys[i];
    }

    tree.lock(n);
    auto find = [&](int i) {
      const Node& nd = tree.node(n);
      const std::uint32_t guess = TreeT::load(nd.first_edge) + std::uint32_t(i);
      if (std::uint32_t(i) < TreeT::load(nd.num_edges) && tree.edge(guess).key == keys[i]) return guess;
      return tree.find_edge(n, keys[i]);
    };
    int missing = 0;
    for (int i = 0; i < k; ++i) {
      edge_of[i] = first[i] ? find(i) : kNone;
      missing += first[i] && edge_of[i] == kNone;
    }
    if (missing > 0) {  // adding may move the node's edge block: add all, then take indices again
      for (int i = 0; i < k; ++i)
        if (first[i] && edge_of[i] == kNone) tree.add_edge(n, keys[i], std::uint32_t(k));
      for (int i = 0; i < k; ++i) edge_of[i] = first[i] ? find(i) : kNone;
    }
    // One pass: every edge legal now was available to this choice; an untried edge is taken first
    // (uniformly among them, by reservoir sampling), else the best UCB score.
    int untried = 0, chosen_index = -1, best_index = -1;
    double best = -1;
    LogCache log_of;
    for (int i = 0; i < k; ++i) {
      if (edge_of[i] == kNone) continue;
      Edge& e = tree.edge(edge_of[i]);
      TreeT::add(e.available, 1u);
      const std::uint32_t visits = TreeT::load(e.visits), virtual_loss = TreeT::load(e.virtual_loss);
      if (visits + virtual_loss == 0) {
        if (rng.below(std::uint32_t(++untried)) == 0) chosen_index = i;
      } else if (untried == 0) {
        const double score = ucb_score(double(TreeT::load(e.reward)) / kRewardScale, visits, log_of(TreeT::load(e.available)),
                                       virtual_loss, cfg_.c);
        if (score > best) best = score, best_index = i;
      }
    }
    if (untried == 0) chosen_index = best_index;
    if (chosen_index < 0) {
      tree.unlock(n);
      return false;  // the arena is full and this node has no edge
    }
    const std::uint32_t chosen = edge_of[chosen_index];
    if constexpr (Shared) TreeT::add(tree.edge(chosen).virtual_loss, 1u);
    tree.unlock(n);

    // The move: the edge's own, or one of the legal moves behind an opponent's token, at random.
    out = legal[chosen_index];
    if (!by_move) {
      const std::uint64_t key = keys[chosen_index];
      int matches = 0;
      for (int i = 0; i < k; ++i) matches += keys[i] == key;
      int pick = matches > 1 ? int(rng.below(std::uint32_t(matches))) : 0;
      for (int i = 0; i < k; ++i)
        if (keys[i] == key && pick-- == 0) out = legal[i];
    }
    path_.push_back(Step{std::uint32_t(t), chosen, p, false, 1.0, 0, 0});
    return true;
  }

  // In a tree whose observer did not choose: the edge for what the observer saw.
  bool follow_decision(int t, std::uint32_t n, std::uint64_t key, Player chooser) {
    TreeT& tree = forest_.trees[t];
    tree.lock(n);
    std::uint32_t e = tree.find_edge(n, key);
    if (e == kNone) e = tree.add_edge(n, key);
    if (e != kNone) {
      TreeT::add(tree.edge(e).available, 1u);
      if constexpr (Shared) TreeT::add(tree.edge(e).virtual_loss, 1u);
    }
    tree.unlock(n);
    if (e == kNone) return false;
    path_.push_back(Step{std::uint32_t(t), e, chooser, false, 1.0, 0, 0});
    return true;
  }

  // Moves tree t from node n along the edge just pushed for it, to the child keyed `key`.
  bool descend(int t, std::uint32_t& n, std::uint64_t key, bool& grown) {
    TreeT& tree = forest_.trees[t];
    std::uint32_t edge = kNone;
    for (auto it = path_.rbegin(); it != path_.rend(); ++it)
      if (int(it->tree) == t) {
        edge = it->edge;
        break;
      }
    tree.lock(n);
    bool created = false;
    const std::uint32_t c = tree.child(tree.edge(edge).child, key, created);
    tree.unlock(n);
    if (c == kNone) return false;
    n = c;
    grown = grown || created;
    return true;
  }

  bool descend_outcome(int t, std::uint32_t& n, std::uint64_t key, bool& grown) {
    TreeT& tree = forest_.trees[t];
    tree.lock(n);
    bool created = false;
    const std::uint32_t c = tree.child(tree.node(n).outcomes, key, created);
    tree.unlock(n);
    if (c == kNone) return false;
    n = c;
    grown = grown || created;
    return true;
  }

  // Decoupled selection: seat q's own bandit over its own arms at simultaneous node n.
  bool select_arm(int t, std::uint32_t n, const State& s, Player q, Rng& rng, Move& out) {
    TreeT& tree = forest_.trees[t];
    typename G::MoveList legal;
    legal_moves_of<G>(s, q, legal);
    const int k = int(legal.size());
    std::array<std::uint32_t, G::kMaxMoves> arm;
    std::array<Move, G::kMaxMoves> arm_move;
    int available = 0;
    tree.lock(n);
    for (int i = 0; i < k; ++i) {
      std::uint32_t e = tree.find_edge(n, arm_key(q, legal[i]));
      if (e == kNone) e = tree.add_edge(n, arm_key(q, legal[i]), std::uint32_t(k * s.num_players()));
      if (e == kNone) continue;
      arm[available] = e;
      arm_move[available++] = legal[i];
    }
    // Growing the block may have moved it: look the arms up again by key.
    for (int i = 0; i < available; ++i) arm[i] = tree.find_edge(n, arm_key(q, arm_move[i]));
    if (available == 0) {
      tree.unlock(n);
      return false;
    }
    int pick = 0;
    double prob = 1.0;
    if (cfg_.sim == SimSelect::Ucb) {
      double best = -1;
      int unvisited = 0;
      for (int i = 0; i < available; ++i) {
        Edge& e = tree.edge(arm[i]);
        TreeT::add(e.available, 1u);
        unvisited += TreeT::load(e.visits) + TreeT::load(e.virtual_loss) == 0;
      }
      if (unvisited > 0) {  // try every arm once, in random order
        int r = int(rng.below(std::uint32_t(unvisited)));
        for (int i = 0; i < available; ++i)
          if (TreeT::load(tree.edge(arm[i]).visits) + TreeT::load(tree.edge(arm[i]).virtual_loss) == 0 && r-- == 0) pick = i;
      } else {
        LogCache log_of;
        for (int i = 0; i < available; ++i) {
          const Edge& e = tree.edge(arm[i]);
          const double score = ucb_score(double(TreeT::load(e.reward)) / kRewardScale, TreeT::load(e.visits), log_of(TreeT::load(e.available)),
                                         TreeT::load(e.virtual_loss), cfg_.c);
          if (score > best) best = score, pick = i;
        }
      }
    } else {
      std::array<double, G::kMaxMoves> stat, p;
      for (int i = 0; i < available; ++i) stat[i] = TreeT::load_real(tree.edge(arm[i]).reward);
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
    if constexpr (Shared) TreeT::add(tree.edge(arm[pick]).virtual_loss, 1u);
    tree.unlock(n);
    const std::uint32_t begin = std::uint32_t(arms_.size());
    if (cfg_.sim == SimSelect::RegretMatching)
      for (int i = 0; i < available; ++i) arms_.push_back(arm[i]);
    path_.push_back(Step{std::uint32_t(t), arm[pick], q, true, prob, begin, std::uint32_t(arms_.size()) - begin});
    out = arm_move[pick];
    return true;
  }

  void backup(const Values& v) {
    for (const Step& st : path_) {
      TreeT& tree = forest_.trees[st.tree];
      Edge& e = tree.edge(st.edge);
      const double x = v[st.chooser];
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
          TreeT::add_real(tree.edge(b).reward, (b == st.edge ? x / st.prob : 0.0) - x);
        }
      }
    }
  }

  const SearchConfig& cfg_;
  Forest<Shared>& forest_;
  std::vector<Step> path_;
  std::vector<std::uint32_t> arms_;
};

// The searcher's root statistics in one tree: its own moves (edges keyed by move) or its own arms.
template <Game G, bool Shared>
std::vector<MoveStats> root_stats(const Tree<Shared>& tree, Player seat, bool simultaneous, const SearchConfig& cfg) {
  std::vector<MoveStats> out;
  if (!tree.usable()) return out;
  const Node& root = tree.node(Tree<Shared>::root());
  for (std::uint32_t e = root.first_edge; e < root.first_edge + root.num_edges; ++e) {
    const Edge& edge = tree.edge(e);
    Move m;
    if (simultaneous) {
      if (edge.key >> 32 != std::uint64_t(seat) + 1) continue;
      m = Move(edge.key & 0xFFFFFFFFu);
    } else {
      m = Move(edge.key);
    }
    const bool fixed_point = !simultaneous || cfg.sim == SimSelect::Ucb;
    // Exp3 and regret-matching arms keep a bandit statistic, not a reward sum: no mean to show.
    out.push_back(MoveStats{m, edge.visits, fixed_point && edge.visits ? double(edge.reward) / kRewardScale / edge.visits : 0.0, 0.0});
  }
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
    const auto better = [&](const MoveStats& a, const MoveStats& b) { return a.policy > b.policy || (a.policy == b.policy && a.mean > b.mean); };
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
