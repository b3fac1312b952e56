#pragma once
// Bardagi's data: the board and the building-upgrade tiles and rune kinds.
//
// The rulebook describes the board but does not print it, so both sides are designed here
// (boards/summer.json, boards/winter.json; docs/rules-bardagi.md, "Board data"): land areas of
// one kind each, some with a harbour, land borders, and sea routes between harbours with their
// length in ocean squares. Any other board is read from a file (--map FILE) through the same
// validator, which names what is off in one line. Everything derived (masks, land distances, each
// colour's home) is computed once at load time. Boards are interned in a registry that never
// frees them (core/registry.hpp); a state names its board by its index there, as Ticket to Ride's
// states name maps.
//
// The upgrade tiles and the rune kinds are data too (tiles.json): the rulebook's two upgrade
// tables with the counts and costs that docs/rules-bardagi.md fixes (Rulings: "Upgrade costs and stacks"),
// each effect as a kind from a small closed set with its numbers, so that the rules engine implements each
// kind once.

#include <array>
#include <cstdint>
#include <string>
#include <string_view>

#include "core/hooks.hpp"
#include "core/json.hpp"
#include "core/registry.hpp"

namespace nuraghe::bardagi {

// ---- Limits of the state's encoding and of the drawing frame
// Area sets are 64-bit masks, and so are sets of sea routes.
inline constexpr int kMaxAreas = 64, kMaxSeaRoutes = 64;
// A Knerrir card moves 3 squares (5 upgraded) and Wind in the sails 10: 20 squares are seven plain
// cards, more than a round's 6 and most of its 8, so a longer route would hardly ever be sailed.
inline constexpr int kMaxSquares = 20;
// Points of areas, harbours and the bends of sea routes are drawn in this frame.
inline constexpr int kFrameWidth = 1000, kFrameHeight = 700;
inline constexpr int kMaxVia = 4;  // points a sea route is drawn through, between its harbours
// A land distance no path has.
inline constexpr std::uint8_t kNoPath = 0xFF;

// ---- Colours
// "2 - 3 players - red, blue & yellow; 3 - 4 players - all colours, except black; 5 players - all
// colours." The rulebook names only red, blue, yellow and black; green is our reading of the fifth
// (docs/rules-bardagi.md, Rulings: "The fifth colour is green"). n players use the first n colours of this
// order, so a board with k homes has them for the first k colours and seats at most k players.
enum class Colour : std::uint8_t { Red, Blue, Yellow, Green, Black };
inline constexpr int kColours = 5;
inline constexpr int kRequiredHomes = 3;  // red, blue and yellow play on every board
inline constexpr std::array<std::string_view, kColours> kColourNames = {"red", "blue", "yellow", "green", "black"};
inline std::string_view colour_name(Colour c) { return kColourNames[std::size_t(c)]; }

// ---- Areas
// "All areas on the board give you something: resources, runes, recruits or Axe tokens." A home
// area is a colour's ("off limits to other players and do not give points or resources"); a
// sacred location is never owned (runes are bought there).
enum class AreaKind : std::uint8_t { Sheep, Cattle, Forest, Quarry, IronMine, GoldMine, Camp, Town, Sacred, Home };
inline constexpr int kAreaKinds = 10;
inline constexpr std::array<std::string_view, kAreaKinds> kAreaKindNames = {
    "sheep", "cattle", "forest", "quarry", "iron-mine", "gold-mine", "camp", "town", "sacred", "home"};
inline std::string_view area_kind_name(AreaKind k) { return kAreaKindNames[std::size_t(k)]; }
// A player can own an area of this kind (everything but sacred locations and homes).
inline constexpr bool ownable(AreaKind k) { return k != AreaKind::Sacred && k != AreaKind::Home; }

// ---- Resources, in the order in which trade sessions choose them (Rulings: "Trade sessions");
// gold is kept apart, in the village, and has no storage box.
enum class Resource : std::uint8_t { Meat, Wool, Hide, Timber, Stone, Iron };
inline constexpr int kResources = 6;
inline constexpr std::array<std::string_view, kResources> kResourceNames = {"meat",   "wool",  "hide",
                                                                            "timber", "stone", "iron"};
inline std::string_view resource_name(Resource r) { return kResourceNames[std::size_t(r)]; }
inline constexpr int kStorage = 5;  // "The maximum each box can hold of a given resource type is 5"

// ---- Buildings, each the home building of one unit: Virki the Berserkur's, Hof the Godi's,
// Verslun the Kaupmadur's (the order of the upgrade tables' columns).
enum class Building : std::uint8_t { Virki, Hof, Verslun };
inline constexpr int kBuildings = 3;
inline constexpr std::array<std::string_view, kBuildings> kBuildingNames = {"virki", "hof", "verslun"};
inline std::string_view building_name(Building b) { return kBuildingNames[std::size_t(b)]; }

struct Point {
  std::int16_t x = 0, y = 0;
  bool operator==(const Point&) const = default;
};

// A sea route joins two harbour areas; the Knerrir sails it square by square.
struct SeaRoute {
  std::uint8_t a = 0, b = 0;  // its two harbour areas
  std::uint8_t squares = 0;   // ocean squares, 1..kMaxSquares
  std::uint8_t num_via = 0;
  std::array<Point, kMaxVia> via{};  // for drawing only: the route runs harbour, via..., harbour

