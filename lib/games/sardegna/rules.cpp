// Sardegna: move generation, apply, scoring, and what each player sees. Pages are the rulebook's;
// (Rulings: "Title") names a reading of docs/rules-sardegna.md.
#include <algorithm>
#include <numeric>

#include "games/sardegna/sardegna.hpp"

namespace nuraghe {

using S = Sardegna::State;

namespace {
// All bits of `mask` when `condition` holds, else 0: a select the compiler makes without a branch.
constexpr std::uint32_t when(bool condition, std::uint32_t mask) { return mask & (0u - std::uint32_t(condition)); }
}  // namespace

std::uint16_t S::harvestable(int p) const {
  const sardegna::Board& b = board();
  const std::uint16_t mine = villager_provinces(p);
  std::uint16_t reach = b.coast_of[ships[p]] & mine;
  if (!reach) return 0;  // the common case early in a game: no villager on a ship's coast
  // Flood through provinces holding p's villagers. (A branch-free version over 5 fixed slots
  // costs more instructions than the loop's mispredictions: measured with callgrind.)
  for (std::uint16_t grown = reach;; reach = grown) {
    for (unsigned r = reach; r; r &= r - 1) grown |= b.neighbours[std::countr_zero(r)] & mine;
    if (grown == reach) break;
  }
  return std::uint16_t(reach & nibbles::nonzero(tokens));  // only provinces with a token left
}

// Commander steps from every villager province not locked (a locked villager may not leave, page
// 4); a step ends neither in a full nor in a locked province, and the cuts apply.
// Rulings: "One path to each end position".
template <bool kFirstStep, class Out>
void S::add_villager_steps(Out& out, int slot, Move played, std::uint32_t enabled, int budget, const Masks& m) const {
  const int reach = std::min(budget, kCommanderMoves);
  const auto& within = board().within;
  // At most 5 villager provinces: a fixed loop, so its exit is never mispredicted.
  unsigned from_mask = villager_provinces(turn) & ~m.locked;
  for (int i = 0; i < kSupplyVillagers; ++i, from_mask &= from_mask - 1) {
    const int from = std::countr_zero(from_mask | 0x8000'0000u) & 15;
    const std::uint32_t any = when(from_mask != 0, enabled);
    const std::uint32_t targets = within[from][reach] & ~m.blocked;
    out.put(slot + i, (make_move(kVillagerStep, 0, false, Move(from)) | played),
            any & (kFirstStep ? targets : step_targets(from, targets)), 16);
  }
}

bool S::any_villager_step(int budget, const Masks& m) const {
  AnyMove any;
  add_villager_steps<false>(any, 0, kContinuation, ~0u, budget, m);
  return bool(any);
}

template <bool kFirstStep, class Out>
void S::add_ship_steps(Out& out, int slot, Move played, std::uint32_t enabled, const Masks& m) const {
  unsigned from_mask = ships[turn];
  for (int i = 0; i < kSupplyShips; ++i, from_mask &= from_mask - 1) {  // fixed count, as for villagers
    const int from = std::countr_zero(from_mask | 0x80u);               // 7: no ship (a harmless index)
    const std::uint32_t any = when(from_mask != 0, enabled);
    out.put(slot + i, (make_move(kShipStep, 0, false, Move(from)) | played),
            any & (kFirstStep ? m.ship_targets : step_targets(from, m.ship_targets)), 16);
  }
}

bool S::any_ship_step() const {
  AnyMove any;
  add_ship_steps<false>(any, 0, kContinuation, ~0u, masks());
  return bool(any);
}

// A turn's first decision. Every character card is either in the player's hand or in front of it
// (played since the last Sentinel), so each card's actions are generated once: played itself when
// in hand, copied by the Queen (page 5) when in front and the Queen is in hand. The groups are
// written whether or not they are empty (`enabled` masks them out), each at its own slot, to keep
// branches out of the code that every playout step runs.
namespace {
// Where each group of a turn's first decision goes: one slot per group, steps one per piece.
enum PlaySlot : int {
  kSlotNoAction,
  kSlotSentinel,
  kSlotAddShip,
  kSlotShipSteps,
  kSlotAddVillager = kSlotShipSteps + Sardegna::kSupplyShips,
  kSlotVillagerSteps,
  kSlotPriest = kSlotVillagerSteps + Sardegna::kSupplyVillagers,
  kSlotHarvest,
  kSlotFort,
  kSlotVillage,
  kPlaySlots
};
static_assert(kPlaySlots <= Sardegna::MoveGroups::kCapacity);
}  // namespace

void S::add_play_moves(MoveGroups& groups) const {
  GroupWriter out{groups};
  const int p = turn;
  const Masks m = masks();
  const unsigned in_hand = hand[p], in_front = front[p];
  const unsigned usable = in_hand | when(in_hand >> kQueen & 1, in_front);  // own cards, or copies by the Queen
  // Any card but the Sentinel may be played without its action: one group over the card field.
  out.put(kSlotNoAction, make_move(kNoAction, 0), in_hand & ~(1u << kSentinel), 4);
  // Page 10 (variant): the Sentinel only with 3 or more other cards in front of the player.
  const bool sentinel = (in_hand >> kSentinel & 1) & ((variant == 0) | (std::popcount(in_front) >= 3));
  out.put(kSlotSentinel, make_move(kPlaySentinel, kSentinel), sentinel, 0);

  // The card and Queen fields of an action of card c: c itself when in hand, else the Queen's copy.
  constexpr Move kCopied = make_move(Kind(0), kQueen, true);
  const auto played = [&](Card c) { return kCopied ^ when(in_hand >> c & 1, kCopied ^ make_move(Kind(0), c)); };
  const auto base = [&](Kind k, Card c, Move a = 0) { return make_move(k, 0, false, a) | played(c); };
  const auto enabled = [&](Card c) { return 0u - (usable >> c & 1); };

  const std::uint32_t admiral = enabled(kAdmiral);
  out.put(kSlotAddShip, base(kAddShip, kAdmiral),
          when(std::popcount(unsigned(ships[p])) < kSupplyShips, admiral & m.ship_targets), 8);
  add_ship_steps<true>(out, kSlotShipSteps, played(kAdmiral), admiral, m);

  const std::uint32_t commander = enabled(kCommander);
  out.put(kSlotAddVillager, base(kAddVillager, kCommander),
          when(villagers_on_board(p) < kSupplyVillagers, commander & 0xFFFFu & ~m.blocked), 8);
  add_villager_steps<true>(out, kSlotVillagerSteps, played(kCommander), commander, kCommanderMoves, m);

  // The lock does not concern priests (Rulings: "The priest lock"); capacity does.
  const bool priest_in_supply = priest[p] < 0;
  const int priest_at = priest[p] & 15;
  out.put(kSlotPriest, priest_in_supply ? base(kAddPriest, kPriest) : base(kPriestMove, kPriest, Move(priest_at)),
          enabled(kPriest) & ~m.full & (priest_in_supply ? 0xFFFFu : board().within[priest_at][kPriestMoves]),
          priest_in_supply ? 8 : 16);

  out.put(kSlotHarvest, base(kHarvest, kFarmer), enabled(kFarmer) & harvestable(p), 8);

  const std::uint32_t architect = enabled(kArchitect);
  out.put(kSlotFort, base(kBuildFort, kArchitect),
          when(std::popcount(forts[p]) < kSupplyForts, architect & ((1u << kForts) - 1) & ~forts_built), 8);
  const int built = villages_on_board(p);
  out.put(kSlotVillage, base(kBuildVillage, kArchitect),
          when((built < kSupplyVillages) & (built < tokens_harvested(p)), architect & 0xFFFFu & ~m.blocked), 8);
  out.finish(kPlaySlots);
}

void S::move_groups(MoveGroups& groups) const {
  const int p = turn;
  if (phase == Phase::Play) [[likely]] {  // four decisions in five: a test the predictor learns, not a jump table
    add_play_moves(groups);
    return;
  }
  GroupWriter out{groups};
  switch (phase) {
    case Phase::Play:
    case Phase::Over: out.finish(0); break;
    case Phase::CommanderSteps:
      add_villager_steps<false>(out, 0, kContinuation, ~0u, steps_left, masks());
      out.put(kSupplyVillagers, make_move(kStop, kNoCardField), 1, 0);
      out.finish(kSupplyVillagers + 1);
      break;
    case Phase::AdmiralSteps:
      add_ship_steps<false>(out, 0, kContinuation, ~0u, masks());
      out.put(kSupplyShips, make_move(kStop, kNoCardField), 1, 0);
      out.finish(kSupplyShips + 1);
      break;
    case Phase::SentinelChoice:
      out.put(0, make_move(kKeep, kNoCardField), 1, 0);
      out.put(1, make_move(kReplace, kNoCardField), 1, 0);
      out.put(2, make_move(kSwap, kNoCardField), variant && private_card[p][0] != kNoCard, 0);
      out.finish(3);
      break;
    case Phase::Discard:
      for (int i = 0; i < 2; ++i) out.put(i, make_move(kDiscard, kNoCardField, false, private_card[p][i]), 1, 0);
      out.finish(2);
      break;
  }
}

void S::legal_moves(Sardegna::MoveList& out) const {
  MoveGroups groups;
  move_groups(groups);
  out.clear();
  for (int i = 0; i < groups.size; ++i)
    for (std::uint32_t bits = groups.mask[i]; bits; bits &= bits - 1) out.push(groups.move(i, std::countr_zero(bits)));
}

Move S::random_move(Rng& rng) const {
  MoveGroups groups;
  move_groups(groups);
  const std::uint32_t r = rng.below(std::uint32_t(groups.total));
  // The group holding the r-th move is the last one starting at or before r: count them over all
  // 16 slots (a compare and a sum the compiler vectorises; no loop exit to mispredict).
  int starts = 0;
  for (int i = 0; i < MoveGroups::kCapacity; ++i) starts += groups.start[i] <= r;
  const int chosen = starts - 1;
  return groups.move(chosen, nth_set_bit(groups.mask[chosen], r - groups.start[chosen]));
}

// Page 7: the most influence scores the full value, all tied leaders alike; unless first place is
// tied or two play, every player tied at the second-highest influence scores half, rounded down.
// No influence, no points.
void S::province_points(int q, int points[kMaxPlayers]) const {
  // Over all kMaxPlayers seats (an empty seat has no influence), as sums instead of branches: the
  // ranks change from one scoring to the next, so branches on them would mostly be mispredicted.
  int inf[kMaxPlayers], first = 0, second = 0, leaders = 0;
  const sardegna::Board& b = board();
  for (int p = 0; p < kMaxPlayers; ++p) inf[p] = influence(p, q, b), first = std::max(first, inf[p]);
  for (int p = 0; p < kMaxPlayers; ++p)
    leaders += inf[p] == first, second = std::max(second, inf[p] < first ? inf[p] : 0);
  const int value = first > 0 ? b.value[q] : 0;
  const int half = leaders == 1 && players > 2 && second > 0 ? value / 2 : 0;
  for (int p = 0; p < kMaxPlayers; ++p) points[p] += inf[p] == first ? value : inf[p] == second ? half : 0;
}

void S::fort_points(int fort_card, int points[kMaxPlayers]) const {
  for (unsigned r = board().fort_provinces[fort_card]; r; r &= r - 1) province_points(std::countr_zero(r), points);
}

void S::score_province(int q) {
  int points[kMaxPlayers] = {};
  province_points(q, points);
  for (int p = 0; p < kMaxPlayers; ++p) score[p] = std::uint16_t(score[p] + points[p]);
}

void S::score_fort(int fort_card) {
  for (unsigned r = board().fort_provinces[fort_card]; r; r &= r - 1) score_province(std::countr_zero(r));
}

// Page 5: the n-th token of a kind a player owns scores n points.
void S::harvest(int p, int q) {
  const Token t = token_in(q);
  tokens &= ~(std::uint64_t(15) << (4 * q));
  ++harvested[p][t];
  score[p] = std::uint16_t(score[p] + harvested[p][t]);
}

// Page 6: the scored card goes to the bottom of the deck; the next face-down card is turned up.
void S::reveal_after_scoring() {
  put_under_deck(row[row_next], everyone());
  row[row_next] = kNoCard;
  ++row_next;  // row[row_next] was face up already; row[row_next + 1], if any, is now turned up
}

void S::return_hands() {
  for (int p = 0; p < players; ++p) hand[p] = std::uint8_t(hand[p] | front[p]), front[p] = 0;
}

namespace {
std::uint64_t add_nibble(std::uint64_t packed, int q, int delta) {
  return packed + (std::uint64_t(std::int64_t(delta)) << (4 * q));
}
}  // namespace

void S::apply(Move m) {
  const int p = turn;
  const Kind k = kind_of(m);
  const Move card = card_of(m);
  if (card != kNoCardField) {  // a card leaves the hand for the table (the Queen when copying)
    hand[p] = std::uint8_t(hand[p] & ~(1u << card));
    front[p] = std::uint8_t(front[p] | (1u << card));
  }
  const int a = int(a_of(m)), b = int(b_of(m));
  switch (k) {
    case kNoAction: end_turn(); break;
    case kAddShip:
      ships[p] = std::uint8_t(ships[p] | (1u << a));
      harbours_full = count_full_harbours();
      end_turn();
      break;
    case kShipStep:
      ships[p] = std::uint8_t((ships[p] & ~(1u << a)) | (1u << b));
      harbours_full = count_full_harbours();
      started = std::uint16_t(started | (1u << a)), ended = std::uint16_t(ended | (1u << b)),
      last_step = std::uint8_t(a * 16 + b);
      phase = Phase::AdmiralSteps;
      if (!any_ship_step()) end_turn();  // only "stop" would be left
      break;
    case kAddVillager:
      villagers[p] = add_nibble(villagers[p], a, 1);
      pieces = add_nibble(pieces, a, 1);
      end_turn();
      break;
    case kVillagerStep:
      villagers[p] = add_nibble(add_nibble(villagers[p], a, -1), b, 1);
      pieces = add_nibble(add_nibble(pieces, a, -1), b, 1);
      if (phase != Phase::CommanderSteps) steps_left = kCommanderMoves;
      steps_left = std::uint8_t(steps_left - board().distance[a][b]);
      started = std::uint16_t(started | (1u << a)), ended = std::uint16_t(ended | (1u << b)),
      last_step = std::uint8_t(a * 16 + b);
      phase = Phase::CommanderSteps;
      if (!any_villager_step(steps_left, masks())) end_turn();
      break;
    case kAddPriest:
    case kPriestMove:
      if (k == kPriestMove) pieces = add_nibble(pieces, a, -1);
      priest[p] = std::int8_t(k == kAddPriest ? a : b);
      pieces = add_nibble(pieces, priest[p], 1);
      priests = 0;
      for (int o = 0; o < kMaxPlayers; ++o) priests = std::uint16_t(priests | priest_mask(o));
      end_turn();
      break;
    case kHarvest:
      harvest(p, a);
      end_turn();
      break;
    case kBuildFort:
      forts[p] |= 1u << a;
      forts_built |= 1u << a;
      end_turn();
      break;
    case kBuildVillage:
      villages[p] = add_nibble(villages[p], a, 1);
      pieces = add_nibble(pieces, a, 1);
      end_turn();
      break;
    case kStop: end_turn(); break;
    case kPlaySentinel:
      score_fort(row[row_next]);
      reveal_after_scoring();
      if (row_next == kRowLength) {  // the 11th scoring ends the game
        phase = Phase::Over;
      } else if (row_next + 1 < kRowLength) {
        phase = Phase::SentinelChoice;  // a card was turned up: keep it or replace it
      } else {
        return_hands();  // no choice (Rulings: "Nothing left to turn up")
        end_turn();
      }
      break;
    case kKeep:
      if (variant) {  // page 10: take the deck's top card, then discard one of the two
        private_card[p][1] = draw_from_deck();
        phase = Phase::Discard;
      } else {
        return_hands();
        end_turn();
      }
      break;
    case kReplace:
      put_under_deck(row[row_next + 1], everyone());
      row[row_next + 1] = draw_from_deck();
      return_hands();
      end_turn();
      break;
    case kSwap:
      put_under_deck(row[row_next + 1], everyone());
      row[row_next + 1] = private_card[p][0];
      private_card[p][0] = draw_from_deck();
      return_hands();
      end_turn();
      break;
    case kDiscard: {
      const int i = private_card[p][0] == a ? 0 : 1;
      put_under_deck(std::uint8_t(a), std::uint8_t(1u << p));  // only its owner knows it
      private_card[p][0] = private_card[p][1 - i];
      private_card[p][1] = kNoCard;
      return_hands();
      end_turn();
      break;
    }
  }
}

// The unseen fort cards of `observer`: face-down row cards, deck cards it does not know, and the
// other players' private cards. A determinization deals them again from a canonical order.
S S::determinize(Player observer, Rng& rng) const {
  S s = *this;
  std::uint8_t* slots[kForts];
  std::uint8_t cards[kForts];
  int n = 0;
  for (int i = row_next + 2; i < kRowLength; ++i) slots[n++] = &s.row[i];
  for (int i = 0; i < deck_size; ++i)
    if (!(deck_known[i] >> observer & 1)) slots[n++] = &s.deck[i];
  for (int p = 0; p < players; ++p)
    if (p != observer)
      for (int i = 0; i < 2; ++i)
        if (s.private_card[p][i] != kNoCard) slots[n++] = &s.private_card[p][i];
  for (int i = 0; i < n; ++i) cards[i] = *slots[i];
  std::sort(cards, cards + n);
  rng.shuffle(cards, std::uint32_t(n));
  for (int i = 0; i < n; ++i) *slots[i] = cards[i];
  return s;
}

// What `observer` learns from a move: every move is public; a Sentinel shows the card turned up,
// a replacement the card drawn in its place; the variant's private draws show only to their owner
// and a discard shows its card only to its owner.
std::uint64_t Sardegna::observe(const State& before, Move m, Player observer) {
  const Kind k = kind_of(m);
  const int p = before.turn;
  std::uint64_t token = m;
  auto with = [&](int card) { token = hash_combine(token, std::uint64_t(card) + 1); };
  switch (k) {
    case kPlaySentinel:
      if (before.row_next + 2 < kRowLength) with(before.row[before.row_next + 2]);
      break;
    case kReplace: with(before.deck[0]); break;
    case kSwap:
      with(before.private_card[p][0]);
      if (observer == p) with(before.deck[0] + 32);
      break;
    case kKeep:
      if (before.variant && observer == p) with(before.deck[0] + 32);
      break;
    case kDiscard:
      if (observer != p) token = make_move(kDiscard, kNoCardField);  // which card stays secret
      break;
    default: break;
  }
  return token;
}

// Setup (pages 2-3).
Sardegna::State Sardegna::initial(const GameConfig& config) {
  const int players = checked_players<Sardegna>(config, 2);
  const Params params("sardegna", config.options, option_specs());
  State s;
  s.board_index = std::uint16_t(board_of(config, sardegna::Board::standard()).index);
  s.players = std::uint8_t(players);
  s.variant = params.text("variant") == "alt-sentinel";
  Rng rng(config.seed);
  // Setup (page 2): wheat on the yellow provinces, olive and wine at random on the green ones,
  // thyme and cheese at random on the brown ones.
  for (auto [colour, pool] :
       {std::pair{sardegna::Colour::Yellow, std::vector<Token>{kWheat, kWheat}},
        std::pair{sardegna::Colour::Green,
                  std::vector<Token>{kOlive, kOlive, kOlive, kOlive, kWine, kWine, kWine, kWine}},
        std::pair{sardegna::Colour::Brown, std::vector<Token>{kThyme, kThyme, kThyme, kCheese, kCheese, kCheese}}}) {
    rng.shuffle(pool.begin(), std::uint32_t(pool.size()));
    std::size_t next = 0;
    for (int q = 0; q < kProvinces; ++q)
      if (s.board().colour[q] == colour) s.tokens |= std::uint64_t(pool[next++]) << (4 * q);
  }
  // The 26 fort cards shuffled: 11 to the row (the two leftmost face up), the rest the deck.
  std::uint8_t cards[kForts];
  std::iota(cards, cards + kForts, std::uint8_t{0});
  rng.shuffle(cards, kForts);
  std::copy(cards, cards + kRowLength, s.row);
  for (int i = kRowLength; i < kForts; ++i) s.put_under_deck(cards[i], 0);
  for (int p = 0; p < players; ++p) s.hand[p] = std::uint8_t((1u << kCards) - 1);
  if (s.variant)  // page 10: each player draws one private fort card
    for (int p = 0; p < players; ++p) s.private_card[p][0] = s.draw_from_deck();
  return s;
}

}  // namespace nuraghe
