// Bardagi's rules, in the order of a game: setup, then the round's phases (state.hpp). Built in
// steps (issue 13): so far setup and the planning node. (Rulings: "Title") names the reading of
// docs/rules-bardagi.md that a rule follows.
#include <cassert>

#include "core/rng.hpp"
#include "games/bardagi/state.hpp"

namespace nuraghe::bardagi {

State State::setup(const Board& board, int players, const Options& options, std::uint64_t seed) {
  assert(players >= 2 && players <= board.max_players());
  State s;
  s.board_index = std::uint8_t(board.index);
  s.players = std::uint8_t(players);
  s.short_game = options.short_game;
  s.rounds = std::uint8_t(rounds_in_game(players, options.short_game));
  Rng rng(seed);

  // "Pile the Rune tokens beside the board, face down and randomised": 8 of each kind.
  const Tiles& tiles = s.tiles();
  for (int k = 0; k < kRuneKinds; ++k)
    for (int i = 0; i < tiles.runes[std::size_t(k)].count; ++i) s.rune_pile[s.rune_size++] = std::uint8_t(k);
  rng.shuffle(s.rune_pile.begin(), s.rune_size);

  // The upgrade stacks, one per building and size, every copy of their tiles, shuffled; the top
  // ones face up.
  for (int t = 0; t < tiles.num_tiles; ++t) {
    const UpgradeTile& tile = tiles.tiles[std::size_t(t)];
    const auto k = std::size_t(stack_of(tile.building, tile.size));
    for (int c = 0; c < tile.copies; ++c) s.stacks[k][s.stack_size[k]++] = std::uint8_t(t);
  }
  for (int k = 0; k < kStacks; ++k) {
    rng.shuffle(s.stacks[std::size_t(k)].begin(), s.stack_size[std::size_t(k)]);
    s.visible[std::size_t(k)].fill(kNoTile);
    s.turn_up_tiles(k);
  }

  // Each seat: its colour's home (seat p plays colour p), 6 disks on each building and the rest
  // beside the board, its units at home and the Knerrir on the player board, 1 gold, 1 random rune.
  for (int p = 0; p < players; ++p) {
    const auto q = std::size_t(p);
    Village& v = s.villages[q];
    v.disks.fill(kStartingDisks);
    v.cap.fill(kBaseCap);
    v.pile = std::uint8_t(kDisksPerPlayer - kBuildings * kStartingDisks);
    v.gold = kStartingGold;
    for (int i = 0; i < kStartingRunes && s.rune_size > 0; ++i) ++v.runes[s.rune_pile[--s.rune_size]];
    s.unit_area[q].fill(std::uint8_t(board.home[q]));
    s.knerrir_route[q] = -1;
    s.knerrir_harbour[q] = -1;
  }
  for (std::size_t i = s.rune_size; i < s.rune_pile.size(); ++i) s.rune_pile[i] = 0;  // one state, one layout
  return s;
}

// The face-up places of stack k that are empty get the stack's top tiles ("Replenishment of the upgrades is done
// at the end of phase 4"; Rulings: "Upgrade costs and stacks"), while the stack lasts.
void State::turn_up_tiles(int k) {
  const auto kk = std::size_t(k);
  const TileSize size = TileSize(k & 1);  // stack_of: small and large alternate
  for (int i = 0; i < visible_tiles(players, size); ++i) {
    if (visible[kk][std::size_t(i)] != kNoTile || stack_size[kk] == 0) continue;
    visible[kk][std::size_t(i)] = stacks[kk][--stack_size[kk]];
    stacks[kk][stack_size[kk]] = 0;
  }
}

int State::selections(int n, std::array<Selection, kMaxLegalMoves>& out) {
  int count = 0;
  std::array<int, kUnits> c{};
  for (c[0] = 0; c[0] <= kCardsPerUnit; ++c[0])
    for (c[1] = 0; c[1] <= kCardsPerUnit; ++c[1])
      for (c[2] = 0; c[2] <= kCardsPerUnit; ++c[2]) {
        c[3] = n - c[0] - c[1] - c[2];
        if (c[3] >= 0 && c[3] <= kCardsPerUnit) out[std::size_t(count++)] = make_selection(c);
      }
  return count;
}

void State::legal_moves(MoveList& out) const { legal_moves(to_move(), out); }

void State::legal_moves(Player seat, MoveList& out) const {
  out.clear();
  if (phase == Phase::Over || seat < 0 || seat >= players) return;
  if (phase == Phase::Planning) {
    std::array<Selection, kMaxLegalMoves> all;
    const int n = selections(cards_this_round(), all);
    for (int i = 0; i < n; ++i) out.push(make_move(MoveKind::Select, all[std::size_t(i)]));
    return;
  }
  if (seat != turn) return;
  if (phase == Phase::Activation) activation_moves(out);
  if (phase == Phase::Claim) claim_moves(out);
  if (phase == Phase::Upgrades) {
    std::uint32_t offered = 0;  // each tile once, even when both copies are face up
    for (const auto& up : visible)
      for (const auto t : up)
        if (t != kNoTile && !((offered >> t) & 1) && may_buy(t)) {
          offered |= 1u << t;
          out.push(make_move(MoveKind::Buy, t));
        }
    out.push(make_move(MoveKind::End));
  }
  // The upgrade and claim decisions are the next steps of issue 13.
}

void State::apply_joint(const JointMove& joint) {
  assert(phase == Phase::Planning);
  for (int p = 0; p < players; ++p) {
    const Move m = joint[std::size_t(p)];
    assert(kind_of(m) == MoveKind::Select && cards_of(Selection(field_of(m))) == cards_this_round());
    selection[std::size_t(p)] = Selection(field_of(m));
  }
  // "Starting with the starting player, he lays down his ... cards": the activations begin.
  phase = Phase::Activation;
  start_activation(start_player);
}

}  // namespace nuraghe::bardagi

