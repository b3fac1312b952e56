// The node store and the search's bookkeeping on nodes shaped like the big games': five seats with
// 3 to 149 arms that change from one determinization to the next (Bardagi's planning), decisions
// with 500 moves seen as 25 groups (Ticket to Ride's claims). After every search, tree-parallel
// included, every node's visits equal the visits of the edges chosen from it, and no virtual loss
// is left anywhere.
#include <doctest/doctest.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <fstream>
#include <thread>
#include <type_traits>
#include <vector>

#include "bots/games.hpp"
#include "bots/registry.hpp"
#include "games/connect4/connect4.hpp"
#include "games/kuhn/kuhn.hpp"
#include "invariants.hpp"
#include "scaling_games.hpp"
#include "search/mcts.hpp"

using namespace nuraghe;
using namespace nuraghe::search;
using testing::ManyArms;
using testing::WideDecision;

// Ids of nodes and of edges are different types, and neither is a count: passing one where the
// other (or a plain number) is expected does not compile.
static_assert(!std::is_convertible_v<NodeId, EdgeId> && !std::is_convertible_v<EdgeId, NodeId>);
static_assert(!std::is_convertible_v<std::uint32_t, NodeId> && !std::is_convertible_v<std::uint32_t, EdgeId>);
static_assert(!std::is_convertible_v<NodeId, std::uint32_t>);

namespace {

// What a walk over a whole tree found.
struct TreeCheck {
  long long nodes = 0, decisions = 0, simultaneous = 0, arm_sets = 0;
  long long wrong_decision_visits = 0, wrong_arm_visits = 0, virtual_losses = 0;
  long long repeated_keys = 0;  // edges of one node with the key of an earlier edge of that node
  long long continued = 0;      // arms or decision nodes whose edges fill more than one block
  long long overflows = 0, most_outcomes = 0;
  long long wrong_outcome_counts = 0;  // simultaneous nodes whose table holds another count than theirs
  long long children_of_arms = 0;      // an arm's edge with children (they hang from the outcome table)
  long long refused_edges = 0;         // add_edge given a node that keeps no edges (Tree::refused_edges)
  int deepest = 0;                     // simultaneous nodes on the longest path from the root
};

template <bool Shared>
struct Walker {
  const Tree<Shared>& tree;
  TreeCheck& check;

