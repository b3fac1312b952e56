#pragma once
// Connect Four on two uint64_t bitboards, one per player (the layout of Pons' solver and of most
// MCTS benchmarks): column c holds bits 7c..7c+5 from the bottom up; bit 7c+6 is an always-empty
// sentinel so that shifted lines never wrap from one column into the next.

#include <bit>
#include <cstdint>

#include "core/game.hpp"

namespace nuraghe {

namespace connect4 {
// What shows the game to people (lib/core/hooks.hpp), in games/connect4/presentation.hpp.
struct Presentation;
}  // namespace connect4

struct Connect4 {
  static constexpr std::string_view kName = "connect4";
  static constexpr std::string_view kDescription =
      "Connect Four, 7x6 (perfect information; bitboards, for speed comparisons)";
  static constexpr int kMinPlayers = 2, kMaxPlayers = 2;
  static constexpr bool kHiddenInformation = false;
  static constexpr int kWidth = 7, kHeight = 6;
  static constexpr int kMaxGameLength = kWidth * kHeight;
  static constexpr int kMaxMoves = kWidth;
  using MoveList = nuraghe::MoveList<kMaxMoves>;

  static constexpr std::uint64_t bottom_bit(int col) { return 1ULL << (col * (kHeight + 1)); }
  static constexpr std::uint64_t top_bit(int col) { return 1ULL << (col * (kHeight + 1) + kHeight - 1); }
  static constexpr std::uint64_t column_mask(int col) { return ((1ULL << kHeight) - 1) << (col * (kHeight + 1)); }
  static constexpr std::uint64_t cell_bit(int col, int row) { return 1ULL << (col * (kHeight + 1) + row); }

  // Four in a row anywhere in `b`: vertical (shift 1), horizontal (7), both diagonals (6, 8).
  static constexpr bool has_four(std::uint64_t b) {
    for (int shift : {1, kHeight + 1, kHeight, kHeight + 2}) {
      const std::uint64_t pairs = b & (b >> shift);
      if (pairs & (pairs >> (2 * shift))) return true;
    }
    return false;
  }

  struct State {
    std::uint64_t stones[2] = {0, 0};  // seat 0 moves first
    std::uint8_t ply = 0;
    std::int8_t winner = -1;  // seat with four in a row, or -1

    int num_players() const { return 2; }
    std::uint64_t occupied() const { return stones[0] | stones[1]; }
    Player to_move() const {
      if (winner >= 0 || ply == kMaxGameLength) return kTerminal;
      return ply & 1;
    }
    void legal_moves(Connect4::MoveList& out) const {
      out.clear();
      const std::uint64_t occ = occupied();
      for (int c = 0; c < kWidth; ++c)
        if (!(occ & top_bit(c))) out.push(Move(c));
    }
    // The new stone is the lowest empty cell of the column: occupied + bottom carries into it.
    void apply(Move col) {
      const int p = ply & 1;
      stones[p] |= (occupied() + bottom_bit(int(col))) & column_mask(int(col));
      ++ply;
      if (has_four(stones[p])) winner = std::int8_t(p);
    }
    Values returns() const {
      Values v{};
      if (winner >= 0) v[winner] = 1;
      else if (ply == kMaxGameLength) v[0] = v[1] = 0.5;
      return v;
    }
    Values scores() const {
      Values v{};
      if (winner >= 0) v[winner] = 1;
      return v;
    }
    Json view(Player) const;
    std::uint64_t view_hash(Player) const { return hash_combine(stones[0], stones[1]); }
    State determinize(Player, Rng&) const { return *this; }
    bool operator==(const State&) const = default;
  };

  static std::vector<ParamSpec> option_specs() { return {}; }
  static State initial(const GameConfig& config);

  // Rollout policy: win at once if possible, else block the opponent's immediate win, else random.
  static Move heuristic_move(const State& s, Player p, Rng& rng) {
    MoveList moves;
    s.legal_moves(moves);
    const std::uint64_t occ = s.occupied();
    int block = -1;
    for (Move m : moves) {
      const std::uint64_t bit = (occ + bottom_bit(int(m))) & column_mask(int(m));
      if (has_four(s.stones[p] | bit)) return m;
      if (block < 0 && has_four(s.stones[1 - p] | bit)) block = int(m);
    }
    return block >= 0 ? Move(block) : moves[rng.below(std::uint32_t(moves.size()))];
  }
  static std::uint64_t observe(const State&, Move m, Player) { return m; }
  static std::string move_to_string(const State&, Player, Move m);
  static Move parse_move(const State&, Player, std::string_view text);
  static Json to_json(const State& s);
  static State from_json(const Json& j);
  // For learning agents (HasTensors): action = the column; observation = the seat's stones, the
  // opponent's, and whether the seat is to move (docs/game-concept.md).
  static int num_actions(const State&) { return kWidth; }
  static int action_index(const State&, Move m) { return int(m); }
  static Move action_move(const State&, int a) { return Move(a); }
  static int observation_size(const State& s);
  static void observation(const State& s, Player p, float* out);
  static std::string render(const State& s, Player observer);
  // The picture for the browser viewer (presentation.hpp).
  using Presentation = connect4::Presentation;
};

}  // namespace nuraghe
