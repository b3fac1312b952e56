#pragma once
// The search driver that bots hold between moves: budgets, OpenMP root and tree parallelism,
// PIMC's determinizations, and tree reuse by the searcher's own observation tokens.

#include <chrono>
#include <optional>

#include "core/hooks.hpp"
#include "search/parallel.hpp"
#include "search/search.hpp"

namespace nuraghe::search {

// Copies the subtree of `from` at node `r` into a fresh tree of `bytes` (as much as fits).
template <bool Shared>
Tree<Shared> compact(const Tree<Shared>& from, NodeId r, std::size_t bytes) {
  Tree<Shared> to(bytes);
  if (!to.usable()) return to;
  struct Copier {
    const Tree<Shared>& from;
    Tree<Shared>& to;
    // Node f of `from`, its statistics and everything below it, into node t of `to`.
    void node(NodeId f, NodeId t) {
      to.node(t).visits = from.node(f).visits;
      to.node(t).merged = from.node(f).merged;
      if (from.kind(f) != NodeKind::Simultaneous) {
        edges(f, t);
        return;
      }
      const int seats = from.node(f).seats;
      if (!to.make_simultaneous(t, seats)) {  // no room: a fresh node, with no visits (as edges() keeps them)
        to.node(t).visits = 0;
        return;
      }
      for (int q = 0; q < seats; ++q) edges(from.arms_node(f, q), to.arms_node(t, q));
      from.for_each_outcome(f, [&](std::uint64_t key, NodeId c) {
        const NodeId n = to.new_node(key);
        if (n == kNoNode || !to.insert_outcome(t, key, n)) return;
        node(c, n);
      });
      if (from.overflow_used(f)) {
        to.mark_overflow_used(t);
        node(from.overflow_child(f), to.overflow_child(t));
      }
    }
    // Node t's visits stay the sum of its edges' (the search's choice over full states counts on it,
    // EdgeChooser::choose_in_block): where the arena has no room for its edges, the visits of those
    // copied (none: 0, a fresh node). A seat's arms node keeps no visits of its own.
    void edges(NodeId f, NodeId t) {
      const std::uint32_t total = from.num_edges(f);
      std::uint32_t copied_visits = 0;
      bool cut = false;
      from.for_each_edge(f, [&](EdgeId fe) {
        const EdgeId e = to.add_edge(t, from.link(fe).key, total);
        if (e == kNoEdge) {
          cut = true;
          return;
        }
        copied_visits += from.stats(fe).visits;
        to.stats(e).visits = from.stats(fe).visits, to.stats(e).reward = from.stats(fe).reward,
        to.stats(e).prior = from.stats(fe).prior;
        to.link(e).available = from.link(fe).available;
        chain(from.link(fe).child, to.link(e).child);
      });
      if (cut && to.kind(t) != NodeKind::Arms) to.node(t).visits = copied_visits;
    }
    void chain(NodeId head, NodeId& to_head) {
      for (NodeId c = head; c != kNoNode; c = from.node(c).sibling) {
        const NodeId n = to.new_node(from.node(c).key);
        if (n == kNoNode) return;
        to.node(n).sibling = to_head;
        to_head = n;
        node(c, n);
      }
    }
  };
  Copier{from, to}.node(r, Tree<Shared>::root());
  return to;
}

// The child of node n reached by the observer's token, under any edge or in the outcome table (when
// outcomes are keyed by tokens, as in ISMCTS), or kNoNode. Also kNoNode when the token leads to
// children under two edges: over full states (cheat-uct) two of an opponent's hidden moves look
// alike to the observer but lead to different states, and a node must stay one state.
template <bool Shared>
NodeId child_by_token(const Tree<Shared>& tree, NodeId n, std::uint64_t token, bool outcomes_by_token) {
  if (tree.kind(n) == NodeKind::Simultaneous) return outcomes_by_token ? tree.find_outcome(n, token) : kNoNode;
  NodeId found = kNoNode;
  bool ambiguous = false;
  tree.for_each_edge(n, [&](EdgeId e) {
    const NodeId c = tree.find_in_chain(tree.link(e).child, token);
    if (c == kNoNode) return;
    ambiguous = ambiguous || found != kNoNode;
    found = c;
  });
  return ambiguous ? kNoNode : found;
}

template <Game G>
class Mcts {
  static_assert(fits_the_search<G>());

