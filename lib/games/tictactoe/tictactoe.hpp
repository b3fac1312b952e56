#pragma once
// Tic-tac-toe: perfect information, solved (a draw), small enough to check search against minimax.
// Cells are bits 0..8, row-major from the top left (a3 b3 c3 / a2 b2 c2 / a1 b1 c1 in notation).

#include <bit>
#include <cstdint>

#include "core/game.hpp"

namespace nuraghe {

namespace tictactoe {
// What shows the game to people (lib/core/hooks.hpp), in games/tictactoe/presentation.hpp.
struct Presentation;
}  // namespace tictactoe

struct TicTacToe {
  static constexpr std::string_view kName = "tictactoe";
  static constexpr std::string_view kDescription = "Tic-tac-toe (perfect information, solved: a draw)";
  static constexpr int kMinPlayers = 2, kMaxPlayers = 2;
  static constexpr bool kHiddenInformation = false;
  static constexpr int kMaxGameLength = 9;
  static constexpr int kMaxMoves = 9;
  using MoveList = nuraghe::MoveList<kMaxMoves>;

  static constexpr std::uint16_t kFull = 0x1FF;
  static constexpr std::uint16_t kLines[8] = {0007, 0070, 0700, 0111, 0222, 0444, 0421, 0124};

  struct State {
    std::uint16_t marks[2] = {0, 0};  // X = seat 0 moves first, O = seat 1

    int num_players() const { return 2; }
    int ply() const { return std::popcount(unsigned(marks[0] | marks[1])); }
    bool has_line(int p) const {
      for (auto line : kLines)
        if ((marks[p] & line) == line) return true;
      return false;
    }
    Player to_move() const {
      if (has_line(0) || has_line(1) || (marks[0] | marks[1]) == kFull) return kTerminal;
      return ply() & 1;
    }
    void legal_moves(TicTacToe::MoveList& out) const {
      out.clear();
      unsigned empty = kFull & ~unsigned(marks[0] | marks[1]);
      for (; empty; empty &= empty - 1) out.push(std::countr_zero(empty));
    }
    void apply(Move cell) { marks[ply() & 1] |= std::uint16_t(1u << cell); }
    Values returns() const {
      Values v{};
      if (has_line(0)) v[0] = 1;
      else if (has_line(1)) v[1] = 1;
      else if (to_move() == kTerminal) v[0] = v[1] = 0.5;
      return v;
    }
    Values scores() const {
      Values v{};
      v[0] = has_line(0) ? 1 : 0;
      v[1] = has_line(1) ? 1 : 0;
      return v;
    }
    Json view(Player) const;
    std::uint64_t view_hash(Player p) const { return hash_json(view(p)); }
    State determinize(Player, Rng&) const { return *this; }
    bool operator==(const State&) const = default;
  };

  static std::vector<ParamSpec> option_specs() { return {}; }
  static State initial(const GameConfig& config);
  static std::uint64_t observe(const State&, Move m, Player) { return m; }
  static std::string move_to_string(const State&, Player, Move m);
  static Move parse_move(const State&, Player, std::string_view text);
  static Json to_json(const State& s);
  static State from_json(const Json& j);
  // For learning agents (HasTensors): action = the cell; observation = the seat's marks, the
  // opponent's, and whether the seat is to move (docs/game-concept.md).
  static int num_actions(const State&) { return 9; }
  static int action_index(const State&, Move m) { return int(m); }
  static Move action_move(const State&, int a) { return Move(a); }
  static int observation_size(const State& s);
  static void observation(const State& s, Player p, float* out);
  static std::string render(const State& s, Player observer);
  // The picture for the browser viewer (presentation.hpp).
  using Presentation = tictactoe::Presentation;
};

}  // namespace nuraghe
