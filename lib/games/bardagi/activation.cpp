// A seat's activation, a card a decision: moving, overtaking, refilling (Rulings: "Rounds and activations").
#include <algorithm>
#include <cassert>

#include "games/bardagi/rules_internal.hpp"
#include "games/bardagi/state.hpp"

namespace nuraghe::bardagi {

using detail::bit;

namespace {
// The areas of `within` joined to area a through areas of `within` (a itself included), or 0 if
// a is not in it.
std::uint64_t flood(const Board& b, int a, std::uint64_t within) {
  if (!((within >> a) & 1)) return 0;
  std::uint64_t group = bit(a), frontier = bit(a);
  while (frontier) {
    std::uint64_t next = 0;
    for (std::uint64_t f = frontier; f; f &= f - 1) next |= b.neighbours[std::size_t(std::countr_zero(f))];
    frontier = next & within & ~group;
    group |= frontier;
  }
  return group;
}
}  // namespace

// ---- moving (Rulings: "Moving through own land")

int State::steps_per_card(Unit u) const {
  if (u == Unit::Berserkur)
    if (const Effect* e = effect(turn, EffectKind::BerserkurSteps)) return e->per_card;
  return kStepsPerCard;
}

std::uint64_t State::own_group(int p, int a) const { return flood(board(), a, own_or_home(p)); }

std::uint64_t State::reachable(Unit u) const {
  const Board& b = board();
  const auto p = std::size_t(turn);
  const int start = unit_area[p][std::size_t(u)];
  // "No unit enters another player's home area" (nor an unused colour's: docs/rules-bardagi.md);
  // "a Godi never enters or crosses an area holding another player's Godi".
  std::uint64_t barred = b.homes & ~bit(b.home[p]);
  if (u == Unit::Godi)
    for (int q = 0; q < players; ++q)
      if (std::size_t(q) != p && on_board(q, Unit::Godi))
        barred |= bit(unit_area[std::size_t(q)][std::size_t(Unit::Godi)]);
  const std::uint64_t own = own_or_home(int(p)) & ~barred;
  std::uint64_t reached = bit(start), frontier = bit(start);
  for (int step = 0; step < steps_per_card(u) && frontier; ++step) {
    std::uint64_t next = 0;
    for (std::uint64_t f = frontier; f; f &= f - 1) {
      const int a = std::countr_zero(f);
      next |= b.neighbours[std::size_t(a)] | flood(b, a, own);  // one step, or a run inside an own group
    }
    frontier = next & ~barred & ~reached;
    reached |= frontier;
  }
  return reached & ~bit(start);
}

void State::move_unit(Unit u, int area) {
  const auto p = std::size_t(turn);
  unit_area[p][std::size_t(u)] = std::uint8_t(area);
  // "If an Axe token is present, he must fight it if he wants to stay on the area, which requires
  // him to remove 2 disks from Virki for each Axe token removed."
  const int owner = owner_of(area);
  if (u == Unit::Berserkur && owner >= 0 && std::size_t(owner) != p && axes[std::size_t(area)] > 0) {
    villages[p].disks[0] = std::uint8_t(villages[p].disks[0] - axes_cost(area));
    villages[p].pile = std::uint8_t(villages[p].pile + axes_cost(area));
    axes_pile = std::uint8_t(axes_pile + axes[std::size_t(area)]);
    axes[std::size_t(area)] = 0;
  }
}

int State::axes_cost(int area) const {
  const int owner = owner_of(area);
  const Effect* strong = owner >= 0 ? effect(owner, EffectKind::AxeDefence) : nullptr;
  return axes[std::size_t(area)] * (strong ? strong->defence : kAxeDefence);
}

bool State::may_move(Unit u, int area) const {
  if (!on_board(turn, u) || (u == Unit::Berserkur && is_down(turn))) return false;
  if (!((reachable(u) >> area) & 1)) return false;
  const int owner = owner_of(area);
  if (u == Unit::Berserkur && owner >= 0 && owner != turn && axes[std::size_t(area)] > 0)
    return villages[turn].disks[0] >= axes_cost(area);
  return true;
}

// ---- overtaking (Rulings: "Overtaking where the unit stands")

int State::overtake_cost(int area) const {
  const AreaKind k = board().kind[std::size_t(area)];
  return k == AreaKind::Town ? 2 : k == AreaKind::Camp ? 3 : 1;
}

bool State::may_overtake(Unit u) const {
  if (u == Unit::Berserkur && is_down(turn)) return false;
  // The Knerrir overtakes the barbarian harbour area it is docked at, with recruits.
  if (u == Unit::Knerrir && knerrir_harbour[turn] < 0) return false;
  if (u != Unit::Knerrir && !on_board(turn, u)) return false;
  const int a = u == Unit::Knerrir ? knerrir_harbour[turn] : unit_area[turn][std::size_t(u)];
  const AreaKind k = board().kind[std::size_t(a)];
  if (!ownable(k) || owner_of(a) >= 0) return false;
  // "Barbarian Camp: Berserkur only".
  if (k == AreaKind::Camp && u != Unit::Berserkur) return false;
  const Village& v = villages[turn];
  return (u == Unit::Knerrir ? v.recruits : v.disks[std::size_t(building_of(u))]) >= overtake_cost(a);
}

void State::overtake(Unit u) {
  assert(may_overtake(u));
  const auto p = std::size_t(turn);
  const int a = u == Unit::Knerrir ? knerrir_harbour[p] : unit_area[p][std::size_t(u)];
  const int cost = overtake_cost(a);
  Village& v = villages[p];
  // One disk placed to claim it; for a Town one, for a Camp two, discarded back to the pile.
  if (u == Unit::Knerrir) v.recruits = std::uint8_t(v.recruits - cost);
  else v.disks[std::size_t(building_of(u))] = std::uint8_t(v.disks[std::size_t(building_of(u))] - cost);
  v.pile = std::uint8_t(v.pile + cost - 1);
  owned[p] |= bit(a);
  disks[std::size_t(a)] = 1;
  ++overtakes[p];
  if (board().kind[std::size_t(a)] == AreaKind::Camp) {  // "Reward: 2 Axe tokens", while the pile lasts
    const int n = std::min<int>(kCampAxes, axes_pile);
    axes_pile = std::uint8_t(axes_pile - n);
    v.axes = std::uint8_t(v.axes + n);
  }
}

// ---- refilling (Rulings: "Refills")

int State::refill_disks(int building) const {
  const Village& v = villages[turn];
  const int room = v.cap[std::size_t(building)] - v.disks[std::size_t(building)];
  return std::max(0, std::min({kRefillDisks, room, int(v.pile)}));
}

bool State::may_refill(Unit u, int buildings) const {
  if (u == Unit::Knerrir || buildings <= 0 || buildings >= 1 << kBuildings) return false;
  // "While sailing, the unit cannot be used": a unit aboard refills nothing.
  // Rulings: "A unit aboard takes no action of its own".
  if (!on_board(turn, u)) return false;
  if (u != Unit::Kaupmadur && buildings != 1 << int(building_of(u))) return false;
  // Each building refilled pays its 4 resources and gains a disk at least; the pile is shared.
  State after = *this;
  for (int k = 0; k < kBuildings; ++k) {
    if (!((buildings >> k) & 1)) continue;
    const auto r = std::size_t(refill_resource(Building(k)));
    if (after.villages[turn].storage[r] < kRefillCost || after.refill_disks(k) == 0) return false;
    after.refill(Unit::Kaupmadur, 1 << k);
  }
  return true;
}

void State::refill(Unit, int buildings) {
  Village& v = villages[turn];
  for (int k = 0; k < kBuildings; ++k) {
    if (!((buildings >> k) & 1)) continue;
    const int n = refill_disks(k);
    v.storage[std::size_t(refill_resource(Building(k)))] -= kRefillCost;
    v.disks[std::size_t(k)] = std::uint8_t(v.disks[std::size_t(k)] + n);
    v.pile = std::uint8_t(v.pile - n);
    // "he must re-activate his Berserkur by re-filling his disks on Virki".
    if (Building(k) == Building::Virki) berserkur_down = std::uint8_t(berserkur_down & ~(1 << turn));
  }
}

// ---- the activation's decisions

void State::play_card(Unit u) {
  assert(cards_left[std::size_t(u)] > 0);
  --cards_left[std::size_t(u)];
  crossed = 0;
}

void State::start_activation(int seat) {
  turn = std::uint8_t(seat);
  free_used = 0;
  crossed = 0;
  as_berserkur = 0;
  free_runes = 0;
  for (int u = 0; u < kUnits; ++u)
    cards_left[std::size_t(u)] = std::uint8_t(count_of(selection[std::size_t(seat)], Unit(u)));
}

void State::end_activation() {
  crossed = 0;
  // An empty Knerrir at a harbour area goes home when its owner's activation ends.
  // Rulings: "An empty Knerrir waits at its harbour".
  if (knerrir_harbour[turn] >= 0 && aboard[turn] == 0) knerrir_harbour[turn] = -1;
  as_berserkur = 0;
  free_runes = 0;
  const int next = (turn + 1) % players;
  if (next == start_player) {
    phase = Phase::Upgrades;
    turn = start_player;
    cards_left = {};
    return;
  }
  start_activation(next);
}

void State::activation_moves(MoveList& out) const {
  if (defender >= 0) {  // inside an attack: its next step, or stop
    out.push(make_move(MoveKind::Continue));
    out.push(make_move(MoveKind::Stop));
    return;
  }
  if (trade_next < kResources) {  // inside a trade session: the next resource's end amount
    for (int n = 0; n <= kStorage; ++n)
      if (may_end_with(n)) out.push(make_move(MoveKind::Amount, trade_next | n << 3));
    return;
  }
  if (restock_next) {  // the home action's refills: any buildings the storage pays for, or none
    out.push(make_move(MoveKind::Restock, 0));
    for (int buildings = 1; buildings < 1 << kBuildings; ++buildings)
      if (may_refill(Unit::Kaupmadur, buildings)) out.push(make_move(MoveKind::Restock, buildings));
    return;
  }
  if (casts_left > 0) {  // casting: a rune of the village on an area, or stop
    for (int r = 0; r < kRuneKinds; ++r)
      for (int a = 0; a < board().num_areas; ++a)
        if (may_cast_rune(Rune(r), a)) out.push(make_move(MoveKind::CastRune, r | a << 3));
    out.push(make_move(MoveKind::Stop));
    return;
  }
  if (strengthening) {  // single-disk shifts in order, or stop
    const Board& b = board();
    for (int from = 0; from <= b.num_areas; ++from)
      for (std::uint64_t to = owned[turn]; to; to &= to - 1)
        if (may_shift(from, std::countr_zero(to)))
          out.push(make_move(MoveKind::Shift, from | std::countr_zero(to) << 7));
    out.push(make_move(MoveKind::Stop));
    return;
  }
  knerrir_moves(out);  // boarding and leaving are free at any time of the activation
  if (squares_left == 0) {
    if (may_home_action()) out.push(make_move(MoveKind::Home));
    if (may_free_rune())  // hof-free-rune: a rune without a card or a Hof disk, aboard too
      for (int r = 0; r < kRuneKinds; ++r)
        for (int a = 0; a < board().num_areas; ++a)
          if (may_cast_rune(Rune(r), a, true)) out.push(make_move(MoveKind::CastRune, r | a << 3 | kFreeRune));
    if (may_strengthen()) out.push(make_move(MoveKind::Strengthen));
    if (knerrir_home(turn)) {
      for (std::uint64_t h = owned[turn] & board().harbours; h; h &= h - 1)
        if (may_wind(std::countr_zero(h))) out.push(make_move(MoveKind::Wind, std::countr_zero(h) + 1));
    } else if (may_wind(-1)) {
      out.push(make_move(MoveKind::Wind, 0));
    }
  }
  if (squares_left > 0) {  // sailing with a Knerrir card: a square at a time, or anchor
    for (std::uint64_t t = sail_targets(); t; t &= t - 1) out.push(make_move(MoveKind::Toward, std::countr_zero(t)));
    out.push(make_move(MoveKind::Anchor));
    return;
  }
  bool any_card = false;
  for (int i = 0; i < kUnits; ++i) {
    const Unit u = Unit(i);
    if (cards_left[std::size_t(i)] == 0) continue;
    any_card = true;
    if (u == Unit::Knerrir) {
      if (knerrir_home(turn)) {
        // "Needs a harbour area to be activated": it starts at an own harbour area.
        for (std::uint64_t h = owned[turn] & board().harbours; h; h &= h - 1)
          out.push(make_move(MoveKind::Launch, std::countr_zero(h)));
      } else if (sail_targets()) {
        out.push(make_move(MoveKind::Sail));
      }
      if (may_overtake(u)) out.push(make_unit_move(MoveKind::Overtake, u));
    } else {
      for (std::uint64_t r = reachable(u); r; r &= r - 1)
        if (may_move(u, std::countr_zero(r))) out.push(make_unit_move(MoveKind::MoveUnit, u, std::countr_zero(r)));
      if (may_overtake(u)) out.push(make_unit_move(MoveKind::Overtake, u));
      if (u == Unit::Berserkur && may_attack()) out.push(make_move(MoveKind::Attack));
      if (u == Unit::Kaupmadur && may_trade()) out.push(make_move(MoveKind::Trade));
      if (may_buy_runes(u)) out.push(make_unit_move(MoveKind::BuyRunes, u));
      if (u == Unit::Godi) {
        if (may_cast())
          for (int r = 0; r < kRuneKinds; ++r)
            for (int a = 0; a < board().num_areas; ++a)
              if (may_cast_rune(Rune(r), a)) out.push(make_move(MoveKind::CastRune, r | a << 3));
        for (int r = 0; r < kRuneKinds; ++r)
          if (may_remove_rune(Rune(r))) out.push(make_move(MoveKind::RemoveRune, r));
      }
      for (int buildings = 1; buildings < 1 << kBuildings; ++buildings)
        if (may_refill(u, buildings)) out.push(make_unit_move(MoveKind::Refill, u, buildings));
    }
    if (u != Unit::Berserkur && may_berserkur_card(u)) {  // virki-any-card: this card as a Berserkur card
      const Unit b = Unit::Berserkur;
      const auto as = [&](Move m) { out.push(with_card(m, u)); };
      for (std::uint64_t r = reachable(b); r; r &= r - 1)
        if (may_move(b, std::countr_zero(r))) as(make_unit_move(MoveKind::MoveUnit, b, std::countr_zero(r)));
      if (may_overtake(b)) as(make_unit_move(MoveKind::Overtake, b));
      if (may_attack()) as(make_move(MoveKind::Attack));
      if (may_refill(b, 1 << int(Building::Virki))) as(make_unit_move(MoveKind::Refill, b, 1 << int(Building::Virki)));
    }
    out.push(make_unit_move(MoveKind::Idle, u));
  }
  if (!any_card) out.push(make_move(MoveKind::End));
}

}  // namespace nuraghe::bardagi
