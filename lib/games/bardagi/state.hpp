#pragma once
// Bardagi: the state's layout and the moves' encoding. Rules: the rulebook (Bardagi: The Claim for Gold),
// and where it is silent or disagrees with itself the readings of docs/rules-bardagi.md, cited here by
// title as (Rulings: "Title").
// The whole game, from the setup to the final scoring: the rules are in rules.cpp and the file of each phase it names.
//
// A round: planning (every seat at once selects 6 cards, 8 from round 5, as counts per unit),
// activation (seat by seat from the start player: one short decision a card), upgrades (seat by
// seat), claim (seat by seat). Sets of areas are 64-bit masks over the board's areas; counts are
// small integers. Randomness is data: the rune pile and the upgrade stacks are stored shuffled.

#include <algorithm>
#include <array>
#include <bit>
#include <cstdint>

#include "core/game.hpp"
#include "core/move_list.hpp"
#include "games/bardagi/board.hpp"

namespace nuraghe::bardagi {

inline constexpr int kMaxSeats = 5;

// ---- The units and their cards
// "Each unit has 6 cards, there are 4 units in each clan so players have 24 cards"; a selection
// is how many of each unit's cards a seat takes (Rulings: "Rounds and cards").
enum class Unit : std::uint8_t { Berserkur, Godi, Kaupmadur, Knerrir };
inline constexpr int kUnits = 4, kLandUnits = 3;  // the land units are the first three
inline constexpr std::array<std::string_view, kUnits> kUnitNames = {"berserkur", "godi", "kaupmadur", "knerrir"};
inline constexpr std::array<char, kUnits> kUnitLetters = {'B', 'G', 'K', 'N'};  // `select B3 G1 K1 N1`
inline constexpr int kCardsPerUnit = 6;
// "Only 6 cards are used each round, 8 cards after round 5", but "Rounds 1-4: 6 cards":
// Rulings, "Rounds and cards".
inline constexpr int cards_in_round(int round) { return round <= 4 ? 6 : 8; }
// Each land unit's building, whose disks it spends (Rulings: "Each unit spends its own building's disks").
inline constexpr Building building_of(Unit u) { return Building(int(u)); }

// ---- Refills: "Virki - 4 meat, Verslun - 4 hide, Hof - 4 wool", up to 6 disks (Rulings: "Refills").
inline constexpr Resource refill_resource(Building b) {
  return b == Building::Virki ? Resource::Meat : b == Building::Hof ? Resource::Wool : Resource::Hide;
}
inline constexpr int kRefillCost = 4, kRefillDisks = 6;
// Land units move 2 areas a card; an Axe token defends 2 (Rulings: "The attack, step by step").
inline constexpr int kStepsPerCard = 2, kAxeDefence = 2;
// "Counts as 4 disks in attack & defence" (6 with the strong Berserkur's tile).
inline constexpr int kBerserkurStrength = 4;
// Runes: "pay 2 gold, draw 3 runes"; a cast places "up to 2 runes at 1 Hof disk each"; removing
// one costs 2 gold; "Wind in the sails. You can move the Knerrir 10 ocean squares."
inline constexpr int kRunePrice = 2, kRunesBought = 3, kRunesPerCast = 2, kRemovePrice = 2, kWindSquares = 10;
// "Moves 3 ocean squares with each action" (5 with a Knerrir tile).
inline constexpr int kSquaresPerCard = 3;
// "Reward: 2 Axe tokens" for a Barbarian Camp.
inline constexpr int kCampAxes = 2;
// "For each owned Barbarian Camp buy up to 1 Axe for 1 gold (at most 2 per round)".
inline constexpr int kAxesBoughtPerRound = 2;

// ---- Trade (Rulings: "Trade sessions"): a basic resource (meat, wool, hide, timber) is worth 1, a mining one
// (stone, iron) 2 and a gold 2, so that every trade of the rulebook's table keeps the value.
inline constexpr std::array<int, kResources> kTradeValue = {1, 1, 1, 1, 2, 2};
inline constexpr int kGoldValue = 2;

// ---- Rounds: 10 / 9 / 8 / 7 for 2 / 3 / 4 / 5 players, 2 fewer in the short game.
// Rulings: "Rounds and cards".
inline constexpr int rounds_in_game(int players, bool short_game) { return 12 - players - (short_game ? 2 : 0); }
inline constexpr int kMaxRounds = rounds_in_game(2, false);

// ---- Setup (the rulebook's page "Game Setup", step 2 and 8)
inline constexpr int kDisksPerPlayer = 40;  // "disks (x 40)"
inline constexpr int kStartingDisks = 6;    // "6 disks are placed on Verslun ... Virki ... Hof"
inline constexpr int kBaseCap = 6;          // "Maximum amount on building = 6"
// "The maximum number of disks that can be on a building is 10 disks, unless you buy upgrades that
// enable you to increase that to 12": 12 via the Virki tiles only (Rulings: "Upgrade costs and stacks").
inline constexpr int kCapCeiling = 10;
inline constexpr int kUpgradesPerRound = 2;
// "Most gold: 15 glory points. Most areas: 10 glory points."
inline constexpr int kMostGoldBonus = 15, kMostAreasBonus = 10;
// "Each small upgrade gives you 3 glory, each large gives you 5 glory."
inline constexpr int kSmallTileGlory = 3, kLargeTileGlory = 5;
inline constexpr int kStartingGold = 1, kStartingRunes = 1;
inline constexpr int kAxeTokens = 20;
// Upgrade tiles turned up per stack: "2-3 players - show the top 2 of each small type, & 1 type
// of large. 4-5 players - ... the top 3 of each small type, & 2 types of large".
// Rulings: "Upgrade costs and stacks".
inline constexpr int visible_tiles(int players, TileSize size) {
  return size == TileSize::Small ? (players <= 3 ? 2 : 3) : (players <= 3 ? 1 : 2);
}
inline constexpr int kMaxVisible = 3;
// One stack per building and size; a stack holds every copy of its tiles (10 small, 5 large).
inline constexpr int kStacks = 2 * kBuildings, kMaxStack = 16;
inline constexpr int stack_of(Building b, TileSize size) { return 2 * int(b) + int(size); }

enum class Phase : std::uint8_t {
  Planning,    // simultaneous: every seat selects its cards
  Activation,  // seat `turn` plays its cards, one decision a card (and its free actions)
  Upgrades,    // seat `turn` buys up to 2 upgrades
  Claim,       // seat `turn` claims glory and resources
  Over
};

// A move: its kind in the low 5 bits, then the kind's fields.
//   select    a selection: 3 bits a unit, Berserkur first (field of make_selection)
//   move      unit (2 bits) | destination area (6)       a card: the unit moves there
//   overtake  unit (2)                                     a card: the unit overtakes its area
//   refill    unit (2) | buildings (3 bits, one a Building) a card: those buildings refilled
//   idle      unit (2)                                     a card played for no action
//   end       (none)                                       the activation ends: no card is left
//   attack    (none)                                       a Berserkur card: the attack's first step
//   continue, stop (none)                                  the attack's next step, or its end
//   launch    harbour area (6)                             a Knerrir card at home: it starts there
//   sail      (none)                                       a Knerrir card on the board: squares to sail
//   toward    harbour area (6)                             one square along a route toward that end
//   anchor    (none)                                       the card's move ends; squares left are lost
//   board, leave  unit (2)                                 free: a unit at the Knerrir's harbour
//   trade     (none)                                       a Kaupmadur card in a Town: a trade session
//   home      (none)                                       free, once: the Kaupmadur's home action
//   amount    resource (3) | amount (3)                    the session's end amount of that resource
//   restock   buildings (3 bits; 0 for none)               the home action's refills after its trade
//   strengthen (none)                                      free, once: the Berserkur's defences
//   shift     from (7: 0 Virki, else area + 1) | to (6)    one disk; `stop` ends the strengthening
//   buy-runes unit (2)                                     a Godi or Kaupmadur card at a sacred location
//   cast      kind (3) | area (6)                          a rune cast there for a Hof disk: the first with a
//                                                          Godi card (once), an optional second, then `stop`
//   remove    kind (3)                                     a Godi card on the area: 2 gold, one rune
//   wind      harbour area + 1 (6; 0 when on the board)    free: a Wind rune for 10 squares of sailing
//   buy       tile (5: its index in tiles.json)            the upgrades phase: one face-up tile; `end` when done
//   yield     area (6) | meat (1)                          the claim: a sheep or cattle area's choice
//   extra     resource (3; 6 for gold)                     the Kaupmadur's extra where it is a choice
//   sell      hide (3)                                     the sell-hide tile: hide sold for gold
//   axes      number (2)                                   Axe tokens bought, 1 gold each
//   place-axe area (6), recruit building (2)               one of the village's onto the board; `end`
// The moves the tiles add (Rulings: "The tiles' texts"), as flags on the moves above:
//   a card    a Berserkur move, overtake, refill or attack paid with another unit's card (virki-any-card):
//             that unit in 2 bits at kCardShift (0, the Berserkur, for his own card)
//   free-rune a cast with kFreeRune in its field (hof-free-rune): no card, no Hof disk, no second rune
enum class MoveKind : std::uint8_t {
  Select,
  MoveUnit,
  Overtake,
  Refill,
  Idle,
  End,
  Attack,
  Continue,
  Stop,
  Launch,
  Sail,
  Toward,
  Anchor,
  Board,
  Leave,
  Trade,
  Home,
  Amount,
  Restock,
  Strengthen,
  Shift,
  BuyRunes,
  CastRune,
  RemoveRune,
  Wind,
  Buy,
  Yield,
  Extra,
  Sell,
  BuyAxes,
  PlaceAxe,
  PlaceRecruit
};

// ---- Selections: counts per unit, each 0..6, 3 bits each.
using Selection = std::uint16_t;
constexpr Selection make_selection(const std::array<int, kUnits>& counts) {
  Selection s = 0;
  for (int u = 0; u < kUnits; ++u) s = Selection(s | counts[std::size_t(u)] << (3 * u));
  return s;
}
constexpr int count_of(Selection s, Unit u) { return (s >> (3 * int(u))) & 7; }
constexpr int cards_of(Selection s) {
  int n = 0;
  for (int u = 0; u < kUnits; ++u) n += count_of(s, Unit(u));
  return n;
}

constexpr Move make_move(MoveKind k, int field = 0) { return Move(k) | Move(field) << 5; }
constexpr Move make_unit_move(MoveKind k, Unit u, int field = 0) { return make_move(k, int(u) | field << 2); }
constexpr MoveKind kind_of(Move m) { return MoveKind(m & 31); }
constexpr int field_of(Move m) { return int(m >> 5); }
constexpr Unit unit_of(Move m) { return Unit((m >> 5) & 3); }
constexpr int unit_field_of(Move m) { return int(m >> 7); }  // the field after the unit

// ---- The moves the tiles add (Rulings: "The tiles' texts"). A Berserkur action paid with the card of another
// unit (virki-any-card): the card's unit above every field (the Berserkur, 0, for his own card).
inline constexpr int kCardShift = 20;
constexpr Move with_card(Move m, Unit card) { return m | Move(card) << kCardShift; }
constexpr Unit card_of(Move m) { return Unit((m >> kCardShift) & 3); }
constexpr Move without_card(Move m) { return m & ~(Move(3) << kCardShift); }
// A cast's field with this flag is the free rune (hof-free-rune): kind (3) | area (6) << 3 | kFreeRune.
inline constexpr int kFreeRune = 1 << 9;

// The most legal moves of one decision: a strengthening's shifts (from Virki or any of 64 areas to
// any of 64) are the most; 149 selections of 8 cards, 5 rune kinds on every area come next.
inline constexpr int kMaxLegalMoves = 65 * kMaxAreas;
using MoveList = nuraghe::MoveList<kMaxLegalMoves>;

// ---- Glory won during the rounds, by source (`nuraghe score` breaks it down): the claim's glory
// for the areas owned, and each claim effect of the tiles that gives glory, by its EffectKind.
enum class GlorySource : std::uint8_t { Areas, ClaimGlory, GloryPerArea, GloryIfOwns, GloryPerOvertake };
inline constexpr int kGlorySources = 5;
inline constexpr std::array<EffectKind, kGlorySources> kGlorySourceEffects = {
    EffectKind::None, EffectKind::ClaimGlory, EffectKind::GloryPerArea, EffectKind::GloryIfOwns,
    EffectKind::GloryPerOvertake};
// "areas", else the effect's name in tiles.json ("claim-glory"): positions and the score use it.
inline std::string_view glory_source_name(GlorySource g) {
  return g == GlorySource::Areas ? "areas" : effect_kind_name(kGlorySourceEffects[std::size_t(g)]);
}

// A seat's village and player board (the rulebook's "The Player Board").
struct Village {
  std::array<std::uint8_t, kBuildings> disks{};    // on Virki, Hof and Verslun
  std::array<std::uint8_t, kBuildings> cap{};      // the most each may hold
  std::array<std::uint8_t, kResources> storage{};  // 0..5 of each resource
  std::uint16_t gold = 0;
  std::uint16_t glory = 0;
  // The same glory by GlorySource: it adds up to `glory`.
  std::array<std::uint16_t, kGlorySources> glory_from{};
  std::uint8_t recruits = 0;                     // disks in the village: the Knerrir overtakes with them
  std::uint8_t axes = 0;                         // Axe tokens in the village, not yet placed
  std::uint8_t pile = 0;                         // disks beside the board, of the 40
  std::array<std::uint8_t, kRuneKinds> runes{};  // private: drawn, not yet cast
  std::uint32_t upgrades = 0;                    // the distinct tiles bought (Tiles' indices)
  void add_glory(GlorySource from, int n) {
    glory = std::uint16_t(glory + n);
    glory_from[std::size_t(from)] = std::uint16_t(glory_from[std::size_t(from)] + n);
  }
  bool operator==(const Village&) const = default;
};

struct State {
  // ---- setup: the board, the seats, the rule options
  std::uint16_t board_index = 0;  // into the board registry (Board::at)
  std::uint8_t players = 2;
  bool short_game = false;
  std::uint8_t rounds = 10;  // rounds in this game