  // The edges of node n: their visits summed; virtual losses counted; their children walked.
  std::uint64_t edges(NodeId n, int depth) {
    const bool arms = tree.kind(n) == NodeKind::Arms;
    std::uint64_t visits = 0;
    int blocks = 0;
    tree.for_each_block(n, [&](EdgeId, std::uint32_t) { ++blocks; });
    check.continued += blocks > 1;
    std::vector<std::uint64_t> keys;
    tree.for_each_edge(n, [&](EdgeId e) {
      const EdgeLink& edge = tree.link(e);
      check.repeated_keys += std::find(keys.begin(), keys.end(), edge.key) != keys.end();
      keys.push_back(edge.key);
      visits += tree.stats(e).visits;
      check.virtual_losses += tree.stats(e).virtual_loss;
      check.children_of_arms += arms && edge.child != kNoNode;
      for (NodeId c = edge.child; c != kNoNode; c = tree.node(c).sibling) node(c, depth);
    });
    return visits;
  }
  void node(NodeId n, int depth = 0) {
    ++check.nodes;
    const Node& nd = tree.node(n);
    if (tree.kind(n) == NodeKind::Simultaneous) {
      ++check.simultaneous;
      check.deepest = std::max(check.deepest, ++depth);
      for (int q = 0; q < nd.seats; ++q) {
        const NodeId arms = tree.arms_node(n, q);
        if (tree.num_edges(arms) == 0) continue;  // MO-ISMCTS: only the tree's own seat chooses in it
        ++check.arm_sets;
        check.wrong_arm_visits += edges(arms, depth) != nd.visits;
      }
      long long outcomes = 0;
      tree.for_each_outcome(n, [&](std::uint64_t, NodeId c) {
        ++outcomes;
        node(c, depth);
      });
      check.most_outcomes = std::max(check.most_outcomes, outcomes);
      check.wrong_outcome_counts += outcomes != nd.num_edges;
      if (tree.overflow_used(n)) {
        ++check.overflows;
        node(tree.overflow_child(n), depth);
      }
    } else if (tree.kind(n) == NodeKind::Decision) {
      ++check.decisions;
      check.wrong_decision_visits += edges(n, depth) != nd.visits;
    }
  }
};

template <class M>
TreeCheck check_trees(const M& mcts) {
  TreeCheck check;
  mcts.for_each_tree([&](const auto& tree) {
    using T = std::decay_t<decltype(tree)>;
    if constexpr (std::is_same_v<T, Tree<true>>) Walker<true>{tree, check}.node(T::root());
    else Walker<false>{tree, check}.node(T::root());
    check.refused_edges += tree.refused_edges();
  });
  return check;
}

SearchConfig config(Algorithm a, SimSelect sim, int threads, Parallel parallel, long long iterations) {
  SearchConfig c;
  c.algorithm = a, c.sim = sim, c.threads = threads, c.parallel = parallel, c.iterations = iterations;
  c.memory_bytes = std::size_t(64) << 20;
  c.outcomes = 256;  // below the default, so that over full states these budgets reach a second round
  return c;
}

template <Game G>
TreeCheck search_and_check(const SearchConfig& cfg, const typename G::State& s, Player seat, std::uint64_t seed) {
  Mcts<G> mcts(cfg, false);
  Rng rng(seed);
  const bool full = full_state(cfg.algorithm);
  // The bots' samplers, whose search lib/bots/games.hpp declares compiled once per game.
  const InfoSet<G> info(s, seat);
  const bool simultaneous = s.to_move() == kSimultaneous;
  const auto r = full ? mcts.search(RootState<G>{s}, seat, num_players_of<G>(s), simultaneous, rng)
                      : mcts.search(RootDeterminized<G>{info}, seat, num_players_of<G>(s), simultaneous, rng);
  CHECK(r.iterations == cfg.iterations);
  return check_trees(mcts);
}

void require_consistent(const TreeCheck& c) {
  CHECK(c.nodes > 1);
  CHECK(c.wrong_decision_visits == 0);
  CHECK(c.wrong_arm_visits == 0);
  CHECK(c.virtual_losses == 0);
  CHECK(c.repeated_keys == 0);
  CHECK(c.wrong_outcome_counts == 0);
  CHECK(c.children_of_arms == 0);
  CHECK(c.refused_edges == 0);
}

const char* name(Algorithm a) {
  switch (a) {
    case Algorithm::Uct: return "uct";
    case Algorithm::CheatUct: return "cheat-uct";
    case Algorithm::Pimc: return "pimc";
    case Algorithm::Ismcts: return "ismcts";
    case Algorithm::MoIsmcts: return "mo-ismcts";
  }
  return "?";
}

}  // namespace

TEST_CASE("node store: an edge index, once handed out, keeps its edge while its node grows") {
  Tree<false> tree(std::size_t(1) << 20);
  const NodeId root = Tree<false>::root();
  std::vector<EdgeId> handed_out;
  for (std::uint64_t key = 0; key < 3; ++key) handed_out.push_back(tree.add_edge(root, key, 3));
  tree.stats(handed_out[1]).visits = 7;
  for (std::uint64_t key = 3; key < 500; ++key) handed_out.push_back(tree.add_edge(root, key));  // many blocks
  CHECK(tree.num_edges(root) == 500);
  for (std::uint64_t key = 0; key < 500; ++key) {
    CHECK(tree.link(handed_out[key]).key == key);
    CHECK(tree.find_edge(root, key) == handed_out[key]);
  }
  tree.stats(handed_out[1]).visits += 1;  // an update through an old index lands on the live edge
  CHECK(tree.stats(tree.find_edge(root, 1)).visits == 8);
}

// Not under the sanitizers: AddressSanitizer's arenas come from its allocator, which holds what is
// freed, and ThreadSanitizer's shadow of the memory touched is resident too.
#if !defined(NURAGHE_ASAN) && !defined(NURAGHE_TSAN)
// This process's resident memory (Linux: /proc/self/statm counts pages).
std::size_t resident_bytes() {
  std::ifstream statm("/proc/self/statm");
  std::size_t size = 0, resident = 0;
  statm >> size >> resident;
  return resident * std::size_t(::sysconf(_SC_PAGESIZE));
}

