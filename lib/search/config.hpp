#pragma once
// What a search is asked and what it answers: the algorithm and its parameters (SearchConfig, from
// a bot's spec: docs/search.md), the root's statistics and the move chosen (SearchResult), and the
// limits a game must fit for the core to search it.

#include <cstddef>
#include <cstdint>
#include <vector>

#include "core/game.hpp"
#include "core/value_model.hpp"
#include "search/bandit.hpp"

namespace nuraghe::search {

enum class Algorithm : std::uint8_t { Uct, CheatUct, Pimc, Ismcts, MoIsmcts };
enum class Final : std::uint8_t { Max, Sample };
enum class Rollout : std::uint8_t { Random, Heuristic };
enum class Reward : std::uint8_t { Win, Score };
enum class Parallel : std::uint8_t { Root, Tree };
// Where a node's priors over its moves come from (docs/search.md, "Priors and PUCT"): none (UCB, as
// without this option), equal shares, the game's heuristic move, or a policy model.
enum class Prior : std::uint8_t { None, Uniform, Heuristic, Model };

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
  // A leaf's value as mix * evaluation + (1 - mix) * rollout (0: the rollout's alone): the
  // evaluation is the learned model's (eval=) or else the game's, of the leaf itself.
  double mix = 0;
  bool prune = false;  // the tree tries only the game's search_moves (HasSearchMoves)
  double bias = 0;     // progressive bias: the heuristic's move gets bias / (1 + tries) on its score
  // With a prior, every choice of the search is PUCT (docs/search.md): Q + cpuct * P * sqrt(N) / (1 + n).
  Prior prior = Prior::None;
  double cpuct = 1.0;
  double prior_weight = 0.5;           // prior=heuristic: the heuristic's move's share; the rest are shared equally
  const ValueModel* policy = nullptr;  // prior=MODEL: a policy model (is_policy()); not owned
  double prior_temperature = 1.0;      // prior=MODEL: the softmax of the logits divided by this
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
  // Every seat's mean return over this search's iterations, as they were backed up: the search's
  // value of the root for each seat, the searcher's and the others' (labelled self-play's value
  // targets); 0 without iterations.
  Values root_values{};
  double seconds = 0;
  // The memory held at the end: reserved, and used by nodes and edges (PIMC: the peak of the
  // determinizations searched at once, and the largest tree's use).
  std::size_t bytes_reserved = 0, bytes_used = 0;
  // Nodes the search's trees hold at the end (kept ones too, with reuse), and the bytes of their
  // nodes and edges, summed over every tree the search grew (PIMC: every determinization's), for a
  // benchmark's nodes a second and bytes a node.
  std::size_t nodes = 0, node_bytes = 0;
};

inline bool full_state(Algorithm a) { return a == Algorithm::Uct || a == Algorithm::CheatUct || a == Algorithm::Pimc; }

// What the core's fixed arrays and keys hold, checked where the search is built for a game (Worker
// and Mcts): a value per seat in arrays of kMaxPlayers (core/game.hpp), and a visit's legal moves
// and a node's edges by 16-bit indices and counts (edge_index.hpp's Keys, tree.hpp's Node).
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

}  // namespace nuraghe::search
