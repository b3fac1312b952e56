// The Knerrir: sailing a square a decision, boarding and leaving (Rulings: "The Knerrir").
#include <cassert>

#include "games/bardagi/state.hpp"

namespace nuraghe::bardagi {

int State::squares_per_card() const {
  const Effect* e = effect(turn, EffectKind::KnerrirSquares);
  return e ? e->per_card : kSquaresPerCard;
}

std::uint64_t State::sail_targets() const {
  const Board& b = board();
  const auto p = std::size_t(turn);
  std::uint64_t out = 0;
  if (knerrir_harbour[p] >= 0) {
    for (std::uint64_t rs = b.routes_at[std::size_t(knerrir_harbour[p])]; rs; rs &= rs - 1)
      out |= std::uint64_t(1) << b.routes[std::size_t(std::countr_zero(rs))].other_end(knerrir_harbour[p]);
  } else if (knerrir_route[p] >= 0) {
    const SeaRoute& r = b.routes[std::size_t(knerrir_route[p])];
    out = std::uint64_t(1) << r.a | std::uint64_t(1) << r.b;
  }
  return out;
}

void State::sail_toward(int harbour) {
  const Board& b = board();
  const auto p = std::size_t(turn);
  assert(squares_left > 0 && ((sail_targets() >> harbour) & 1));
  crossed = 0;
  if (knerrir_harbour[p] >= 0) {  // setting out along the route to `harbour`
    int route = -1;
    for (std::uint64_t rs = b.routes_at[std::size_t(knerrir_harbour[p])]; rs; rs &= rs - 1)
      if (b.routes[std::size_t(std::countr_zero(rs))].other_end(knerrir_harbour[p]) == harbour)
        route = std::countr_zero(rs);
    knerrir_route[p] = std::int8_t(route);
    knerrir_squares[p] =
        std::uint8_t(b.routes[std::size_t(route)].a == knerrir_harbour[p] ? 0 : b.routes[std::size_t(route)].squares);
    knerrir_harbour[p] = -1;
  }
  const SeaRoute& r = b.routes[std::size_t(knerrir_route[p])];
  knerrir_squares[p] = std::uint8_t(knerrir_squares[p] + (harbour == r.b ? 1 : -1));
  if (knerrir_squares[p] == 0 || knerrir_squares[p] == r.squares) {  // in harbour
    knerrir_harbour[p] = std::int8_t(knerrir_squares[p] == 0 ? r.a : r.b);
    knerrir_route[p] = -1;
    knerrir_squares[p] = 0;
  }
  if (--squares_left == 0) end_sailing();
}

void State::end_sailing() {
  // The card's move is over. An empty Knerrir stays where it is, so that a later Knerrir card may
  // overtake there; it goes home when the activation ends (end_activation).
  // Rulings: "An empty Knerrir waits at its harbour".
  squares_left = 0;
}

bool State::may_board(Unit u) const {
  const auto p = std::size_t(turn);
  return u != Unit::Knerrir && knerrir_harbour[p] >= 0 && on_board(turn, u) && !((crossed >> int(u)) & 1) &&
         !(u == Unit::Berserkur && is_down(turn)) && unit_area[p][std::size_t(u)] == knerrir_harbour[p];
}

bool State::may_leave(Unit u) const {
  const auto p = std::size_t(turn);
  if (u == Unit::Knerrir || knerrir_harbour[p] < 0 || !is_aboard(turn, u) || ((crossed >> int(u)) & 1)) return false;
  if (u == Unit::Godi)  // "A player cannot enter an area where another Godi is present"
    for (int q = 0; q < players; ++q)
      if (q != turn && on_board(q, Unit::Godi) &&
          unit_area[std::size_t(q)][std::size_t(Unit::Godi)] == knerrir_harbour[p])
        return false;
  // Leaving onto an area is ending a move there (Rulings: "Leaving the Knerrir ends a move"): a Berserkur
  // stays on another player's area with Axes only if Virki pays to fight them, as after a move (Rulings:
  // "Ending a move on another player's Axes").
  const int a = knerrir_harbour[p], owner = owner_of(a);
  if (u == Unit::Berserkur && owner >= 0 && owner != turn && axes[std::size_t(a)] > 0)
    return villages[p].disks[0] >= axes_cost(a);
  return true;
}

void State::knerrir_moves(MoveList& out) const {
  for (int i = 0; i < kLandUnits; ++i) {
    if (may_board(Unit(i))) out.push(make_unit_move(MoveKind::Board, Unit(i)));
    if (may_leave(Unit(i))) out.push(make_unit_move(MoveKind::Leave, Unit(i)));
  }
}

}  // namespace nuraghe::bardagi
