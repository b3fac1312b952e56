#include "games/bardagi/heuristic.hpp"

#include <algorithm>

namespace nuraghe::bardagi {
namespace {

// The Virki disks an attack from here would need to end with the area claimed: the defender's
// Berserkur, each Axe, the disks (and a Defence rune), and one to claim.
int cost_to_claim(const State& s, int area) {
  const int d = s.owner_of(area);
  if (d < 0 || d == s.turn) return 0;
  int cost = s.disks[std::size_t(area)] + ((s.runes[std::size_t(area)] >> int(Rune::Defence)) & 1) + 1;
  if (s.on_board(d, Unit::Berserkur) && s.unit_area[std::size_t(d)][std::size_t(Unit::Berserkur)] == area)
    cost += s.has_effect(d, EffectKind::BerserkurStrength) ? 6 : kBerserkurStrength;
  cost += s.axes_cost(area);
  return cost;
}

// Whether unit u of the seat to move could overtake `area` if it stood there now.
bool could_overtake(const State& s, Unit u, int area) {
  const AreaKind k = s.board().kind[std::size_t(area)];
  if (!ownable(k) || s.owner_of(area) >= 0 || (k == AreaKind::Camp && u != Unit::Berserkur)) return false;
  return s.villages[s.turn].disks[std::size_t(building_of(u))] >= s.overtake_cost(area);
}

// The best area value unit u could overtake at `area` or next to it (a step further), halved for
// the step.
int prospect(const State& s, Unit u, int area) {
  int best = could_overtake(s, u, area) ? 2 * area_value(s, area) : 0;
  for (std::uint64_t n = s.board().neighbours[std::size_t(area)]; n; n &= n - 1)
    if (could_overtake(s, u, std::countr_zero(n))) best = std::max(best, area_value(s, std::countr_zero(n)));
  return best;
}

int score(const State& s, Move m) {
  const Board& b = s.board();
  const auto p = std::size_t(s.turn);
  const Village& v = s.villages[p];
  const Unit u = unit_of(m);
  switch (kind_of(m)) {
    case MoveKind::Overtake: {
      const int a = u == Unit::Knerrir ? s.knerrir_harbour[p] : s.unit_area[p][std::size_t(u)];
      return 100 + 10 * area_value(s, a);
    }
    case MoveKind::Attack: {
      const int a = s.unit_area[p][std::size_t(Unit::Berserkur)];
      return cost_to_claim(s, a) <= v.disks[0] ? 90 + 10 * area_value(s, a) : -50;
    }
    case MoveKind::Continue: {
      const int a = s.unit_area[p][std::size_t(Unit::Berserkur)];
      if (s.owner_of(a) == s.turn) return v.disks[0] >= 3 ? 10 : -10;  // more defence, keeping some
      return cost_to_claim(s, a) <= v.disks[0] || s.owner_of(a) < 0 ? 10 : -10;
    }
    case MoveKind::Stop: return 0;
    case MoveKind::Refill:
    case MoveKind::Restock: {
      const int buildings = kind_of(m) == MoveKind::Refill ? unit_field_of(m) : field_of(m);
      int gain = 0;
      for (int k = 0; k < kBuildings; ++k)
        if ((buildings >> k) & 1) gain += v.disks[std::size_t(k)] <= 2 ? 40 : 2;
      return gain;
    }
    case MoveKind::MoveUnit: {
      const int a = unit_field_of(m);
      if (u == Unit::Berserkur && s.owner_of(a) >= 0 && s.owner_of(a) != s.turn) {
        if (s.axes[std::size_t(a)] > 0) return -20;  // fighting Axes for nothing
        return cost_to_claim(s, a) + 1 <= v.disks[0] ? 50 + 5 * area_value(s, a) : 1;
      }
      return 1 + 5 * prospect(s, u, a);
    }
    case MoveKind::CastRune: {
      const Rune r = Rune(field_of(m) & 7);
      const int a = field_of(m) >> 3;
      const int owner = s.owner_of(a), value = area_value(s, a);
      if ((r == Rune::DivinePowers || r == Rune::Double) && owner == s.turn) return 20 + 5 * value;
      if ((r == Rune::NoResources || r == Rune::TheirsAreYours) && owner >= 0 && owner != s.turn) return 15 + 5 * value;
      if (r == Rune::Defence && owner == s.turn) return 10 + value;
      return -5;
    }
    case MoveKind::BuyRunes: return v.gold >= 5 ? 15 : -5;
    case MoveKind::Launch:
    case MoveKind::Sail: return v.recruits > 0 ? 12 : -5;
    case MoveKind::Toward: {
      const int a = field_of(m);
      return ownable(b.kind[std::size_t(a)]) && s.owner_of(a) < 0 && v.recruits > 0 ? 30 : 3;
    }
    case MoveKind::Anchor: return 2;
    case MoveKind::Leave: return 5;
    case MoveKind::Board: return -5;
    case MoveKind::Idle: return u == Unit::Knerrir ? 0 : -1;
    case MoveKind::End: return -30;
    case MoveKind::Home: {
      for (int k = 1; k < 1 << kBuildings; ++k)
        if (s.may_refill(Unit::Kaupmadur, k)) return 20;
      return -40;
    }
    case MoveKind::Strengthen:
    case MoveKind::Wind:
    case MoveKind::Trade:
    case MoveKind::RemoveRune: return -40;
    case MoveKind::Amount: {  // keep what is held: a session only to reach the refills after it
      const int r = field_of(m) & 7, n = field_of(m) >> 3;
      return n == v.storage[std::size_t(r)] ? 10 : 0;
    }
    case MoveKind::Shift: return -10;
    case MoveKind::Buy: {
      const UpgradeTile& t = s.tiles().tiles[std::size_t(field_of(m))];
      const EffectKind k = t.effect.kind;
      return 50 + (t.size == TileSize::Large ? 10 : 0) +
             (k == EffectKind::ClaimGlory || k == EffectKind::ClaimGold ? 10 : 0);
    }
    case MoveKind::Yield: {
      const bool meat = (field_of(m) >> 6) & 1;
      const int a = field_of(m) & 63;
      const Resource other = b.kind[std::size_t(a)] == AreaKind::Sheep ? Resource::Wool : Resource::Hide;
      const int meat_need = v.storage[std::size_t(Resource::Meat)];
      const int other_need = v.storage[std::size_t(other)];
      return meat ? 10 - meat_need : 10 - other_need;
    }
    case MoveKind::Extra: return field_of(m) == kResources ? 6 : 5 - v.storage[std::size_t(field_of(m))];
    case MoveKind::Sell:
    case MoveKind::BuyAxes: return field_of(m);  // as many as it may
    case MoveKind::PlaceAxe: return 10 + area_value(s, field_of(m));
    case MoveKind::PlaceRecruit: return 10 - s.villages[p].disks[std::size_t(field_of(m))];
    case MoveKind::Select: return 0;
  }
  return 0;
}

// Cards for the plan: the three land units evenly, Berserkur first, and the Knerrir once the
// seat owns a harbour to sail from.
Selection plan(const State& s, Player p) {
  const int n = s.cards_this_round();
  const bool sails = (s.owned[std::size_t(p)] & s.board().harbours) != 0;
  std::array<int, kUnits> c{};
  int left = n;
  if (sails) c[3] = 1, --left;
  for (int i = 0; left > 0; i = (i + 1) % kLandUnits, --left) ++c[std::size_t(i)];
  return make_selection(c);
}

}  // namespace

int area_value(const State& s, int area) {
  switch (s.board().kind[std::size_t(area)]) {
    case AreaKind::GoldMine: return 4;
    case AreaKind::Town: return 3;
    case AreaKind::Camp: return 2;
    case AreaKind::Sacred:
    case AreaKind::Home: return 0;
    default: return 2;
  }
}

Move heuristic_move(const State& s, Player p, Rng& rng) {
  if (s.phase == Phase::Planning) return make_move(MoveKind::Select, plan(s, p));
  MoveList moves;
  s.legal_moves(p, moves);
  Move best = moves[0];
  int best_score = -1 << 30;
  for (const Move m : moves) {
    const int sc = 4 * score(s, m) + int(rng.below(4));  // ties broken at random
    if (sc > best_score) best_score = sc, best = m;
  }
  return best;
}

}  // namespace nuraghe::bardagi
