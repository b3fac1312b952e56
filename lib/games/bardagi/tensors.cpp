// Bardagi's action and observation vectors for learning agents (HasTensors). The layout is
// documented in docs/rules-bardagi.md, "Action and observation vectors": change both together.
#include <cassert>
#include <vector>

#include "core/tensors.hpp"
#include "games/bardagi/bardagi.hpp"

namespace nuraghe {
namespace {

using namespace bardagi;

constexpr std::array<Unit, kLandUnits> kLandUnitList = {Unit::Berserkur, Unit::Godi, Unit::Kaupmadur};
constexpr std::array<Unit, kUnits> kUnitList = {Unit::Berserkur, Unit::Godi, Unit::Kaupmadur, Unit::Knerrir};

// Every move of board b, kind by kind in MoveKind's order, each kind's fields in mixed radix over
// their real ranges: the selections of 6 and of 8 cards; a land unit's move to each area; each
// unit's overtake; a land unit's refill of each set of buildings; each unit's idle card; end,
// attack, continue, stop; launch at each harbour; sail; toward each harbour; anchor; a land unit's
// boarding and leaving; trade; home; each resource's end amount 0..5; restock of each set of
// buildings (none first); strengthen; a shift from Virki or an area to another area; buying runes
// with the Godi or the Kaupmadur; each rune kind cast on each area; each kind removed; Wind from
// the board and from each harbour; buying each tile; a sheep or cattle area's yield as wool or
// hide and as meat; the extra resource (or gold); hide sold 0..5; Axes bought 0..2; an Axe placed
// on each area; a recruit placed on each building. Then the moves the tiles add, after all others
// so that the numbers above stay: per other unit (Godi, Kaupmadur, Knerrir) its card as a Berserkur
// card for his move to each area, his overtake, his Virki refill and his attack; the free rune of
// each kind on each area.
std::vector<Move> every_move(const Board& b, const Tiles& tiles) {
  std::vector<Move> moves;
  const auto add = [&](MoveKind k, int field = 0) { moves.push_back(make_move(k, field)); };
  const auto each_area = [&](MoveKind k, std::uint64_t areas, int plus = 0) {
    for (int a = 0; a < b.num_areas; ++a)
      if ((areas >> a) & 1) add(k, a + plus);
  };
  const std::uint64_t all_areas = b.num_areas == 64 ? ~std::uint64_t(0) : (std::uint64_t(1) << b.num_areas) - 1;
  std::array<Selection, kMaxLegalMoves> selections;
  for (const int n : {cards_in_round(1), cards_in_round(kMaxRounds)}) {
    const int count = State::selections(n, selections);
    for (int i = 0; i < count; ++i) add(MoveKind::Select, selections[std::size_t(i)]);
  }
  for (const Unit u : kLandUnitList)
    for (int a = 0; a < b.num_areas; ++a) moves.push_back(make_unit_move(MoveKind::MoveUnit, u, a));
  for (const Unit u : kUnitList) moves.push_back(make_unit_move(MoveKind::Overtake, u));
  for (const Unit u : kLandUnitList)
    for (int buildings = 1; buildings < 1 << kBuildings; ++buildings)
      moves.push_back(make_unit_move(MoveKind::Refill, u, buildings));
  for (const Unit u : kUnitList) moves.push_back(make_unit_move(MoveKind::Idle, u));
  for (const MoveKind k : {MoveKind::End, MoveKind::Attack, MoveKind::Continue, MoveKind::Stop}) add(k);
  each_area(MoveKind::Launch, b.harbours);
  add(MoveKind::Sail);
  each_area(MoveKind::Toward, b.harbours);
  add(MoveKind::Anchor);
  for (const MoveKind k : {MoveKind::Board, MoveKind::Leave})
    for (const Unit u : kLandUnitList) moves.push_back(make_unit_move(k, u));
  add(MoveKind::Trade);
  add(MoveKind::Home);
  for (int r = 0; r < kResources; ++r)
    for (int n = 0; n <= kStorage; ++n) add(MoveKind::Amount, r | n << 3);
  for (int buildings = 0; buildings < 1 << kBuildings; ++buildings) add(MoveKind::Restock, buildings);
  add(MoveKind::Strengthen);
  for (int from = 0; from <= b.num_areas; ++from)  // 0: Virki, else the area from - 1
    for (int to = 0; to < b.num_areas; ++to)
      if (to != from - 1) add(MoveKind::Shift, from | to << 7);
  for (const Unit u : {Unit::Godi, Unit::Kaupmadur}) moves.push_back(make_unit_move(MoveKind::BuyRunes, u));
  for (int r = 0; r < kRuneKinds; ++r)
    for (int a = 0; a < b.num_areas; ++a) add(MoveKind::CastRune, r | a << 3);
  for (int r = 0; r < kRuneKinds; ++r) add(MoveKind::RemoveRune, r);
  add(MoveKind::Wind, 0);
  each_area(MoveKind::Wind, b.harbours, 1);
  for (int t = 0; t < tiles.num_tiles; ++t) add(MoveKind::Buy, t);
  const std::uint64_t choice_areas = b.of_kind[std::size_t(AreaKind::Sheep)] | b.of_kind[std::size_t(AreaKind::Cattle)];
  for (int a = 0; a < b.num_areas; ++a)
    if ((choice_areas >> a) & 1) add(MoveKind::Yield, a), add(MoveKind::Yield, a | 1 << 6);
  for (int r = 0; r <= kResources; ++r) add(MoveKind::Extra, r);  // kResources: gold
  for (int n = 0; n <= kStorage; ++n) add(MoveKind::Sell, n);
  for (int n = 0; n <= kAxesBoughtPerRound; ++n) add(MoveKind::BuyAxes, n);
  each_area(MoveKind::PlaceAxe, all_areas);
  for (int building = 0; building < kBuildings; ++building) add(MoveKind::PlaceRecruit, building);
  for (const Unit card : {Unit::Godi, Unit::Kaupmadur, Unit::Knerrir}) {
    for (int a = 0; a < b.num_areas; ++a)
      moves.push_back(with_card(make_unit_move(MoveKind::MoveUnit, Unit::Berserkur, a), card));
    moves.push_back(with_card(make_unit_move(MoveKind::Overtake, Unit::Berserkur), card));
    moves.push_back(with_card(make_unit_move(MoveKind::Refill, Unit::Berserkur, 1 << int(Building::Virki)), card));
    moves.push_back(with_card(make_move(MoveKind::Attack), card));
  }
  for (int r = 0; r < kRuneKinds; ++r)
    for (int a = 0; a < b.num_areas; ++a) add(MoveKind::CastRune, r | a << 3 | kFreeRune);
  return moves;
}

const ActionTable& actions(const State& s) {
  static ActionTables tables;
  return tables.at(s.board_index, [&] { return ActionTable(every_move(s.board(), s.tiles())); });
}

// Scales of amounts that have no bound of the rules (glory, gold) or a loose one.
constexpr double kGloryScale = 100, kGoldScale = 20, kPoolScale = 20, kPerRoundScale = 10;

// Seat q counted from p (0: p itself), or -1 for none.
int from_seat(int q, Player p, int players) { return q < 0 ? -1 : (q - p + players) % players; }

// The layout of docs/rules-bardagi.md: the round and the turn, the activation and claim under way,
// the board area by area, the supplies, then every seat from p on in seat order. Returns the
// numbers written (without `out`, only counted).
int write_observation(const State& s, Player p, float* out) {
  assert(p >= 0 && p < s.players);
  const Board& b = s.board();
  const int n = s.players, areas = b.num_areas, tiles = s.tiles().num_tiles;
  ObservationWriter w(out);
  // The round and the turn.
  w.one_hot(s.round - 1, kMaxRounds);
  w.scaled(s.rounds, kMaxRounds);
  w.one_hot(int(s.phase), int(Phase::Over) + 1);
  w.one_hot(from_seat(s.start_player, p, n), n);
  w.one_hot(from_seat(s.turn, p, n), n);
  // The activation of seat `turn`: its cards left, an attack's defender, sailing, a trade session,
  // the free actions used, the units that crossed, a strengthening, runes still to cast.
  for (const int c : s.cards_left) w.scaled(c, kCardsPerUnit);
  w.one_hot(from_seat(s.defender, p, n), n);
  w.scaled(s.squares_left, kMaxSquares);
  w.one_hot(s.trade_next, kResources);
  w.scaled(s.trade_pool, kPoolScale);
  w.flag(s.restock_next);
  w.bits(s.free_used, 3);
  w.bits(s.crossed, kLandUnits);
  w.flag(s.strengthening);
  w.one_hot(s.last_shift / 64, areas + 1);
  w.one_hot(s.last_shift % 64, areas);
  w.bits(s.received, areas);
  w.scaled(s.casts_left, kRunesPerCast);
  w.scaled(s.as_berserkur, kCardsPerUnit);
  w.scaled(s.free_runes, kRunesPerCast);
  // The claim of seat `turn`: its step and where in it.
  w.one_hot(int(s.claim_step), int(State::ClaimStep::Done) + 1);
  w.scaled(s.claim_cursor, areas);
  // The board, area by area: its owner (counted from p), disks, Axe tokens, runes cast, thief.
  for (int a = 0; a < areas; ++a) {
    w.one_hot(from_seat(s.owner_of(a), p, n), n);
    w.scaled(s.disks[std::size_t(a)], kCapCeiling);
    w.scaled(s.axes[std::size_t(a)], kAxeTokens);
    w.bits(s.runes[std::size_t(a)], kRuneKinds);
    w.one_hot(from_seat(s.thief[std::size_t(a)] - 1, p, n), n);
  }
  // The supplies: Axe tokens, the rune pile's size, each upgrade stack's size and face-up tiles.
  w.scaled(s.axes_pile, kAxeTokens);
  w.scaled(s.rune_size, kMaxRuneTokens);
  for (int k = 0; k < kStacks; ++k) {
    w.scaled(s.stack_size[std::size_t(k)], kMaxStack);
    for (const auto t : s.visible[std::size_t(k)]) w.one_hot(t == State::kNoTile ? -1 : t, tiles);
  }
  // Every seat, p first.
  for (int i = 0; i < n; ++i) {
    const int q = (p + i) % n;
    const auto sq = std::size_t(q);
    const Village& v = s.villages[sq];
    // Its units: each land unit's area (none while aboard), those aboard, the Knerrir's harbour,
    // route and squares sailed.
    for (const Unit u : kLandUnitList) w.one_hot(s.on_board(q, u) ? s.unit_area[sq][std::size_t(u)] : -1, areas);
    w.bits(s.aboard[sq], kLandUnits);
    w.one_hot(s.knerrir_harbour[sq], areas);
    w.one_hot(s.knerrir_route[sq], b.num_routes);
    w.scaled(s.knerrir_squares[sq], kMaxSquares);
    // Its village: disks and caps of the buildings, storage, gold, glory (and by source),
    // recruits, Axe tokens, the disks beside the board, the tiles bought.
    for (int k = 0; k < kBuildings; ++k) w.scaled(v.disks[std::size_t(k)], kCapCeiling + 2);
    for (int k = 0; k < kBuildings; ++k) w.scaled(v.cap[std::size_t(k)], kCapCeiling + 2);
    for (const int r : v.storage) w.scaled(r, kStorage);
    w.scaled(v.gold, kGoldScale);
    w.scaled(v.glory, kGloryScale);
    for (const int g : v.glory_from) w.scaled(g, kGloryScale);
    w.scaled(v.recruits, kDisksPerPlayer);
    w.scaled(v.axes, kAxeTokens);
    w.scaled(v.pile, kDisksPerPlayer);
    w.bits(v.upgrades, tiles);
    // This round: overtakes, whether its Berserkur is down, attacks, upgrades bought.
    w.scaled(s.overtakes[sq], kPerRoundScale);
    w.flag(s.is_down(q));
    w.scaled(s.attacks[sq], kPerRoundScale);
    w.scaled(s.bought[sq], kUpgradesPerRound);
    // Its runes: by kind for p itself, how many for the others (the kinds are theirs to know).
    int held = 0;
    for (const int r : v.runes) held += r;
    w.scaled(held, kMaxRuneTokens);
    for (const int r : v.runes) w.scaled(q == p ? r : 0, kRunesBought);
    // Its selection, per unit, once p may know it (its own from planning on; the others' once
    // their activation began).
    const bool known = q == p || s.selection_revealed(q);
    w.flag(known);
    for (const Unit u : kUnitList) w.scaled(known ? count_of(s.selection[sq], u) : 0, kCardsPerUnit);
  }
  return w.size();
}

}  // namespace

int Bardagi::num_actions(const State& s) { return actions(s).size(); }
int Bardagi::action_index(const State& s, Move m) { return actions(s).index(m); }
Move Bardagi::action_move(const State& s, int a) { return actions(s).move(a); }
int Bardagi::observation_size(const State& s) { return write_observation(s, 0, nullptr); }
void Bardagi::observation(const State& s, Player p, float* out) { write_observation(s, p, out); }

}  // namespace nuraghe
