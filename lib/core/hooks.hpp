#pragma once
// Every optional part of a game, in one place. core/game.hpp holds what each game must write; here
// is what a game may write besides, each part with a one-line comment, the one concept that
// detects it, and what callers do without it (its default). A part is written as a static member
// of the game under the name and signature given here; a flag is read by its value.
//
//   part                                 without it
//   random_move                          a uniform draw from legal_moves (random_legal_move)
//   heuristic_move, kHeuristicStyles     no `heuristic` bot, no rollout=heuristic
//   evaluate                             rollouts play to the end (no cutoff=)
//   search_moves                         the search tries every legal move (prune=on does nothing)
//   num_actions ... observation          no action or observation vectors (Python says so)
//   kHasMap = true, map_hash             one built-in board: no --map, no hash in results files
//   legend, explain, explain_to,         people at the table read the notation alone
//     move_help, why_illegal
//   score_report, score_json             `nuraghe score` prints the returns
//   kScoreName                           scores are headed "score"
//   board_svg, board_usage               no `nuraghe map` picture
//   map_check                            no `nuraghe map --check`
//   kStatKinds, item_stats               `nuraghe stats` and `compare` have the whole game alone (--by game);
//                                          its types and concept are core/item_stats.hpp's
//   draw                                 the viewer shows the text picture (render)
//
// docs/game-concept.md says what each promises; the invariant suite checks the promises of every
// part a game has.

#include <concepts>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "core/game.hpp"
#include "core/json.hpp"
#include "core/svg.hpp"

namespace nuraghe {

// ---- for the search --------------------------------------------------------------------------

// A uniformly random legal move of the seat to move without building the move list. It must
// return exactly what `legal_moves(list); list[rng.below(list.size())]` returns and leave the RNG
// as that does, so using it changes no result, only the speed (the invariant suite checks both).
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
  MoveListOf<G> moves;
  legal_moves_of<G>(s, p, moves);
  return moves[rng.below(std::uint32_t(moves.size()))];
}

// A rollout policy: a legal move of seat p (the seat to move, or any seat at a simultaneous node),
// better than random. The search uses it for rollout=heuristic and the `heuristic` bot plays it;
// the invariant suite checks that every move it returns is legal.
template <class G>
concept HasHeuristic = requires(const typename G::State& s, Player p, Rng& rng) {
  { G::heuristic_move(s, p, rng) } -> std::same_as<Move>;
};

// Named playstyles of the heuristic (`heuristic:style=NAME`): kHeuristicStyles lists them, the
// first being heuristic_move's own, and heuristic_move(s, p, rng, i) plays style i.
template <class G>
concept HasHeuristicStyles = HasHeuristic<G> && requires(const typename G::State& s, Player p, Rng& rng) {
  { G::kHeuristicStyles.size() } -> std::convertible_to<std::size_t>;
  {std::string_view(G::kHeuristicStyles[0])};
  { G::heuristic_move(s, p, rng, 0) } -> std::same_as<Move>;
};

// A static evaluation: every seat's expected return in [0, 1], for rollouts cut off early.
template <class G>
concept HasEvaluation = requires(const typename G::State& s) {
  { G::evaluate(s) } -> std::same_as<Values>;
};

// Moves worth searching (`prune=on`): the game drops from seat p's legal moves those the search
// need not tell apart or try (for example all but the cheapest payment of one claim), keeping the
// order of the rest and at least one move. It must depend only on what seat p can see, so that
// every state of an information set keeps the same moves of p.
template <class G>
concept HasSearchMoves = requires(const typename G::State& s, Player p, MoveListOf<G>& moves) {
  G::search_moves(s, p, moves);
};

// ---- for learning ----------------------------------------------------------------------------

// A fixed action space and a numeric picture of what a seat knows (the Python module's action and
// observation vectors, as pyspiel offers). num_actions(s) and observation_size(s) are the same for
// every state of one game (they may depend on its map and seat count); action_index(s, m) numbers
// every move m legal in s one-to-one into [0, num_actions(s)), with the same number for the same
// move in every state (so a policy head means one thing), and action_move(s, a) is its inverse;
// observation(s, p, out) writes observation_size(s) numbers that depend only on view(p). p is a
// seat, 0..n-1: an agent learns from what a seat may know, so there is no observation of the whole
// state (p = -1 is not allowed; the games assert it). core/tensors.hpp helps to write them.
template <class G>
concept HasTensors = requires(const typename G::State& s, Move m, int a, Player p, float* out) {
  { G::num_actions(s) } -> std::same_as<int>;
  { G::action_index(s, m) } -> std::same_as<int>;
  { G::action_move(s, a) } -> std::same_as<Move>;
  { G::observation_size(s) } -> std::same_as<int>;
  G::observation(s, p, out);
};

// ---- a board or map read from data -----------------------------------------------------------

