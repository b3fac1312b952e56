#include "games/bardagi/heuristic.hpp"

#include "games/bardagi/features.hpp"

#include <algorithm>
#include <cmath>

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
  // Another unit's card played as a Berserkur card (virki-any-card): his action, less that unit's
  // card spent.
  if (card_of(m) != Unit::Berserkur) return score(s, without_card(m)) - 5;
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
      const int a = (field_of(m) >> 3) & 63;
      const int owner = s.owner_of(a), value = area_value(s, a);
      const int free = field_of(m) & kFreeRune ? 5 : 0;  // the tile's rune costs no card and no Hof disk
      if ((r == Rune::DivinePowers || r == Rune::Double) && owner == s.turn) return free + 20 + 5 * value;
      if ((r == Rune::NoResources || r == Rune::TheirsAreYours) && owner >= 0 && owner != s.turn)
        return free + 15 + 5 * value;
      if (r == Rune::Defence && owner == s.turn) return free + 10 + value;
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

namespace {

// The claims seat p has still to make: this round's, unless its claim has begun, and one a round
// after it.
int claims_left(const State& s, int p) {
  if (s.phase == Phase::Over) return 0;
  const int later = s.rounds - s.round;
  if (s.phase != Phase::Claim) return later + 1;
  const auto order = [&](int q) { return (q - s.start_player + s.players) % s.players; };
  return later + (order(p) > order(s.turn) ? 1 : 0);
}

// What a resource is worth in glory, roughly: four buy a small tile's 3 glory and its cap (with a
// gold), or refill a building; two basic ones make a gold, which is a glory at the end.
constexpr double kResourceGlory = 0.5;

// What one claim gives seat p now, in glory: an area's glory, its yield (gold mines' gold as
// glory, the rest as resources, a Town's recruit as a disk), and the tiles' claim effects.
double claim_income(const State& s, int p) {
  const Board& b = s.board();
  const auto q = std::size_t(p);
  double income = std::popcount(s.owned[q]);
  for (std::uint64_t y = s.yielding(p); y; y &= y - 1) {
    const int a = std::countr_zero(y);
    const AreaKind k = b.kind[std::size_t(a)];
    income += (k == AreaKind::GoldMine ? 1.0 : k == AreaKind::Camp ? 0.0 : kResourceGlory) * s.yield_of(a);
  }
  const auto count = [&](AreaKind k) { return std::popcount(s.owned[q] & b.of_kind[std::size_t(k)]); };
  for (std::uint32_t u = s.villages[q].upgrades; u; u &= u - 1) {
    const Effect& e = s.tiles().tiles[std::size_t(std::countr_zero(u))].effect;
    switch (e.kind) {
      case EffectKind::ClaimGold:
      case EffectKind::ClaimGlory: income += e.amount; break;
      case EffectKind::GloryPerArea:
      case EffectKind::GoldPerArea: income += e.amount * count(e.area); break;
      case EffectKind::RecruitPerArea: income += kResourceGlory * e.amount * count(e.area); break;
      case EffectKind::GloryIfOwns: income += count(e.area) > 0 ? e.amount : 0; break;
      case EffectKind::GloryPerOvertake: income += e.at_least * e.amount; break;
      default: break;
    }
  }
  return income;
}

// What seat p's village holds toward later points: resources, recruits, Axes and runes to use,
// disks on the buildings to overtake with (worth less in the last claims).
double holdings(const State& s, int p, int claims) {
  const Village& v = s.villages[std::size_t(p)];
  double held = 0;
  for (const int n : v.storage) held += kResourceGlory * n;
  int runes = 0;
  for (const int n : v.runes) runes += n;
  int disks = 0;
  for (const int n : v.disks) disks += n;
  return held + kResourceGlory * (v.recruits + v.axes + runes) + std::min(claims, 3) * 0.15 * disks;
}

}  // namespace

Evaluation evaluation(const State& s) {
  Evaluation e;
  e.score = s.scores();
  double top = -1e18;
  int most_claims = 0;
  for (int p = 0; p < s.players; ++p) {
    const auto q = std::size_t(p);
    const int claims = e.claims_left[q] = claims_left(s, p);
    most_claims = std::max(most_claims, claims);
    e.claim_income[q] = claim_income(s, p);
    e.holdings[q] = holdings(s, p, claims);
    e.projected[q] = e.score[p] + claims * e.claim_income[q] + e.holdings[q];
    top = std::max(top, e.projected[q]);
  }
  // The points still to move: an area changes hands, a tile is bought, a bonus passes.
  e.scale = 6.0 + 3.0 * most_claims;
  double total = 0;
  for (int p = 0; p < s.players; ++p) total += e.share[p] = std::exp((e.projected[std::size_t(p)] - top) / e.scale);
  for (int p = 0; p < s.players; ++p) e.share[p] /= total;
  return e;
}

Values evaluate(const State& s) {
  if (s.phase == Phase::Over) return s.returns();
  return evaluation(s).share;
}

void search_moves(const State& s, Player p, MoveList& moves) {
  const auto worth_trying = [&](Move m) {
    switch (kind_of(m)) {
      case MoveKind::Strengthen:
      case MoveKind::RemoveRune: return false;
      case MoveKind::CastRune: {
        const Rune r = Rune(field_of(m) & 7);
        const int owner = s.owner_of((field_of(m) >> 3) & 63);  // a card's cast or the free rune
        const bool for_owner = r == Rune::DivinePowers || r == Rune::Double || r == Rune::Defence;
        return for_owner ? owner == p : owner >= 0 && owner != p;
      }
      default: return true;
    }
  };
  // Every decision these moves appear in has another (a card for no action, `stop`), but the
  // contract wants one move kept whatever the list.
  if (std::any_of(moves.begin(), moves.end(), worth_trying)) moves.keep_if(worth_trying);
}

}  // namespace nuraghe::bardagi
