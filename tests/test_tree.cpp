// The node store and the search's bookkeeping on nodes shaped like the big games': five seats with
// 3 to 149 arms that change from one determinization to the next (Bardagi's planning), decisions
// with 500 moves seen as 25 groups (Ticket to Ride's claims). After every search, tree-parallel
// included, every node's visits equal the visits of the edges chosen from it, and no virtual loss
// is left anywhere.
#include <doctest/doctest.h>

#include <algorithm>
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

namespace {

// What a walk over a whole tree found.
struct TreeCheck {
  long long nodes = 0, decisions = 0, simultaneous = 0, arm_sets = 0;
  long long wrong_decision_visits = 0, wrong_arm_visits = 0, virtual_losses = 0;
  long long repeated_keys = 0;  // edges of one node with the key of an earlier edge of that node
  long long continued = 0;      // arms or decision nodes whose edges fill more than one block
  long long overflows = 0, most_outcomes = 0;
  int deepest = 0;  // simultaneous nodes on the longest path from the root
};

template <bool Shared>
struct Walker {
  const Tree<Shared>& tree;
  TreeCheck& check;

  // The edges of node n: their visits summed; virtual losses counted; their children walked.
  std::uint64_t edges(std::uint32_t n, int depth) {
    std::uint64_t visits = 0;
    int blocks = 0;
    tree.for_each_block(n, [&](std::uint32_t, std::uint32_t) { ++blocks; });
    check.continued += blocks > 1;
    std::vector<std::uint64_t> keys;
    tree.for_each_edge(n, [&](std::uint32_t e) {
      const Edge& edge = tree.edge(e);
      check.repeated_keys += std::find(keys.begin(), keys.end(), edge.key) != keys.end();
      keys.push_back(edge.key);
      visits += edge.visits;
      check.virtual_losses += edge.virtual_loss;
      for (std::uint32_t c = edge.child; c != kNone; c = tree.node(c).sibling) node(c, depth);
    });
    return visits;
  }
  void node(std::uint32_t n, int depth = 0) {
    ++check.nodes;
    const Node& nd = tree.node(n);
    if (tree.kind(n) == NodeKind::Simultaneous) {
      ++check.simultaneous;
      check.deepest = std::max(check.deepest, ++depth);
      for (int q = 0; q < nd.seats; ++q) {
        const std::uint32_t arms = tree.arms_node(n, q);
        if (tree.num_edges(arms) == 0) continue;  // MO-ISMCTS: only the tree's own seat chooses in it
        ++check.arm_sets;
        check.wrong_arm_visits += edges(arms, depth) != nd.visits;
      }
      long long outcomes = 0;
      tree.for_each_outcome(n, [&](std::uint64_t, std::uint32_t c) {
        ++outcomes;
        node(c, depth);
      });
      check.most_outcomes = std::max(check.most_outcomes, outcomes);
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
  const auto r = mcts.search([&](Rng& x) { return full ? s : s.determinize(seat, x); }, seat, s.num_players(),
                             s.to_move() == kSimultaneous, rng);
  CHECK(r.iterations == cfg.iterations);
  return check_trees(mcts);
}

void require_consistent(const TreeCheck& c) {
  CHECK(c.nodes > 1);
  CHECK(c.wrong_decision_visits == 0);
  CHECK(c.wrong_arm_visits == 0);
  CHECK(c.virtual_losses == 0);
  CHECK(c.repeated_keys == 0);
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
  const std::uint32_t root = Tree<false>::root();
  std::vector<std::uint32_t> handed_out;
  for (std::uint64_t key = 0; key < 3; ++key) handed_out.push_back(tree.add_edge(root, key, 3));
  tree.edge(handed_out[1]).visits = 7;
  for (std::uint64_t key = 3; key < 500; ++key) handed_out.push_back(tree.add_edge(root, key));  // many blocks
  CHECK(tree.num_edges(root) == 500);
  for (std::uint64_t key = 0; key < 500; ++key) {
    CHECK(tree.edge(handed_out[key]).key == key);
    CHECK(tree.find_edge(root, key) == handed_out[key]);
  }
  tree.edge(handed_out[1]).visits += 1;  // an update through an old index lands on the live edge
  CHECK(tree.edge(tree.find_edge(root, 1)).visits == 8);
}

TEST_CASE("many arms: 5 seats of 3 to 149 arms; visits add up and no virtual loss is left, tree parallel included") {
  const int iterations = testing::kLightFactor > 1 ? 1500 : 4000;
  for (Algorithm a : {Algorithm::Ismcts, Algorithm::MoIsmcts, Algorithm::CheatUct})
    for (SimSelect sim : {SimSelect::Ucb, SimSelect::Exp3, SimSelect::RegretMatching})
      for (auto [threads, parallel] : {std::pair{1, Parallel::Root}, std::pair{2, Parallel::Tree}}) {
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

TEST_CASE("many arms: seats with few arms, tree reuse between rounds keeps the trees consistent") {
  auto s = ManyArms::make(3, 3, 12, 4, 3);
  auto cfg = config(Algorithm::Ismcts, SimSelect::Ucb, 2, Parallel::Tree, 1500);
  Mcts<ManyArms> mcts(cfg, true);
  Rng rng(9);
  while (s.to_move() != kTerminal) {
    const auto r = mcts.search([&](Rng& x) { return s.determinize(0, x); }, 0, s.num_players(), true, rng);
    require_consistent(check_trees(mcts));
    JointMove joint{};
    ManyArms::MoveList moves;
    for (int q = 0; q < s.num_players(); ++q) {
      s.legal_moves(q, moves);
      joint[q] = q == 0 ? r.best : moves[rng.below(std::uint32_t(moves.size()))];
    }
    mcts.observe(ManyArms::observe_joint(s, joint, 0));
    s.apply_joint(joint);
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
  if (G::kHiddenInformation) algorithms = {Algorithm::CheatUct, Algorithm::Ismcts, Algorithm::MoIsmcts};
  for (const Algorithm a : algorithms)
    for (const int threads : {1, 2}) {
      CAPTURE(std::string(name(a)));
      CAPTURE(threads);
      require_consistent(search_and_check<G>(config(a, SimSelect::Ucb, threads, Parallel::Tree, 1000), s, seat, 5));
    }
}
TEST_CASE_TEMPLATE_APPLY(every_game_tree, AllGames::Types);

TEST_CASE("uct reads the state through the perfect-information accessor, never the cheating one") {
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

TEST_CASE("InfoSet offers a bot what bots read: no view hash nobody reads") {
  CHECK_FALSE(OffersViewHash<InfoSet<Kuhn>>);
}