TEST_CASE("node store: a short search on a new tree faults in small pages, not huge ones") {
  // Each arena's first kSmallPrefix bytes keep small pages: a tree of a few hundred nodes holds a
  // few pages resident, where a huge page's first touch made 2 MiB resident (and zeroed it).
  constexpr std::size_t kMiB = std::size_t(1) << 20;
  const std::size_t before = resident_bytes();
  Tree<false> tree(64 * kMiB);
  for (int i = 0; i < 300; ++i) REQUIRE(tree.new_node(std::uint64_t(i + 1)) != kNoNode);
  CHECK(resident_bytes() < before + kMiB);
}

TEST_CASE("node store: arenas' huge pages start on huge-page boundaries, and a dropped tree gives its pages back") {
  constexpr std::size_t kMiB = std::size_t(1) << 20;
  // A block of a few MiB from the heap stays resident once freed. Dropping a first tree raises the
  // heap allocator's threshold for mapping blocks to its biggest arena's size, so that a smaller
  // second tree would come from the heap: the second is the test.
  for (const std::size_t bytes : {64 * kMiB, 48 * kMiB}) {
    const std::size_t before = resident_bytes();
    {
      Tree<false> tree(bytes);
      // Past each arena's small-page prefix (map_arena).
      CHECK((std::uintptr_t(&tree.node(NodeId{0})) + kSmallPrefix) % kHugePage == 0);
      CHECK((std::uintptr_t(&tree.stats(EdgeId{0})) + kSmallPrefix) % kHugePage == 0);
      CHECK((std::uintptr_t(&tree.link(EdgeId{0})) + kSmallPrefix) % kHugePage == 0);
      std::uint32_t nodes = 1;
      while (tree.new_node(nodes) != kNoNode) ++nodes;
      CHECK(nodes == Tree<false>::node_cap_for(bytes));
      CHECK(resident_bytes() >= before + bytes / 4);  // the node arena (2/5 of the bytes), touched
    }
    CHECK(resident_bytes() < before + 4 * kMiB);
  }
}
#endif

TEST_CASE("node store: a reader sees a prefix of the edges, even while a writer fills a block and opens the next") {
  // The interleaving of a shared tree, played in one thread: the reader has read the first block
  // (3 of its 4 edges in use) when a writer adds the fourth edge and a fifth in a new block. Had the
  // reader gone on to the new block, it would have seen edges 0, 1, 2 and 4 but not 3, and a search
  // that takes what it saw for a prefix (find_edges) would add edge 3's key a second time.
  Tree<true> tree(std::size_t(1) << 20);
  const NodeId root = Tree<true>::root();
  for (std::uint64_t key = 0; key < 3; ++key) tree.add_edge(root, key, 4);
  std::vector<std::uint64_t> seen;
  bool written = false;
  tree.for_each_block(root, [&](EdgeId first, std::uint32_t count) {
    for (EdgeId e = first; e < first + count; ++e) seen.push_back(tree.link(e).key);
    if (!written) {
      written = true;
      tree.add_edge(root, 3, 4);
      tree.add_edge(root, 4, 4);
    }
  });
  REQUIRE(tree.num_edges(root) == 5);
  REQUIRE(tree.own_edges(root) == 4);  // the fifth edge is in a second block
  for (std::size_t i = 0; i < seen.size(); ++i) CHECK(seen[i] == i);
}

TEST_CASE("many arms: 5 seats of 3 to 149 arms; visits add up and no virtual loss is left, tree parallel included") {
  const int iterations = testing::kLightFactor > 1 ? 1500 : 4000;
  for (Algorithm a : {Algorithm::Ismcts, Algorithm::MoIsmcts, Algorithm::CheatUct})
    for (SimSelect sim : {SimSelect::Ucb, SimSelect::Exp3, SimSelect::RegretMatching})
      for (const auto& run : {std::pair{1, Parallel::Root}, std::pair{2, Parallel::Tree}}) {
        const int threads = run.first;  // (not a structured binding: clang 14's CAPTURE cannot take one)
        const Parallel parallel = run.second;
        CAPTURE(std::string(name(a)));
        CAPTURE(int(sim));
        CAPTURE(threads);
        const auto s = ManyArms::make(5, 3, 149, 6, 11);
        const TreeCheck c = search_and_check<ManyArms>(config(a, sim, threads, parallel, iterations), s, 0, 5);
        require_consistent(c);
        CHECK(c.simultaneous > 1);
        // The test must see nodes grow: an arms node whose arms did not all come at its first visit.
        if (a != Algorithm::CheatUct) CHECK(c.continued > 0);
      }
}