  // ---- where in the round
  std::uint8_t round = 1;  // the round being played, from 1
  Phase phase = Phase::Planning;
  std::uint8_t start_player = 0;  // holds the starting player token
  std::uint8_t turn = 0;          // the seat acting, in the sequential phases

  // ---- the board: owners as masks, per area its disks, Axe tokens and runes
  std::array<std::uint64_t, kMaxSeats> owned{};
  std::array<std::uint8_t, kMaxAreas> disks{};
  std::array<std::uint8_t, kMaxAreas> axes{};
  std::array<std::uint8_t, kMaxAreas> runes{};  // a bit per Rune kind cast there
  std::array<std::uint8_t, kMaxAreas> thief{};  // 1 + the seat whose Theirs are yours is there, else 0

  // ---- the units: land units on areas; the Knerrir at home (on the player board) or on a route
  std::array<std::array<std::uint8_t, kLandUnits>, kMaxSeats> unit_area{};
  // The Knerrir is docked at a harbour area, at sea on a route (squares sailed from its `a` end,
  // strictly between its ends), or at home (both -1). The units aboard are not on any area.
  std::array<std::int8_t, kMaxSeats> knerrir_harbour{};
  std::array<std::int8_t, kMaxSeats> knerrir_route{};
  std::array<std::uint8_t, kMaxSeats> knerrir_squares{};
  std::array<std::uint8_t, kMaxSeats> aboard{};  // a bit per land unit
  // The land units of seat `turn` that boarded or left the Knerrir since its last card played or
  // square sailed (a bit each): each changes sides once between them, or the free boardings and
  // leavings would be a series of decisions without end (Rulings: "Boarding and leaving").
  std::uint8_t crossed = 0;
  std::uint8_t squares_left = 0;  // of the Knerrir card seat `turn` is sailing with
  // A trade session of seat `turn`: the resource whose end amount comes next (kResources: none),
  // and the value not yet given to a resource, which ends as gold (Rulings: "Trade sessions").
  std::uint8_t trade_next = kResources;
  std::uint16_t trade_pool = 0;
  bool restock_next = false;   // the home action's refills come after its trade
  std::uint8_t free_used = 0;  // the activation's free actions taken, a bit per FreeAction
  // Strengthening (Rulings: "Free actions, once an activation"): under way, the last shift's (from, to) key,
  // the areas that got a disk.
  bool strengthening = false;
  std::uint16_t last_shift = 0;
  std::uint64_t received = 0;
  std::uint8_t casts_left = 0;  // runes the Godi card being cast may still place
  // The tiles' actions this activation (a seat's one activation a round; Rulings: "The tiles' texts"):
  // cards of other units played as Berserkur cards (virki-any-card), free runes cast (hof-free-rune).
  std::uint8_t as_berserkur = 0;
  std::uint8_t free_runes = 0;