 public:
  using State = typename G::State;
  using Clock = std::chrono::steady_clock;

  // The config's learned models are prepared here, once for every search of the bot.
  Mcts(const SearchConfig& config, bool reuse) : cfg_(config), models_(config), reuse_(reuse) {}
  const SearchConfig& config() const { return cfg_; }

  // Searches for `seat`. sample(rng) gives the root state of one iteration: the true state for
  // UCT, a determinization of the seat's information set otherwise. It must be thread-safe.
  // (Defined below the class, so that a file that declares a game's search compiled elsewhere, as
  // lib/bots/games.hpp does for the bots' samplers, does not compile it again.)
  template <class Sampler>
  SearchResult search(const Sampler& sample, Player seat, int players, bool simultaneous, Rng& rng);

  // Tells the searcher what its seat observed; with reuse on, its trees walk down by the token.
  void observe(std::uint64_t token) {
    if (!reuse_ || !valid_) return;
    auto walk = [&](auto& forest) {
      for (std::size_t t = 0; t < forest.trees.size(); ++t) {
        NodeId& r = roots_[t];
        if (r == kNoNode) continue;
        r = forest.observers[t] == seat_ ? child_by_token(forest.trees[t], r, token, !full_state(cfg_.algorithm))
                                         : kNoNode;
        if (forest.observers[t] == seat_ && r == kNoNode) valid_ = false;
      }
    };
    if (shared_) walk(*shared_);
    else if (!private_.empty()) walk(private_[0]);
    // Root parallel with several trees: each is walked in its own roots list.
    for (std::size_t f = 1; f < private_.size() && valid_; ++f) {
      auto& forest = private_[f];
      for (std::size_t t = 0; t < forest.trees.size(); ++t) {
        NodeId& r = extra_roots_[f - 1][t];
        if (r == kNoNode) continue;
        r = forest.observers[t] == seat_ ? child_by_token(forest.trees[t], r, token, !full_state(cfg_.algorithm))
                                         : kNoNode;
        if (forest.observers[t] == seat_ && r == kNoNode) valid_ = false;
      }
    }
  }

  void reset() { valid_ = false; }

  // Calls f(tree) for every tree of the last search (Tree<false> or Tree<true>): for tests and tools.
  template <class F>
  void for_each_tree(F&& f) const {
    for (const auto& forest : private_)
      for (const auto& tree : forest.trees) f(tree);
    if (shared_)
      for (const auto& tree : shared_->trees) f(tree);
  }

 private:
  // A learned model reads inputs of its size into buffers of that size, and a policy the rows of
  // its action space: a model of another game, seat count, observation size, named features or
  // action space, or of the other kind, is refused here, once, before any thread
  // evaluates (the command line refuses it earlier, naming the file, and checks the game's options
  // and map too: the search does not know them).
  template <class Sampler>
  void check_models(const Sampler& sample, int players) {
    const ValueModel* policy = cfg_.prior == Prior::Model ? cfg_.policy : nullptr;
    if (models_checked_ || (!cfg_.eval && !policy)) return;
    if constexpr (HasTensors<G>) {
      Rng probe_rng(0);
      const State probe = sample(probe_rng);
      for (const ValueModel* m : {cfg_.eval, policy}) {
        if (!m) continue;
        const bool as_policy = m == policy;
        if (m->is_policy() != as_policy)
          input_error(std::string("search: ") + (as_policy ? "the prior is a value model, not a policy model"
                                                           : "the evaluation is a policy model, not a value model"));
        ModelFit fit = model_fit_of<G>(probe, m->options, m->map_hash);
        fit.players = players;
        const std::string why = model_mismatch(*m, fit);
        if (!why.empty()) input_error("search: " + why);
      }
    } else {
      input_error("search: " + std::string(G::kName) + " has no observation tensors for a learned model");
    }
    models_checked_ = true;
  }
  bool models_checked_ = false;

