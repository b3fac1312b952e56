#pragma once
// What the Bardagi test files of this folder share: a game set up on either side, an area's bit,
// and the driver of their random games (test_rules.cpp keeps the supplies, test_position.cpp reads
// every state back, test_notation.cpp parses every move's text).

#include <doctest/doctest.h>

#include <cstdint>

#include "core/rng.hpp"
#include "games/bardagi/state.hpp"

namespace nuraghe::bardagi::test {

// A game at setup: Summer or Winter, the full or the short game.
inline State start(int players, bool winter = false, std::uint64_t seed = 1, bool short_game = false) {
  const Board& board = winter ? Board::winter() : Board::summer();
  return State::setup(board, players, State::Options{winter, short_game}, seed);
}

constexpr std::uint64_t bit(int a) { return std::uint64_t(1) << a; }

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