  int other_end(int area) const { return area == a ? b : a; }
};

struct Board {
  std::string name, title;
  int num_areas = 0, num_routes = 0;
  std::array<std::string, kMaxAreas> area_id, area_name;
  std::array<AreaKind, kMaxAreas> kind{};
  std::array<std::int8_t, kMaxAreas> home_colour{};   // the Colour of a home area, else -1
  std::array<std::uint64_t, kMaxAreas> neighbours{};  // land borders, as area masks
  std::array<Point, kMaxAreas> point{};               // for drawing
  std::array<Point, kMaxAreas> harbour_point{};       // for drawing, where the area has a harbour
  std::uint64_t harbours = 0;                         // the areas with a harbour
  std::uint64_t homes = 0;                            // the home areas
  std::array<std::uint64_t, kAreaKinds> of_kind{};    // the areas of each kind
  std::array<SeaRoute, kMaxSeaRoutes> routes{};
  std::array<std::uint64_t, kMaxAreas> routes_at{};  // sea routes with an end at the area, as route masks
  std::array<std::int8_t, kColours> home{};          // each colour's home area, or -1
  int num_homes = 0;                                 // homes exist for the first num_homes colours
  // Land steps: the fewest borders crossed from one area to another on a path that passes through
  // no home area (it may start or end at one; a unit never enters another colour's home, and its
  // own home is a start). kNoPath where none is. A rule's move cost is not this: steps inside a
  // group of the mover's own areas cost 1 together (Rulings: "Moving through own land").
  std::array<std::array<std::uint8_t, kMaxAreas>, kMaxAreas> distance{};
  Json source;             // the file as read, for positions
  std::uint64_t hash = 0;  // of `source`, for results files
  int index = 0;           // the board's place in the registry

  // The area with this id, or -1.
  int area(std::string_view id) const;
  bool has_harbour(int a) const { return (harbours >> a) & 1; }
  bool is_home(int a) const { return home_colour[std::size_t(a)] >= 0; }
  // The most players the board seats: one home per colour in play.
  int max_players() const { return num_homes; }

  // Reads and validates a board; InputError naming `where`, the field and the broken rule otherwise.
  static Board from_json(const Json& j, const std::string& where);

  // The built-in sides (Summer index 0, Winter index 1), boards loaded from files or positions,
  // and any board by its index. Boards are never freed, so states may name them by index.
  static const Board& summer();
  static const Board& winter();
  static const Board& load_file(const std::string& path);
  static const Board& intern(const Json& j, const std::string& where);
  // The board a state names, looked up at every move: inline, one load from the registry's table
  // (out of line, a search of Bardagi spent a tenth of its instructions in this call).
  static const Board& at(int index);

