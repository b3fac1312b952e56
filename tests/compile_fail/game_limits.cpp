// Compiled, never run, by the ctest entries compile-fail/* (tests/CMakeLists.txt): the search built
// for a toy game of TOY_MAX_MOVES moves and TOY_MAX_PLAYERS seats. The core holds a visit's moves
// with 16-bit indices and a seat's statistics in arrays of core's kMaxPlayers, so a game beyond
// either must not compile, and the compiler must say which limit it broke (the search's
// static_asserts); a game at both limits compiles.
#include "core/game.hpp"
#include "search/mcts.hpp"

namespace toy {

using namespace nuraghe;

struct Limits {
  static constexpr std::string_view kName = "limits";
  static constexpr std::string_view kDescription = "one move by the first seat";
  static constexpr int kMinPlayers = 1, kMaxPlayers = TOY_MAX_PLAYERS;
  static constexpr bool kHiddenInformation = false;
  static constexpr int kMaxGameLength = 1;
  static constexpr int kMaxMoves = TOY_MAX_MOVES;
  using MoveList = nuraghe::MoveList<kMaxMoves>;

  struct State {
    bool over = false;
    int num_players() const { return 1; }
    Player to_move() const { return over ? kTerminal : 0; }
    void legal_moves(Limits::MoveList& out) const {
      out.clear();
      out.push(0);
    }
    void apply(Move) { over = true; }
    Values returns() const { return Values{1.0}; }
    Values scores() const { return returns(); }
    Json view(Player) const;
    std::uint64_t view_hash(Player) const { return 0; }
    State determinize(Player, Rng&) const { return *this; }
    bool operator==(const State&) const = default;
  };

  static std::vector<ParamSpec> option_specs() { return {}; }
  static State initial(const GameConfig&) { return State{}; }
  static std::uint64_t observe(const State&, Move m, Player) { return m; }
  static std::string move_to_string(const State&, Player, Move);
  static Move parse_move(const State&, Player, std::string_view);
  static Json to_json(const State&);
  static State from_json(const Json&);
  static std::string render(const State&, Player);
};

static_assert(Game<Limits>);

// Builds and runs the search for the toy game, as a bot does.
search::SearchResult search_once() {
  search::Mcts<Limits> mcts(search::SearchConfig{}, false);
  Rng rng(1);
  const Limits::State s;
  return mcts.search([&](Rng&) { return s; }, 0, 1, false, rng);
}

}  // namespace toy
