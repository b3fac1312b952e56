// Compiled, never run, by the ctest entries compile-fail/hook-* and compile-fail/hooks-correct
// (tests/CMakeLists.txt): a toy game with every optional part of core/hooks.hpp written right (the
// parts that show it to people in its Presentation, as a game's presentation.hpp writes them), and
// under -DTOY_HOOK=N a game derived from it with one part written wrong or, for a part of a group,
// left out (a NoPart of its name hides an inherited part; a part of the Presentation is wrong in a
// Presentation derived from the toy's). A part under its name with another signature must not
// compile, and the compiler must say which part and the signature it must have (the hooks'
// static_asserts), where without the check the part would silently go missing; so must a
// Presentation declared but not defined where a part is asked. The toy itself compiles with every
// part found, a hidden part is not found, and a game without a Presentation has none of its parts.
#include <algorithm>
#include <array>

#include "core/game.hpp"
#include "core/hooks.hpp"
#include "core/item_stats.hpp"

#ifndef TOY_HOOK
#define TOY_HOOK 0
#endif

namespace toy {

using namespace nuraghe;

// The toy's presentation, declared as a game's header declares it and defined below, as its
// presentation.hpp defines it.
struct HooksPresentation;

struct Hooks {
  static constexpr std::string_view kName = "hooks";
  static constexpr std::string_view kDescription = "one move by the first seat, with every optional part";
  static constexpr int kMinPlayers = 1, kMaxPlayers = 1;
  static constexpr bool kHiddenInformation = false;
  static constexpr int kMaxGameLength = 1;
  static constexpr int kMaxMoves = 1;
  using MoveList = nuraghe::MoveList<kMaxMoves>;

  struct Board {
    Json source;
  };
  struct State {
    bool over = false;
    Player to_move() const { return over ? kTerminal : 0; }
    void legal_moves(Hooks::MoveList& out) const {
      out.clear();
      out.push(0);
    }
    void apply(Move) { over = true; }
    Values returns() const { return Values{1.0}; }
    const Board& board() const;
    bool operator==(const State&) const = default;
  };

  static std::vector<ParamSpec> option_specs() { return {}; }
  static State initial(const GameConfig&) { return State{}; }
  static std::string move_to_string(const State&, Player, Move);
  static Json to_json(const State&);
  static State from_json(const Json&);

