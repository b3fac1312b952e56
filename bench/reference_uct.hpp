#pragma once
// A yardstick for the benchmarks, never used by the library: UCT written for one small game of
// perfect information and two seats taking turns (tic-tac-toe, Connect Four), the plainest loop
// that computes what the generic `uct` computes. bench_search runs both in one process; their ratio
// is what the generic core's machinery costs (keys, edge blocks, the path, budgets, the memory cap).
//
// It does what the generic search does, so that the ratio measures the machinery alone:
// - the UCB score and its arithmetic (search::ucb_score, the exploration term computed once a node,
//   the parent's count being its visits before this one plus this one);
// - untried moves first, uniformly at random among them;
// - one new node an iteration, from which the random playout of the benchmarks' playouts
//   (search/playout.hpp) runs to the end;
// - each seat's return in [0, 1], summed on the edges that seat chose in the same fixed point;
// - a fresh tree a search, its memory asked for when the search starts;
// - the final move the most visited (ties to the one tried first).
// What it leaves out is all the generic core adds: hidden information and random draws,
// simultaneous moves, a hard memory cap, threads, tree reuse, time budgets.

#include <array>
#include <cstdint>
#include <utility>
#include <vector>

#include "core/game.hpp"
#include "search/bandit.hpp"
#include "search/playout.hpp"
#include "search/tree.hpp"

namespace nuraghe::bench {

template <class G>
class ReferenceUct {
 public:
  using State = typename G::State;

  ReferenceUct(double c, long long iterations) : c_(c), iterations_(iterations) {}

  // The most visited move at `root` after the search's iterations.
  Move search(const State& root, Rng& rng) {
    nodes_.clear();
    nodes_.reserve(std::size_t(iterations_) + 1);  // one node an iteration: no node ever moves
    nodes_.emplace_back();
    for (long long i = 0; i < iterations_; ++i) iterate(root, rng);
    const Node& top = nodes_[0];
    int best = 0;
    for (int i = 1; i < top.count; ++i)
      if (top.visits_of[i] > top.visits_of[best]) best = i;
    return top.move[best];
  }
  std::size_t nodes() const { return nodes_.size(); }

 private:
  static constexpr int kMoves = G::kMaxMoves;

  // A state's node: its moves and, for each, the child it leads to and its statistics. Moves
  // [0, tried) have a child; the untried ones follow.
  struct Node {
    std::uint32_t visits = 0;
    std::uint8_t count = 0, tried = 0;
    bool listed = false;
    std::array<std::uint8_t, kMoves> move{};
    std::array<std::uint32_t, kMoves> child{};
    std::array<std::uint32_t, kMoves> visits_of{};
    std::array<std::uint64_t, kMoves> reward{};
  };
  struct Step {
    std::uint32_t node;
    std::uint8_t move;
    std::int8_t mover;
  };

  void iterate(const State& root, Rng& rng) {
    State s = root;
    path_.clear();
    std::uint32_t n = 0;
    for (Player p = s.to_move(); p != kTerminal; p = s.to_move()) {
      Node& node = nodes_[n];
      if (!node.listed) {
        typename G::MoveList legal;
        s.legal_moves(legal);
        node.count = std::uint8_t(legal.size());
        for (int i = 0; i < node.count; ++i) node.move[i] = std::uint8_t(legal[std::size_t(i)]);
        node.listed = true;
      }
      if (node.tried < node.count) {  // a new child: swapped to the end of the tried ones
        const int i = node.tried + int(rng.below(std::uint32_t(node.count - node.tried)));
        std::swap(node.move[i], node.move[node.tried]);
        const int t = node.tried++;
        node.child[t] = std::uint32_t(nodes_.size());
        path_.push_back(Step{n, std::uint8_t(t), std::int8_t(p)});
        s.apply(Move(node.move[t]));
        nodes_.emplace_back();
        break;
      }
      const double exploration = c_ * std::sqrt(search::log_of_count(node.visits + 1));
      int best = 0;
      double best_score = -1;
      for (int i = 0; i < node.count; ++i) {
        const double score =
            search::ucb_score(double(node.reward[i]) / search::kRewardScale, node.visits_of[i], exploration);
        if (score > best_score) best_score = score, best = i;
      }
      path_.push_back(Step{n, std::uint8_t(best), std::int8_t(p)});
      s.apply(Move(node.move[best]));
      n = node.child[best];
    }
    random_playout<G>(s, rng);
    const Values v = s.returns();
    for (const Step& step : path_) {
      Node& node = nodes_[step.node];
      ++node.visits;
      ++node.visits_of[step.move];
      node.reward[step.move] += std::uint64_t(v[step.mover] * search::kRewardScale + 0.5);
    }
  }

  double c_;
  long long iterations_;
  std::vector<Node> nodes_;
  std::vector<Step> path_;
};

}  // namespace nuraghe::bench
