#pragma once
// The game concept: the one interface between every game and the search core.
//
// A game is a type G with a trivially copyable G::State (copying a state is a memcpy) and a few
// static functions. Everything is resolved at compile time: the search loop makes no virtual
// calls and no allocations. Randomness is data: decks are stored shuffled in the state, so
// apply() is deterministic and there are no chance nodes. Hidden information is expressed by
// view()/determinize()/observe(): see ../../docs/game-concept.md for the contract in full.

#include <array>
#include <cassert>
#include <concepts>
#include <cstdint>
#include <cstring>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <type_traits>
#include <unordered_map>
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

using Values = std::array<double, kMaxPlayers>;   // one number per seat; unused seats are 0
using JointMove = std::array<Move, kMaxPlayers>;  // one move per seat at a simultaneous node

// The fixed-capacity list of one seat's legal moves. A game may name it (`using MoveList = ...`);
// callers write MoveListOf<G>.
template <class G>
using MoveListOf = MoveList<G::kMaxMoves>;

// How to set up a game: seat count (0 = the game's default), seed for everything random at
// setup, rule options ("variant=alt-sentinel"), and an optional board or map: a file, or the
// file's JSON itself as a results file or play log records it (map_data, which wins when both are
// given: a recorded game is read on the map it was played on, wherever the file has gone since).
struct GameConfig {
  int players = 0;
  std::uint64_t seed = 1;
  std::map<std::string, std::string> options;
  std::string map_file;
  Json map_data;  // null unless a record gave the map
};

// Simultaneous nodes are optional: a game that has them (to_move() == kSimultaneous somewhere)
// declares how a joint move applies and what each seat observes of it, and each seat's moves.
// A sequential game leaves all three out and gets the defaults below (legal_moves_of,
// apply_joint, observe_joint), which is how every caller reaches them.
template <class G>
concept HasApplyJoint = requires(typename G::State& s, const JointMove& joint) {
  s.apply_joint(joint);
};
template <class G>
concept HasObserveJoint = requires(const typename G::State& s, const JointMove& joint, Player p) {
  { G::observe_joint(s, joint, p) } -> std::same_as<std::uint64_t>;
};
template <class G>
concept HasSimultaneousMoves = HasApplyJoint<G> && HasObserveJoint<G>;
// Moves of any seat p, not only of the seat to move: required with simultaneous nodes.
template <class G>
concept HasSeatMoves = requires(const typename G::State& s, Player p, MoveListOf<G>& moves) {
  s.legal_moves(p, moves);
};

// ---- parts a game may leave out, each with the default a perfect-information game wants -------
// A game that writes one of these must write it with this signature: a member of the name with
// another signature is a compile error (the concept below), never silently replaced by the default.

// kHiddenInformation (default false): some seat does not see the whole state. A game with hidden
// information writes view, determinize and observe; the others default to the whole state.
template <class G>
concept DeclaresHiddenInformation = requires {
  { G::kHiddenInformation } -> std::convertible_to<bool>;
};
template <class G>
constexpr bool declared_hidden_information() {
  if constexpr (DeclaresHiddenInformation<G>) return bool(G::kHiddenInformation);
  else return false;
}
template <class G>
inline constexpr bool hidden_information = declared_hidden_information<G>();
// s.num_players() (default: the seat count, for a game that seats only one count).
template <class G>
concept HasNumPlayers = requires(const typename G::State& s) {
  { s.num_players() } -> std::convertible_to<int>;
};
// s.scores() (default returns()): raw points, where they differ from the utility.
template <class G>
concept HasScores = requires(const typename G::State& s) {
  { s.scores() } -> std::same_as<Values>;
};
// s.view(p) (default: the position, to_json): seat p's perfect-recall information state.
template <class G>
concept HasView = requires(const typename G::State& s, Player p) {
  { s.view(p) } -> std::same_as<Json>;
};
// s.view_hash(p) (default: hash_json of the view): equal views give equal hashes.
template <class G>
concept HasViewHash = requires(const typename G::State& s, Player p) {
  { s.view_hash(p) } -> std::same_as<std::uint64_t>;
};
// s.determinize(p, rng) (default: the state): a state of p's information set.
template <class G>
concept HasDeterminize = requires(const typename G::State& s, Player p, Rng& rng) {
  { s.determinize(p, rng) } -> std::same_as<typename G::State>;
};
// G::observe(s, m, p) (default: the move): a token of what p learns from s --m-->.
template <class G>
concept HasObserve = requires(const typename G::State& s, Move m, Player p) {
  { G::observe(s, m, p) } -> std::same_as<std::uint64_t>;
};
// G::parse_move(s, p, text) (default: the legal move of p whose move_to_string is text, found in
// a hash index of the legal moves' texts; lib/bots/notation.hpp): a game that reads more than its own
// printed notation (Ticket to Ride's payments in any order) writes its own.
template <class G>
concept HasParseMove = requires(const typename G::State& s, Player p, std::string_view text) {
  { G::parse_move(s, p, text) } -> std::same_as<Move>;
};
// G::render(s, p) (default: the view as one line of JSON; p = -1, the position): a text picture.
template <class G>
concept HasRender = requires(const typename G::State& s, Player p) {
  { G::render(s, p) } -> std::same_as<std::string>;
};