TEST_CASE("many arms: seats with few arms, tree reuse between rounds keeps the subtree played into, consistent") {
  // Each iteration adds one visit to the root. With reuse, a search starts from the subtree that
  // its seat's observation led to, whose root's visits stay: the root ends with those visits on top
  // of the search's iterations. Without reuse, with the iterations alone.
  for (const bool reuse : {true, false}) {
    CAPTURE(reuse);
    auto s = ManyArms::make(3, 3, 12, 4, 3);
    auto cfg = config(Algorithm::Ismcts, SimSelect::Ucb, 2, Parallel::Tree, 1500);
    Mcts<ManyArms> mcts(cfg, reuse);
    Rng rng(9);
    long long kept = 0;  // the visits, in the last search's tree, of the node the last observation leads to
    int searches = 0, after_visited = 0;
    while (s.to_move() != kTerminal) {
      const auto r = mcts.search([&](Rng& x) { return s.determinize(0, x); }, 0, s.num_players(), true, rng);
      require_consistent(check_trees(mcts));
      if (searches++ > 0) after_visited += kept > 0;
      CAPTURE(searches);
      long long root = 0;
      mcts.for_each_tree([&](const auto& tree) { root = tree.node(tree.root()).visits; });
      CHECK(root - r.iterations == (reuse ? kept : 0));
      JointMove joint{};
      ManyArms::MoveList moves;
      for (int q = 0; q < s.num_players(); ++q) {
        s.legal_moves(q, moves);
        joint[q] = q == 0 ? r.best : moves[rng.below(std::uint32_t(moves.size()))];
      }
      const std::uint64_t token = ManyArms::observe_joint(s, joint, 0);
      kept = 0;
      mcts.for_each_tree([&](const auto& tree) {
        const NodeId child = child_by_token(tree, tree.root(), token, !full_state(cfg.algorithm));
        if (child != kNoNode) kept = tree.node(child).visits;
      });
      mcts.observe(token);
      s.apply_joint(joint);
    }
    // Not vacuous: 4 rounds, and each search after the first had a subtree with visits to start from
    // (the best of seat 0's at most 12 arms, 125 iterations at least, leads to 4 tokens).
    CHECK(searches == 4);
    CHECK(after_visited == searches - 1);
  }
}

TEST_CASE("outcomes=: past the limit every joint outcome shares one child, and the tree keeps deepening") {
  const auto s = ManyArms::make(5, 20, 20, 8, 2);  // 20^5 joint outcomes per round
  for (Algorithm a : {Algorithm::CheatUct, Algorithm::Ismcts}) {
    CAPTURE(std::string(name(a)));
    auto cfg = config(a, SimSelect::Ucb, 1, Parallel::Root, 3000);
    cfg.outcomes = 16;
    const TreeCheck capped = search_and_check<ManyArms>(cfg, s, 0, 1);
    require_consistent(capped);
    CHECK(capped.most_outcomes == 16);
    CHECK(capped.overflows > 0);
    // Below the shared child the tree goes on, rounds deep; with every outcome a child of its own,
    // cheat-uct spreads its 3000 iterations over thousands of children of the root, few visited twice.
    CHECK(capped.deepest >= 4);
    cfg.outcomes = 16384;
    const TreeCheck open = search_and_check<ManyArms>(cfg, s, 0, 1);
    require_consistent(open);
    CHECK(open.overflows == 0);
    CHECK(open.most_outcomes > 16);
    if (a == Algorithm::CheatUct) CHECK(open.deepest < capped.deepest);
  }
}

TEST_CASE("wide decisions: an opponent's 500 moves are 25 edges; visits add up") {
  WideDecision::State s;
  s.apply(17);  // the opponent is to move: its moves are keyed by what seat 0 sees of them
  for (Algorithm a : {Algorithm::Ismcts, Algorithm::MoIsmcts}) {
    CAPTURE(std::string(name(a)));
    for (auto [threads, parallel] : {std::pair{1, Parallel::Root}, std::pair{2, Parallel::Tree}}) {
      Mcts<WideDecision> mcts(config(a, SimSelect::Ucb, threads, parallel, 3000), false);
      Rng rng(4);
      mcts.search([&](Rng& x) { return s.determinize(0, x); }, 0, 2, false, rng);
      require_consistent(check_trees(mcts));
      // Seat 0's tree sees the opponent's 25 groups; in MO-ISMCTS the opponent's own tree has all 500 moves.
      std::vector<std::uint32_t> root_edges;
      mcts.for_each_tree([&](const auto& tree) { root_edges.push_back(tree.num_edges(tree.root())); });
      REQUIRE(root_edges.size() == (a == Algorithm::Ismcts ? 1u : 2u));
      CHECK(root_edges[0] == WideDecision::kGroups);
      if (a == Algorithm::MoIsmcts) CHECK(root_edges[1] == WideDecision::kMaxMoves);
    }
  }
}

