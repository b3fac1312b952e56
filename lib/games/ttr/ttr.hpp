#pragma once
// Ticket to Ride on the Sardinia map (or any map of data), for 2 to 5 players: the game as the
// search core sees it. The rules are State's (state.hpp, rules.cpp); this struct names the game,
// its options and its interface.

#include <array>
#include <string>
#include <string_view>
#include <vector>

#include "core/game.hpp"
#include "core/item_stats.hpp"
#include "core/params.hpp"
#include "games/ttr/features.hpp"
#include "games/ttr/heuristic.hpp"
#include "games/ttr/notation.hpp"
#include "games/ttr/position.hpp"
#include "games/ttr/state.hpp"

namespace nuraghe {
namespace ttr {
// What shows the game to people: its texts, its score part by part, the map's picture and check
// (lib/core/hooks.hpp), in games/ttr/presentation.hpp.
struct Presentation;
}  // namespace ttr

struct Ttr {
  static constexpr std::string_view kName = "ttr";
  static constexpr std::string_view kDescription =
      "Ticket to Ride, the Sardinia map: hidden tickets, blind draws, a Materials deck (--map FILE: another map)";
  static constexpr int kMinPlayers = 2, kMaxPlayers = ttr::kMaxSeats;
  static constexpr bool kHiddenInformation = true;
  static constexpr bool kHasMap = true;
  static constexpr int kMaxMoves = ttr::kMaxLegalMoves;
  // A bound on decisions: every turn is at most 3 decisions, and a game ends after 10 rounds
  // without a claim or a station (the safeguard), so at most 128 claims apart: 5 players x
  // 3 stations and 128 routes, each followed by at most 10 idle rounds of 5 turns of 3 decisions.
  static constexpr int kMaxGameLength = (ttr::kMaxRoutes + 5 * ttr::kStations + 1) * 10 * 5 * 3 + 64;
  using MoveList = ttr::MoveList;
  using State = ttr::State;

  static std::vector<ParamSpec> option_specs() {
    return {
        ParamSpec::choice("stations", "on", {"on", "off"}, "three stations a player, 4 points each unused"),
        ParamSpec::choice("express", "on", {"on", "off"}, "Sardinia Express: +10 for the longest continuous path"),
        ParamSpec::choice("touring", "off", {"on", "off"}, "Sardinia Touring: +15 for the most completed tickets"),
        ParamSpec::choice("ferries", "off", {"on", "off"}, "Sardinia Ferries: +10 for the most cars on ferry routes"),
        ParamSpec::integer("cars", 0, 0, 99,
                           "cars each (0: 45 with 2-3 players, 40 with 4-5, as the rulebook suggests)")};
  }
  static State initial(const GameConfig& config);
  // A random playout's move without writing the list of claims and stations (HasRandomMove).
  static Move random_move(const State& s, Player, Rng& rng) { return s.random_move(rng); }

  // The heuristic players (heuristic.hpp): route-focus, the first, is also the rollout policy.
  static constexpr auto kHeuristicStyles = ttr::kStyleNames;
  static Move heuristic_move(const State& s, Player p, Rng& rng, int style) {
    return ttr::heuristic_move(s, p, rng, ttr::Style(style));
  }
  static Move heuristic_move(const State& s, Player p, Rng& rng) { return heuristic_move(s, p, rng, 0); }
  static Values evaluate(const State& s) { return ttr::evaluate(s); }
  static void search_moves(const State& s, Player p, MoveList& moves) { ttr::search_moves(s, p, moves); }

  static std::uint64_t observe(const State& before, Move m, Player observer) {
    return ttr::observe(before, m, observer);
  }
  static std::uint64_t observe_joint(const State& before, const JointMove& joint, Player observer) {
    return ttr::observe_joint(before, joint, observer);
  }
  static std::string move_to_string(const State& s, Player p, Move m) { return ttr::move_text(s, p, m); }
  static Move parse_move(const State& s, Player p, std::string_view text) { return ttr::parse_move_text(s, p, text); }
  static Json to_json(const State& s) { return ttr::position(s, -1); }
  static State from_json(const Json& j) { return ttr::read_position(j); }
  // For learning agents (HasTensors, tensors.cpp): every claim payment of every route, every
  // station payment of every city, the draws, the keeps and the pass of the map, numbered once
  // per map; the observation is the seat's hand and tickets and the public table
  // (docs/rules-ttr.md, "Action and observation vectors").
  static int num_actions(const State& s);
  static int action_index(const State& s, Move m);
  static Move action_move(const State& s, int a);
  static int observation_size(const State& s);
  static void observation(const State& s, Player p, float* out);
  // Named features of a seat's view for learning (features.cpp; docs/rules-ttr.md, "Features").
  static int feature_count(const State& s) { return ttr::feature_count(s); }
  static std::vector<std::string> feature_names(const State& s) { return ttr::feature_names(s); }
  static void features(const State& s, Player p, float* out) { ttr::features(s, p, out); }
  static std::string render(const State& s, Player observer);
  // A designer's figures on the routes, the tickets and the cities (score.cpp; `nuraghe stats`).
  static constexpr std::array<std::string_view, 3> kStatKinds{"route", "ticket", "city"};
  static ItemStats item_stats(const State& s, std::string_view kind, bool final);
  static std::uint64_t map_hash(const State& s) { return s.board().hash; }
  // What a seat alone learns from its blind draw, the score part by part, the pictures and the
  // map's check (presentation.hpp).
  using Presentation = ttr::Presentation;
};
static_assert(Game<Ttr>);

}  // namespace nuraghe
