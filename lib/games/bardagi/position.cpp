// Bardagi positions: the writer, then the reader and the invariants it checks (docs/position-format.md,
// "bardagi"; each invariant has a test in test_position.cpp).
#include "games/bardagi/position.hpp"

#include <algorithm>
#include <bit>
#include <numeric>
#include <utility>

namespace nuraghe::bardagi {
namespace {

constexpr std::array<std::string_view, 5> kPhaseNames = {"planning", "activation", "upgrades", "claim", "over"};
constexpr std::array<std::string_view, 7> kClaimStepNames = {"yields",     "extra",          "sell", "buy-axes",
                                                             "place-axes", "place-recruits", "done"};
constexpr std::array<std::string_view, 3> kFreeActionNames = {"strengthen", "home-action", "cast"};
constexpr std::array<std::string_view, 2> kLengthNames = {"full", "short"};
constexpr std::array<std::string_view, kLandUnits> kLandUnitNames = {"berserkur", "godi", "kaupmadur"};
constexpr std::array<std::string_view, 2> kBoardNames = {"summer", "winter"};  // the built-in boards

std::string colour_of(int seat) { return std::string(kColourNames[std::size_t(seat)]); }
std::string stack_name(int k) {
  return std::string(kBuildingNames[std::size_t(k / 2)]) + "-" + std::string(kTileSizeNames[std::size_t(k % 2)]);
}
std::string route_name(const Board& b, int r) {
  const SeaRoute& route = b.routes[std::size_t(r)];
  return b.area_id[route.a] + "~" + b.area_id[route.b];
}
// "from" of a strengthening's shift: 0 for Virki, else an area's index + 1.
std::string shift_from_name(const Board& b, int from) {
  return from == 0 ? std::string("virki") : b.area_id[std::size_t(from - 1)];
}

Json unit_counts(const std::array<int, kUnits>& n) {
  Json j = Json::object();
  for (int u = 0; u < kUnits; ++u) j[std::string(kUnitNames[std::size_t(u)])] = n[std::size_t(u)];
  return j;
}
Json selection_json(Selection sel) {
  if (sel == 0) return nullptr;  // none made (planning, or the game over)
  std::array<int, kUnits> n{};
  for (int u = 0; u < kUnits; ++u) n[std::size_t(u)] = count_of(sel, Unit(u));
  return unit_counts(n);
}
template <std::size_t N>
Json building_counts(const std::array<std::uint8_t, N>& a) {
  Json j = Json::object();
  for (int b = 0; b < kBuildings; ++b) j[std::string(kBuildingNames[std::size_t(b)])] = a[std::size_t(b)];
  return j;
}
Json area_list(const Board& b, std::uint64_t mask) {
  Json j = Json::array();
  for (; mask; mask &= mask - 1) j.push_back(b.area_id[std::size_t(std::countr_zero(mask))]);
  return j;
}
Json rune_list(int mask) {
  Json j = Json::array();
  for (int r = 0; r < kRuneKinds; ++r)
    if ((mask >> r) & 1) j.push_back(std::string(kRuneIds[std::size_t(r)]));
  return j;
}
Json rune_counts(const std::array<std::uint8_t, kRuneKinds>& runes) {
  Json j = Json::object();
  for (int r = 0; r < kRuneKinds; ++r)
    if (runes[std::size_t(r)] > 0) j[std::string(kRuneIds[std::size_t(r)])] = runes[std::size_t(r)];
  return j;
}
Json tile_id(std::uint8_t t) { return t == State::kNoTile ? Json(nullptr) : Json(Tiles::standard().tiles[t].id); }
std::array<std::string_view, kGlorySources> glory_source_names() {
  std::array<std::string_view, kGlorySources> names{};
  for (int g = 0; g < kGlorySources; ++g) names[std::size_t(g)] = glory_source_name(GlorySource(g));
  return names;
}
Json glory_json(const Village& v) {
  Json j = Json::object();
  for (int g = 0; g < kGlorySources; ++g)
    j[std::string(glory_source_name(GlorySource(g)))] = v.glory_from[std::size_t(g)];
  return j;
}

}  // namespace

Json position(const State& s, Player observer) {
  const Board& b = s.board();
  const Tiles& tiles = s.tiles();
  const bool all = observer < 0;
  Json j{{"game", "bardagi"},
         {"board", b.index < int(kBoardNames.size()) ? Json(kBoardNames[std::size_t(b.index)]) : b.source},
         {"players", s.players},
         {"length", kLengthNames[s.short_game ? 1 : 0]},
         {"rounds", s.rounds},
         {"round", s.round},
         {"phase", kPhaseNames[std::size_t(s.phase)]},
         {"start_player", s.start_player},
         {"turn", s.turn}};
  if (!all) j["seat"] = observer;

  // What lies on the areas: only those with an owner, disks, Axe tokens or runes.
  Json areas = Json::object();
  for (int a = 0; a < b.num_areas; ++a) {
    const auto q = std::size_t(a);
    const int owner = s.owner_of(a);
    if (owner < 0 && s.disks[q] == 0 && s.axes[q] == 0 && s.runes[q] == 0 && s.thief[q] == 0) continue;
    areas[b.area_id[q]] = {{"owner", owner >= 0 ? Json(colour_of(owner)) : Json(nullptr)},
                           {"disks", s.disks[q]},
                           {"axes", s.axes[q]},
                           {"runes", rune_list(s.runes[q])},
                           {"marker", s.thief[q] > 0 ? Json(colour_of(s.thief[q] - 1)) : Json(nullptr)}};
  }
  j["areas"] = areas;

  // The activation's sub-state, as the engine keeps it (some fields outlive their decision).
  std::array<int, kUnits> cards{};
  for (int u = 0; u < kUnits; ++u) cards[std::size_t(u)] = s.cards_left[std::size_t(u)];
  Json free_used = Json::array();
  for (int f = 0; f < int(kFreeActionNames.size()); ++f)
    if ((s.free_used >> f) & 1) free_used.push_back(std::string(kFreeActionNames[std::size_t(f)]));
  Json crossed = Json::array();
  for (int u = 0; u < kLandUnits; ++u)
    if ((s.crossed >> u) & 1) crossed.push_back(std::string(kUnitNames[std::size_t(u)]));
  j["activation"] = {
      {"cards_left", unit_counts(cards)},
      {"free_used", free_used},
      {"crossed", crossed},
      {"defender", s.defender >= 0 ? Json(colour_of(s.defender)) : Json(nullptr)},
      {"squares_left", s.squares_left},
      {"trade_next", s.trade_next < kResources ? Json(std::string(kResourceNames[s.trade_next])) : Json(nullptr)},
      {"trade_pool", s.trade_pool},
      {"restock_next", s.restock_next},
      {"strengthening", s.strengthening},
      {"last_shift", {{"from", shift_from_name(b, s.last_shift / 64)}, {"to", b.area_id[s.last_shift % 64]}}},
      {"received", area_list(b, s.received)},
      {"casts_left", s.casts_left},
      {"as_berserkur", s.as_berserkur},
      {"free_runes", s.free_runes}};
  j["claim"] = {{"step", kClaimStepNames[std::size_t(s.claim_step)]}, {"cursor", s.claim_cursor}};

  // The supplies: the pile bottom first (its last entry is drawn next), for a seat only its size.
  j["axes_pile"] = s.axes_pile;
  if (all) {
    Json pile = Json::array();
    for (int i = 0; i < s.rune_size; ++i) pile.push_back(std::string(kRuneIds[s.rune_pile[std::size_t(i)]]));
    j["rune_pile"] = pile;
  } else {
    j["rune_pile"] = s.rune_size;
  }
  Json stacks = Json::object();
  for (int k = 0; k < kStacks; ++k) {
    const auto q = std::size_t(k);
    Json up = Json::array();
    for (int i = 0; i < visible_tiles(s.players, TileSize(k % 2)); ++i)
      up.push_back(tile_id(s.visible[q][std::size_t(i)]));
    Json down;
    if (all) {
      down = Json::array();
      for (int i = 0; i < s.stack_size[q]; ++i) down.push_back(tile_id(s.stacks[q][std::size_t(i)]));
    } else {
      down = s.stack_size[q];
    }
    stacks[stack_name(k)] = {{"face_up", up}, {"face_down", down}};
  }
  j["stacks"] = stacks;

  Json seats = Json::array();
  for (int p = 0; p < s.players; ++p) {
    const auto q = std::size_t(p);
    const Village& v = s.villages[q];
    const bool own = all || p == observer;
    Json storage = Json::object();
    for (int r = 0; r < kResources; ++r)
      storage[std::string(kResourceNames[std::size_t(r)])] = v.storage[std::size_t(r)];
    Json upgrades = Json::array();
    for (std::uint32_t u = v.upgrades; u; u &= u - 1)
      upgrades.push_back(tiles.tiles[std::size_t(std::countr_zero(u))].id);
    Json units = Json::object(), aboard = Json::array();
    for (int u = 0; u < kLandUnits; ++u) {
      units[std::string(kLandUnitNames[std::size_t(u)])] = b.area_id[s.unit_area[q][std::size_t(u)]];
      if (s.is_aboard(p, Unit(u))) aboard.push_back(std::string(kLandUnitNames[std::size_t(u)]));
    }
    int held = 0;
    for (const auto r : v.runes) held += r;
    const bool shown = own || s.selection_revealed(p);
    seats.push_back(
        {{"colour", colour_of(p)},
         {"disks", building_counts(v.disks)},
         {"caps", building_counts(v.cap)},
         {"storage", storage},
         {"gold", v.gold},
         {"glory", v.glory},
         {"glory_from", glory_json(v)},
         {"recruits", v.recruits},
         {"axes", v.axes},
         {"pile", v.pile},
         {"runes", own ? rune_counts(v.runes) : Json(held)},
         {"upgrades", upgrades},
         {"units", units},
         {"aboard", aboard},
         {"knerrir",
          {{"harbour", s.knerrir_harbour[q] >= 0 ? Json(b.area_id[std::size_t(s.knerrir_harbour[q])]) : Json(nullptr)},
           {"route", s.knerrir_route[q] >= 0 ? Json(route_name(b, s.knerrir_route[q])) : Json(nullptr)},
           {"squares", s.knerrir_squares[q]}}},
         {"down", s.is_down(p)},
         {"selection", shown ? selection_json(s.selection[q]) : Json(nullptr)},
         {"overtakes", s.overtakes[q]},
         {"attacks", s.attacks[q]},
         {"bought", s.bought[q]}});
  }
  j["seats"] = seats;
  return j;
}

namespace {

// A seat named by its colour: one of the first `players` colours.
int seat_of(const JsonIn& field, int players) {
  const std::string name = field.string();
  std::string known;
  for (int p = 0; p < players; ++p) {
    if (kColourNames[p] == name) return p;
    known += cat(p ? ", " : "", kColourNames[p]);
  }
  field.fail("\"", name, "\" is not the colour of a seat in this ", players, "-player game (", known, ")");
}
int area_of(const JsonIn& field, const Board& b) {
  return field.name_in([&](const std::string& id) { return b.area(id); }, "an area of the board");
}
std::uint64_t read_areas(const JsonIn& list, const Board& b) {
  return list.bit_set(b.num_areas, [&](const JsonIn& e) { return area_of(e, b); });
}
int tile_of(const JsonIn& field) {
  return field.name_in([](const std::string& id) { return Tiles::standard().tile(id); }, "an upgrade tile");
}
// A tile of the stack k, by id; null (an empty face-up place) only where `empty_ok`.
std::uint8_t read_stack_tile(const JsonIn& e, int k, bool empty_ok) {
  if (empty_ok && e.is_null()) return State::kNoTile;
  const int t = tile_of(e);
  const UpgradeTile& tile = Tiles::standard().tiles[t];
  if (stack_of(tile.building, tile.size) != k)
    e.fail("\"", tile.id, "\" is a ", tile_size_name(tile.size), " ", building_name(tile.building),
           " tile, not of the ", stack_name(k), " stack");
  return std::uint8_t(t);
}
template <class T, std::size_t N>
void copy_counts(const std::array<int, N>& from, std::array<T, N>& to) {
  for (std::size_t i = 0; i < N; ++i) to[i] = T(from[i]);
}

// The seat p's village, units, Knerrir and counts of the round (the header fields read already).
void read_seat(const JsonIn& e, int p, State& s) {
  const Board& b = s.board();
  const Tiles& tiles = s.tiles();
  const Phase phase = s.phase;
  const bool quiet = phase == Phase::Planning || phase == Phase::Over;  // no selection, nothing done this round
  Village& v = s.villages[p];
  e.allow_only({"colour",   "disks", "caps",      "storage",   "gold",     "glory", "glory_from",
                "recruits", "axes",  "pile",      "runes",     "upgrades", "units", "aboard",
                "knerrir",  "down",  "selection", "overtakes", "attacks",  "bought"});
  if (e.at("colour").string() != kColourNames[p])
    e.at("colour").fail("must be \"", kColourNames[p], "\": seat ", p, " plays the colour ", p + 1,
                        " of red, blue, yellow, green, black");
  // Upgrades first: the caps follow from them.
  v.upgrades = std::uint32_t(e.at("upgrades").bit_set(tiles.num_tiles, tile_of, [&](int t) {
    return cat("names ", tiles.tiles[t].id, " twice: one copy a seat");
  }));
  for (int k = 0; k < kBuildings; ++k)
    if (s.slots_used(p, Building(k)) > kBuildingSlots)
      e.at("upgrades")
          .fail("fill ", s.slots_used(p, Building(k)), " slots of ", kBuildingNames[k], ": a building has ",
                kBuildingSlots, " (a small tile takes 1, a large 2)");
  const auto caps = e.at("caps").counts(kBuildingNames, 2 * kCapCeiling);
  const auto disks = e.at("disks").counts(kBuildingNames, kDisksPerPlayer);
  for (int k = 0; k < kBuildings; ++k) {
    const int cap = s.cap_of(p, Building(k));
    if (caps[k] != cap)
      e.at("caps").at(kBuildingNames[k]).fail("must be ", cap, ", what its tiles give, not ", caps[k]);
    if (disks[k] > cap)
      e.at("disks").at(kBuildingNames[k]).fail("is ", disks[k], ": above the building's cap of ", cap);
    v.cap[k] = std::uint8_t(cap), v.disks[k] = std::uint8_t(disks[k]);
  }
  copy_counts(e.at("storage").counts(kResourceNames, kStorage), v.storage);
  v.gold = std::uint16_t(e.at("gold").int_in(0, 65535));
  v.glory = std::uint16_t(e.at("glory").int_in(0, 65535));
  // The glory by source adds up to the glory, and a tile's source gave some only to a seat with a
  // tile of its effect (tiles are never lost).
  const JsonIn from = e.at("glory_from");
  const auto sources = glory_source_names();
  const auto glory = from.counts(sources, 65535);
  for (int g = 0; g < kGlorySources; ++g)
    if (kGlorySourceEffects[g] != EffectKind::None && glory[g] > 0 && !s.has_effect(p, kGlorySourceEffects[g]))
      from.at(sources[g]).fail("is ", glory[g], ", but the seat has no tile whose effect is ", sources[g]);
  copy_counts(glory, v.glory_from);
  if (const int sum = std::accumulate(glory.begin(), glory.end(), 0); sum != v.glory)
    from.fail("adds up to ", sum, ", not the seat's glory of ", v.glory);
  v.recruits = std::uint8_t(e.at("recruits").int_in(0, kDisksPerPlayer));
  v.axes = std::uint8_t(e.at("axes").int_in(0, kAxeTokens));
  v.pile = std::uint8_t(e.at("pile").int_in(0, kDisksPerPlayer));
  // Rune counts: the kinds held none of may be left out.
  copy_counts(e.at("runes").some_counts(kRuneIds, "a rune", [&](std::size_t r) { return tiles.runes[r].count; }),
              v.runes);

  const JsonIn units = e.at("units");
  units.allow_only(kLandUnitNames);
  for (int u = 0; u < kLandUnits; ++u) {
    const JsonIn f = units.at(kLandUnitNames[u]);
    const int a = area_of(f, b);
    if (b.is_home(a) && b.home_colour[a] != p)
      f.fail("is ", b.area_id[a], ", another colour's home area: no unit enters it");
    s.unit_area[p][u] = std::uint8_t(a);
  }
  s.aboard[p] = std::uint8_t(e.at("aboard").bit_set(kLandUnitNames, "a land unit"));
  const JsonIn k = e.at("knerrir");
  k.allow_only({"harbour", "route", "squares"});
  const JsonIn harbour = k.at("harbour"), route = k.at("route"), squares = k.at("squares");
  s.knerrir_harbour[p] = -1, s.knerrir_route[p] = -1;
  if (!harbour.is_null()) {
    s.knerrir_harbour[p] = std::int8_t(area_of(harbour, b));
    if (!b.has_harbour(s.knerrir_harbour[p]))
      harbour.fail("is ", b.area_id[s.knerrir_harbour[p]], ", which has no harbour");
  }
  if (!route.is_null()) {
    if (!harbour.is_null()) k.fail("is both docked (harbour) and at sea (route): one of them is null");
    const auto find = [&](const std::string& name) {
      for (int r = 0; r < b.num_routes; ++r)
        if (route_name(b, r) == name) return r;
      return -1;
    };
    s.knerrir_route[p] =
        std::int8_t(route.name_in(find, "a sea route of the board (harbour~harbour, in the board's order)"));
    const int length = b.routes[s.knerrir_route[p]].squares;
    s.knerrir_squares[p] = std::uint8_t(squares.int_in(0, 255));
    if (s.knerrir_squares[p] < 1 || s.knerrir_squares[p] >= length)
      squares.fail("must be in [1, ", length - 1, "] at sea on a route of ", length,
                   " squares (sailed from its first harbour), not ", s.knerrir_squares[p]);
  } else if (squares.int_in(0, 255) != 0) {
    squares.fail("must be 0 unless the Knerrir is at sea on a route");
  }
  if (s.knerrir_home(p) && s.aboard[p] != 0)
    e.at("aboard").fail("must be empty while the Knerrir is at home on the player board");
  if (s.knerrir_harbour[p] >= 0 && s.aboard[p] == 0 && !(phase == Phase::Activation && p == s.turn))
    k.fail("is docked at ", b.area_id[s.knerrir_harbour[p]],
           " with nobody aboard outside its own activation: an empty Knerrir goes home when its owner's activation "
           "ends");
  if (e.at("down").boolean()) {
    if (s.is_aboard(p, Unit::Berserkur) || s.unit_area[p][0] != b.home[p])
      e.at("down").fail(
          "is true, but a Berserkur sent home by an attack stands on his home area until Virki is refilled");
    s.berserkur_down = std::uint8_t(s.berserkur_down | 1 << p);
  }
  const JsonIn sel = e.at("selection");
  if (!sel.is_null()) s.selection[p] = make_selection(sel.counts(kUnitNames, kCardsPerUnit));
  if (quiet != sel.is_null())
    sel.fail(quiet ? cat("must be null in the ", kPhaseNames[int(phase)], " phase: no selection is kept")
                   : "must be the seat's selection: every seat selected at planning");
  if (!quiet && cards_of(s.selection[p]) != s.cards_this_round())
    sel.fail("has ", cards_of(s.selection[p]), " cards: round ", s.round, " uses ", s.cards_this_round());
  s.overtakes[p] = std::uint8_t(e.at("overtakes").int_in(0, 2 * kCardsPerUnit));
  s.attacks[p] = std::uint8_t(e.at("attacks").int_in(0, 2 * kCardsPerUnit));
  s.bought[p] = std::uint8_t(e.at("bought").int_in(0, kUpgradesPerRound));
  // Each takes a card; an attack won is both an attack and an overtake (docs/rules-bardagi.md,
  // Rulings: "An area won by an attack is overtaken").
  if (std::max(s.overtakes[p], s.attacks[p]) > (quiet ? 0 : s.cards_this_round()))
    e.fail("has ", s.overtakes[p], " overtakes and ", s.attacks[p], " attacks this round: ",
           quiet ? "none before the round's cards are played"
                 : cat("each takes a card, and round ", s.round, " has ", s.cards_this_round()));
  if (s.bought[p] > 0 && phase != Phase::Upgrades && phase != Phase::Claim)
    e.at("bought").fail("must be 0 in the ", kPhaseNames[int(phase)],
                        " phase: upgrades are bought after the activations");
  if (s.bought[p] > std::popcount(v.upgrades)) e.at("bought").fail("counts more upgrades than the seat has");
}

// An area's pieces: its owner (by colour), disks, Axe tokens, runes and marker disk.
void read_area(const JsonIn& e, int a, State& s) {
  const Board& b = s.board();
  e.allow_only({"owner", "disks", "axes", "runes", "marker"});
  const bool can_own = ownable(b.kind[a]);
  const JsonIn owner = e.at("owner");
  const int o = owner.is_null() ? -1 : seat_of(owner, s.players);
  if (o >= 0 && !can_own) owner.fail("must be null: a ", area_kind_name(b.kind[a]), " area is never owned");
  if (o >= 0) s.owned[o] |= std::uint64_t(1) << a;
  s.disks[a] = std::uint8_t(e.at("disks").int_in(0, kDisksPerPlayer));
  if (o >= 0 && s.disks[a] == 0) e.at("disks").fail("is 0: an owned area holds a disk at least");
  if (o < 0 && s.disks[a] > 0) e.at("disks").fail("is ", s.disks[a], ": a barbarian area (no owner) holds no disks");
  s.axes[a] = std::uint8_t(e.at("axes").int_in(0, kAxeTokens));
  if (o < 0 && s.axes[a] > 0) e.at("axes").fail("must be 0: Axe tokens stand on owned areas only");
  s.runes[a] = std::uint8_t(e.at("runes").bit_set(
      kRuneKinds,
      [&](const JsonIn& r) {
        if (!can_own) r.fail("is on a ", area_kind_name(b.kind[a]), " area: runes go on areas that can be owned");
        return r.one_of(kRuneIds, "a rune");
      },
      [](int) { return "is there twice: one rune of a kind an area"; }));
  const JsonIn marker = e.at("marker");
  if (!marker.is_null()) s.thief[a] = std::uint8_t(seat_of(marker, s.players) + 1);
  const bool theirs = (s.runes[a] >> int(Rune::TheirsAreYours)) & 1;
  if (theirs != (s.thief[a] > 0))
    marker.fail(theirs ? "must be the colour of the seat that cast theirs-are-yours there"
                       : "must be null: a marker disk comes only with theirs-are-yours");
}

// The activation's sub-state: the cards left of the seat to move, its free actions, and the one
// decision under way (an attack's step, a trade, a cast, a strengthening or sailing).
void read_activation(const JsonIn& act, State& s) {
  const Board& b = s.board();
  const int turn = s.turn;
  const bool activation = s.phase == Phase::Activation;
  act.allow_only({"cards_left", "free_used", "crossed", "defender", "squares_left", "trade_next", "trade_pool",
                  "restock_next", "strengthening", "last_shift", "received", "casts_left", "as_berserkur",
                  "free_runes"});
  const auto cards = act.at("cards_left").counts(kUnitNames, kCardsPerUnit);
  for (int u = 0; u < kUnits; ++u) {
    const int selected = count_of(s.selection[turn], Unit(u));
    if (!activation && cards[u] > 0) act.at("cards_left").fail("must be all 0 outside the activation phase");
    if (cards[u] > selected)
      act.at("cards_left").at(kUnitNames[u]).fail("is ", cards[u], ": seat ", turn, " selected ", selected);
  }
  copy_counts(cards, s.cards_left);
  s.free_used = std::uint8_t(act.at("free_used").bit_set(kFreeActionNames, "a free action"));
  // Optional (positions written before it existed have none): no unit has crossed.
  if (const auto crossed = act.find("crossed")) {
    const auto read = [&](const JsonIn& c) {
      const int u = c.one_of(kUnitNames, "a unit");
      if (u == int(Unit::Knerrir)) c.fail("is the Knerrir: the land units board and leave it");
      if (!activation) c.fail("names a unit outside the activation phase");
      // It boarded (and is aboard) or left (and stands where the Knerrir is docked, or went home empty).
      if (!s.is_aboard(turn, Unit(u)) && !s.knerrir_home(turn) && s.unit_area[turn][u] != s.knerrir_harbour[turn])
        c.fail("names a unit neither aboard nor at the Knerrir's harbour: it boarded or left it since the last card");
      return u;
    };
    s.crossed = std::uint8_t(crossed->bit_set(kLandUnits, read));
  }
  const JsonIn defender = act.at("defender");
  if (!defender.is_null()) s.defender = std::int8_t(seat_of(defender, s.players));
  if (s.defender == turn) defender.fail("is the attacking seat's own colour");
  s.squares_left = std::uint8_t(act.at("squares_left").int_in(0, kWindSquares));
  if (s.squares_left > 0 && s.knerrir_home(turn))
    act.at("squares_left")
        .fail("is ", s.squares_left, ", but seat ", turn, "'s Knerrir is at home: only a Knerrir on the board sails");
  const JsonIn trade_next = act.at("trade_next");
  s.trade_next = std::uint8_t(trade_next.is_null() ? kResources : trade_next.one_of(kResourceNames, "a resource"));
  s.trade_pool = std::uint16_t(act.at("trade_pool").int_in(0, 65535));
  if (s.trade_next == kResources && s.trade_pool != 0)
    act.at("trade_pool").fail("must be 0 outside a trade session (trade_next null): the value left ended as gold");
  s.restock_next = act.at("restock_next").boolean();
  if (s.restock_next && !s.used(State::FreeAction::HomeAction))
    act.at("restock_next")
        .fail("is true, but free_used has no home-action: the refills follow the home action's trade");
  s.strengthening = act.at("strengthening").boolean();
  if (s.strengthening && !s.used(State::FreeAction::Strengthen))
    act.at("strengthening").fail("is true, but free_used has no strengthen");
  const JsonIn last = act.at("last_shift");
  last.allow_only({"from", "to"});
  const int from = last.at("from").string() == "virki" ? 0 : area_of(last.at("from"), b) + 1;
  s.last_shift = std::uint16_t(from * 64 + area_of(last.at("to"), b));
  s.received = read_areas(act.at("received"), b);
  if (s.strengthening && (s.received & ~s.owned[turn]))
    act.at("received").fail("names an area seat ", turn, " does not own: a strengthening puts disks on own areas");
  s.casts_left = std::uint8_t(act.at("casts_left").int_in(0, kRunesPerCast - 1));
  if (s.casts_left > 0 && !s.used(State::FreeAction::Cast))
    act.at("casts_left").fail("is ", s.casts_left, ", but free_used has no cast");
  // The tiles' actions (docs/rules-bardagi.md, Rulings: "The tiles' texts"), optional (positions
  // written before them have none: 0): only in the activation, with the tile, at most its number.
  const auto tile_count = [&](std::string_view field, EffectKind kind, std::uint8_t Effect::*limit) {
    const auto f = act.find(field);
    const int n = f ? f->int_in(0, 2 * kCardsPerUnit) : 0;
    const Effect* e = s.effect(turn, kind);
    if (const int most = activation && e != nullptr ? e->*limit : 0; n > most)
      f->fail("is ", n, ", but seat ", turn, " may have ", most,
              activation ? cat(" (with the ", effect_kind_name(kind), " tile's number, else none)")
                         : " outside the activation phase");
    return std::uint8_t(n);
  };
  s.as_berserkur = tile_count("as_berserkur", EffectKind::AnyCardBerserkur, &Effect::max);
  s.free_runes = tile_count("free_runes", EffectKind::FreeRune, &Effect::count);
  // Each card played as a Berserkur card is a card of another unit that seat `turn` has played.
  int others_played = 0;
  for (int u = 1; u < kUnits; ++u) others_played += count_of(s.selection[turn], Unit(u)) - s.cards_left[u];
  if (s.as_berserkur > others_played)
    act.at("as_berserkur")
        .fail("is ", s.as_berserkur, ", but seat ", turn, " has played ", others_played, " cards of its other units");
  // One decision at a time: an attack's step, a trade session (with the home action's refills after
  // it), the second rune of a cast, a strengthening's shift or a square of sailing; only in activation.
  const std::array<std::pair<bool, std::string_view>, 5> under_way = {
      {{s.defender >= 0, "defender"},
       {s.trade_next < kResources || s.restock_next, s.trade_next < kResources ? "trade_next" : "restock_next"},
       {s.casts_left > 0, "casts_left"},
       {s.strengthening, "strengthening"},
       {s.squares_left > 0, "squares_left"}}};
  std::string_view first;
  for (const auto& [on, name] : under_way) {
    if (!on) continue;
    if (!activation)
      act.at(name).fail("shows a decision under way in the ", kPhaseNames[int(s.phase)],
                        " phase: only activations have one");
    if (!first.empty()) act.at(name).fail("shows a decision under way beside ", first, "'s: one decision at a time");
    first = name;
  }
}

// The upgrade stacks, face up and face down.
void read_stacks(const JsonIn& stacks, State& s) {
  std::array<std::string, kStacks> names;
  for (int k = 0; k < kStacks; ++k) names[k] = stack_name(k);
  stacks.allow_only(names);
  for (int k = 0; k < kStacks; ++k) {
    const JsonIn st = stacks.at(names[k]);
    st.allow_only({"face_up", "face_down"});
    s.visible[k].fill(State::kNoTile);
    const std::vector<JsonIn> up = st.at("face_up").array_of_size(visible_tiles(s.players, TileSize(k % 2)));
    for (std::size_t i = 0; i < up.size(); ++i) s.visible[k][i] = read_stack_tile(up[i], k, true);
    for (const JsonIn& e : st.at("face_down").array(0, kMaxStack))
      s.stacks[k][s.stack_size[k]++] = read_stack_tile(e, k, false);
    // "If an upgrade is bought, a new one is not shown": a place stays empty until the round's end.
    if (s.stack_size[k] > 0 && s.phase != Phase::Upgrades && s.phase != Phase::Claim)
      for (std::size_t i = 0; i < up.size(); ++i)
        if (s.visible[k][i] == State::kNoTile)
          up[i].fail("is empty while tiles are face down: the places are refilled at the round's end");
  }
}

}  // namespace

State read_position(const Json& j) {
  const JsonIn in(j, "bardagi position");
  in.allow_only({"game", "board", "players", "length", "rounds", "round", "phase", "start_player", "turn", "areas",
                 "activation", "claim", "axes_pile", "rune_pile", "stacks", "seats"});
  if (in.at("game").string() != "bardagi") in.at("game").fail("is not \"bardagi\"");
  const Board& b = in.at("board").builtin_or_whole(
      kBoardNames, [](std::size_t i) -> const Board& { return i == 0 ? Board::summer() : Board::winter(); },
      Board::intern, "board");
  const Tiles& tiles = Tiles::standard();
  State s;
  s.board_index = std::uint16_t(b.index);
  const int n = s.players = std::uint8_t(in.at("players").int_in(2, kMaxSeats));
  if (n > b.max_players()) in.at("players").fail("is ", n, ": the board has homes for ", b.max_players(), " colours");
  s.short_game = in.at("length").one_of(kLengthNames, "a game length") == 1;
  s.rounds = std::uint8_t(in.at("rounds").int_in(1, 255));
  if (s.rounds != rounds_in_game(n, s.short_game))
    in.at("rounds").fail("must be ", rounds_in_game(n, s.short_game), " for ", n, " players in the ",
                         s.short_game ? "short" : "full", " game, not ", s.rounds);
  s.round = std::uint8_t(in.at("round").int_in(1, s.rounds));
  const Phase phase = s.phase = in.at("phase").one_of<Phase>(kPhaseNames, "a phase");
  s.start_player = std::uint8_t(in.at("start_player").int_in(0, n - 1));
  const int turn = s.turn = std::uint8_t(in.at("turn").int_in(0, n - 1));
  if ((phase == Phase::Planning || phase == Phase::Over) && s.turn != s.start_player)
    in.at("turn").fail("must be the start player (", s.start_player, ") in the ", kPhaseNames[int(phase)], " phase");
  if (phase == Phase::Over && s.round != s.rounds)
    in.at("round").fail("must be ", s.rounds, " once the game is over: it ends after the last round");

  const std::vector<JsonIn> seats = in.at("seats").array_of_size(n);
  for (int p = 0; p < n; ++p) read_seat(seats[p], p, s);
  // "A player cannot enter an area where another Godi is present".
  for (int p = 0; p < n; ++p)
    for (int o = 0; o < p; ++o)
      if (s.on_board(p, Unit::Godi) && s.on_board(o, Unit::Godi) && s.unit_area[p][1] == s.unit_area[o][1])
        seats[p].at("units").at("godi").fail("shares ", b.area_id[s.unit_area[p][1]], " with ", kColourNames[o],
                                             "'s Godi: no Godi enters it");
  const JsonIn areas = in.at("areas");
  areas.expect_object();
  for (auto it = areas.json().begin(); it != areas.json().end(); ++it) {
    const int a = b.area(it.key());
    if (a < 0) areas.fail("has \"", it.key(), "\", which is not an area of the board");
    read_area(areas.at(it.key()), a, s);
  }
  read_activation(in.at("activation"), s);

  // ---- the claim
  const JsonIn claim = in.at("claim");
  claim.allow_only({"step", "cursor"});
  // A seat's claim ends at once, with the next seat's or the round's end, so no position holds the
  // last step: it is named for what it is, and left out of the steps an error lists.
  if (claim.at("step").string() == kClaimStepNames.back())
    claim.at("step").fail("is done: a seat's claim ends at once, with the next seat's or the round's end");
  constexpr auto kHeldSteps = [] {
    std::array<std::string_view, kClaimStepNames.size() - 1> held{};
    std::copy_n(kClaimStepNames.begin(), held.size(), held.begin());
    return held;
  }();
  s.claim_step = claim.at("step").one_of<State::ClaimStep>(kHeldSteps, "a claim step");
  // (After the last yield the cursor is one past its area, the area count at most.)
  s.claim_cursor = std::uint8_t(claim.at("cursor").int_in(0, b.num_areas));
  if (phase != Phase::Claim && (s.claim_step != State::ClaimStep::Yields || s.claim_cursor != 0))
    claim.fail("must be {\"step\": \"yields\", \"cursor\": 0} outside the claim phase");
  if ((s.claim_step == State::ClaimStep::Yields || s.claim_step == State::ClaimStep::PlaceAxes) &&
      s.claim_cursor >= b.num_areas)
    claim.at("cursor").fail("must be an area's index (0 to ", b.num_areas - 1, ") in the ",
                            kClaimStepNames[int(s.claim_step)], " step");
  if (s.claim_step == State::ClaimStep::PlaceRecruits && s.claim_cursor >= kBuildings)
    claim.at("cursor").fail("must be a building (0 virki, 1 hof, 2 verslun) in the place-recruits step");

  // ---- the supplies, and every piece in one place
  s.axes_pile = std::uint8_t(in.at("axes_pile").int_in(0, kAxeTokens));
  for (const JsonIn& e : in.at("rune_pile").array(0, s.rune_pile.size()))
    s.rune_pile[s.rune_size++] = e.one_of<std::uint8_t>(kRuneIds, "a rune");
  read_stacks(in.at("stacks"), s);
  std::array<int, kMaxTiles> copies{};  // each tile's copies owned or in its stack
  for (int k = 0; k < kStacks; ++k) {
    for (const std::uint8_t t : s.visible[k])
      if (t != State::kNoTile) ++copies[t];
    for (int i = 0; i < s.stack_size[k]; ++i) ++copies[s.stacks[k][i]];
  }
  for (int p = 0; p < n; ++p)
    for (std::uint32_t u = s.villages[p].upgrades; u; u &= u - 1) ++copies[std::countr_zero(u)];
  for (int t = 0; t < tiles.num_tiles; ++t)
    if (copies[t] != tiles.tiles[t].copies)
      in.fail("has ", copies[t], " of the tile ", tiles.tiles[t].id, " owned and in its stack, not its ",
              tiles.tiles[t].copies, " copies");
  int axes = s.axes_pile;
  for (int a = 0; a < b.num_areas; ++a) axes += s.axes[a];
  for (int p = 0; p < n; ++p) axes += s.villages[p].axes;
  if (axes != kAxeTokens)
    in.fail("has ", axes, " Axe tokens in all (the pile, the villages, the areas), not ", kAxeTokens);
  std::array<int, kRuneKinds> runes{};
  for (int i = 0; i < s.rune_size; ++i) ++runes[s.rune_pile[i]];
  for (int r = 0; r < kRuneKinds; ++r) {
    for (int p = 0; p < n; ++p) runes[r] += s.villages[p].runes[r];
    for (int a = 0; a < b.num_areas; ++a) runes[r] += (s.runes[a] >> r) & 1;
    if (runes[r] > tiles.runes[r].count)
      in.fail("has ", runes[r], " ", kRuneIds[r], " runes (the pile, the hands, the areas): there are ",
              tiles.runes[r].count);
  }
  for (int p = 0; p < n; ++p) {
    const Village& v = s.villages[p];
    int disks = v.disks[0] + v.disks[1] + v.disks[2] + v.recruits + v.pile;
    for (int a = 0; a < b.num_areas; ++a) disks += ((s.owned[p] >> a) & 1 ? s.disks[a] : 0) + (s.thief[a] == p + 1);
    if (disks != kDisksPerPlayer)
      seats[p].fail("has ", disks, " disks (buildings, owned areas, recruits, pile, theirs-are-yours markers), not ",
                    kDisksPerPlayer);
  }
  // An attack under way has a next step the attacker's Virki pays for: otherwise it would be over.
  if (s.defender >= 0 && (!s.on_board(turn, Unit::Berserkur) || !ownable(b.kind[s.unit_area[turn][0]]) ||
                          s.attack_step() == State::AttackStep::None || s.attack_cost() > s.villages[turn].disks[0]))
    in.at("activation")
        .at("defender")
        .fail("is set, but seat ", turn,
              "'s Berserkur has no attack step there that Virki pays for: the attack "
              "would be over");
  return s;
}

}  // namespace nuraghe::bardagi