 private:
  static const Board& built_in_side(int index);  // a built-in side before anything made it
};

// A designer's check of a board (`nuraghe map --game bardagi --check`): its areas by kind, its
// harbours, land borders and sea routes, and the land steps between the homes (a table, "-" where
// no land path joins two homes). The validator refuses everything a board may not be, so the check
// has no warnings.
MapCheck check_board(const Board& b);

namespace detail {
// Every board of the process, the built-in sides first; core/registry.hpp says why states may look
// boards up by index without a lock while another thread adds one. constinit: ready before any
// static initializer could ask for a board.
inline constinit Registry<Board> boards;
}  // namespace detail

inline const Board& Board::at(int index) { return detail::boards.at(index, &Board::built_in_side); }

// ---- Building upgrades
enum class TileSize : std::uint8_t { Small, Large };
inline constexpr std::array<std::string_view, 2> kTileSizeNames = {"small", "large"};
inline std::string_view tile_size_name(TileSize s) { return kTileSizeNames[std::size_t(s)]; }
// "Each building (Temple, Barracks or Store) can hold up to 2 large upgrades, 4 small or 1 large &
// 2 small": 4 slots, a small tile takes 1 and a large one 2 (Rulings: "Upgrade costs and stacks").
inline constexpr int kBuildingSlots = 4;
inline constexpr int slots(TileSize s) { return s == TileSize::Small ? 1 : 2; }

// What a tile does beyond raising its building's cap: a closed set of kinds, each implemented
// once by the rules engine, with the numbers it reads (the JSON names the fields; the others are
// 0). "Claim" effects count at the claim phase of every round from the round the tile is bought.
enum class EffectKind : std::uint8_t {
  None,              // a plain tile: only its cap raise and end-game glory
  ClaimGold,         // amount gold at each claim
  ClaimGlory,        // amount glory at each claim
  GloryPerArea,      // amount glory per owned area of `area` at each claim
  GoldPerArea,       // amount gold per owned area of `area` at each claim
  RecruitPerArea,    // amount recruits per owned area of `area` at each claim
  GloryIfOwns,       // amount glory at each claim if the player owns an area of `area`
  KnerrirSquares,    // a Knerrir card moves per_card squares (not +2 per tile: a total)
  BerserkurSteps,    // a Berserkur card gives per_card land steps (a total)
  VirkiCap,          // Virki's cap rises by extra more, and may reach virki_max
  GoldPerAttack,     // amount gold per attack the player made in the round, at the claim
  GloryPerOvertake,  // amount glory per area overtaken in the round, at least at_least, at the claim
  AxeDefence,        // each of the player's Axe tokens counts defence (not 2)
  FreeRune,          // the Godi casts count runes a round without a card or a Hof disk
  RunePerTown,       // amount random runes per owned Town at each claim, at most max
  AnyCardBerserkur,  // up to max cards of other units a round may be played as Berserkur cards
  FreeHomeAction,    // count times a round the Kaupmadur takes his home-area action anywhere
  SellHide,          // at each claim, sell up to max hide for amount gold each
  BerserkurStrength  // the Berserkur counts defence; Virki's base cap virki_base, up to virki_max
};
inline constexpr int kEffectKinds = 19;
// The kind's name in tiles.json ("claim-gold").
std::string_view effect_kind_name(EffectKind k);

struct Effect {
  EffectKind kind = EffectKind::None;
  AreaKind area = AreaKind::Sheep;  // the area kind counted, where the kind names one
  std::uint8_t amount = 0, per_card = 0, extra = 0, max = 0, at_least = 0, count = 0;
  std::uint8_t defence = 0, virki_base = 0, virki_max = 0;
  bool operator==(const Effect&) const = default;
};

// What buying a tile takes from the player's storage and village.
struct Cost {
  std::uint8_t gold = 0;
  std::array<std::uint8_t, kResources> resources{};  // by Resource
  bool operator==(const Cost&) const = default;
};

struct UpgradeTile {
  std::string id;
  TileSize size = TileSize::Small;
  Building building = Building::Virki;
  std::uint8_t copies = 0;  // identical tiles in the building's stack of this size
  Cost cost;
  std::uint8_t cap_raise = 0;  // the building's cap rises by this when bought (+1 small, +2 large)
  std::uint8_t glory = 0;      // at the end of the game (3 small, 5 large)
  Effect effect;
  std::string text;  // the rulebook's sentence
};

// ---- Runes, as the rune table names them.
enum class Rune : std::uint8_t { DivinePowers, Wind, Defence, NoResources, TheirsAreYours, Double };
inline constexpr int kRuneKinds = 6;
inline constexpr std::array<std::string_view, kRuneKinds> kRuneIds = {
    "divine-powers", "wind", "defence", "no-resources", "theirs-are-yours", "double"};
inline std::string_view rune_id(Rune r) { return kRuneIds[std::size_t(r)]; }

struct RuneKind {
  Rune rune = Rune::DivinePowers;
  std::string id, name, text;
  std::uint8_t count = 0;  // tokens of this kind in the pile
};

// A player's upgrades are a 32-bit mask over the distinct tiles; the stacks' tiles, copies
// counted, fit in 64 places.
inline constexpr int kMaxTiles = 32, kMaxTileCopies = 64;
inline constexpr int kMaxRuneTokens = 64;

struct Tiles {
  std::string name;
  int num_tiles = 0;                           // distinct tiles (copies counted once)
  std::array<UpgradeTile, kMaxTiles> tiles{};  // in the file's order
  std::array<RuneKind, kRuneKinds> runes{};    // by Rune, whatever the file's order
  Json source;
  std::uint64_t hash = 0;

  // The tile with this id, or -1.
  int tile(std::string_view id) const;
  // Tiles of this size, copies counted.
  int copies(TileSize size) const;
  // Rune tokens of all kinds.
  int rune_tokens() const;

  // Reads and validates tile data; InputError naming `where`, the field and the broken rule otherwise.
  static Tiles from_json(const Json& j, const std::string& where);
  // The built-in tiles.json, read once; inline, as every effect lookup asks for it.
  static const Tiles& standard() {
    static const Tiles& tiles = read_standard();
    return tiles;
  }

 private:
  static const Tiles& read_standard();
};

}  // namespace nuraghe::bardagi
