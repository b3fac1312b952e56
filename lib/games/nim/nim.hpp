#pragma once
// Nim, the example game of docs/adding-a-game.md: heaps of 1, 3, 5 and 7 objects; a move takes
// one or more objects from one heap; who takes the last object wins (docs/rules-nim.md).
//
// The smallest a game can be: the members the concept requires and nothing else. Everything Nim
// leaves out has a default (lib/core/game.hpp): perfect information (the view is the position,
// a determinization the state, an observation the move), one seat count, scores that are the
// returns, moves read by their printed text, the position as the text picture, and no drawing,
// tensors or heuristic.

#include "core/game.hpp"

namespace nuraghe {

struct Nim {
  static constexpr std::string_view kName = "nim";
  static constexpr std::string_view kDescription =
      "Nim on heaps of 1, 3, 5, 7 (the example game of docs/adding-a-game.md)";
  static constexpr int kMinPlayers = 2, kMaxPlayers = 2;
  static constexpr int kMaxGameLength = 16, kMaxMoves = 16;  // 1 + 3 + 5 + 7 objects

  // A move is heap * 8 + the objects it takes; in notation the heap's letter and the count, "c2".
  struct State {
    std::uint8_t heaps[4] = {};
    std::uint8_t count = 0, ply = 0;  // heaps in play; moves made (seat ply % 2 is to move)

    Player to_move() const { return (heaps[0] | heaps[1] | heaps[2] | heaps[3]) ? ply % 2 : kTerminal; }
    void legal_moves(MoveList<kMaxMoves>& out) const {
      out.clear();
      for (int h = 0; h < count; ++h)
        for (int k = 1; k <= heaps[h]; ++k) out.push(Move(h * 8 + k));
    }
    void apply(Move m) { heaps[m / 8] = std::uint8_t(heaps[m / 8] - m % 8), ++ply; }
    Values returns() const {
      Values v{};
      if (to_move() == kTerminal) v[(ply + 1) % 2] = 1;  // the seat that took the last object
      return v;
    }
  };

  static std::vector<ParamSpec> option_specs() { return {ParamSpec::integer("heaps", 4, 1, 4, "heaps in play")}; }
  static State initial(const GameConfig& config) {
    checked_players<Nim>(config, 2);
    reject_map_file<Nim>(config);
    State s;
    s.count = std::uint8_t(Params("nim", config.options, option_specs()).integer("heaps"));
    for (int h = 0; h < s.count; ++h) s.heaps[h] = std::uint8_t(2 * h + 1);
    return s;
  }

  static std::string move_to_string(const State&, Player, Move m) { return char('a' + m / 8) + std::to_string(m % 8); }
  static Json to_json(const State& s) {
    return Json{{"game", "nim"}, {"heaps", std::vector<int>(s.heaps, s.heaps + s.count)}, {"ply", s.ply}};
  }
  // Heaps never grow and every move takes from one heap: ply is at least the heaps taken from and
  // at most the objects taken.
  static State from_json(const Json& j) {
    const JsonIn in(j, "nim position");
    in.allow_only({"game", "heaps", "ply"});
    if (in.at("game").string() != "nim") in.at("game").fail("is not \"nim\"");
    const std::vector<JsonIn> heaps = in.at("heaps").array(1, 4);
    State s;
    s.count = std::uint8_t(heaps.size());
    int touched = 0, taken = 0;
    for (int h = 0; h < s.count; ++h) {
      s.heaps[h] = std::uint8_t(heaps[h].int_in(0, 2 * h + 1));
      touched += s.heaps[h] < 2 * h + 1, taken += 2 * h + 1 - s.heaps[h];
    }
    s.ply = std::uint8_t(in.at("ply").int_in(touched, taken));
    return s;
  }
};

}  // namespace nuraghe