// (clang-format 14 would put the requires body at the indent of `concept`.)
// clang-format off
template <class G>
concept Game =
    std::is_trivially_copyable_v<typename G::State> &&
    // Equality: the game's operator==, or the bytes where they are the value (no padding, no floats).
    (std::equality_comparable<typename G::State> ||
     std::has_unique_object_representations_v<typename G::State>) &&
    // The most legal moves of one seat at any state (and the list type, where the game names it).
    (G::kMaxMoves > 0) &&
    (!requires { typename G::MoveList; } || std::same_as<typename G::MoveList, MoveListOf<G>>) &&
    // Simultaneous nodes come with all of their parts or none.
    (HasApplyJoint<G> == HasObserveJoint<G>) && (!HasSimultaneousMoves<G> || HasSeatMoves<G>) &&
    // A seat count that varies is the state's to tell.
    (HasNumPlayers<G> || G::kMinPlayers == G::kMaxPlayers) &&
    // A board read from data comes with its hash and its registry entry (core/hooks.hpp, HasMap).
    (!requires { G::kHasMap; } || !G::kHasMap || requires(const typename G::State& s) {
      { G::map_hash(s) } -> std::same_as<std::uint64_t>;
      { s.board().source } -> std::convertible_to<const Json&>;
    }) &&
    // Hidden information needs the game's own view, determinization and observation.
    (!hidden_information<G> || (HasView<G> && HasDeterminize<G> && HasObserve<G>)) &&
    // A part the game writes, found by its name, has the signature of its default's concept:
    // a wrong signature is a compile error instead of a silent default.
    (!requires { &G::State::num_players; } || HasNumPlayers<G>) &&
    (!requires { &G::State::scores; } || HasScores<G>) &&
    (!requires { &G::State::view; } || HasView<G>) &&
    (!requires { &G::State::view_hash; } || HasViewHash<G>) &&
    (!requires { &G::State::determinize; } || HasDeterminize<G>) &&
    (!requires { &G::observe; } || HasObserve<G>) &&
    (!requires { &G::parse_move; } || HasParseMove<G>) &&
    (!requires { &G::render; } || HasRender<G>) &&
    requires(const typename G::State& s, typename G::State& mutable_state,
             MoveListOf<G>& moves, Move m, Player p, const Json& json, const GameConfig& config) {
      // Identity and limits.
      { G::kName } -> std::convertible_to<std::string_view>;
      { G::kDescription } -> std::convertible_to<std::string_view>;
      { G::kMinPlayers } -> std::convertible_to<int>;
      { G::kMaxPlayers } -> std::convertible_to<int>;
      { G::kMaxGameLength } -> std::convertible_to<int>;  // decisions (joint moves count once)
      { G::kMaxMoves } -> std::convertible_to<int>;
      { G::option_specs() } -> std::same_as<std::vector<ParamSpec>>;

      // Setup: validates the config (InputError on a bad option or seat count).
      { G::initial(config) } -> std::same_as<typename G::State>;

      // Rules.
      { s.to_move() } -> std::same_as<Player>;
      s.legal_moves(moves);  // moves of the player to move (to_move() >= 0)
      mutable_state.apply(m);
      { s.returns() } -> std::same_as<Values>;  // utility in [0,1]; meaningful once terminal

      // Notation and positions.
      { G::move_to_string(s, p, m) } -> std::same_as<std::string>;
      { G::to_json(s) } -> std::same_as<Json>;
      { G::from_json(json) } -> std::same_as<typename G::State>;  // InputError if malformed
    };
// clang-format on

// ---- how callers reach the parts with defaults ------------------------------------------------

template <Game G>
bool same_state(const typename G::State& a, const typename G::State& b) {
  if constexpr (std::equality_comparable<typename G::State>) return a == b;
  else return std::memcmp(&a, &b, sizeof a) == 0;
}
template <Game G>
int num_players_of(const typename G::State& s) {
  if constexpr (HasNumPlayers<G>) return s.num_players();
  else return G::kMinPlayers;
}
template <Game G>
Values scores_of(const typename G::State& s) {
  if constexpr (HasScores<G>) return s.scores();
  else return s.returns();
}
template <Game G>
Json view_of(const typename G::State& s, Player p) {
  if constexpr (HasView<G>) return s.view(p);
  else return G::to_json(s);
}
template <Game G>
std::uint64_t view_hash_of(const typename G::State& s, Player p) {
  if constexpr (HasViewHash<G>) return s.view_hash(p);
  else return hash_json(view_of<G>(s, p));
}
template <Game G>
typename G::State determinize([[maybe_unused]] const typename G::State& s, [[maybe_unused]] Player p,
                              [[maybe_unused]] Rng& rng) {
  if constexpr (HasDeterminize<G>) return s.determinize(p, rng);
  else return s;
}
template <Game G>
std::uint64_t observe([[maybe_unused]] const typename G::State& s, Move m, [[maybe_unused]] Player p) {
  if constexpr (HasObserve<G>) return G::observe(s, m, p);
  else return m;
}
// The legal moves of seat p at s by their notation, in a hash index: the default parse_move, built
// once for a state and seat, after which each text costs one lookup.
template <Game G>
class MoveTexts {
 public:
  MoveTexts(const typename G::State& s, Player p) {
    MoveListOf<G> moves;
    legal_moves_of<G>(s, p, moves);
    index_.reserve(moves.size());
    for (Move m : moves) index_.emplace(G::move_to_string(s, p, m), m);
  }
  std::optional<Move> find(std::string_view text) const {
    const auto it = index_.find(std::string(text));
    if (it == index_.end()) return std::nullopt;
    return it->second;
  }