  // ---- the villages and the round's selections (hidden until the seat's activation begins)
  std::array<Village, kMaxSeats> villages{};
  std::array<Selection, kMaxSeats> selection{};
  // The activation of seat `turn`: its cards not yet played, per unit.
  std::array<std::uint8_t, kUnits> cards_left{};
  // Per seat, this round: areas overtaken (upgrade glory-per-overtake); a Berserkur sent home by an
  // attack cannot act until his Virki is refilled (Rulings: "The attack, step by step").
  std::array<std::uint8_t, kMaxSeats> overtakes{};
  std::uint8_t berserkur_down = 0;                // a bit per seat
  std::array<std::uint8_t, kMaxSeats> attacks{};  // attacks made this round (upgrade gold-per-attack)
  std::array<std::uint8_t, kMaxSeats> bought{};   // upgrades bought this round (at most 2)
  // The claim of seat `turn` (Rulings: "The claim"): its step, and where in it (the next area whose
  // yield is chosen; the last area or building placed on, for the order of placements).
  enum class ClaimStep : std::uint8_t { Yields, Extra, Sell, BuyAxes, PlaceAxes, PlaceRecruits, Done };
  ClaimStep claim_step = ClaimStep::Yields;
  std::uint8_t claim_cursor = 0;
  // During an attack: the defender, whose area the attacking Berserkur stands on (-1: no attack).
  std::int8_t defender = -1;