  bool out_of_time(const Clock::time_point& start) const {
    return cfg_.milliseconds > 0 &&
           std::chrono::duration<double, std::milli>(Clock::now() - start).count() >= cfg_.milliseconds;
  }

  // Iterations for one of `parts` equal shares of the budget (0: unlimited).
  long long share(int part, int parts) const {
    if (cfg_.iterations == 0) return 0;
    return cfg_.iterations / parts + (part < cfg_.iterations % parts ? 1 : 0);
  }

  // The forest of the next search. With reuse, the old trees' subtrees below the roots the
  // observations led to, copied into new arenas, and the old trees freed before the search starts.
  // Without, the old forest cleared in place when it has the shape this search needs; else a new
  // one, asked for after the old one is freed. A bot so holds one search's memory while it searches,
  // not two (reuse: both only while the kept subtrees are copied).
  template <bool Shared>
  Forest<Shared> fresh_or_reused(Forest<Shared>* old, std::array<NodeId, kMaxPlayers>* roots, Player seat, int players,
                                 std::size_t bytes) {
    const std::vector<Player> observers = forest_observers(cfg_.algorithm, players, seat);
    if (reuse_ && valid_ && old && roots && seat == seat_ && old->trees.size() == observers.size()) {
      Forest<Shared> f;
      f.observers = observers;
      const std::size_t tree_bytes = bytes / observers.size();  // as make_forest splits them
      for (std::size_t t = 0; t < observers.size(); ++t)
        f.trees.push_back((*roots)[t] != kNoNode ? compact(old->trees[t], (*roots)[t], tree_bytes)
                                                 : Tree<Shared>(tree_bytes));
      *old = Forest<Shared>{};
      return f;
    }
    if (old && clear_forest(*old, cfg_.algorithm, players, seat, bytes)) return std::move(*old);
    if (old) *old = Forest<Shared>{};
    return make_forest<Shared>(cfg_.algorithm, players, seat, bytes);
  }

  int seat_tree(Player seat) const { return cfg_.algorithm == Algorithm::MoIsmcts ? seat : 0; }

  template <class Sampler>
  SearchResult root_parallel(const Sampler& sample, Player seat, int players, bool simultaneous, std::uint64_t base,
                             Clock::time_point start) {
    const int threads = std::max(1, cfg_.threads);
    const std::size_t bytes = cfg_.memory_bytes / std::size_t(threads);
    std::vector<Forest<false>> forests;
    for (int i = 0; i < threads; ++i) {
      Forest<false>* old = i < int(private_.size()) ? &private_[i] : nullptr;
      auto* roots = i == 0 ? &roots_ : (i - 1 < int(extra_roots_.size()) ? &extra_roots_[i - 1] : nullptr);
      forests.push_back(fresh_or_reused<false>(old, roots, seat, players, bytes));
    }
    std::vector<long long> done(threads, 0);
    std::vector<Values> sums(static_cast<std::size_t>(threads));
    run_on_threads(threads, [&](int i) {
      Worker<G, false> worker(cfg_, models_, forests[i]);
      Rng rng(hash_combine(base, std::uint64_t(i)));
      const long long budget = share(i, threads);
      for (long long n = 0; budget == 0 || n < budget; ++n) {
        if ((n & 15) == 0 && out_of_time(start)) break;
        worker.iterate(sample(rng), rng);
        ++done[i];
      }
      sums[std::size_t(i)] = worker.value_sum();
    });
    SearchResult r;
    for (int i = 0; i < threads; ++i) {
      r.iterations += done[i];
      add_values(r.root_values, sums[std::size_t(i)]);
      merge_stats(r.moves, root_stats<G, false>(forests[i].trees[seat_tree(seat)], seat, simultaneous, cfg_));
      r.bytes_reserved += forests[i].bytes_reserved();
      r.bytes_used += forests[i].bytes_used();
      r.nodes += forests[i].nodes();
    }
    r.node_bytes = r.bytes_used;
    average_values(r);
    private_ = std::move(forests);
    shared_.reset();
    remember_roots(seat, threads);
    return r;
  }