 private:
  std::unordered_map<std::string, Move> index_;
};
// Seat p's move written as text: the game's parser, else the legal move whose notation is text
// (InputError if none is; lib/bots/notation.hpp's parse_legal_move says more).
template <Game G>
Move parse_move(const typename G::State& s, Player p, std::string_view text) {
  if constexpr (HasParseMove<G>) return G::parse_move(s, p, text);
  else {
    if (const auto m = MoveTexts<G>(s, p).find(text)) return *m;
    input_error(std::string(G::kName) + ": no legal move \"" + std::string(text) + "\" for player " +
                std::to_string(p));
  }
}
template <Game G>
std::string render_of(const typename G::State& s, Player p) {
  if constexpr (HasRender<G>) return G::render(s, p);
  else return json_text(p < 0 ? G::to_json(s) : view_of<G>(s, p)) + "\n";
}

// Seat p's legal moves (at a simultaneous node every seat has at least one; elsewhere only the
// seat to move has any): the game's own legal_moves(p, list) where it has one, else the moves of
// the seat to move for that seat and none for the others.
template <Game G>
void legal_moves_of(const typename G::State& s, Player p, MoveListOf<G>& moves) {
  if constexpr (HasSeatMoves<G>) s.legal_moves(p, moves);
  else if (p == s.to_move()) s.legal_moves(moves);
  else moves.clear();
}

// Applies one move per seat at a simultaneous node. A sequential game never has one to apply.
template <Game G>
void apply_joint([[maybe_unused]] typename G::State& s, [[maybe_unused]] const JointMove& joint) {
  if constexpr (HasSimultaneousMoves<G>) s.apply_joint(joint);
  else assert(false && "apply_joint in a game without simultaneous nodes");
}

// What seat p learns from a joint move at s; a sequential game has none to learn from.
template <Game G>
std::uint64_t observe_joint([[maybe_unused]] const typename G::State& s, [[maybe_unused]] const JointMove& joint,
                            [[maybe_unused]] Player p) {
  if constexpr (HasSimultaneousMoves<G>) return G::observe_joint(s, joint, p);
  else return 0;
}

// The optional parts of a game (random_move, heuristic, evaluation, tensors, a map, text for
// people, drawing) and their defaults: core/hooks.hpp.

// A player count outside the game's range, in the game's words ("ttr plays 2 to 5 players, not 6"):
// the one message of the command line, the Python module and every game's setup.
template <class G>
[[noreturn]] void wrong_player_count(int n) {
  const std::string range = G::kMinPlayers == G::kMaxPlayers
                                ? std::to_string(G::kMinPlayers)
                                : std::to_string(G::kMinPlayers) + " to " + std::to_string(G::kMaxPlayers);
  input_error(std::string(G::kName) + " plays " + range + " players, not " + std::to_string(n));
}

// The seat list for setup, validated against the game's limits.
template <class G>
int checked_players(const GameConfig& config, int default_players) {
  const int n = config.players == 0 ? default_players : config.players;
  if (n < G::kMinPlayers || n > G::kMaxPlayers) wrong_player_count<G>(n);
  return n;
}

// A game that reads no map file says so instead of ignoring one.
template <class G>
void reject_map_file(const GameConfig& config) {
  if (!config.map_file.empty() || !config.map_data.is_null())
    input_error(std::string(G::kName) + ": this game takes no --map file");
}

// Whether the config names a board or map of its own (a file, or one a record carries).
inline bool has_own_map(const GameConfig& config) { return !config.map_file.empty() || !config.map_data.is_null(); }

// The board or map a game whose board is data sets up on: the recorded map (map_data), else the
// map file, else the game's own. Board has the registry's intern(json, where) and load_file(path).
template <class Board>
const Board& board_of(const GameConfig& config, const Board& built_in) {
  if (!config.map_data.is_null())
    return Board::intern(config.map_data, config.map_file.empty() ? std::string("the recorded map")
                                                                  : "the map recorded for \"" + config.map_file + "\"");
  if (!config.map_file.empty()) return Board::load_file(config.map_file);
  return built_in;
}

}  // namespace nuraghe
