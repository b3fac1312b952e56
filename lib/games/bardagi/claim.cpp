// The claim: glory, yields, the Kaupmadur's extra, hide sold, Axes bought and placed, recruits (Rulings: "The claim").
#include <algorithm>

#include "games/bardagi/state.hpp"

namespace nuraghe::bardagi {

namespace {
// The areas from index k on (none from 64): a claim step's cursor onwards.
std::uint64_t areas_from(int k) { return k >= 64 ? 0 : ~((std::uint64_t(1) << k) - 1); }
}  // namespace

void State::start_claim() {
  phase = Phase::Claim;
  begin_claim(start_player);
}

int State::yield_of(int area) const {
  const AreaKind k = board().kind[std::size_t(area)];
  const int r = runes[std::size_t(area)];
  if ((r >> int(Rune::NoResources)) & 1) return 0;
  int n = k == AreaKind::GoldMine ? 2 : k == AreaKind::Camp || !ownable(k) ? 0 : 1;
  if ((r >> int(Rune::Double)) & 1) n *= 2;
  if (n > 0 && ((r >> int(Rune::DivinePowers)) & 1)) ++n;
  return n;
}

bool State::choice_area(int area) const {
  const AreaKind k = board().kind[std::size_t(area)];
  return k == AreaKind::Sheep || k == AreaKind::Cattle;
}

std::uint64_t State::yielding(int p) const {
  std::uint64_t out = 0;
  for (int a = 0; a < board().num_areas; ++a) {
    const int owner = owner_of(a);
    if (owner < 0) continue;  // a barbarian area yields to nobody, Theirs are yours or not
    const int thief_seat = thief[std::size_t(a)] - 1;
    const int to = thief_seat >= 0 && thief_seat != owner ? thief_seat : owner;
    if (to == p) out |= std::uint64_t(1) << a;
  }
  return out;
}

int State::kaupmadur_extra_area(int p) const {
  if (!on_board(p, Unit::Kaupmadur)) return -1;
  const int a = unit_area[std::size_t(p)][std::size_t(Unit::Kaupmadur)];
  if (a == board().home[std::size_t(p)]) return a;  // "take 1 extra resource of your own choice, including ONE gold"
  const AreaKind k = board().kind[std::size_t(a)];
  const bool resource = k != AreaKind::Camp && k != AreaKind::Town && ownable(k);
  return resource && ((owned[std::size_t(p)] >> a) & 1) ? a : -1;
}

void State::gain(int p, Resource r, int n) {
  auto& box = villages[std::size_t(p)].storage[std::size_t(r)];
  box = std::uint8_t(std::min(kStorage, box + n));  // "Resources gained above 5 of a kind are lost"
}

void State::gain_recruits(int p, int n) {
  Village& v = villages[std::size_t(p)];
  const int got = std::min<int>(n, v.pile);
  v.pile = std::uint8_t(v.pile - got);
  v.recruits = std::uint8_t(v.recruits + got);
}

void State::begin_claim(int seat) {
  turn = std::uint8_t(seat);
  claim_step = ClaimStep::Yields;
  claim_cursor = 0;
  const Board& b = board();
  const auto p = std::size_t(seat);
  Village& v = villages[p];
  // "Claim glory from your owned areas ... 1 glory for each area."
  v.add_glory(GlorySource::Areas, std::popcount(owned[p]));
  // The yields without a choice.
  for (std::uint64_t y = yielding(seat); y; y &= y - 1) {
    const int a = std::countr_zero(y);
    const int n = yield_of(a);
    switch (b.kind[std::size_t(a)]) {
      case AreaKind::GoldMine: v.gold = std::uint16_t(v.gold + n); break;
      case AreaKind::Forest: gain(seat, Resource::Timber, n); break;
      case AreaKind::Quarry: gain(seat, Resource::Stone, n); break;
      case AreaKind::IronMine: gain(seat, Resource::Iron, n); break;
      case AreaKind::Town: gain_recruits(seat, n); break;
      default: break;  // sheep and cattle: chosen below; camps yield nothing
    }
  }
  // "Godi gives 1 extra recruit (nothing from Home area or Sacred location)."
  if (on_board(seat, Unit::Godi)) {
    const AreaKind k = b.kind[unit_area[p][std::size_t(Unit::Godi)]];
    if (k != AreaKind::Home && k != AreaKind::Sacred) gain_recruits(seat, 1);
  }
  // The Kaupmadur's extra where the area leaves no choice.
  const int k_area = kaupmadur_extra_area(seat);
  if (k_area >= 0 && k_area != b.home[p] && !choice_area(k_area)) {
    switch (b.kind[std::size_t(k_area)]) {
      case AreaKind::GoldMine: ++v.gold; break;
      case AreaKind::Forest: gain(seat, Resource::Timber, 1); break;
      case AreaKind::Quarry: gain(seat, Resource::Stone, 1); break;
      case AreaKind::IronMine: gain(seat, Resource::Iron, 1); break;
      default: break;
    }
  }
  // The tiles' claim effects ("Building upgrades give you bonuses in the same round as they are built in").
  const auto count = [&](AreaKind k) { return std::popcount(owned[p] & b.of_kind[std::size_t(k)]); };
  for (std::uint32_t u = v.upgrades; u; u &= u - 1) {
    const Effect& e = tiles().tiles[std::size_t(std::countr_zero(u))].effect;
    switch (e.kind) {
      case EffectKind::ClaimGold: v.gold = std::uint16_t(v.gold + e.amount); break;
      case EffectKind::ClaimGlory: v.add_glory(GlorySource::ClaimGlory, e.amount); break;
      case EffectKind::GloryPerArea: v.add_glory(GlorySource::GloryPerArea, e.amount * count(e.area)); break;
      case EffectKind::GoldPerArea: v.gold = std::uint16_t(v.gold + e.amount * count(e.area)); break;
      case EffectKind::RecruitPerArea: gain_recruits(seat, e.amount * count(e.area)); break;
      case EffectKind::GloryIfOwns:
        if (count(e.area) > 0) v.add_glory(GlorySource::GloryIfOwns, e.amount);
        break;
      case EffectKind::GoldPerAttack: v.gold = std::uint16_t(v.gold + e.amount * attacks[p]); break;
      case EffectKind::GloryPerOvertake:  // "No overtake, gain 1 glory"
        v.add_glory(GlorySource::GloryPerOvertake, e.amount * std::max<int>(e.at_least, overtakes[p]));
        break;
      case EffectKind::RunePerTown:
        for (int i = 0; i < std::min<int>(e.max, e.amount * count(AreaKind::Town)) && rune_size > 0; ++i) {
          ++v.runes[rune_pile[--rune_size]];
          rune_pile[rune_size] = 0;
        }
        break;
      default: break;  // the others act outside the claim
    }
  }
  advance_claim();
}

void State::claim_moves(MoveList& out) const {
  const auto p = std::size_t(turn);
  const Village& v = villages[p];
  switch (claim_step) {
    case ClaimStep::Yields: {
      const int a = claim_cursor;
      out.push(make_move(MoveKind::Yield, a | 1 << 6));  // meat
      out.push(make_move(MoveKind::Yield, a));           // wool or hide
      break;
    }
    case ClaimStep::Extra: {
      const int a = kaupmadur_extra_area(turn);
      if (a == board().home[p]) {
        for (int r = 0; r <= kResources; ++r) out.push(make_move(MoveKind::Extra, r));
      } else {
        out.push(make_move(MoveKind::Extra, int(Resource::Meat)));
        out.push(make_move(MoveKind::Extra,
                           int(board().kind[std::size_t(a)] == AreaKind::Sheep ? Resource::Wool : Resource::Hide)));
      }
      break;
    }
    case ClaimStep::Sell: {
      const Effect* e = effect(turn, EffectKind::SellHide);
      for (int n = 0; n <= std::min<int>(e->max, v.storage[std::size_t(Resource::Hide)]); ++n)
        out.push(make_move(MoveKind::Sell, n));
      break;
    }
    case ClaimStep::BuyAxes:
      for (int n = 0; n <= max_axes_to_buy(); ++n) out.push(make_move(MoveKind::BuyAxes, n));
      break;
    case ClaimStep::PlaceAxes:
      for (std::uint64_t o = owned[p] & areas_from(claim_cursor); o; o &= o - 1)
        out.push(make_move(MoveKind::PlaceAxe, std::countr_zero(o)));
      out.push(make_move(MoveKind::End));
      break;
    case ClaimStep::PlaceRecruits:
      for (int b = claim_cursor; b < kBuildings; ++b)
        if (v.disks[std::size_t(b)] < v.cap[std::size_t(b)]) out.push(make_move(MoveKind::PlaceRecruit, b));
      out.push(make_move(MoveKind::End));
      break;
    case ClaimStep::Done: break;  // (advance_claim moves on at once)
  }
}

int State::max_axes_to_buy() const {
  // "For each owned Barbarian Camp buy up to 1 Axe for 1 gold (at most 2 per round)".
  const int camps = std::popcount(owned[turn] & board().of_kind[std::size_t(AreaKind::Camp)]);
  return std::min({camps, kAxesBoughtPerRound, int(villages[turn].gold), int(axes_pile)});
}

void State::advance_claim() {
  const auto p = std::size_t(turn);
  const Village& v = villages[p];
  if (claim_step == ClaimStep::Yields) {
    std::uint64_t left = yielding(turn) & areas_from(claim_cursor);
    for (; left; left &= left - 1) {
      const int a = std::countr_zero(left);
      if (choice_area(a) && yield_of(a) > 0) {
        claim_cursor = std::uint8_t(a);
        return;
      }
    }
    claim_step = ClaimStep::Extra;
  }
  if (claim_step == ClaimStep::Extra) {
    const int a = kaupmadur_extra_area(turn);
    if (a >= 0 && (a == board().home[p] || choice_area(a))) return;
    claim_step = ClaimStep::Sell;
  }
  if (claim_step == ClaimStep::Sell) {
    if (has_effect(turn, EffectKind::SellHide) && v.storage[std::size_t(Resource::Hide)] > 0) return;
    claim_step = ClaimStep::BuyAxes;
  }
  if (claim_step == ClaimStep::BuyAxes) {
    if (max_axes_to_buy() > 0) return;
    claim_step = ClaimStep::PlaceAxes;
    claim_cursor = 0;
  }
  if (claim_step == ClaimStep::PlaceAxes) {
    if (v.axes > 0 && (owned[p] & areas_from(claim_cursor)) != 0) return;
    claim_step = ClaimStep::PlaceRecruits;
    claim_cursor = 0;
  }
  if (claim_step == ClaimStep::PlaceRecruits) {
    bool room = false;
    for (int b = claim_cursor; b < kBuildings; ++b) room = room || v.disks[std::size_t(b)] < v.cap[std::size_t(b)];
    if (v.recruits > 0 && room) return;
  }
  // This seat's claim is over.
  const int next = (turn + 1) % players;
  if (next == start_player) end_round();
  else begin_claim(next);
}

}  // namespace nuraghe::bardagi