  template <class Sampler>
  SearchResult tree_parallel(const Sampler& sample, Player seat, int players, bool simultaneous, std::uint64_t base,
                             Clock::time_point start) {
    const int threads = cfg_.threads;
    Forest<true> forest =
        fresh_or_reused<true>(shared_ ? &*shared_ : nullptr, &roots_, seat, players, cfg_.memory_bytes);
    std::atomic<long long> started{0}, done{0};
    std::vector<Values> sums(static_cast<std::size_t>(threads));
    run_on_threads(threads, [&](int thread) {
      Worker<G, true> worker(cfg_, models_, forest);
      Rng rng(hash_combine(base, std::uint64_t(thread)));
      for (long long n = 0;; ++n) {
        if (cfg_.iterations > 0 && started.fetch_add(1, std::memory_order_relaxed) >= cfg_.iterations) break;
        if ((n & 15) == 0 && out_of_time(start)) break;
        worker.iterate(sample(rng), rng);
        done.fetch_add(1, std::memory_order_relaxed);
      }
      sums[std::size_t(thread)] = worker.value_sum();
    });
    SearchResult r;
    r.iterations = done.load();
    for (const Values& sum : sums) add_values(r.root_values, sum);
    average_values(r);
    r.moves = root_stats<G, true>(forest.trees[seat_tree(seat)], seat, simultaneous, cfg_);
    r.bytes_reserved = forest.bytes_reserved();
    r.bytes_used = r.node_bytes = forest.bytes_used();
    r.nodes = forest.nodes();
    shared_ = std::move(forest);
    private_.clear();
    remember_roots(seat, 1);
    return r;
  }

  // PIMC: each determinization searched on its own by UCT over full states; the root choices are
  // combined by votes (each determinization's best move) or by averaged values.
  // A time budget is shared out: the determinizations run `threads` at a time, in
  // ceil(dets / threads) rounds of equal time, and each stops at the end of its round (measured from
  // the start of the search, so that a late one does not push the others back), after one
  // iteration at least, so that every determinization has a move to vote for.
  template <class Sampler>
  SearchResult pimc(const Sampler& sample, Player seat, int players, bool simultaneous, std::uint64_t base,
                    Clock::time_point start) {
    const int dets = cfg_.determinizations, threads = std::max(1, cfg_.threads);
    const int rounds = (dets + threads - 1) / threads;
    const auto deadline = [&](int d) {
      const double ms = cfg_.milliseconds * double(d / threads + 1) / rounds;
      return start + std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double, std::milli>(ms));
    };
    const std::size_t bytes = cfg_.memory_bytes / std::size_t(threads);
    std::vector<std::vector<MoveStats>> per(dets);
    std::vector<long long> done(dets, 0);
    std::vector<Values> sums(static_cast<std::size_t>(dets));
    std::vector<std::size_t> reserved(dets, 0), used(dets, 0), nodes(dets, 0);
    SearchConfig uct = cfg_;
    uct.algorithm = Algorithm::CheatUct;
    // Determinization d always draws from its own seed, so the thread count changes nothing.
    parallel_for_dynamic(dets, threads, [&](int d) {
      Rng rng(hash_combine(base, std::uint64_t(d)));
      const State root = sample(rng);
      Forest<false> forest = make_forest<false>(Algorithm::CheatUct, players, seat, bytes);
      Worker<G, false> worker(uct, models_, forest);
      const auto end = deadline(d);
      for (long long n = 0; cfg_.iterations == 0 || n < cfg_.iterations; ++n) {
        if (cfg_.milliseconds > 0 && (n == 1 || (n > 0 && (n & 15) == 0)) && Clock::now() >= end) break;
        worker.iterate(root, rng);
        ++done[d];
      }
      per[d] = root_stats<G, false>(forest.trees[0], seat, simultaneous, uct);
      sums[std::size_t(d)] = worker.value_sum();
      reserved[d] = forest.bytes_reserved();
      used[d] = forest.bytes_used();
      nodes[d] = forest.nodes();
    });
    SearchResult r;
    std::vector<std::pair<Move, int>> votes;
    for (int d = 0; d < dets; ++d) {
      r.iterations += done[d];
      add_values(r.root_values, sums[std::size_t(d)]);
      r.bytes_reserved = std::max(r.bytes_reserved, reserved[d] * std::size_t(threads));
      r.bytes_used = std::max(r.bytes_used, used[d]);
      r.nodes += nodes[d];
      r.node_bytes += used[d];
      merge_stats(r.moves, per[d]);
      if (per[d].empty()) continue;
      const auto best = std::max_element(per[d].begin(), per[d].end(), [](const MoveStats& a, const MoveStats& b) {
        return a.visits < b.visits || (a.visits == b.visits && a.mean < b.mean);  // ties to the better value
      });
      auto it = std::find_if(votes.begin(), votes.end(), [&](const auto& v) { return v.first == best->move; });
      if (it == votes.end()) votes.emplace_back(best->move, 1);
      else ++it->second;
    }
    if (cfg_.pimc_vote) {
      // Each move's visits become its votes, the summed visits dropped: finish() makes the policy
      // the share of votes and picks the move from it (final=max: the most votes, ties to the better
      // mean).
      std::vector<MoveStats> voted = r.moves;
      for (auto& m : voted) {
        auto it = std::find_if(votes.begin(), votes.end(), [&](const auto& v) { return v.first == m.move; });
        m.visits = it == votes.end() ? 0u : std::uint32_t(it->second);
      }
      for (std::size_t i = 0; i < voted.size(); ++i) r.moves[i].visits = voted[i].visits;
    }
    average_values(r);
    private_.clear();
    shared_.reset();
    valid_ = false;
    return r;
  }

