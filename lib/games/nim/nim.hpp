#pragma once
// Nim, the example game of docs/adding-a-game.md: heaps of 1, 3, 5 and 7 objects; a move takes
// one or more objects from one heap; who takes the last object wins (docs/rules-nim.md).

#include "core/game.hpp"
#include "core/svg.hpp"

namespace nuraghe {

struct Nim {
  static constexpr std::string_view kName = "nim";
  static constexpr std::string_view kDescription =
      "Nim on heaps of 1, 3, 5, 7 (the example game of docs/adding-a-game.md)";
  static constexpr int kMinPlayers = 2, kMaxPlayers = 2;
  static constexpr bool kHiddenInformation = false;
  static constexpr int kMaxHeaps = 4;
  static constexpr int kMaxGameLength = 16, kMaxMoves = 16;  // 1 + 3 + 5 + 7 objects
  using MoveList = nuraghe::MoveList<kMaxMoves>;

  // A move is heap * 8 + the objects it takes; in notation the heap's letter and the count, "c2".
  struct State {
    std::uint8_t heaps[kMaxHeaps] = {};
    std::uint8_t count = 0, ply = 0;  // heaps in play; moves made (seat ply % 2 is to move)

    int num_players() const { return 2; }
    bool over() const { return (heaps[0] | heaps[1] | heaps[2] | heaps[3]) == 0; }
    Player to_move() const { return over() ? kTerminal : ply % 2; }
    void legal_moves(MoveList& out) const {
      out.clear();
      for (int h = 0; h < count; ++h)
        for (int k = 1; k <= heaps[h]; ++k) out.push(Move(h * 8 + k));
    }
    void apply(Move m) { heaps[m / 8] = std::uint8_t(heaps[m / 8] - m % 8), ++ply; }
    Values returns() const {
      Values v{};
      if (over()) v[(ply + 1) % 2] = 1;  // the seat that took the last object
      return v;
    }
    Values scores() const { return returns(); }
    Json view(Player) const { return to_json(*this); }  // perfect information: everything
    std::uint64_t view_hash(Player p) const { return hash_json(view(p)); }
    State determinize(Player, Rng&) const { return *this; }
    bool operator==(const State&) const = default;
  };

  static std::vector<ParamSpec> option_specs() {
    return {ParamSpec::integer("heaps", 4, 1, kMaxHeaps, "heaps in play")};
  }
  static State initial(const GameConfig& config) {
    checked_players<Nim>(config, 2);
    reject_map_file<Nim>(config);
    State s;
    s.count = std::uint8_t(Params("nim", config.options, option_specs()).integer("heaps"));
    for (int h = 0; h < s.count; ++h) s.heaps[h] = std::uint8_t(2 * h + 1);
    return s;
  }
  static std::uint64_t observe(const State&, Move m, Player) { return m; }  // every move is public

  static std::string move_to_string(const State&, Player, Move m) { return char('a' + m / 8) + std::to_string(m % 8); }
  static Move parse_move(const State& s, Player, std::string_view text) {
    const std::string t = trim(text);
    if (t.size() == 2 && t[0] >= 'a' && t[0] < 'a' + s.count && t[1] >= '1' && t[1] <= '7')
      return Move((t[0] - 'a') * 8 + (t[1] - '0'));
    input_error("nim: cannot read move \"" + t + "\" (expected a heap and a count, like b3)");
  }
  static Json to_json(const State& s) {
    return Json{{"game", "nim"}, {"heaps", std::vector<int>(s.heaps, s.heaps + s.count)}, {"ply", s.ply}};
  }
  // Heaps never grow and every move takes from one heap: ply is at least the heaps taken from and
  // at most the objects taken.
  static State from_json(const Json& j) {
    const JsonIn in(j, "nim position");
    in.allow_only({"game", "heaps", "ply"});
    if (in.at("game").string() != "nim") in.at("game").fail("is not \"nim\"");
    const std::vector<JsonIn> heaps = in.at("heaps").array(1, kMaxHeaps);
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
  // For learning agents (HasTensors). Heap h holds 2h + 1 objects at the start, so the moves on
  // heaps before h are h * h: action h * h + k - 1 takes k from heap h, count * count in all. The
  // observation: for each heap and each of its starting objects, 1 if it is still there, then 1 if
  // seat p is to move.
  static int num_actions(const State& s) { return s.count * s.count; }
  static int action_index(const State&, Move m) { return int(m / 8 * (m / 8) + m % 8 - 1); }
  static Move action_move(const State&, int a) {
    int h = 0;
    while ((h + 1) * (h + 1) <= a) ++h;
    return Move(h * 8 + a - h * h + 1);
  }
  static int observation_size(const State& s) { return s.count * s.count + 1; }
  static void observation(const State& s, Player p, float* out) {
    assert(p == 0 || p == 1);
    for (int h = 0; h < s.count; ++h)
      for (int k = 0; k < 2 * h + 1; ++k) *out++ = k < s.heaps[h] ? 1.0f : 0.0f;
    *out = s.to_move() == p ? 1.0f : 0.0f;
  }
  static std::string render(const State& s, Player) {
    std::string out;
    for (int h = 0; h < s.count; ++h) out += std::string(1, char('a' + h)) + " " + std::string(s.heaps[h], '|') + "\n";
    return out;
  }
  // For the browser viewer: a row per heap, its letter on the board and its objects as sticks.
  static svg::Drawing draw(const State& s, Player) {
    svg::Drawing d{"0 0 420 250", "<rect width=\"420\" height=\"250\" fill=\"#f4ecd8\"/>", ""};
    for (int h = 0; h < s.count; ++h) {
      const std::string heap(1, char('a' + h));
      d.board += "<text x=\"15\" y=\"" + svg::number(60 * h + 52) + "\" font-size=\"28\">" + heap + "</text>";
      for (int k = 0; k < s.heaps[h]; ++k)
        d.pieces += "<rect class=\"object\" data-heap=\"" + heap + "\" x=\"" + svg::number(60 + 50 * k) + "\" y=\"" +
                    svg::number(60 * h + 15) + "\" width=\"14\" height=\"45\" rx=\"4\" fill=\"#8b5a2b\"/>";
    }
    return d;
  }
};

}  // namespace nuraghe