  // For the search.
  static Move random_move(const State&, Player, Rng&);
  static constexpr std::array<std::string_view, 2> kHeuristicStyles{"plain", "bold"};
  static Move heuristic_move(const State&, Player, Rng&, int style);
  static Move heuristic_move(const State&, Player, Rng&);
  static Values evaluate(const State&);
  static void search_moves(const State&, Player, MoveList&);
  // For learning.
  static int num_actions(const State&);
  static int action_index(const State&, Move);
  static Move action_move(const State&, int);
  static int observation_size(const State&);
  static void observation(const State&, Player, float*);
  static int feature_count(const State&);
  static std::vector<std::string> feature_names(const State&);
  static void features(const State&, Player, float*);
  // A board read from data.
  static constexpr bool kHasMap = true;
  static constexpr std::string_view kMapField = "board";
  static std::uint64_t map_hash(const State&);
  // Why a move is not legal.
  static std::string why_illegal(const State&, Player, Move);
  // For designers' tables.
  static constexpr std::array<std::string_view, 1> kStatKinds{"cell"};
  static ItemStats item_stats(const State&, std::string_view, bool);
  // For people: the parts of its Presentation.
  using Presentation = HooksPresentation;
};

struct HooksPresentation {
  static std::string legend(const Hooks::State&);
  static std::string explain(const Hooks::State&, Move);
  static std::string explain_to(const Hooks::State&, Move, Player);
  static std::string move_help(const Hooks::State&, Player, Move);
  static Json score_json(const Hooks::State&);
  static std::string score_report(const Hooks::State&);
  static constexpr std::string_view kScoreName = "points";
  static std::string board_svg(const Hooks::State&, const std::vector<double>&, int);
  static std::vector<double> board_usage(const Hooks::State&);
  static MapCheck map_check(const Hooks::State&);
  static svg::Drawing draw(const Hooks::State&, Player);
};

// The toy with one part wrong (the entry's name in tests/CMakeLists.txt after each).
#if TOY_HOOK == 0
using Toy = Hooks;
#else
struct Toy : Hooks {
#if TOY_HOOK == 1     // heuristic-return
  static int heuristic_move(const State&, Player, Rng&);
#elif TOY_HOOK == 2   // evaluate-parameters
  static Values evaluate(const State&, Player);
#elif TOY_HOOK == 3   // styles-missing: heuristic_move of a style, without kHeuristicStyles
  static constexpr NoPart kHeuristicStyles{};
#elif TOY_HOOK == 4   // styles-type
  static constexpr int kHeuristicStyles = 2;
#elif TOY_HOOK == 5   // style-parameters: a style by its name
  static Move heuristic_move(const State&, Player, Rng&, std::string_view style);
  static Move heuristic_move(const State&, Player, Rng&);
#elif TOY_HOOK == 6   // score-name-type
  struct Presentation : HooksPresentation {
    static constexpr int kScoreName = 1;
  };
#elif TOY_HOOK == 7   // tensors-partial
  static constexpr NoPart action_move{};
#elif TOY_HOOK == 8   // legend-return
  struct Presentation : HooksPresentation {
    static const char* legend(const State&);
  };
#elif TOY_HOOK == 9   // random-move-parameters
  static Move random_move(const State&, Player);
#elif TOY_HOOK == 10  // search-moves-parameters
  static void search_moves(const State&, Player, std::vector<Move>&);
#elif TOY_HOOK == 11  // observation-parameters
  static void observation(const State&, Player, double*);
#elif TOY_HOOK == 12  // map-flag-missing: map_hash and kMapField without kHasMap
  static constexpr NoPart kHasMap{};
#elif TOY_HOOK == 13  // map-flag-type
  static constexpr int kHasMap = 1;
#elif TOY_HOOK == 14  // map-hash-return
  static std::string map_hash(const State&);
#elif TOY_HOOK == 15  // map-field-type
  static constexpr int kMapField = 0;
#elif TOY_HOOK == 16  // explain-parameters
  struct Presentation : HooksPresentation {
    static std::string explain(const State&);
  };
#elif TOY_HOOK == 17  // explain-to-return
  struct Presentation : HooksPresentation {
    static std::string_view explain_to(const State&, Move, Player);
  };
#elif TOY_HOOK == 18  // move-help-member: not static
  struct Presentation : HooksPresentation {
    std::string move_help(const State&, Player, Move) const;
  };
#elif TOY_HOOK == 19  // why-illegal-return
  static bool why_illegal(const State&, Player, Move);
#elif TOY_HOOK == 20  // score-partial
  struct Presentation : HooksPresentation {
    static constexpr NoPart score_json{};
  };
#elif TOY_HOOK == 21  // board-partial
  struct Presentation : HooksPresentation {
    static constexpr NoPart board_usage{};
  };
#elif TOY_HOOK == 22  // map-check-return
  struct Presentation : HooksPresentation {
    static std::vector<std::string> map_check(const State&);
  };
#elif TOY_HOOK == 23  // draw-return
  struct Presentation : HooksPresentation {
    static std::string draw(const State&, Player);
  };
#elif TOY_HOOK == 24  // stat-kinds-type
  static constexpr int kStatKinds = 1;
#elif TOY_HOOK == 25  // item-stats-partial
  static constexpr NoPart item_stats{};
#elif TOY_HOOK == 28  // features-return
  static std::vector<std::string_view> feature_names(const State&);
#elif TOY_HOOK == 29  // features-partial
  static constexpr NoPart feature_count{};
#elif TOY_HOOK == 26  // presentation-undefined: declared, but its presentation.hpp not included
  struct Presentation;
#elif TOY_HOOK == 27  // presentation-type: not a class
  using Presentation = int;
#endif
};
#endif

// Every part's concept, asked as callers ask it: a part written wrong stops here.
constexpr bool kFound[] = {
    HasRandomMove<Toy>, HasHeuristic<Toy>,  HasHeuristicStyles<Toy>, HasEvaluation<Toy>, HasSearchMoves<Toy>,
    HasTensors<Toy>,    HasMap<Toy>,        HasLegend<Toy>,          HasExplain<Toy>,    HasExplainTo<Toy>,
    HasMoveHelp<Toy>,   HasWhyIllegal<Toy>, HasScoreReport<Toy>,     HasScoreName<Toy>,  HasBoardPicture<Toy>,
    HasMapCheck<Toy>,   HasDrawing<Toy>,    HasItemStats<Toy>,       HasFeatures<Toy>};
static_assert(Game<Toy>);

#if TOY_HOOK == 0
// Written right, every part is found, and the map's field is the game's.
static_assert(std::ranges::all_of(kFound, [](bool found) { return found; }));
static_assert(map_field_of<Toy>() == "board");

// A game derived from the toy leaves out parts it inherits by hiding their names, a group whole,
// and those of the Presentation in a Presentation derived from the toy's.
struct Plain : Hooks {
  struct Presentation : HooksPresentation {
    static constexpr NoPart draw{};
    static constexpr NoPart kScoreName{};
  };
  static constexpr NoPart num_actions{}, action_index{}, action_move{}, observation_size{}, observation{};
};
static_assert(Game<Plain> && !HasDrawing<Plain> && !HasScoreName<Plain> && !HasTensors<Plain>);
static_assert(HasHeuristicStyles<Plain> && HasMap<Plain> && HasItemStats<Plain> && HasLegend<Plain> &&
              HasScoreReport<Plain>);

// A game without a Presentation, the rules alone (the toy's): it compiles, and has none of the
// parts that show a game to people.
struct Bare {
  static constexpr std::string_view kName = "bare";
  static constexpr std::string_view kDescription = "the toy's rules without a Presentation";
  static constexpr int kMinPlayers = 1, kMaxPlayers = 1;
  static constexpr bool kHiddenInformation = false;
  static constexpr int kMaxGameLength = 1;
  static constexpr int kMaxMoves = 1;
  using MoveList = Hooks::MoveList;
  using State = Hooks::State;

  static std::vector<ParamSpec> option_specs() { return {}; }
  static State initial(const GameConfig&) { return State{}; }
  static std::string move_to_string(const State&, Player, Move);
  static Json to_json(const State&);
  static State from_json(const Json&);
};
static_assert(Game<Bare> && !DeclaresPresentation<Bare> && !HasPresentation<Bare>);
static_assert(!HasLegend<Bare> && !HasExplain<Bare> && !HasExplainTo<Bare> && !HasMoveHelp<Bare> &&
              !HasScoreReport<Bare> && !HasScoreName<Bare> && !HasBoardPicture<Bare> && !HasMapCheck<Bare> &&
              !HasDrawing<Bare>);
#endif

}  // namespace toy