// kHasMap = true: the game's board or map is a data file, and another one is given by --map FILE
// (GameConfig::map_file). map_hash(s) is the hash of the board of s (hash_json of its file), which
// results files and model files record so that a file edited since is noticed. s.board() is the
// board's entry in the game's registry (core/registry.hpp), whose `source` is the file's JSON as
// read (a designer's tools show it: nuraghe.map_data). The position field that holds the board is
// kMapField, "map" by default (Bardagi's is "board").
template <class G>
concept HasMap = requires(const typename G::State& s) {
  { G::kHasMap } -> std::convertible_to<bool>;
  { G::map_hash(s) } -> std::same_as<std::uint64_t>;
  { s.board().source } -> std::convertible_to<const Json&>;
}
&&G::kHasMap;

template <class G>
constexpr std::string_view map_field_of() {
  if constexpr (requires { G::kMapField; }) return G::kMapField;
  else return "map";
}

// The board's hash as results files write it (16 hex digits), "" for a game without a map.
template <Game G>
std::string map_hash_text(const typename G::State& s) {
  if constexpr (HasMap<G>) return hash_text(G::map_hash(s));
  else return "";
}

// ---- for people --------------------------------------------------------------------------------

// legend(s): the board's geometry, shown once to a human seat.
template <class G>
concept HasLegend = requires(const typename G::State& s) {
  { G::legend(s) } -> std::same_as<std::string>;
};
// explain(before, m): what m did beyond its notation (a Sentinel's scoring), printed after it.
template <class G>
concept HasExplain = requires(const typename G::State& s, Move m) {
  { G::explain(s, m) } -> std::same_as<std::string>;
};
// explain_to(before, m, p): what seat p alone learned from m (the card it drew blind), printed
// after m to a person in seat p. explain is printed to every seat, so it must not tell this.
template <class G>
concept HasExplainTo = requires(const typename G::State& s, Move m, Player p) {
  { G::explain_to(s, m, p) } -> std::same_as<std::string>;
};
// move_help(s, p, m): what a move will do (keep, replace), in the human seat's move list.
template <class G>
concept HasMoveHelp = requires(const typename G::State& s, Player p, Move m) {
  { G::move_help(s, p, m) } -> std::same_as<std::string>;
};
// why_illegal(s, p, m): one line on why m is not legal, in the error of every command reading a move.
template <class G>
concept HasWhyIllegal = requires(const typename G::State& s, Player p, Move m) {
  { G::why_illegal(s, p, m) } -> std::same_as<std::string>;
};

template <Game G>
std::string explain_move(const typename G::State& before, Move m) {
  if constexpr (HasExplain<G>) return G::explain(before, m);
  else return {};
}
template <Game G>
std::string explain_move_to(const typename G::State& before, Move m, Player p) {
  if constexpr (HasExplainTo<G>) return G::explain_to(before, m, p);
  else return {};
}
template <Game G>
std::string move_help(const typename G::State& s, Player p, Move m) {
  if constexpr (HasMoveHelp<G>) return G::move_help(s, p, m);
  else return {};
}

// score_report(s), score_json(s): the score part by part, as text and as JSON (`nuraghe score`).
template <class G>
concept HasScoreReport = requires(const typename G::State& s) {
  { G::score_report(s) } -> std::same_as<std::string>;
  { G::score_json(s) } -> std::same_as<Json>;
};

// kScoreName: what scores() counts, as the rulebook calls it ("glory", "points"), which heads the
// viewer's score column.
template <class G>
concept HasScoreName = requires {
  { G::kScoreName } -> std::convertible_to<std::string_view>;
};
template <Game G>
std::string_view score_name_of() {
  if constexpr (HasScoreName<G>) return G::kScoreName;
  else return "score";
}

// board_svg(s, usage, games): the board of s drawn from its data as SVG (`nuraghe map`), its
// elements (a map's routes) coloured by `usage`, a share per element over `games` games, when that
// is not empty; board_usage(final): which elements a finished game used, one 0 or 1 per element,
// which `map --usage` averages.
template <class G>
concept HasBoardPicture = requires(const typename G::State& s, const std::vector<double>& usage, int games) {
  { G::board_svg(s, usage, games) } -> std::same_as<std::string>;
  { G::board_usage(s) } -> std::same_as<std::vector<double>>;
};

// map_check(s): a designer's check of the board or map of s (`nuraghe map --check`): its counts,
// one line each ("routes: 86: ..."), and a warning for each thing that is legal but likely a
// mistake (a Ticket to Ride ticket whose value is not its shortest path); `--strict` makes any
// warning an error.
struct MapCheck {
  std::vector<std::string> counts;
  std::vector<std::string> warnings;
};
template <class G>
concept HasMapCheck = requires(const typename G::State& s) {
  { G::map_check(s) } -> std::same_as<MapCheck>;
};

// draw(s, p): s as seat p sees it (p = -1: everything, as render(s, -1)) for the browser viewer,
// board, pieces and panel in one SVG frame (core/svg.hpp); the viewer shows render()'s text beside
// it.
template <class G>
concept HasDrawing = requires(const typename G::State& s, Player p) {
  { G::draw(s, p) } -> std::same_as<svg::Drawing>;
};

}  // namespace nuraghe
