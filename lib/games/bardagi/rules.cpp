// Bardagi's rules: setup, the planning node, and the game interface (the legal moves and the moves applied, phase
// by phase); then what the tiles a seat owns change, which every phase asks. Each phase's own rules are in a file of
// their own: activation.cpp, attack.cpp, knerrir.cpp, trade.cpp, strengthen.cpp, runes.cpp, upgrades.cpp,
// claim.cpp, end.cpp. (Rulings: "Title") names the reading of docs/rules-bardagi.md that a rule follows.
#include <cassert>

#include "core/rng.hpp"
#include "games/bardagi/state.hpp"

namespace nuraghe::bardagi {

State State::setup(const Board& board, int players, const Options& options, std::uint64_t seed) {
  assert(players >= 2 && players <= board.max_players());
  State s;
  s.board_index = std::uint16_t(board.index);
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
