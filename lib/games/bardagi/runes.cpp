// Runes bought, cast, removed, Wind in the sails (Rulings: "Runes"); the free rune, any card as a Berserkur card.
#include <cassert>

#include "games/bardagi/state.hpp"

namespace nuraghe::bardagi {

bool State::may_buy_runes(Unit u) const {
  // "Buy Runes at Sacred locations - pay 2 gold, draw 3 runes. Costs ONE action" (Godi or Kaupmadur).
  return (u == Unit::Godi || u == Unit::Kaupmadur) && on_board(turn, u) && cards_left[std::size_t(u)] > 0 &&
         board().kind[unit_area[turn][std::size_t(u)]] == AreaKind::Sacred && villages[turn].gold >= kRunePrice &&
         rune_size > 0;
}

void State::buy_runes() {
  Village& v = villages[turn];
  v.gold = std::uint16_t(v.gold - kRunePrice);
  for (int i = 0; i < kRunesBought && rune_size > 0; ++i) {
    ++v.runes[rune_pile[--rune_size]];
    rune_pile[rune_size] = 0;
  }
}

bool State::may_cast() const {
  if (used(FreeAction::Cast) || cards_left[std::size_t(Unit::Godi)] == 0 || villages[turn].disks[1] == 0) return false;
  // The Godi casts "anywhere on the board", also while sailing (Rulings: "Runes").
  for (int r = 0; r < kRuneKinds; ++r)
    if (r != int(Rune::Wind) && villages[turn].runes[std::size_t(r)] > 0) return true;
  return false;
}

bool State::may_cast_rune(Rune r, int area, bool free) const {
  if (r == Rune::Wind || villages[turn].runes[std::size_t(r)] == 0 || (!free && villages[turn].disks[1] == 0))
    return false;
  const Board& b = board();
  if (area < 0 || area >= b.num_areas || !ownable(b.kind[std::size_t(area)])) return false;
  const int there = runes[std::size_t(area)];
  // "Runes can stack on areas, but only one of a given type"; "Defence ... Blocks an area from
  // getting new runes".
  if ((there >> int(r)) & 1 || (there >> int(Rune::Defence)) & 1) return false;
  for (int q = 0; q < players; ++q)  // "If there is another player's Godi on the area, it is defended"
    if (q != turn && on_board(q, Unit::Godi) && unit_area[std::size_t(q)][std::size_t(Unit::Godi)] == area)
      return false;
  const int owner = owner_of(area);
  if (owner >= 0 && owner != turn && axes[std::size_t(area)] > 0) return false;  // "defended against enemy runes"
  if (r == Rune::DivinePowers && owner != turn) return false;                    // "Place on own area"
  if (r == Rune::TheirsAreYours && (owner == turn || villages[turn].pile == 0)) return false;  // "Place your disk"
  return true;
}

void State::cast_rune(Rune r, int area, bool free) {
  assert(may_cast_rune(r, area, free));
  Village& v = villages[turn];
  --v.runes[std::size_t(r)];
  if (!free) --v.disks[1], ++v.pile;  // the Hof disk spent goes back beside the board
  runes[std::size_t(area)] = std::uint8_t(runes[std::size_t(area)] | 1 << int(r));
  if (r == Rune::TheirsAreYours) --v.pile, thief[std::size_t(area)] = std::uint8_t(turn + 1);
  if (free) {
    ++free_runes;
    return;
  }
  if (--casts_left == 0 || !may_cast_any()) casts_left = 0;
}

bool State::may_free_rune() const {
  // "Godi can cast 1 free Rune each round. Does not cost a card or divine power" (hof-free-rune).
  const Effect* e = effect(turn, EffectKind::FreeRune);
  return e != nullptr && free_runes < e->count;
}

bool State::may_berserkur_card(Unit card) const {
  // "You can use any card as a Berserkur card. Two cards of other units can be used each turn"
  // (virki-any-card).
  const Effect* e = effect(turn, EffectKind::AnyCardBerserkur);
  return card != Unit::Berserkur && e != nullptr && as_berserkur < e->max && cards_left[std::size_t(card)] > 0;
}

bool State::may_cast_any() const {
  for (int r = 0; r < kRuneKinds; ++r)
    for (int a = 0; a < board().num_areas; ++a)
      if (may_cast_rune(Rune(r), a)) return true;
  return false;
}

bool State::may_remove_rune(Rune r) const {
  // "Godi can remove a rune from an area by going there and paying 2 gold to remove it."
  if (!on_board(turn, Unit::Godi) || cards_left[std::size_t(Unit::Godi)] == 0 || villages[turn].gold < kRemovePrice)
    return false;
  return (runes[unit_area[turn][std::size_t(Unit::Godi)]] >> int(r)) & 1;
}

bool State::may_wind(int launch) const {
  // "Wind in the sails ... Discard after use": a free 10-square move in its owner's activation.
  if (villages[turn].runes[std::size_t(Rune::Wind)] == 0 || squares_left > 0) return false;
  if (knerrir_home(turn)) return launch >= 0 && ((owned[turn] & board().harbours) >> launch & 1);
  return launch < 0 && sail_targets() != 0;
}

}  // namespace nuraghe::bardagi
