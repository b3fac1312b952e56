#pragma once
// The game concept: the one interface between every game and the search core.
//
// A game is a type G with a trivially copyable G::State (copying a state is a memcpy) and a few
// static functions. Everything is resolved at compile time: the search loop makes no virtual
// calls and no allocations. Randomness is data: decks are stored shuffled in the state, so
// apply() is deterministic and there are no chance nodes. Hidden information is expressed by
// view()/determinize()/observe(): see ../../docs/game-concept.md for the contract in full.

#include <array>
#include <concepts>
#include <cstdint>
#include <map>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

#include "core/json.hpp"
#include "core/move_list.hpp"
#include "core/params.hpp"
#include "core/rng.hpp"

namespace nuraghe {

// Who acts next: a seat index 0..n-1, or one of these.
using Player = int;
inline constexpr Player kTerminal = -1;      // the game is over
inline constexpr Player kSimultaneous = -2;  // every player chooses a move in secret, then apply_joint

inline constexpr int kMaxPlayers = 5;  // the most any nuraghe game seats (Bardagi, Ticket to Ride)

using Values = std::array<double, kMaxPlayers>;    // one number per seat; unused seats are 0
using JointMove = std::array<Move, kMaxPlayers>;   // one move per seat at a simultaneous node

// How to set up a game: seat count (0 = the game's default), seed for everything random at
// setup, rule options ("variant=alt-sentinel"), and an optional board/map file.
struct GameConfig {
  int players = 0;
  std::uint64_t seed = 1;
  std::map<std::string, std::string> options;
  std::string map_file;
};

template <class G>
concept Game =
    std::is_trivially_copyable_v<typename G::State> && std::equality_comparable<typename G::State> &&
    requires(const typename G::State& s, typename G::State& mutable_state,
             typename G::MoveList& moves, Move m, const JointMove& joint, Player p, Rng& rng,
             const Json& json, const GameConfig& config, std::string_view text) {
      // Identity and limits.
      { G::kName } -> std::convertible_to<std::string_view>;
      { G::kDescription } -> std::convertible_to<std::string_view>;
      { G::kMinPlayers } -> std::convertible_to<int>;
      { G::kMaxPlayers } -> std::convertible_to<int>;
      { G::kHiddenInformation } -> std::convertible_to<bool>;  // false: view(o) determines the state
      { G::kMaxGameLength } -> std::convertible_to<int>;       // decisions (joint moves count once)
      { G::option_specs() } -> std::same_as<std::vector<ParamSpec>>;

      // Setup: validates the config (InputError on a bad option or seat count).
      { G::initial(config) } -> std::same_as<typename G::State>;

      // Rules.
      { s.num_players() } -> std::convertible_to<int>;
      { s.to_move() } -> std::same_as<Player>;
      s.legal_moves(moves);     // moves of the player to move (to_move() >= 0)
      s.legal_moves(p, moves);  // moves of seat p; at a simultaneous node every seat has >= 1
      mutable_state.apply(m);
      mutable_state.apply_joint(joint);
      { s.returns() } -> std::same_as<Values>;  // utility in [0,1]; meaningful once terminal
      { s.scores() } -> std::same_as<Values>;   // raw points

      // Information.
      { s.view(p) } -> std::same_as<Json>;                   // p's perfect-recall information state
      { s.view_hash(p) } -> std::same_as<std::uint64_t>;     // hash of view(p)
      { s.determinize(p, rng) } -> std::same_as<typename G::State>;  // a state of p's information set
      { G::observe(s, m, p) } -> std::same_as<std::uint64_t>;        // what p learns from s --m-->
      { G::observe_joint(s, joint, p) } -> std::same_as<std::uint64_t>;

      // Notation and positions.
      { G::move_to_string(s, p, m) } -> std::same_as<std::string>;
      { G::parse_move(s, p, text) } -> std::same_as<Move>;  // InputError if unparsable
      { G::to_json(s) } -> std::same_as<Json>;
      { G::from_json(json) } -> std::same_as<typename G::State>;  // InputError if malformed
      { G::render(s, p) } -> std::same_as<std::string>;           // a text picture as p sees it
    };

// Optional: a uniformly random legal move of seat p without building the move list. It must
// return exactly what `legal_moves(p, list); list[rng.below(list.size())]` returns, so using it
// changes no result, only the speed (tests check the equality).
template <class G>
concept HasRandomMove = requires(const typename G::State& s, Player p, Rng& rng) {
  { G::random_move(s, p, rng) } -> std::same_as<Move>;
};

// A uniformly random legal move of seat p (which must have one).
template <Game G>
Move random_legal_move(const typename G::State& s, Player p, Rng& rng) {
  if constexpr (HasRandomMove<G>) {
    if (p == s.to_move()) return G::random_move(s, p, rng);
  }
  typename G::MoveList moves;
  s.legal_moves(p, moves);
  return moves[rng.below(std::uint32_t(moves.size()))];
}

// The seat list for setup, validated against the game's limits.
template <class G>
int checked_players(const GameConfig& config, int default_players) {
  const int n = config.players == 0 ? default_players : config.players;
  if (n < G::kMinPlayers || n > G::kMaxPlayers)
    input_error(std::string(G::kName) + ": " + std::to_string(n) + " players requested; this game seats " +
                std::to_string(G::kMinPlayers) + (G::kMinPlayers == G::kMaxPlayers ? "" : " to " + std::to_string(G::kMaxPlayers)));
  return n;
}

// A game that reads no map file says so instead of ignoring one.
template <class G>
void reject_map_file(const GameConfig& config) {
  if (!config.map_file.empty()) input_error(std::string(G::kName) + ": this game takes no --map file");
}

}  // namespace nuraghe
