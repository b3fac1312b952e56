// The round's end and the game's: the final bonuses and the winner (Rulings: "The end and its ties").
#include "games/bardagi/state.hpp"

namespace nuraghe::bardagi {

void State::end_round() {
  // "fill empty building upgrade slots beside the board (if any were built), give the next player
  // to the left the Starting player token and the next turn begins."
  for (int k = 0; k < kStacks; ++k) turn_up_tiles(k);
  attacks = {};
  overtakes = {};
  bought = {};
  selection = {};
  claim_step = ClaimStep::Yields;
  claim_cursor = 0;
  start_player = std::uint8_t((start_player + 1) % players);
  turn = start_player;
  if (round == rounds) {
    phase = Phase::Over;
    return;
  }
  ++round;
  phase = Phase::Planning;
}

std::array<State::Breakdown, kMaxSeats> State::breakdown() const {
  std::array<Breakdown, kMaxSeats> out{};
  const Board& b = board();
  for (int p = 0; p < players; ++p) {
    const auto q = std::size_t(p);
    Breakdown& d = out[q];
    d.glory = villages[q].glory;
    d.gold = villages[q].gold;
    for (std::uint32_t u = villages[q].upgrades; u; u &= u - 1)
      (tiles().tiles[std::size_t(std::countr_zero(u))].size == TileSize::Small ? d.small_tiles : d.large_tiles) += 1;
    d.gold_mines = std::popcount(owned[q] & b.of_kind[std::size_t(AreaKind::GoldMine)]);
    d.areas = std::popcount(owned[q]);
    d.towns = std::popcount(owned[q] & b.of_kind[std::size_t(AreaKind::Town)]);
    for (std::uint64_t o = owned[q]; o; o &= o - 1) d.axes_on_board += axes[std::size_t(std::countr_zero(o))];
    d.axes = d.axes_on_board + villages[q].axes;
  }
  // A bonus to the seats decide() leaves on its keys, split among them.
  const auto award = [&](std::array<int, 2> (Breakdown::*keys_of)() const, int bonus, int Breakdown::*field) {
    std::array<std::array<int, 2>, kMaxSeats> keys{};
    for (int p = 0; p < players; ++p) keys[std::size_t(p)] = (out[std::size_t(p)].*keys_of)();
    const Decision d = decide(keys, players);
    for (int p = 0; p < players; ++p)
      if ((d.seats >> p) & 1) out[std::size_t(p)].*field = bonus / std::popcount(unsigned(d.seats));
  };
  award(&Breakdown::most_gold_keys, kMostGoldBonus, &Breakdown::most_gold);
  award(&Breakdown::most_areas_keys, kMostAreasBonus, &Breakdown::most_areas);
  return out;
}

Values State::scores() const {
  Values v{};
  const auto d = breakdown();
  for (int p = 0; p < players; ++p) v[std::size_t(p)] = d[std::size_t(p)].total();
  return v;
}

Values State::returns() const {
  Values v{};
  if (phase != Phase::Over) return v;
  // Most glory, then "most gold mines. Still tie: most Axe tokens. Still tie: most Towns".
  const auto d = breakdown();
  std::array<std::array<int, 4>, kMaxSeats> keys{};
  for (int p = 0; p < players; ++p) keys[std::size_t(p)] = d[std::size_t(p)].win_keys();
  const Decision win = decide(keys, players);
  for (int p = 0; p < players; ++p)
    v[std::size_t(p)] = (win.seats >> p) & 1 ? 1.0 / std::popcount(unsigned(win.seats)) : 0.0;
  return v;
}

}  // namespace nuraghe::bardagi
