#pragma once
// Every optional part of a game, in one place. core/game.hpp holds what each game must write; here
// is what a game may write besides, each part with a one-line comment, the one concept that
// detects it, and what callers do without it (its default). A part is written as a static member
// of the game under the name and signature given here; a flag is read by its value. The parts that
// only show the game to people (marked * below) are static members of the game's Presentation, a
// class of its own that the game names (`using Presentation = ttr::Presentation;`) and that
// lib/games/<game>/presentation.hpp defines, so that the search, the arena and learning compile
// against the rules alone, and a game may leave its presentation out. A member of a part's name
// with another signature is a compile error naming the part and its signature, never a part
// silently missing (a game without its heuristic bot); the parts of a group (the tensors' five,
// both score texts, ...) come all together. A game derived from another leaves out a part it
// inherits by hiding the name with a NoPart: `static constexpr NoPart NAME{};` (in a Presentation
// of its own, derived from the other's, for a part marked *).
//
//   part                                 without it
//   random_move                          a uniform draw from legal_moves (random_legal_move)
//   heuristic_move, kHeuristicStyles     no `heuristic` bot, no rollout=heuristic
//   evaluate                             rollouts play to the end (no cutoff=)
//   search_moves                         the search tries every legal move (prune=on does nothing)
//   num_actions ... observation          no action or observation vectors (Python says so)
//   feature_count, feature_names,        no named features: a learner reads the observation alone
//     features
//   kHasMap = true, map_hash             one built-in board: no --map, no hash in results files
//   why_illegal                          an illegal move's error gives no reason
//   kStatKinds, item_stats               `nuraghe stats` and `compare` have the whole game alone (--by game);
//                                          its types and concept are core/item_stats.hpp's
//   * legend, explain, explain_to,       people at the table read the notation alone
//       move_help
//   * move_places                        a seat in the browser picks its moves by their words alone
//   * score_report, score_json           `nuraghe score` prints the returns
//   * kScoreName                         scores are headed "score"
//   * board_svg, board_usage             no `nuraghe map` picture
//   * map_check                          no `nuraghe map --check`
//   * draw                               the viewer shows the text picture (render)
//
// docs/game-concept.md says what each promises; the invariant suite checks the promises of every
// part a game has.

#include <concepts>
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

#include "core/game.hpp"
#include "core/json.hpp"
#include "core/svg.hpp"