  // ---- supplies (index 0 of a pile is its bottom: the top is at [size - 1])
  std::uint8_t axes_pile = kAxeTokens;
  std::array<std::uint8_t, 64> rune_pile{};  // Rune kinds, face down
  std::uint8_t rune_size = 0;
  std::array<std::array<std::uint8_t, kMaxStack>, kStacks> stacks{};  // tile indices, face down
  std::array<std::uint8_t, kStacks> stack_size{};
  std::array<std::array<std::uint8_t, kMaxVisible>, kStacks> visible{};  // face up; kNoTile when bought
  static constexpr std::uint8_t kNoTile = 0xFF;

  // ---- the game interface (rules.cpp)
  int num_players() const { return players; }
  Player to_move() const {
    return phase == Phase::Over ? kTerminal : phase == Phase::Planning ? kSimultaneous : Player(turn);
  }
  void legal_moves(MoveList& out) const;  // the seat to move's
  // ---- information (information.cpp; the position's JSON is position.cpp's)
  Json view(Player observer) const;  // what the seat may know: position(*this, observer)
  std::uint64_t view_hash(Player observer) const;
  // The same information as view(observer), hashed field by field without building JSON (the
  // search's observation tokens): two states of one information set give one hash.
  std::uint64_t info_hash(Player observer) const;
  // A state of observer's information set: the others' unrevealed selections drawn uniformly
  // among those they could have made, the runes in their hands and the pile re-dealt (each hand
  // keeping its size), the upgrade stacks' face-down tiles reshuffled.
  State determinize(Player observer, Rng& rng) const;
  void legal_moves(Player seat, MoveList& out) const;  // any seat's: at planning, every seat's
  void apply_joint(const JointMove& joint);
  void apply(Move m);

