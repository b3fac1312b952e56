// The Berserkur's attack, a step at a time, each paid from Virki (Rulings: "The attack, step by step").
#include <algorithm>
#include <cassert>

#include "games/bardagi/rules_internal.hpp"
#include "games/bardagi/state.hpp"

namespace nuraghe::bardagi {

using detail::bit;

State::AttackStep State::attack_step() const {
  const int a = unit_area[turn][std::size_t(Unit::Berserkur)];
  const int owner = owner_of(a);
  if (defender >= 0 && owner == turn) return AttackStep::Reinforce;  // claimed: disks more of defence
  const int d = defender >= 0 ? defender : owner;
  if (d < 0 || d == turn) return AttackStep::None;
  if (owner == d && on_board(d, Unit::Berserkur) && unit_area[std::size_t(d)][std::size_t(Unit::Berserkur)] == a)
    return AttackStep::Berserkur;
  if (owner == d && axes[std::size_t(a)] > 0) return AttackStep::Axe;
  if (owner == d) return AttackStep::Disks;
  return owner < 0 ? AttackStep::Claim : AttackStep::None;
}

int State::attack_cost() const {
  const int a = unit_area[turn][std::size_t(Unit::Berserkur)];
  const int d = defender >= 0 ? defender : owner_of(a);
  switch (attack_step()) {
    case AttackStep::Berserkur: {
      const Effect* strong = effect(d, EffectKind::BerserkurStrength);
      return strong ? strong->defence : kBerserkurStrength;
    }
    case AttackStep::Axe: {
      const Effect* axe = effect(d, EffectKind::AxeDefence);
      return axe ? axe->defence : kAxeDefence;
    }
    case AttackStep::Disks: return disks[std::size_t(a)] + ((runes[std::size_t(a)] >> int(Rune::Defence)) & 1);
    case AttackStep::Claim:
    case AttackStep::Reinforce: return 1;
    case AttackStep::None: break;
  }
  return 0;
}

bool State::may_attack() const {  // (the caller checks the card: the Berserkur's, or another as his)
  if (is_down(turn) || !on_board(turn, Unit::Berserkur)) return false;
  const int owner = owner_of(unit_area[turn][std::size_t(Unit::Berserkur)]);
  return owner >= 0 && owner != turn && villages[turn].disks[0] >= attack_cost();
}

void State::attack_next() {
  const auto p = std::size_t(turn);
  const int a = unit_area[p][std::size_t(Unit::Berserkur)];
  const int cost = attack_cost();
  assert(cost > 0 && villages[p].disks[0] >= cost);
  Village& v = villages[p];
  v.disks[0] = std::uint8_t(v.disks[0] - cost);
  const auto d = std::size_t(defender);
  switch (attack_step()) {
    case AttackStep::Berserkur: {  // "defender removes 4 disks (if owned) from his Virki & places Berserkur on his home
                                   // area"
      v.pile = std::uint8_t(v.pile + cost);
      const int lost = std::min<int>(kBerserkurStrength, villages[d].disks[0]);
      villages[d].disks[0] = std::uint8_t(villages[d].disks[0] - lost);
      villages[d].pile = std::uint8_t(villages[d].pile + lost);
      unit_area[d][std::size_t(Unit::Berserkur)] = std::uint8_t(board().home[d]);
      berserkur_down = std::uint8_t(berserkur_down | 1 << d);
      break;
    }
    case AttackStep::Axe:  // "REMOVE AXE TOKENS accordingly and place in the Axe token pile"
      v.pile = std::uint8_t(v.pile + cost);
      --axes[std::size_t(a)];
      ++axes_pile;
      break;
    case AttackStep::Disks:  // "All disks are returned to players' disk piles"
      v.pile = std::uint8_t(v.pile + cost);
      villages[d].pile = std::uint8_t(villages[d].pile + disks[std::size_t(a)]);
      disks[std::size_t(a)] = 0;
      owned[d] &= ~bit(a);
      break;
    case AttackStep::Claim:  // an area overtaken from another player (Rulings: "An area won by an attack is overtaken")
      owned[p] |= bit(a);
      disks[std::size_t(a)] = 1;
      ++overtakes[p];
      break;
    case AttackStep::Reinforce: ++disks[std::size_t(a)]; break;
    case AttackStep::None: assert(false); break;
  }
  // The attack goes on while a step is left that Virki can pay; otherwise it is over.
  if (attack_step() == AttackStep::None || attack_cost() > v.disks[0]) defender = -1;
}

}  // namespace nuraghe::bardagi