TEST_CASE("decisions and arms: visits add up on the real games") {
  Kuhn::State kuhn = Kuhn::initial(GameConfig{});
  require_consistent(
      search_and_check<Kuhn>(config(Algorithm::MoIsmcts, SimSelect::Ucb, 2, Parallel::Tree, 3000), kuhn, 0, 3));
  require_consistent(search_and_check<Connect4>(config(Algorithm::Uct, SimSelect::Ucb, 2, Parallel::Tree, 5000),
                                                Connect4::State{}, 0, 3));
}

// Every game of the list, from its first position, with each algorithm that applies to it (the
// perfect-information ones by uct, the others by the information-set searches), in one thread and
// tree-parallel on two.
TEST_CASE_TEMPLATE_DEFINE("decisions and arms: every game's trees are consistent", G, every_game_tree) {
  const auto s = G::initial(GameConfig{});
  const Player seat = s.to_move() == kSimultaneous ? 0 : s.to_move();
  std::vector<Algorithm> algorithms{Algorithm::Uct};
  if (hidden_information<G>) algorithms = {Algorithm::CheatUct, Algorithm::Ismcts, Algorithm::MoIsmcts};
  for (const Algorithm a : algorithms)
    for (const int threads : {1, 2}) {
      CAPTURE(std::string(name(a)));
      CAPTURE(threads);
      require_consistent(search_and_check<G>(config(a, SimSelect::Ucb, threads, Parallel::Tree, 1000), s, seat, 5));
    }
}
TEST_CASE_TEMPLATE_APPLY(every_game_tree, AllGames::Types);

// ---------------------------------------------------------------------------------------------
// Shared trees under several std::threads (tree parallelism without OpenMP, which ThreadSanitizer
// cannot see into; here it would not see the races either: they are in what a node is, not in
// unsynchronised accesses).

namespace {

// Each step a hidden coin says whether seat `step % 2` decides alone or both seats choose at once;
// the moves are seen by all, the coins by none. So an information-set node is a decision in some
// determinizations and simultaneous in others, and two threads may reach it fresh, one of each.
//
// `gate` makes that race certain: seat 0's decision at the first step then waits inside
// legal_moves (after the search has read the node's kind, before it takes the node's lock) until
// another thread has applied a joint move, for at most a second.
struct KindFlip {
  static constexpr std::string_view kName = "kind-flip";
  static constexpr std::string_view kDescription = "a hidden coin a step: one seat decides, or both at once";
  static constexpr int kMinPlayers = 2, kMaxPlayers = 2;
  static constexpr bool kHiddenInformation = true;
  static constexpr int kSteps = 10;
  static constexpr int kMaxGameLength = kSteps;
  static constexpr int kMaxMoves = 2;
  using MoveList = nuraghe::MoveList<kMaxMoves>;

  static inline std::atomic<bool> gate{false}, waiting{false}, raced{false};
  static inline std::atomic<int> joints{0};

  struct State {
    std::uint16_t together = 0;  // bit i: step i is simultaneous
    std::uint8_t step = 0;
    std::uint8_t points[2] = {};