  struct Options {
    bool winter = false, short_game = false;
  };
  // Setup as the rulebook's page on it says: colours by player count (the first n of red, blue,
  // yellow, green, black: docs/rules-bardagi.md), 6 disks on each building and the rest of the 40
  // beside the board, the units on the home area and the Knerrir on the player board, 1 gold and
  // 1 random rune each, the upgrade stacks shuffled with their top tiles face up, seat 0 to start.
  static State setup(const Board& board, int players, const Options& options, std::uint64_t seed);
  const Board& board() const { return Board::at(board_index); }
  const Tiles& tiles() const { return Tiles::standard(); }

  // Fills the empty face-up places of stack k from its top, while it lasts.
  void turn_up_tiles(int k);

  int cards_this_round() const { return cards_in_round(round); }
  // Seat p's selection is known to all once its activation has begun ("lays down his ... cards"),
  // and to p itself from planning on; until then the others know only that it chose.
  bool selection_revealed(int p) const {
    if (phase == Phase::Planning) return false;
    if (phase != Phase::Activation) return true;
    const auto order = [&](int q) { return (q - start_player + players) % players; };
    return order(p) <= order(turn);
  }

  // ---- the activation (Rulings: "Rounds and activations", "The Knerrir")
  // The areas seat `turn`'s unit u may move to with one card: each step into an area costs 1, and
  // consecutive steps inside one connected group of the seat's own areas (its home included) cost
  // 1 together; never into another colour's home, nor, for a Godi, into or across an area holding
  // another player's Godi. A card gives 2 steps (3 with the Berserkur's tile).
  std::uint64_t reachable(Unit u) const;
  bool may_move(Unit u, int area) const;  // reachable, and a Berserkur can pay to fight the Axes there
  int axes_cost(int area) const;          // Virki disks to remove the Axe tokens on an area
  int steps_per_card(Unit u) const;
  // The own areas of seat p joined to area a through own areas (its home counts as own), or 0 if
  // a is not one of them.
  std::uint64_t own_group(int p, int a) const;
  std::uint64_t own_or_home(int p) const {
    return owned[std::size_t(p)] | std::uint64_t(1) << board().home[std::size_t(p)];
  }
  // What seat `turn`'s unit u may overtake where it stands, and the disks it takes from its building.
  bool may_overtake(Unit u) const;
  int overtake_cost(int area) const;  // Town 2, Camp 3, others 1
  // A refill of these buildings (a mask of Buildings) with one card of unit u: the unit's own
  // building, or for the Kaupmadur any of them; each pays 4 of its resource and adds up to 6
  // disks without passing its cap or the disks beside the board.
  bool may_refill(Unit u, int buildings) const;
  int refill_disks(int building) const;
  bool is_down(int p) const { return (berserkur_down >> p) & 1; }
  // (These three inline: the move generator asks them for every candidate move, from other files.)
  int owner_of(int area) const {  // the seat owning it, or -1
    for (int p = 0; p < players; ++p)
      if ((owned[std::size_t(p)] >> area) & 1) return p;
    return -1;
  }
  const Effect* effect(int p, EffectKind k) const {  // the first tile of seat p with that kind, or null
    const Tiles& t = tiles();
    for (std::uint32_t u = villages[std::size_t(p)].upgrades; u; u &= u - 1) {
      const Effect& e = t.tiles[std::size_t(std::countr_zero(u))].effect;
      if (e.kind == k) return &e;
    }
    return nullptr;
  }
  bool has_effect(int p, EffectKind k) const { return effect(p, k) != nullptr; }