namespace nuraghe {

// ---- how a part is found -----------------------------------------------------------------------

// The type of a name that hides a part a game would inherit: `static constexpr NoPart draw{};` in a
// game derived from one that draws.
struct NoPart {};

// declares::NAME<G>: G has a member called NAME (its own or inherited), whatever its kind and
// signature. A call would find only the right signature; in a class derived from G and from one
// holding `int NAME`, NAME is ambiguous exactly when G has one, overload sets and data members
// alike. A final G cannot be derived from: there only a member that is not overloaded is found.
// A member of type NoPart is the hiding of an inherited part, not a part.
// (clang-format 14 would break a concept in a macro apart.)
// clang-format off
#define NURAGHE_DECLARES(NAME)                                                \
  struct NAME##_other { int NAME; };                                          \
  template <class G> struct NAME##_probe : G, NAME##_other {};                \
  template <class G>                                                          \
  concept NAME = std::is_class_v<G> &&                                        \
      ((std::is_final_v<G> && requires { &G::NAME; }) ||                      \
       (!std::is_final_v<G> && !requires { &NAME##_probe<G>::NAME; })) &&     \
      !requires { { &G::NAME } -> std::same_as<const NoPart*>; };
// clang-format on

// The names of the parts, this header's and core/item_stats.hpp's.
namespace declares {
NURAGHE_DECLARES(random_move)
NURAGHE_DECLARES(heuristic_move)
NURAGHE_DECLARES(kHeuristicStyles)
NURAGHE_DECLARES(evaluate)
NURAGHE_DECLARES(search_moves)
NURAGHE_DECLARES(num_actions)
NURAGHE_DECLARES(action_index)
NURAGHE_DECLARES(action_move)
NURAGHE_DECLARES(observation_size)
NURAGHE_DECLARES(observation)
NURAGHE_DECLARES(feature_count)
NURAGHE_DECLARES(feature_names)
NURAGHE_DECLARES(features)
NURAGHE_DECLARES(kHasMap)
NURAGHE_DECLARES(map_hash)
NURAGHE_DECLARES(kMapField)
NURAGHE_DECLARES(legend)
NURAGHE_DECLARES(explain)
NURAGHE_DECLARES(explain_to)
NURAGHE_DECLARES(move_help)
NURAGHE_DECLARES(move_places)
NURAGHE_DECLARES(why_illegal)
NURAGHE_DECLARES(score_report)
NURAGHE_DECLARES(score_json)
NURAGHE_DECLARES(kScoreName)
NURAGHE_DECLARES(board_svg)
NURAGHE_DECLARES(board_usage)
NURAGHE_DECLARES(map_check)
NURAGHE_DECLARES(draw)
NURAGHE_DECLARES(kStatKinds)
NURAGHE_DECLARES(item_stats)
}  // namespace declares
#undef NURAGHE_DECLARES

// A part's concept is `declares::NAME<G> && PART_checked<G>()` (a group's: any of its names): a game
// without the name has no such part, and one with it is checked. The check's static_assert fails
// when the concept is asked, a compile error (not a concept that is false) whose message names the
// part and the signature it must have.

// ---- for the search --------------------------------------------------------------------------

// A uniformly random legal move of the seat to move without building the move list. It must
// return exactly what `legal_moves(list); list[rng.below(list.size())]` returns and leave the RNG
// as that does, so using it changes no result, only the speed (the invariant suite checks both).
template <class G>
consteval bool random_move_checked() {
  static_assert(
      requires(const typename G::State& s, Player p, Rng& rng) {
        { G::random_move(s, p, rng) } -> std::same_as<Move>;
      },
      "random_move must be `static Move random_move(const State&, Player, Rng&)` (lib/core/hooks.hpp)");
  return true;
}
template <class G>
concept HasRandomMove = declares::random_move<G> && random_move_checked<G>();

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
// the invariant suite checks that every move it returns is legal. Named playstyles of it
// (`heuristic:style=NAME`): kHeuristicStyles lists them, the first being heuristic_move's own, and
// heuristic_move(s, p, rng, i) plays style i; an overloaded heuristic_move is this pair.
template <class G>
consteval bool heuristic_checked() {
  constexpr bool plain = requires(const typename G::State& s, Player p, Rng& rng) {
    { G::heuristic_move(s, p, rng) } -> std::same_as<Move>;
  };
  static_assert(plain,
                "heuristic_move must be `static Move heuristic_move(const State&, Player, Rng&)` (lib/core/hooks.hpp)");
  constexpr bool overloaded = declares::heuristic_move<G> && !requires { &G::heuristic_move; };
  if constexpr (plain && (declares::kHeuristicStyles<G> || overloaded)) {
    static_assert(
        requires {
          { G::kHeuristicStyles.size() } -> std::convertible_to<std::size_t>;
          std::string_view(G::kHeuristicStyles[0]);
        },
        "kHeuristicStyles must be the styles' names, `static constexpr std::array<std::string_view, N> "
        "kHeuristicStyles`, with heuristic_move(s, p, rng, style) (lib/core/hooks.hpp)");
    static_assert(
        requires(const typename G::State& s, Player p, Rng& rng, int style) {
          { G::heuristic_move(s, p, rng, style) } -> std::same_as<Move>;
        },
        "heuristic_move of a style must be `static Move heuristic_move(const State&, Player, Rng&, int style)`, "
        "with kHeuristicStyles (lib/core/hooks.hpp)");
  }
  return true;
}
template <class G>
concept DeclaresHeuristic = declares::heuristic_move<G> || declares::kHeuristicStyles<G>;
template <class G>
concept HasHeuristic = DeclaresHeuristic<G> && heuristic_checked<G>();
template <class G>
concept HasHeuristicStyles = HasHeuristic<G> && declares::kHeuristicStyles<G>;

// A static evaluation: every seat's expected return in [0, 1], for rollouts cut off early.
template <class G>
consteval bool evaluate_checked() {
  static_assert(
      requires(const typename G::State& s) {
        { G::evaluate(s) } -> std::same_as<Values>;
      },
      "evaluate must be `static Values evaluate(const State&)` (lib/core/hooks.hpp)");
  return true;
}
template <class G>
concept HasEvaluation = declares::evaluate<G> && evaluate_checked<G>();

// Moves worth searching (`prune=on`): the game drops from seat p's legal moves those the search
// need not tell apart or try (for example all but the cheapest payment of one claim), keeping the
// order of the rest and at least one move. It must depend only on what seat p can see, so that
// every state of an information set keeps the same moves of p.
template <class G>
consteval bool search_moves_checked() {
  static_assert(
      requires(const typename G::State& s, Player p, MoveListOf<G>& moves) { G::search_moves(s, p, moves); },
      "search_moves must be `static void search_moves(const State&, Player, MoveList&)` (lib/core/hooks.hpp)");
  return true;
}
template <class G>
concept HasSearchMoves = declares::search_moves<G> && search_moves_checked<G>();

// ---- for learning ----------------------------------------------------------------------------

// A fixed action space and a numeric picture of what a seat knows (the Python module's action and
// observation vectors, as pyspiel offers). num_actions(s) and observation_size(s) are the same for
// every state of one game (they may depend on its map and seat count); action_index(s, m) numbers
// every move m legal in s one-to-one into [0, num_actions(s)), with the same number for the same
// move in every state (so a policy head means one thing), and action_move(s, a) is its inverse;
// observation(s, p, out) writes observation_size(s) numbers that depend only on view(p). p is a
// seat, 0..n-1: an agent learns from what a seat may know, so there is no observation of the whole
// state (p = -1 is not allowed; the games assert it). core/tensors.hpp helps to write them. The
// five come together: a game with some of them has none that a caller could use.
template <class G>
consteval bool tensors_checked() {
  static_assert(
      requires(const typename G::State& s) {
        { G::num_actions(s) } -> std::same_as<int>;
      },
      "num_actions must be `static int num_actions(const State&)`, with the other parts of HasTensors "
      "(lib/core/hooks.hpp)");
  static_assert(
      requires(const typename G::State& s, Move m) {
        { G::action_index(s, m) } -> std::same_as<int>;
      },
      "action_index must be `static int action_index(const State&, Move)`, with the other parts of HasTensors "
      "(lib/core/hooks.hpp)");
  static_assert(
      requires(const typename G::State& s, int a) {
        { G::action_move(s, a) } -> std::same_as<Move>;
      },
      "action_move must be `static Move action_move(const State&, int)`, with the other parts of HasTensors "
      "(lib/core/hooks.hpp)");
  static_assert(
      requires(const typename G::State& s) {
        { G::observation_size(s) } -> std::same_as<int>;
      },
      "observation_size must be `static int observation_size(const State&)`, with the other parts of HasTensors "
      "(lib/core/hooks.hpp)");
  static_assert(
      requires(const typename G::State& s, Player p, float* out) { G::observation(s, p, out); },
      "observation must be `static void observation(const State&, Player, float* out)`, with the other parts of "
      "HasTensors (lib/core/hooks.hpp)");
  return true;
}
template <class G>
concept DeclaresTensors = declares::num_actions<G> || declares::action_index<G> || declares::action_move<G> ||
    declares::observation_size<G> || declares::observation<G>;
template <class G>
concept HasTensors = DeclaresTensors<G> && tensors_checked<G>();

// Named features of what a seat knows, for learning beside the raw observation: what the game's
// knowledge says counts (a ticket's cheapest open path, a contested area's margin), so that a small
// model can see it. feature_count(s) numbers, the same for every state of one game (its map,
// options and seat count may change it), named by feature_names(s) in order (unique names, by which
// a learner's inputs are known), written by features(s, p, out) from view(p) alone, as the observation is.
// The three come together.
template <class G>
consteval bool features_checked() {
  static_assert(
      requires(const typename G::State& s) {
        { G::feature_count(s) } -> std::same_as<int>;
      },
      "feature_count must be `static int feature_count(const State&)`, with the other parts of HasFeatures "
      "(lib/core/hooks.hpp)");
  static_assert(
      requires(const typename G::State& s) {
        { G::feature_names(s) } -> std::same_as<std::vector<std::string>>;
      },
      "feature_names must be `static std::vector<std::string> feature_names(const State&)`, with the other parts "
      "of HasFeatures (lib/core/hooks.hpp)");
  static_assert(
      requires(const typename G::State& s, Player p, float* out) { G::features(s, p, out); },
      "features must be `static void features(const State&, Player, float* out)`, with the other parts of "
      "HasFeatures (lib/core/hooks.hpp)");
  return true;
}
template <class G>
concept DeclaresFeatures = declares::feature_count<G> || declares::feature_names<G> || declares::features<G>;
template <class G>
concept HasFeatures = DeclaresFeatures<G> && features_checked<G>();

// ---- a board or map read from data -----------------------------------------------------------

// kHasMap = true: the game's board or map is a data file, and another one is given by --map FILE
// (GameConfig::map_file). map_hash(s) is the hash of the board of s (hash_json of its file), which
// results files and model files record so that a file edited since is noticed. s.board() is the
// board's entry in the game's registry (core/registry.hpp), whose `source` is the file's JSON as
// read (a designer's tools show it: nuraghe.map_data). The position field that holds the board is
// kMapField, "map" by default (Bardagi's is "board"). map_hash and kMapField come with the flag, and
// kHasMap = true with map_hash.
template <class G>
consteval bool map_checked() {
  constexpr bool flag = requires {
    { G::kHasMap } -> std::same_as<const bool&>;
    typename std::bool_constant<G::kHasMap>;
  };
  static_assert(flag,
                "kHasMap must be `static constexpr bool kHasMap`, written with map_hash and kMapField "
                "(lib/core/hooks.hpp)");
  if constexpr (flag && (G::kHasMap || declares::map_hash<G>)) {
    static_assert(
        requires(const typename G::State& s) {
          { G::map_hash(s) } -> std::same_as<std::uint64_t>;
        },
        "map_hash must be `static std::uint64_t map_hash(const State&)`, with kHasMap = true (lib/core/hooks.hpp)");
  }
  if constexpr (flag && G::kHasMap) {
    static_assert(
        requires(const typename G::State& s) {
          { s.board().source } -> std::convertible_to<const Json&>;
        },
        "kHasMap = true needs `s.board()`, the board's registry entry, whose `source` is its JSON "
        "(lib/core/hooks.hpp)");
  }
  if constexpr (declares::kMapField<G>) {
    static_assert(
        requires {
          { G::kMapField } -> std::convertible_to<std::string_view>;
        },
        "kMapField must be `static constexpr std::string_view kMapField` (lib/core/hooks.hpp)");
  }
  return flag;
}
template <class G>
concept DeclaresMap = declares::kHasMap<G> || declares::map_hash<G> || declares::kMapField<G>;
template <class G>
concept HasMap = DeclaresMap<G> && map_checked<G>() && G::kHasMap;

template <class G>
constexpr std::string_view map_field_of() {
  if constexpr (declares::kMapField<G>) return G::kMapField;
  else return "map";
}

// The board's hash as results files write it (16 hex digits), "" for a game without a map.
template <Game G>
std::string map_hash_text(const typename G::State& s) {
  if constexpr (HasMap<G>) return hash_text(G::map_hash(s));
  else return "";
}

// ---- why a move is not legal -----------------------------------------------------------------

// why_illegal(s, p, m): one line on why m is not legal, in the error of every command reading a move.
// A part of the game itself, not of its Presentation: bots/notation.hpp refuses a move with it.
template <class G>
consteval bool why_illegal_checked() {
  static_assert(
      requires(const typename G::State& s, Player p, Move m) {
        { G::why_illegal(s, p, m) } -> std::same_as<std::string>;
      },
      "why_illegal must be `static std::string why_illegal(const State&, Player, Move)` (lib/core/hooks.hpp)");
  return true;
}
template <class G>
concept HasWhyIllegal = declares::why_illegal<G> && why_illegal_checked<G>();

// ---- for people: the game's Presentation -----------------------------------------------------

// What only shows a game to people (the texts of `play`'s human seat and log, `nuraghe score`,
// `nuraghe map`, the browser viewer) is not written in the game's struct but in a class of its own,
// the game's Presentation, which the struct names by a member type: the class is declared in the
// game's namespace and defined in lib/games/<game>/presentation.hpp, which includes the game's
// header (`namespace nuraghe::ttr { struct Presentation; }`, `using Presentation = ttr::Presentation;`
// in struct Ttr). The parts below are static members of that class, under the names and signatures
// given here, State being the game's State. The search, the bots, the arena and learning include the
// game's header alone and never ask them; the code that shows games (lib/viewer, lib/any_game, cli/,
// the tests) includes games/all_presentations.hpp (written by cmake/games.cmake). A game without the
// member type has none of these parts. A Presentation declared but not defined where a part is
// asked (its header not included) is a compile error that says so, never parts silently missing.
template <class G>
concept DeclaresPresentation = requires {
  typename G::Presentation;
};
template <class G>
consteval bool presentation_checked() {
  constexpr bool defined = requires { sizeof(typename G::Presentation); };
  static_assert(defined,
                "the game's Presentation is declared but not defined here: include "
                "games/<game>/presentation.hpp, or games/all_presentations.hpp (lib/core/hooks.hpp)");
  constexpr bool a_class = std::is_class_v<typename G::Presentation>;
  static_assert(a_class,
                "Presentation must name a class, the game's presentation: `using Presentation = <game>::Presentation;` "
                "(lib/core/hooks.hpp)");
  return defined && a_class;  // false after an error: no part is looked for in what is not a class
}
template <class G>
concept HasPresentation = DeclaresPresentation<G> && presentation_checked<G>();

// legend(s): the board's geometry, shown once to a human seat.
template <class G>
consteval bool legend_checked() {
  static_assert(
      requires(const typename G::State& s) {
        { G::Presentation::legend(s) } -> std::same_as<std::string>;
      },
      "legend must be `static std::string legend(const State&)` in the game's Presentation (lib/core/hooks.hpp)");
  return true;
}
template <class G>
concept HasLegend = HasPresentation<G> && declares::legend<typename G::Presentation> && legend_checked<G>();
// explain(before, m): what m did beyond its notation (a Sentinel's scoring), printed after it.
template <class G>
consteval bool explain_checked() {
  static_assert(
      requires(const typename G::State& s, Move m) {
        { G::Presentation::explain(s, m) } -> std::same_as<std::string>;
      },
      "explain must be `static std::string explain(const State& before, Move)` in the game's Presentation "
      "(lib/core/hooks.hpp)");
  return true;
}
template <class G>
concept HasExplain = HasPresentation<G> && declares::explain<typename G::Presentation> && explain_checked<G>();
// explain_to(before, m, p): what seat p alone learned from m (the card it drew blind), printed
// after m to a person in seat p. explain is printed to every seat, so it must not tell this.
template <class G>
consteval bool explain_to_checked() {
  static_assert(
      requires(const typename G::State& s, Move m, Player p) {
        { G::Presentation::explain_to(s, m, p) } -> std::same_as<std::string>;
      },
      "explain_to must be `static std::string explain_to(const State& before, Move, Player)` in the game's "
      "Presentation (lib/core/hooks.hpp)");
  return true;
}
template <class G>
concept HasExplainTo = HasPresentation<G> && declares::explain_to<typename G::Presentation> && explain_to_checked<G>();
// move_help(s, p, m): what a move will do (keep, replace), in the human seat's move list.
template <class G>
consteval bool move_help_checked() {
  static_assert(
      requires(const typename G::State& s, Player p, Move m) {
        { G::Presentation::move_help(s, p, m) } -> std::same_as<std::string>;
      },
      "move_help must be `static std::string move_help(const State&, Player, Move)` in the game's Presentation "
      "(lib/core/hooks.hpp)");
  return true;
}
template <class G>
concept HasMoveHelp = HasPresentation<G> && declares::move_help<typename G::Presentation> && move_help_checked<G>();

// move_places(s, p, m): the places on the board a move names, in the order its notation names
// them, each as "KIND:VALUE" where the game's drawing (draw) marks that place's elements with
// data-KIND="VALUE" ("route:sorgono~nuoro", "province:4"): a person at a browser seat (play
// --serve) picks a move by clicking them.
template <class G>
consteval bool move_places_checked() {
  static_assert(
      requires(const typename G::State& s, Player p, Move m) {
        { G::Presentation::move_places(s, p, m) } -> std::same_as<std::vector<std::string>>;
      },
      "move_places must be `static std::vector<std::string> move_places(const State&, Player, Move)` in the game's "
      "Presentation (lib/core/hooks.hpp)");
  return true;
}
template <class G>
concept HasMovePlaces = HasPresentation<G> && declares::move_places<typename G::Presentation> &&
    move_places_checked<G>();

template <Game G>
std::string explain_move(const typename G::State& before, Move m) {
  if constexpr (HasExplain<G>) return G::Presentation::explain(before, m);
  else return {};
}
template <Game G>
std::string explain_move_to(const typename G::State& before, Move m, Player p) {
  if constexpr (HasExplainTo<G>) return G::Presentation::explain_to(before, m, p);
  else return {};
}
template <Game G>
std::string move_help(const typename G::State& s, Player p, Move m) {
  if constexpr (HasMoveHelp<G>) return G::Presentation::move_help(s, p, m);
  else return {};
}
template <Game G>
std::vector<std::string> move_places(const typename G::State& s, Player p, Move m) {
  if constexpr (HasMovePlaces<G>) return G::Presentation::move_places(s, p, m);
  else return {};
}

// score_report(s), score_json(s): the score part by part, as text and as JSON (`nuraghe score`).
template <class G>
consteval bool score_report_checked() {
  static_assert(
      requires(const typename G::State& s) {
        { G::Presentation::score_report(s) } -> std::same_as<std::string>;
      },
      "score_report must be `static std::string score_report(const State&)`, with score_json, in the game's "
      "Presentation (lib/core/hooks.hpp)");
  static_assert(
      requires(const typename G::State& s) {
        { G::Presentation::score_json(s) } -> std::same_as<Json>;
      },
      "score_json must be `static Json score_json(const State&)`, with score_report, in the game's Presentation "
      "(lib/core/hooks.hpp)");
  return true;
}
template <class G>
concept DeclaresScoreReport = HasPresentation<G> &&
    (declares::score_report<typename G::Presentation> || declares::score_json<typename G::Presentation>);
template <class G>
concept HasScoreReport = DeclaresScoreReport<G> && score_report_checked<G>();

// kScoreName: what scores() counts, as the rulebook calls it ("glory", "points"), which heads the
// viewer's score column.
template <class G>
consteval bool score_name_checked() {
  static_assert(
      requires {
        { G::Presentation::kScoreName } -> std::convertible_to<std::string_view>;
      },
      "kScoreName must be `static constexpr std::string_view kScoreName` in the game's Presentation "
      "(lib/core/hooks.hpp)");
  return true;
}
template <class G>
concept HasScoreName = HasPresentation<G> && declares::kScoreName<typename G::Presentation> && score_name_checked<G>();
template <Game G>
std::string_view score_name_of() {
  if constexpr (HasScoreName<G>) return G::Presentation::kScoreName;
  else return "score";
}

// board_svg(s, usage, games): the board of s drawn from its data as SVG (`nuraghe map`), its
// elements (a map's routes) coloured by `usage`, a share per element over `games` games, when that
// is not empty; board_usage(final): which elements a finished game used, one 0 or 1 per element,
// which `map --usage` averages.
template <class G>
consteval bool board_picture_checked() {
  static_assert(
      requires(const typename G::State& s, const std::vector<double>& usage, int games) {
        { G::Presentation::board_svg(s, usage, games) } -> std::same_as<std::string>;
      },
      "board_svg must be `static std::string board_svg(const State&, const std::vector<double>& usage, int games)`, "
      "with board_usage, in the game's Presentation (lib/core/hooks.hpp)");
  static_assert(
      requires(const typename G::State& s) {
        { G::Presentation::board_usage(s) } -> std::same_as<std::vector<double>>;
      },
      "board_usage must be `static std::vector<double> board_usage(const State& final)`, with board_svg, in the "
      "game's Presentation (lib/core/hooks.hpp)");
  return true;
}
template <class G>
concept DeclaresBoardPicture = HasPresentation<G> &&
    (declares::board_svg<typename G::Presentation> || declares::board_usage<typename G::Presentation>);
template <class G>
concept HasBoardPicture = DeclaresBoardPicture<G> && board_picture_checked<G>();

// map_check(s): a designer's check of the board or map of s (`nuraghe map --check`): its counts,
// one line each ("routes: 86: ..."), and a warning for each thing that is legal but likely a
// mistake (a Ticket to Ride ticket whose value is not its shortest path); `--strict` makes any
// warning an error.
struct MapCheck {
  std::vector<std::string> counts;
  std::vector<std::string> warnings;
};
template <class G>
consteval bool map_check_checked() {
  static_assert(
      requires(const typename G::State& s) {
        { G::Presentation::map_check(s) } -> std::same_as<MapCheck>;
      },
      "map_check must be `static MapCheck map_check(const State&)` in the game's Presentation (lib/core/hooks.hpp)");
  return true;
}
template <class G>
concept HasMapCheck = HasPresentation<G> && declares::map_check<typename G::Presentation> && map_check_checked<G>();

// draw(s, p): s as seat p sees it (p = -1: everything, as render(s, -1)) for the browser viewer,
// board, pieces and panel in one SVG frame (core/svg.hpp); the viewer shows render()'s text beside
// it.
template <class G>
consteval bool drawing_checked() {
  static_assert(
      requires(const typename G::State& s, Player p) {
        { G::Presentation::draw(s, p) } -> std::same_as<svg::Drawing>;
      },
      "draw must be `static svg::Drawing draw(const State&, Player)` in the game's Presentation "
      "(lib/core/hooks.hpp)");
  return true;
}
template <class G>
concept HasDrawing = HasPresentation<G> && declares::draw<typename G::Presentation> && drawing_checked<G>();

}  // namespace nuraghe
