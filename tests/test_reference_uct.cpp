// bench/reference_uct.hpp, the yardstick of bench_search, claims to compute what the generic `uct`
// computes. Not number for number: it draws untried moves from another order and breaks ties
// another way (UCB's and the final move's by the order moves were first tried, where the generic
// search takes the legal order and, for the final move, the better mean), so one random stream gives
// two different searches. What it claims is the same search in distribution: over many searches from
// one position, the moves the two choose and the sizes of their trees (a node an iteration, but none
// where an iteration ends on a game's end already in the tree) agree within sampling error. The
// reference shows nothing else of its tree (no visits per move).
#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <map>
#include <string>
#include <vector>

#include "games/connect4/connect4.hpp"
#include "games/tictactoe/tictactoe.hpp"
#include "invariants.hpp"
#include "reference_uct.hpp"
#include "search/mcts.hpp"

using namespace nuraghe;

namespace {

// Searches of each kind from each position (fewer under the sanitizers: the tolerance follows).
constexpr int kSearches = 400 / testing::kLightFactor;

// A difference passes within 5 standard deviations of sampling error plus what the tie orders alone
// make of it. Python models of both searches, at 1500 to 4000 searches a position, put the latter at
// up to 2.2 points of a move's share and 0.8% of the mean tree size (66.3 against 65.7 nodes where X
// must block); the allowances are 3 points and 1%. A broken search is far outside: with c = 1.0 for
// 0.7, the models' trees grew by 4% to 45%, 24 to 108 standard deviations. Some 50 comparisons then
// fail by chance with a probability below 0.001; the seeds are fixed, so a pass stays a pass.
constexpr double kSigmas = 5, kShareAllowance = 0.03, kTreeAllowance = 0.01;

// What kSearches searches from one position gave: how often each move was chosen, and the sum and
// the sum of squares of the trees' node counts.
struct Tally {
  std::map<Move, int> chosen;
  long long nodes = 0, nodes_squared = 0;

  void add(Move best, std::size_t tree) {
    ++chosen[best];
    const auto n = static_cast<long long>(tree);
    nodes += n, nodes_squared += n * n;
  }
  int times(Move m) const {
    const auto it = chosen.find(m);
    return it == chosen.end() ? 0 : it->second;
  }
  // The node counts' sample variance, from exact integer sums (0 where every tree had one size).
  double variance() const {
    const double n = kSearches;
    return double(kSearches * nodes_squared - nodes * nodes) / (n * (n - 1));
  }
};

// The reference and the generic uct, with the generic search's settings (SearchConfig's defaults, as
// bench_search gives both), kSearches times each from the position the moves lead to.
template <Game G>
void check_same_search(const std::string& position, const std::vector<Move>& moves, long long iterations) {
  CAPTURE(position);
  typename G::State s{};
  for (const Move m : moves) s.apply(m);
  search::SearchConfig cfg;
  cfg.algorithm = search::Algorithm::Uct;
  cfg.iterations = iterations;
  cfg.memory_bytes = std::size_t(16) << 20;
  search::Mcts<G> generic(cfg, false);
  bench::ReferenceUct<G> reference(cfg.c, iterations);
  Tally ref, gen;
  for (int i = 0; i < kSearches; ++i) {
    Rng a(std::uint64_t(i) + 1);
    const Move m = reference.search(s, a);
    CHECK(reference.nodes() <= std::size_t(iterations) + 1);  // a node an iteration at most
    ref.add(m, reference.nodes());
    Rng b(std::uint64_t(kSearches + i) + 1);  // another stream: the two are independent samples
    const search::SearchResult r = generic.search([&](Rng&) { return s; }, s.to_move(), s.num_players(), false, b);
    CHECK(r.iterations == iterations);
    CHECK(r.nodes <= std::size_t(iterations) + 1);
    gen.add(r.best, r.nodes);
  }
  // Each move's share of the choices: a / n - b / n has mean 0 and standard deviation
  // sqrt(2 p (1 - p) / n), p the move's probability, estimated from both.
  std::map<Move, int> chosen = ref.chosen;
  chosen.insert(gen.chosen.begin(), gen.chosen.end());
  const double n = kSearches;
  for (const auto& entry : chosen) {
    const Move move = entry.first;
    const int a = ref.times(move), b = gen.times(move);
    CAPTURE(move);
    CAPTURE(a);
    CAPTURE(b);
    const double p = (a + b) / (2 * n);
    CHECK(std::abs(a - b) / n <= kSigmas * std::sqrt(2 * p * (1 - p) / n) + kShareAllowance);
  }
  // The mean tree size: the difference of the means has variance (var_a + var_b) / n.
  const double ref_mean = double(ref.nodes) / n, gen_mean = double(gen.nodes) / n;
  CAPTURE(ref_mean);
  CAPTURE(gen_mean);
  CHECK(std::abs(ref_mean - gen_mean) <=
        kSigmas * std::sqrt((ref.variance() + gen.variance()) / n) + kTreeAllowance * std::max(ref_mean, gen_mean));
}

}  // namespace

// Cells 0 to 8 row-major from the top left; X (seat 0) moves first.
TEST_CASE("reference uct: its choices and tree sizes on tic-tac-toe are the generic uct's, in distribution") {
  check_same_search<TicTacToe>("the start: the centre, else a corner", {}, 300);
  check_same_search<TicTacToe>("X centre, O corner: X's two best moves share the choices", {4, 0}, 500);
  check_same_search<TicTacToe>("X must block at 7; a tree of some 66 nodes", {0, 4, 8, 1}, 300);
  check_same_search<TicTacToe>("X wins at 2, O threatens 5; a tree of some 24 nodes", {0, 3, 1, 4}, 200);
}

// Columns 0 to 6; seat 0 moves first.
TEST_CASE("reference uct: its choices and tree sizes on Connect Four are the generic uct's, in distribution") {
  check_same_search<Connect4>("the start", {}, 500);
  check_same_search<Connect4>("both in the centre column", {3, 3}, 500);
  check_same_search<Connect4>("seat 1 must block at 3", {0, 6, 1, 6, 2}, 500);
  check_same_search<Connect4>("a middle game: seat 1 blocks at 4", {3, 2, 4, 5, 3, 3, 2}, 500);
}