  // ---- the attack (Rulings: "The attack, step by step"): one Berserkur card for a series of steps on the
  // area he stands on, each paid from Virki on its own: the defender's Berserkur there (4 disks, 6 against
  // the strong one: he goes home, the defender loses 4 Virki disks and he cannot act until Virki is
  // refilled), then each Axe token (2, or the defender's Axe defence), then the defender's disks
  // (+1 with a Defence rune), which leaves the area barbarian, then 1 to claim it, then 1 for each
  // disk more of defence. After any step the attacker may stop; what was paid and removed stays.
  enum class AttackStep : std::uint8_t { Berserkur, Axe, Disks, Claim, Reinforce, None };
  AttackStep attack_step() const;  // the next step at seat turn's Berserkur's area
  int attack_cost() const;         // its Virki disks
  bool may_attack() const;         // a Berserkur card starts an attack here
  void attack_next();              // pays and takes the next step
  // ---- trade (Rulings: "Trade sessions") and the Kaupmadur's home action ("Free actions, once an activation")
  enum class FreeAction : std::uint8_t { Strengthen, HomeAction, Cast };
  bool used(FreeAction f) const { return (free_used >> int(f)) & 1; }
  bool may_trade() const;        // a Kaupmadur card in a Town
  bool may_home_action() const;  // free, once an activation, the Kaupmadur on his home area
  void start_trade();
  // The end amounts of resource trade_next that leave a whole, non-negative gold for some choice
  // of the resources after it.
  bool may_end_with(int amount) const;
  void end_with(int amount);

