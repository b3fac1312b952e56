#pragma once
// Bardagi, for 2 to 5 players on the Summer or Winter side of the board (or a board of data): the
// game as the search core sees it. The rules are State's (state.hpp, rules.cpp); this struct
// names the game, its options and its interface.

#include <array>
#include <string>
#include <string_view>
#include <vector>

#include "core/game.hpp"
#include "core/item_stats.hpp"
#include "core/params.hpp"
#include "games/bardagi/features.hpp"
#include "games/bardagi/heuristic.hpp"
#include "games/bardagi/notation.hpp"
#include "games/bardagi/position.hpp"
#include "games/bardagi/state.hpp"

namespace nuraghe {
namespace bardagi {
// What shows the game to people: its texts, its score part by part, the board's picture and check
// (lib/core/hooks.hpp), in games/bardagi/presentation.hpp.
struct Presentation;
}  // namespace bardagi

struct Bardagi {
  static constexpr std::string_view kName = "bardagi";
  static constexpr std::string_view kDescription =
      "Bardagi: Viking area control, secret simultaneous card selection, private runes (--map FILE: another board)";
  static constexpr int kMinPlayers = 2, kMaxPlayers = bardagi::kMaxSeats;
  static constexpr bool kHiddenInformation = true;
  static constexpr bool kHasMap = true;
  static constexpr std::string_view kMapField = "board";  // the position's field naming the board (--map)
  static constexpr int kMaxMoves = bardagi::kMaxLegalMoves;
  // A bound on decisions: at most 10 rounds of 5 seats, each seat's round well under 2,000
  // decisions (8 cards with their attack steps, squares, trades and casts; shifts and placements
  // bounded by its 40 disks and the 20 Axes; its claim's yields by the 64 areas).
  static constexpr int kMaxGameLength = 10 * 5 * 2000;
  using MoveList = bardagi::MoveList;
  using State = bardagi::State;

  static std::vector<ParamSpec> option_specs() {
    return {ParamSpec::choice("side", "summer", {"summer", "winter"},
                              "the board's side: 2-3 players choose, 4-5 play Summer"),
            ParamSpec::choice("length", "full", {"full", "short"},
                              "10/9/8/7 rounds for 2/3/4/5 players, or two fewer in the short game")};
  }
  static State initial(const GameConfig& config);

  // The heuristic player (heuristic.hpp), also the rollout policy.
  static Move heuristic_move(const State& s, Player p, Rng& rng) { return bardagi::heuristic_move(s, p, rng); }
  static Values evaluate(const State& s) { return bardagi::evaluate(s); }
  static void search_moves(const State& s, Player p, MoveList& moves) { bardagi::search_moves(s, p, moves); }

  static std::uint64_t observe(const State& before, Move m, Player observer);
  static std::uint64_t observe_joint(const State& before, const JointMove& joint, Player observer);
  static std::string move_to_string(const State& s, Player p, Move m) { return bardagi::move_text(s, p, m); }
  static Move parse_move(const State& s, Player p, std::string_view text) {
    return bardagi::parse_move_text(s, p, text);
  }
  static Json to_json(const State& s) { return bardagi::position(s, -1); }
  static State from_json(const Json& j) { return bardagi::read_position(j); }
  // For learning agents (HasTensors, tensors.cpp): every move of every kind over the board's
  // areas, harbours and the tiles, numbered once per board; the observation is the seat's runes
  // and selection and the public table (docs/rules-bardagi.md, "Action and observation vectors").
  static int num_actions(const State& s);
  static int action_index(const State& s, Move m);
  static Move action_move(const State& s, int a);
  static int observation_size(const State& s);
  static void observation(const State& s, Player p, float* out);
  // Named features of a seat's view for learning (features.cpp; docs/rules-bardagi.md, "Features").
  static int feature_count(const State& s) { return bardagi::feature_count(s); }
  static std::vector<std::string> feature_names(const State& s) { return bardagi::feature_names(s); }
  static void features(const State& s, Player p, float* out) { bardagi::features(s, p, out); }
  static std::string render(const State& s, Player observer);
  // A designer's figures on the areas and the upgrade tiles (`nuraghe stats --by area|tile`): per
  // seat, the areas it owns and the tiles it has bought (bardagi.cpp).
  static constexpr std::array<std::string_view, 2> kStatKinds{"area", "tile"};
  static ItemStats item_stats(const State& s, std::string_view kind, bool final);
  static std::uint64_t map_hash(const State& s) { return s.board().hash; }
  // What a move's numbers stand for, the score part by part, the pictures and the board's check
  // (presentation.hpp).
  using Presentation = bardagi::Presentation;
};
static_assert(Game<Bardagi>);

}  // namespace nuraghe