namespace nuraghe::bardagi {
namespace {
constexpr std::uint64_t bit(int a) { return std::uint64_t(1) << a; }

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

// ---- effects of the upgrade tiles a seat owns

const Effect* State::effect(int p, EffectKind k) const {
  const Tiles& t = tiles();
  for (std::uint32_t u = villages[std::size_t(p)].upgrades; u; u &= u - 1) {
    const Effect& e = t.tiles[std::size_t(std::countr_zero(u))].effect;
    if (e.kind == k) return &e;
  }
  return nullptr;
}
bool State::has_effect(int p, EffectKind k) const { return effect(p, k) != nullptr; }

int State::owner_of(int area) const {
  for (int p = 0; p < players; ++p)
    if ((owned[std::size_t(p)] >> area) & 1) return p;
  return -1;
}

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

void State::apply(Move m) {
  // A Berserkur action paid with another unit's card (virki-any-card) spends that card.
  const Unit card = card_of(m);
  if (card != Unit::Berserkur) ++as_berserkur;
  m = without_card(m);
  const Unit u = unit_of(m);
  const Unit paid = card != Unit::Berserkur ? card : u;
  switch (kind_of(m)) {
    case MoveKind::Select: assert(false && "a selection is part of a joint move"); break;
    case MoveKind::MoveUnit: play_card(paid), move_unit(u, unit_field_of(m)); break;
    case MoveKind::Overtake: play_card(paid), overtake(u); break;
    case MoveKind::Refill: play_card(paid), refill(u, unit_field_of(m)); break;
    case MoveKind::Idle: play_card(u); break;
    case MoveKind::End:
      if (phase == Phase::Upgrades) end_upgrades();
      else if (phase == Phase::Claim) {  // the placements of this kind end
        claim_cursor = 0;
        claim_step = claim_step == ClaimStep::PlaceAxes ? ClaimStep::PlaceRecruits : ClaimStep::Done;
        advance_claim();
      } else end_activation();
      break;
    case MoveKind::Yield: {
      const int a = field_of(m) & 63;
      const AreaKind k = board().kind[std::size_t(a)];
      gain(turn,
           (field_of(m) >> 6)     ? Resource::Meat
           : k == AreaKind::Sheep ? Resource::Wool
                                  : Resource::Hide,
           yield_of(a));
      claim_cursor = std::uint8_t(a + 1);
      advance_claim();
      break;
    }
    case MoveKind::Extra:
      if (field_of(m) == kResources) ++villages[turn].gold;
      else gain(turn, Resource(field_of(m)), 1);
      claim_step = ClaimStep::Sell;
      advance_claim();
      break;
    case MoveKind::Sell: {
      const Effect* e = effect(turn, EffectKind::SellHide);
      villages[turn].storage[std::size_t(Resource::Hide)] =
          std::uint8_t(villages[turn].storage[std::size_t(Resource::Hide)] - field_of(m));
      villages[turn].gold = std::uint16_t(villages[turn].gold + field_of(m) * (e ? e->amount : 0));
      claim_step = ClaimStep::BuyAxes;
      advance_claim();
      break;
    }
    case MoveKind::BuyAxes:
      villages[turn].gold = std::uint16_t(villages[turn].gold - field_of(m));
      villages[turn].axes = std::uint8_t(villages[turn].axes + field_of(m));
      axes_pile = std::uint8_t(axes_pile - field_of(m));
      claim_step = ClaimStep::PlaceAxes;
      claim_cursor = 0;
      advance_claim();
      break;
    case MoveKind::PlaceAxe:
      --villages[turn].axes;
      ++axes[std::size_t(field_of(m))];
      claim_cursor = std::uint8_t(field_of(m));
      advance_claim();
      break;
    case MoveKind::PlaceRecruit:
      --villages[turn].recruits;
      ++villages[turn].disks[std::size_t(field_of(m))];
      claim_cursor = std::uint8_t(field_of(m));
      advance_claim();
      break;
    case MoveKind::Buy: buy(field_of(m)); break;
    case MoveKind::Attack:
      play_card(card);  // the Berserkur's own, or another unit's as his
      ++attacks[turn];
      defender = std::int8_t(owner_of(unit_area[turn][std::size_t(Unit::Berserkur)]));
      attack_next();
      break;
    case MoveKind::Continue: attack_next(); break;
    case MoveKind::Stop:  // the attack's end, the strengthening's or the cast's
      defender = -1;
      strengthening = false;
      casts_left = 0;
      break;
    case MoveKind::BuyRunes:
      play_card(u);
      buy_runes();
      break;
    case MoveKind::CastRune: {
      const int f = field_of(m);
      if (f & kFreeRune) {  // hof-free-rune: no card, no Hof disk, no second rune
        cast_rune(Rune(f & 7), (f >> 3) & 63, true);
        break;
      }
      if (casts_left == 0) {  // the first rune comes with the Godi card
        play_card(Unit::Godi);
        free_used = std::uint8_t(free_used | 1 << int(FreeAction::Cast));
        casts_left = kRunesPerCast;
      }
      cast_rune(Rune(f & 7), (f >> 3) & 63);
      break;
    }
    case MoveKind::RemoveRune: {
      play_card(Unit::Godi);
      const int a = unit_area[turn][std::size_t(Unit::Godi)];
      const Rune r = Rune(field_of(m));
      villages[turn].gold = std::uint16_t(villages[turn].gold - kRemovePrice);
      runes[std::size_t(a)] = std::uint8_t(runes[std::size_t(a)] & ~(1 << int(r)));
      if (r == Rune::TheirsAreYours) {  // its marker disk goes back to its caster
        ++villages[std::size_t(thief[std::size_t(a)] - 1)].pile;
        thief[std::size_t(a)] = 0;
      }
      break;
    }
    case MoveKind::Wind:
      --villages[turn].runes[std::size_t(Rune::Wind)];
      if (field_of(m) > 0) knerrir_harbour[turn] = std::int8_t(field_of(m) - 1);
      squares_left = kWindSquares;
      break;
    case MoveKind::Strengthen:
      free_used = std::uint8_t(free_used | 1 << int(FreeAction::Strengthen));
      strengthening = true;
      last_shift = 0;
      received = 0;
      break;
    case MoveKind::Shift: shift(field_of(m) & 127, field_of(m) >> 7); break;
    case MoveKind::Launch:
      play_card(Unit::Knerrir);
      knerrir_harbour[turn] = std::int8_t(field_of(m));
      squares_left = std::uint8_t(squares_per_card());
      break;
    case MoveKind::Sail:
      play_card(Unit::Knerrir);
      squares_left = std::uint8_t(squares_per_card());
      break;
    case MoveKind::Toward: sail_toward(field_of(m)); break;
    case MoveKind::Trade:
      play_card(Unit::Kaupmadur);
      start_trade();
      break;
    case MoveKind::Home:
      free_used = std::uint8_t(free_used | 1 << int(FreeAction::HomeAction));
      start_trade();
      restock_next = true;
      break;
    case MoveKind::Amount: end_with(field_of(m) >> 3); break;
    case MoveKind::Restock:
      restock_next = false;
      refill(Unit::Kaupmadur, field_of(m));
      break;
    case MoveKind::Anchor: end_sailing(); break;
    case MoveKind::Board:
      aboard[turn] = std::uint8_t(aboard[turn] | 1 << int(u));
      crossed = std::uint8_t(crossed | 1 << int(u));
      break;
    case MoveKind::Leave:
      aboard[turn] = std::uint8_t(aboard[turn] & ~(1 << int(u)));
      crossed = std::uint8_t(crossed | 1 << int(u));
      move_unit(u, knerrir_harbour[turn]);  // a move ending there: the Berserkur fights Axes there
      break;
  }
}

}  // namespace nuraghe::bardagi

namespace nuraghe::bardagi {
namespace {
constexpr std::uint64_t area_bit(int a) { return std::uint64_t(1) << a; }
}  // namespace

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
      owned[d] &= ~area_bit(a);
      break;
    case AttackStep::Claim:  // an area overtaken from another player (Rulings: "An area won by an attack is overtaken")
      owned[p] |= area_bit(a);
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

namespace nuraghe::bardagi {

bool State::may_trade() const {
  // "Trade in Towns (own or other players' Towns). Costs ONE action."
  return on_board(turn, Unit::Kaupmadur) && cards_left[std::size_t(Unit::Kaupmadur)] > 0 &&
         board().kind[unit_area[turn][std::size_t(Unit::Kaupmadur)]] == AreaKind::Town;
}

bool State::may_home_action() const {
  // "If the Kaupmadur is in his home area he can trade ... he can also refill the disks on all
  // buildings": free, once an activation (Rulings: "Free actions, once an activation").
  // With verslun-free-home-action "He does not need to be on Home area": the same one action a round,
  // from any area, not aboard (Rulings: "The home action from anywhere").
  return !used(FreeAction::HomeAction) && on_board(turn, Unit::Kaupmadur) &&
         (unit_area[turn][std::size_t(Unit::Kaupmadur)] == board().home[turn] ||
          has_effect(turn, EffectKind::FreeHomeAction));
}

void State::start_trade() {
  const Village& v = villages[turn];
  int pool = kGoldValue * v.gold;
  for (int r = 0; r < kResources; ++r) pool += kTradeValue[std::size_t(r)] * v.storage[std::size_t(r)];
  trade_pool = std::uint16_t(pool);
  trade_next = 0;
}

bool State::may_end_with(int amount) const {
  if (trade_next >= kResources || amount < 0 || amount > kStorage) return false;
  const int left = trade_pool - kTradeValue[trade_next] * amount;
  if (left < 0) return false;
  // What is left must become whole gold after the later resources take their share: a basic
  // resource among them can take an odd value, mining ones take even values only.
  bool basic_later = false;
  for (int r = trade_next + 1; r < kResources; ++r) basic_later = basic_later || kTradeValue[std::size_t(r)] == 1;
  return basic_later || left % kGoldValue == 0;
}

void State::end_with(int amount) {
  assert(may_end_with(amount));
  Village& v = villages[turn];
  trade_pool = std::uint16_t(trade_pool - kTradeValue[trade_next] * amount);
  v.storage[trade_next] = std::uint8_t(amount);
  if (++trade_next == kResources) v.gold = std::uint16_t(trade_pool / kGoldValue), trade_pool = 0;
}

}  // namespace nuraghe::bardagi

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

namespace nuraghe::bardagi {

int State::slots_used(int p, Building b) const {
  int used = 0;
  for (std::uint32_t u = villages[std::size_t(p)].upgrades; u; u &= u - 1) {
    const UpgradeTile& t = tiles().tiles[std::size_t(std::countr_zero(u))];
    if (t.building == b) used += slots(t.size);
  }
  return used;
}

int State::cap_of(int p, Building b) const {
  int cap = kBaseCap, ceiling = kCapCeiling;
  for (std::uint32_t u = villages[std::size_t(p)].upgrades; u; u &= u - 1) {
    const UpgradeTile& t = tiles().tiles[std::size_t(std::countr_zero(u))];
    const Effect& e = t.effect;
    if (b == Building::Virki && e.kind == EffectKind::BerserkurStrength) cap += e.virki_base - kBaseCap;
    if (b == Building::Virki && (e.kind == EffectKind::BerserkurStrength || e.kind == EffectKind::VirkiCap))
      ceiling = std::max<int>(ceiling, e.virki_max);
    if (b == Building::Virki && e.kind == EffectKind::VirkiCap) cap += e.extra;
    if (t.building == b) cap += t.cap_raise;
  }
  return std::min(cap, ceiling);
}

bool State::may_buy(int tile) const {
  if (phase != Phase::Upgrades || tile < 0 || tile >= tiles().num_tiles || bought[turn] >= kUpgradesPerRound)
    return false;
  const UpgradeTile& t = tiles().tiles[std::size_t(tile)];
  const Village& v = villages[turn];
  bool up = false;
  for (const auto id : visible[std::size_t(stack_of(t.building, t.size))]) up = up || id == tile;
  if (!up || ((v.upgrades >> tile) & 1)) return false;  // "You can only build 1 small upgrade of each type"
  if (slots_used(turn, t.building) + slots(t.size) > kBuildingSlots) return false;
  if (v.gold < t.cost.gold) return false;  // "All required resources must be available ... No late trade"
  for (int r = 0; r < kResources; ++r)
    if (v.storage[std::size_t(r)] < t.cost.resources[std::size_t(r)]) return false;
  return true;
}

void State::buy(int tile) {
  assert(may_buy(tile));
  const UpgradeTile& t = tiles().tiles[std::size_t(tile)];
  Village& v = villages[turn];
  v.gold = std::uint16_t(v.gold - t.cost.gold);
  for (int r = 0; r < kResources; ++r)
    v.storage[std::size_t(r)] = std::uint8_t(v.storage[std::size_t(r)] - t.cost.resources[std::size_t(r)]);
  v.upgrades |= 1u << tile;
  // "If an upgrade is bought, a new one is not shown": the place stays empty until the round's end.
  for (auto& id : visible[std::size_t(stack_of(t.building, t.size))])
    if (id == tile) {
      id = kNoTile;
      break;
    }
  ++bought[turn];
  for (int b = 0; b < kBuildings; ++b) v.cap[std::size_t(b)] = std::uint8_t(cap_of(turn, Building(b)));
}

void State::end_upgrades() {
  const int next = (turn + 1) % players;
  turn = std::uint8_t(next);
  if (next == start_player) start_claim();
}

}  // namespace nuraghe::bardagi

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