  // ---- strengthening (Rulings: "Free actions, once an activation"): free, once an activation, a series of
  // single-disk shifts from Virki or an own area keeping at least 1 disk to another own area, in non-decreasing
  // (from, to) order (from: 0 for Virki, an area's index + 1), never out of an area that received one.
  bool may_strengthen() const;
  bool may_shift(int from, int to) const;
  void shift(int from, int to);

  // ---- runes (Rulings: "Runes")
  bool may_buy_runes(Unit u) const;  // a Godi or Kaupmadur card at a sacred location, 2 gold
  void buy_runes();                  // 3 runes from the pile's top, while it lasts
  bool may_cast() const;             // a Godi card, once an activation, with a rune and a Hof disk
  // free: the hof-free-rune tile's rune, without a card or a Hof disk.
  bool may_cast_rune(Rune r, int area, bool free = false) const;
  void cast_rune(Rune r, int area, bool free = false);
  bool may_free_rune() const;  // the tile owned, its runes of the round not all cast
  // A card of unit `card` (not the Berserkur) played as a Berserkur card: virki-any-card owned, fewer
  // than its `max` played so this activation, a card of that unit left.
  bool may_berserkur_card(Unit card) const;
  bool may_cast_any() const;
  bool may_remove_rune(Rune r) const;  // a Godi card on the area, 2 gold
  bool may_wind(int launch) const;     // launch: an own harbour area when the Knerrir is home, else -1

  // ---- upgrades (Rulings: "Upgrade costs and stacks"): in start-player order, at most 2 a round, a face-up
  // tile whose cost the storage and the gold pay, with room among its building's 4 slots, never a second
  // copy of an owned tile; its building's cap rises at once (no disks come with it).
  bool may_buy(int tile) const;
  void buy(int tile);
  void end_upgrades();  // the next seat's purchases, or the claim after the last
  void start_claim();   // the claim phase, from the start player

  // ---- the claim (Rulings: "The claim"): what is fixed comes at once when the seat's claim begins
  // (glory, the yields without a choice, the Godi's recruit, the tiles' claim effects); then the
  // seat's choices in order: each sheep and cattle area's yield (area order), the Kaupmadur's extra
  // where it is a choice, hide sold (tile), Axes bought, Axes placed (area order), recruits placed
  // (building order). The areas whose yield a seat claims: its own, but those with another seat's
  // Theirs are yours, and the areas others own with its Theirs are yours.
  std::uint64_t yielding(int p) const;
  int yield_of(int area) const;           // base, x2 with Double, +1 with Divine Powers, 0 with No resources
  bool choice_area(int area) const;       // sheep or cattle: the claimer chooses
  int kaupmadur_extra_area(int p) const;  // the area the Kaupmadur adds to, or -1
  void begin_claim(int seat);
  void claim_moves(MoveList& out) const;
  int max_axes_to_buy() const;
  void advance_claim();                 // to the next step that has a choice, the next seat, or the round's end
  void gain(int p, Resource r, int n);  // storage boxes hold 5: the rest is lost
  void gain_recruits(int p, int n);     // disks from beside the board, while they last
  void end_round();  // face-up tiles refilled, the start player token passes left, the next round or the end