    int num_players() const { return 2; }
    Player to_move() const {
      if (step >= kSteps) return kTerminal;
      return (together >> step) & 1 ? kSimultaneous : Player(step % 2);
    }
    void legal_moves(KindFlip::MoveList& out) const {
      if (step == 0 && gate.load()) {
        waiting.store(true);
        const auto until = std::chrono::steady_clock::now() + std::chrono::seconds(1);
        while (joints.load() == 0 && std::chrono::steady_clock::now() < until) std::this_thread::yield();
        raced.store(joints.load() > 0);
        gate.store(false);
      }
      legal_moves(to_move(), out);
    }
    void legal_moves(Player, KindFlip::MoveList& out) const {
      out.clear();
      if (to_move() != kTerminal) out.push(0), out.push(1);
    }
    void apply(Move m) {
      points[step % 2] = std::uint8_t(points[step % 2] + m);
      ++step;
    }
    void apply_joint(const JointMove& joint) {
      joints.fetch_add(1);
      ++points[joint[0] == joint[1] ? 1 : 0];
      ++step;
    }
    Values scores() const { return Values{double(points[0]), double(points[1])}; }
    Values returns() const {
      Values v{};
      if (step < kSteps) return v;
      v[0] = points[0] > points[1] ? 1.0 : points[0] == points[1] ? 0.5 : 0.0;
      v[1] = 1 - v[0];
      return v;
    }
    Json view(Player) const { return Json{{"step", step}, {"points", {points[0], points[1]}}}; }
    std::uint64_t view_hash(Player p) const { return hash_json(view(p)); }
    State determinize(Player, Rng& rng) const {
      State s = *this;
      s.together = std::uint16_t(rng.below(1u << kSteps));
      return s;
    }
    bool operator==(const State&) const = default;
  };

  static std::vector<ParamSpec> option_specs() { return {}; }
  static State initial(const GameConfig&) { return State{}; }
  static std::uint64_t observe(const State&, Move m, Player) { return m; }
  static std::uint64_t observe_joint(const State&, const JointMove& joint, Player) {
    return 2 + 2 * joint[0] + joint[1];
  }
  static std::string move_to_string(const State&, Player, Move m) { return std::to_string(m); }
  static Move parse_move(const State&, Player, std::string_view t) { return Move(std::stoi(std::string(t))); }
  static Json to_json(const State& s) { return s.view(0); }
  static State from_json(const Json&) { return State{}; }
  static std::string render(const State& s, Player p) { return json_text(s.view(p)); }
};
static_assert(Game<KindFlip>);

// `threads` std::threads search one shared forest for seat 0, each `iterations` times from
// sample(thread, iteration, rng), as the tree-parallel driver does. Returns what the walk found.
template <Game G, class Sample>
TreeCheck search_shared(const SearchConfig& cfg, int players, int threads, long long iterations, const Sample& sample) {
  Forest<true> forest = make_forest<true>(cfg.algorithm, players, 0, cfg.memory_bytes);
  std::vector<std::thread> pool;
  for (int t = 0; t < threads; ++t)
    pool.emplace_back([&, t] {
      Worker<G, true> worker(cfg, PreparedModels(cfg), forest);
      Rng rng(hash_combine(99, std::uint64_t(t)));
      for (long long i = 0; i < iterations; ++i) worker.iterate(sample(t, i, rng), rng);
    });
  for (auto& thread : pool) thread.join();
  TreeCheck check;
  for (const auto& tree : forest.trees) {
    Walker<true>{tree, check}.node(Tree<true>::root());
    check.refused_edges += tree.refused_edges();
  }
  return check;
}

}  // namespace

TEST_CASE("shared tree: a node that one thread reaches as a decision and another as simultaneous stays one kind") {
  const int rounds = testing::kLightFactor > 1 ? 4 : 12;
  for (Algorithm a : {Algorithm::Ismcts, Algorithm::MoIsmcts}) {
    int raced = 0;
    for (int round = 0; round < rounds; ++round) {
      CAPTURE(std::string(name(a)));
      CAPTURE(round);
      // Thread 0 first reaches the fresh root as seat 0's decision and waits there (the gate);
      // thread 1 starts only then, and reaches it as a simultaneous node; then both search on.
      KindFlip::gate = true, KindFlip::waiting = false, KindFlip::raced = false, KindFlip::joints = 0;
      KindFlip::State decision, together;
      together.together = 1;
      const TreeCheck c = search_shared<KindFlip>(
          config(a, SimSelect::Ucb, 2, Parallel::Tree, 0), 2, 2, 300, [&](int thread, long long i, Rng& rng) {
            if (i > 0) return KindFlip::State{}.determinize(0, rng);
            if (thread == 0) return decision;
            const auto until = std::chrono::steady_clock::now() + std::chrono::seconds(1);
            while (!KindFlip::waiting && std::chrono::steady_clock::now() < until) std::this_thread::yield();
            return together;
          });
      raced += KindFlip::raced;
      require_consistent(c);
      CHECK(c.simultaneous > 0);
      CHECK(c.decisions > 0);
    }
    MESSAGE(std::string(name(a)) << ": the race was run in " << raced << " of " << rounds << " rounds");
    CHECK(raced > 0);
  }
}