  static void add_values(Values& to, const Values& v) {
    for (int q = 0; q < kMaxPlayers; ++q) to[q] += v[q];
  }
  // The summed root values over the iterations made: their mean.
  static void average_values(SearchResult& r) {
    if (r.iterations > 0)
      for (double& v : r.root_values) v /= double(r.iterations);
  }

  void remember_roots(Player seat, int forests) {
    seat_ = seat;
    valid_ = reuse_;
    roots_.fill(Tree<false>::root());
    extra_roots_.assign(std::size_t(std::max(0, forests - 1)), roots_);
  }

  SearchConfig cfg_;
  PreparedModels models_;
  bool reuse_;
  bool valid_ = false;
  Player seat_ = -1;
  std::vector<Forest<false>> private_;
  std::optional<Forest<true>> shared_;
  std::array<NodeId, kMaxPlayers> roots_{};
  std::vector<std::array<NodeId, kMaxPlayers>> extra_roots_;
};

template <Game G>
template <class Sampler>
SearchResult Mcts<G>::search(const Sampler& sample, Player seat, int players, bool simultaneous, Rng& rng) {
  const auto start = Clock::now();
  check_models(sample, players);
  SearchResult result;
  const std::uint64_t base = rng.next();
  if (cfg_.algorithm == Algorithm::Pimc) {
    result = pimc(sample, seat, players, simultaneous, base, start);
  } else if (cfg_.threads > 1 && cfg_.parallel == Parallel::Tree) {
    result = tree_parallel(sample, seat, players, simultaneous, base, start);
  } else {
    result = root_parallel(sample, seat, players, simultaneous, base, start);
  }
  result.seconds = std::chrono::duration<double>(Clock::now() - start).count();
  finish(result, simultaneous, cfg_, rng);
  if (cfg_.algorithm == Algorithm::Pimc && !cfg_.pimc_vote) {
    auto best = std::max_element(result.moves.begin(), result.moves.end(),
                                 [](const MoveStats& a, const MoveStats& b) { return a.mean < b.mean; });
    if (best != result.moves.end() && cfg_.final == Final::Max) result.best = best->move;
  }
  return result;
}

}  // namespace nuraghe::search