  // ---- the end (Rulings: "The end and its ties"): +3 a small tile, +5 a large one, +1 a gold, +15 for the
  // most gold (tie: most gold mines, then shared), +10 for the most areas (tie: most Axes on the board, then
  // shared); a shared bonus is split, rounded down. The winner: most glory, then most gold mines,
  // most Axe tokens, most Towns; seats still tied share the win.
  struct Breakdown {
    int glory = 0;  // won during the rounds (by source: the village's glory_from)
    int small_tiles = 0, large_tiles = 0, gold = 0, most_gold = 0, most_areas = 0;
    // What the ties compare: gold mines, areas and Towns owned, the Axe tokens on the seat's areas
    // (the most-areas bonus) and in all, its village's included, for the winner's tie.
    // Rulings: "The end and its ties".
    int gold_mines = 0, areas = 0, towns = 0, axes_on_board = 0, axes = 0;
    int tiles() const { return kSmallTileGlory * small_tiles + kLargeTileGlory * large_tiles; }
    int total() const { return glory + tiles() + gold + most_gold + most_areas; }
    // The comparisons of the end, key by key (decide()).
    std::array<int, 2> most_gold_keys() const { return {gold, gold_mines}; }
    std::array<int, 2> most_areas_keys() const { return {areas, axes_on_board}; }
    std::array<int, 4> win_keys() const { return {total(), gold_mines, axes, towns}; }
  };
  // The seats (a bit each) with the most of the first key, ties going to the most of the next, and
  // how many keys that took; seats tied on every key are all left (they share).
  struct Decision {
    int seats = 0, keys = 0;
  };
  template <std::size_t K>
  static Decision decide(const std::array<std::array<int, K>, kMaxSeats>& keys, int players) {
    Decision d{(1 << players) - 1, 0};
    while (d.keys < int(K) && std::popcount(unsigned(d.seats)) > 1) {
      const auto k = std::size_t(d.keys++);
      int best = keys[std::size_t(std::countr_zero(unsigned(d.seats)))][k];
      for (int p = 0; p < players; ++p)
        if ((d.seats >> p) & 1) best = std::max(best, keys[std::size_t(p)][k]);
      for (int p = 0; p < players; ++p)
        if (((d.seats >> p) & 1) && keys[std::size_t(p)][k] != best) d.seats &= ~(1 << p);
    }
    return d;
  }
  std::array<Breakdown, kMaxSeats> breakdown() const;
  Values scores() const;   // each seat's total glory (final once over)
  Values returns() const;  // the win, shared by seats tied through every tie-break
  int slots_used(int p, Building b) const;
  int cap_of(int p,
             Building b) const;  // from the tiles owned: 6 (8 with the strong Berserkur) + raises, within 10 (12)

  // ---- the Knerrir (Rulings: "The Knerrir")
  bool knerrir_home(int p) const { return knerrir_harbour[std::size_t(p)] < 0 && knerrir_route[std::size_t(p)] < 0; }
  bool is_aboard(int p, Unit u) const { return (aboard[std::size_t(p)] >> int(u)) & 1; }
  bool on_board(int p, Unit u) const { return u != Unit::Knerrir && !is_aboard(p, u); }  // on an area
  int squares_per_card() const;                                                          // 3, or 5 with a Knerrir tile
  // The harbour areas one square of sailing leads toward from where seat turn's Knerrir is.
  std::uint64_t sail_targets() const;
  void sail_toward(int harbour);
  void end_sailing();  // the card's move is over; an empty Knerrir docked at a harbour goes home
  bool may_board(Unit u) const;
  bool may_leave(Unit u) const;
  void move_unit(Unit u, int area);
  void overtake(Unit u);
  void refill(Unit u, int buildings);
  void play_card(Unit u);  // one card of the unit spent
  void start_activation(int seat);
  void activation_moves(MoveList& out) const;
  void knerrir_moves(MoveList& out) const;  // board and leave
  void end_activation();                    // the next seat's activation, or the upgrades after the last
  // Every selection of n cards: a count per unit, each at most 6 (84 of 6 cards, 149 of 8).
  static int selections(int n, std::array<Selection, kMaxLegalMoves>& out);

  bool operator==(const State&) const = default;
};
static_assert(std::is_trivially_copyable_v<State>);
static_assert(sizeof(State) <= 1024, "the Bardagi state must stay within 1 KiB");

}  // namespace nuraghe::bardagi
