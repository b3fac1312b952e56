#pragma once
// What the Bardagi test files of this folder share: a game set up on either side, an area's bit,
// the positions the rules' tests start from, and the driver of their random games (test_rules.cpp
// keeps the supplies, test_position.cpp reads every state back, test_notation.cpp parses every
// move's text).

#include <doctest/doctest.h>

#include <bit>
#include <cstdint>
#include <string_view>

#include "core/rng.hpp"
#include "games/bardagi/state.hpp"

namespace nuraghe::bardagi::test {

// A game at setup: Summer or Winter, the full or the short game.
inline State start(int players, bool winter = false, std::uint64_t seed = 1, bool short_game = false) {
  const Board& board = winter ? Board::winter() : Board::summer();
  return State::setup(board, players, State::Options{winter, short_game}, seed);
}

constexpr std::uint64_t bit(int a) { return std::uint64_t(1) << a; }

// ---- Positions of the rules' tests (test_rules.cpp and a file a phase: test_activation.cpp, ...)

// A 2-player Summer game at seat 0's activation with the given selection.
inline State activating(Selection seat0, int players = 2) {
  State s = start(players, false, 9);
  nuraghe::JointMove joint{};
  joint[0] = make_move(MoveKind::Select, seat0);
  for (int p = 1; p < players; ++p) joint[std::size_t(p)] = make_move(MoveKind::Select, make_selection({0, 0, 0, 6}));
  s.apply_joint(joint);
  REQUIRE(s.to_move() == 0);
  return s;
}

// Whether m is a legal move of the seat to move.
inline bool legal(const State& s, nuraghe::Move m) {
  MoveList moves;
  s.legal_moves(moves);
  return moves.contains(m);
}

// Seat 0's Berserkur on an area of seat 1's holding `defence` disks, seat 0 to act with 2 cards.
inline State battlefield(int defence) {
  State s = activating(make_selection({2, 2, 2, 0}));
  const Board& b = s.board();
  const int area = std::countr_zero(b.of_kind[std::size_t(AreaKind::Forest)] & ~b.homes);
  s.owned[1] |= bit(area);
  s.disks[std::size_t(area)] = std::uint8_t(defence);
  s.villages[1].pile = std::uint8_t(s.villages[1].pile - defence);
  s.unit_area[0][std::size_t(Unit::Berserkur)] = std::uint8_t(area);
  return s;
}
inline int area_of_battle(const State& s) { return s.unit_area[0][std::size_t(Unit::Berserkur)]; }

// Seat 0 (red) on Winter at its activation with `knerrir` Knerrir cards and 2 of each land unit.
inline State winter_sailing(int knerrir) {
  State s = start(2, true, 5);
  nuraghe::JointMove joint{};
  joint[0] = make_move(MoveKind::Select, make_selection({2, 2, 2 - knerrir, knerrir}));
  joint[1] = make_move(MoveKind::Select, make_selection({0, 0, 0, 6}));
  REQUIRE(cards_of(Selection(field_of(joint[0]))) == 6);
  s.apply_joint(joint);
  return s;
}
inline int area(const State& s, std::string_view id) { return s.board().area(id); }

// A move drawn uniformly from the legal ones: random play.
struct UniformMove {
  Move operator()(const MoveList& moves, Rng& rng) const { return moves[rng.below(std::uint32_t(moves.size()))]; }
};

// More decisions than any game takes (Bardagi::kMaxGameLength is 100,000): a game still going
// after them is a rules bug that never ends a round, and fails rather than hangs.
inline constexpr int kMaxDecisions = 200000;

// Plays s out from random moves: at planning each seat's selection drawn uniformly, in seat order;
// otherwise the seat to move's move, chosen by `choose(moves, rng)` (uniform by default).
// `visit(s, decision)` sees every state before its move, the final one too. Returns the number of
// decisions; the game must end within kMaxDecisions, and every decision must have a move.
template <class Visit, class Choose = UniformMove>
int play_out(State& s, Rng& rng, Visit&& visit, Choose&& choose = {}) {
  for (int decisions = 0;; ++decisions) {
    visit(s, decisions);
    if (s.to_move() == kTerminal) return decisions;
    REQUIRE_MESSAGE(decisions < kMaxDecisions, "no end after " << decisions << " decisions");
    MoveList moves;
    if (s.to_move() == kSimultaneous) {
      JointMove joint{};
      for (int p = 0; p < s.players; ++p) {
        s.legal_moves(p, moves);
        REQUIRE_MESSAGE(!moves.empty(), "seat " << p << " has no selection in round " << int(s.round));
        joint[std::size_t(p)] = moves[rng.below(std::uint32_t(moves.size()))];
      }
      s.apply_joint(joint);
    } else {
      s.legal_moves(moves);
      REQUIRE_MESSAGE(!moves.empty(), "no move in phase " << int(s.phase) << " round " << int(s.round));
      s.apply(choose(moves, rng));
    }
  }
}

}  // namespace nuraghe::bardagi::test