TEST_CASE("shared tree: std::threads on Goofspiel with few outcomes keep the tree consistent") {
  const long long iterations = testing::kLightFactor > 1 ? 500 : 3000;
  GameConfig g;
  g.options["cards"] = "6";
  const auto s = Goofspiel::initial(g);
  for (Algorithm a : {Algorithm::Ismcts, Algorithm::MoIsmcts, Algorithm::CheatUct})
    for (SimSelect sim : {SimSelect::Ucb, SimSelect::Exp3, SimSelect::RegretMatching}) {
      CAPTURE(std::string(name(a)));
      CAPTURE(int(sim));
      auto cfg = config(a, sim, 4, Parallel::Tree, 0);
      cfg.outcomes = 4;
      const bool full = full_state(a);
      const TreeCheck c = search_shared<Goofspiel>(
          cfg, 2, 4, iterations, [&](int, long long, Rng& rng) { return full ? s : s.determinize(0, rng); });
      require_consistent(c);
      CHECK(c.overflows > 0);
      CHECK(c.most_outcomes <= 4);
      CHECK(c.deepest >= 3);
    }
}

TEST_CASE(
    "tree memory: a search that keeps no tree searches in its last search's memory, and finds what a new searcher "
    "finds") {
  Connect4::State s;
  s.apply(3);
  for (Algorithm a : {Algorithm::Uct, Algorithm::Ismcts, Algorithm::MoIsmcts})
    for (const auto& run : {std::pair{1, Parallel::Root}, std::pair{2, Parallel::Root}, std::pair{2, Parallel::Tree}}) {
      const int threads = run.first;  // (not a structured binding: clang 14's CAPTURE cannot take one)
      const Parallel parallel = run.second;
      CAPTURE(std::string(name(a)));
      CAPTURE(threads);
      auto cfg = config(a, SimSelect::Ucb, threads, parallel, 400);
      cfg.memory_bytes = std::size_t(4) << 20;
      const auto arenas = [](const Mcts<Connect4>& m) {
        std::vector<const void*> at;
        m.for_each_tree([&](const auto& tree) { at.push_back(&tree.node(tree.root())); });
        return at;
      };
      const RootState<Connect4> sample{s};
      Mcts<Connect4> kept(cfg, false);
      Rng rng(5);
      kept.search(sample, 1, 2, false, rng);
      const std::vector<const void*> first = arenas(kept);
      Rng again(6);
      const SearchResult second = kept.search(sample, 1, 2, false, again);
      CHECK(arenas(kept) == first);
      if (threads > 1 && parallel == Parallel::Tree) continue;  // the threads' order decides the statistics
      Mcts<Connect4> fresh(cfg, false);
      Rng same(6);
      const SearchResult expected = fresh.search(sample, 1, 2, false, same);
      REQUIRE(second.moves.size() == expected.moves.size());
      for (std::size_t i = 0; i < expected.moves.size(); ++i) {
        CHECK(second.moves[i].move == expected.moves[i].move);
        CHECK(second.moves[i].visits == expected.moves[i].visits);
        CHECK(second.moves[i].mean == expected.moves[i].mean);
      }
      CHECK(second.bytes_used == expected.bytes_used);
    }
}

TEST_CASE("uct: it reads the state through InfoSet's perfect-information accessor, never the cheating one") {
  const Connect4::State s;
  auto uct = make_bot<Connect4>("uct:iters=200", 1);
  uct->start(0);
  InfoSet<Connect4> info(s, 0);
  uct->choose(info);
  CHECK(info.cheating_reads() == 0);
  auto cheat = make_bot<Connect4>("cheat-uct:iters=200", 1);
  cheat->start(0);
  InfoSet<Connect4> info2(s, 0);
  cheat->choose(info2);
  CHECK(info2.cheating_reads() > 0);
}

template <class I>
concept OffersViewHash = requires(const I& info) {
  info.view_hash();
};

TEST_CASE("InfoSet: it offers a bot what bots read, and no view hash nobody reads") {
  CHECK_FALSE(OffersViewHash<InfoSet<Kuhn>>);
}
