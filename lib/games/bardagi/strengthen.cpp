// Strengthening defences: single disks shifted onto own areas (Rulings: "Free actions, once an activation").
#include <cassert>

#include "games/bardagi/state.hpp"

namespace nuraghe::bardagi {

bool State::may_strengthen() const {
  // "Strengthen defences - Free action ... placing disks on areas anywhere on the board. The disks
  // can be taken from the Virki or other areas." Not by a Berserkur sent home, nor by one aboard the
  // Knerrir ("While sailing, the unit cannot be used"): Rulings, "Free actions, once an activation".
  return !used(FreeAction::Strengthen) && !is_down(turn) && on_board(turn, Unit::Berserkur) && owned[turn] != 0;
}

bool State::may_shift(int from, int to) const {
  if (!strengthening || to < 0 || to >= board().num_areas || !((owned[turn] >> to) & 1)) return false;
  if (from * 64 + to < last_shift) return false;  // in (from, to) order, so that one end has one path
  if (from == 0) return villages[turn].disks[0] > 0;
  const int a = from - 1;
  return a != to && a < board().num_areas && ((owned[turn] >> a) & 1) && !((received >> a) & 1) &&
         disks[std::size_t(a)] >= 2;
}

void State::shift(int from, int to) {
  assert(may_shift(from, to));
  if (from == 0) --villages[turn].disks[0];
  else --disks[std::size_t(from - 1)];
  ++disks[std::size_t(to)];
  received |= std::uint64_t(1) << to;
  last_shift = std::uint16_t(from * 64 + to);
}

}  // namespace nuraghe::bardagi
