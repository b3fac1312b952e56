// Bardagi positions: the writer, then the reader and the invariants it checks (docs/position-format.md,
// "bardagi"; each invariant has a test in test_position.cpp).
#include "games/bardagi/position.hpp"

#include <algorithm>
#include <bit>
#include <utility>

namespace nuraghe::bardagi {
namespace {

constexpr std::array<std::string_view, 5> kPhaseNames = {"planning", "activation", "upgrades", "claim", "over"};
constexpr std::array<std::string_view, 7> kClaimStepNames = {"yields",     "extra",          "sell", "buy-axes",
                                                             "place-axes", "place-recruits", "done"};
constexpr std::array<std::string_view, 3> kFreeActionNames = {"strengthen", "home-action", "cast"};
constexpr std::array<std::string_view, 2> kLengthNames = {"full", "short"};
constexpr std::array<std::string_view, kLandUnits> kLandUnitNames = {"berserkur", "godi", "kaupmadur"};
constexpr std::uint64_t bit(int a) { return std::uint64_t(1) << a; }

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
         {"board", b.index == 0   ? Json("summer")
                   : b.index == 1 ? Json("winter")
                                  : b.source},
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

int area_of(const JsonIn& field, const Board& b) {
  const std::string id = field.string();
  const int a = b.area(id);
  if (a < 0) field.fail("\"" + id + "\" is not an area of the board");
  return a;
}
// A seat named by its colour: one of the first `players` colours.
int seat_of(const JsonIn& field, int players) {
  const std::string name = field.string();
  for (int p = 0; p < players; ++p)
    if (kColourNames[std::size_t(p)] == name) return p;
  std::string known;
  for (int p = 0; p < players; ++p) known += (p ? ", " : "") + colour_of(p);
  field.fail("\"" + name + "\" is not the colour of a seat in this " + std::to_string(players) + "-player game (" +
             known + ")");
}
int tile_of(const JsonIn& field) {
  const std::string id = field.string();
  const int t = Tiles::standard().tile(id);
  if (t < 0) field.fail("\"" + id + "\" is not an upgrade tile");
  return t;
}
// An object with exactly these keys, each a count in [0, hi].
template <std::size_t N>
std::array<int, N> read_counts(const JsonIn& j, const std::array<std::string_view, N>& names, int hi) {
  j.expect_object();
  for (auto it = j.json().begin(); it != j.json().end(); ++it) {
    bool known = false;
    for (const auto n : names) known = known || n == it.key();
    if (!known) j.fail("has an unknown field \"" + it.key() + "\"");
  }
  std::array<int, N> out{};
  for (std::size_t i = 0; i < N; ++i) out[i] = j.at(names[i]).int_in(0, hi);
  return out;
}
// Rune counts: rune ids to counts, the kinds held none of left out (an explicit 0 is read too).
std::array<std::uint8_t, kRuneKinds> read_rune_counts(const JsonIn& j) {
  j.expect_object();
  std::array<std::uint8_t, kRuneKinds> out{};
  for (auto it = j.json().begin(); it != j.json().end(); ++it) {
    const Json key = it.key();
    const int r = index_of(kRuneIds, JsonIn(key, j.source()), "a rune");
    out[std::size_t(r)] = std::uint8_t(j.at(it.key()).int_in(0, Tiles::standard().runes[std::size_t(r)].count));
  }
  return out;
}
// Tiles of one stack, by id; null (an empty face-up place) only where `empty_ok`.
std::uint8_t read_stack_tile(const JsonIn& e, int k, bool empty_ok) {
  if (empty_ok && e.is_null()) return State::kNoTile;
  const int t = tile_of(e);
  const UpgradeTile& tile = Tiles::standard().tiles[std::size_t(t)];
  if (stack_of(tile.building, tile.size) != k)
    e.fail("\"" + tile.id + "\" is a " + std::string(tile_size_name(tile.size)) + " " +
           std::string(building_name(tile.building)) + " tile, not of the " + stack_name(k) + " stack");
  return std::uint8_t(t);
}
std::uint64_t read_areas(const JsonIn& list, const Board& b) {
  std::uint64_t mask = 0;
  for (const JsonIn& e : list.array(0, std::size_t(b.num_areas))) {
    const int a = area_of(e, b);
    if ((mask >> a) & 1) e.fail("names " + b.area_id[std::size_t(a)] + " twice");
    mask |= bit(a);
  }
  return mask;
}

}  // namespace

State read_position(const Json& j) {
  const std::string where = "bardagi position";
  const JsonIn in(j, where);
  in.allow_only({"game", "board", "players", "length", "rounds", "round", "phase", "start_player", "turn", "areas",
                 "activation", "claim", "axes_pile", "rune_pile", "stacks", "seats"});
  if (in.at("game").string() != "bardagi") in.at("game").fail("is not \"bardagi\"");
  const JsonIn board = in.at("board");
  const Board& b = board.json().is_string() ? (board.string() == "summer" ? Board::summer()
                                               : board.string() == "winter"
                                                   ? Board::winter()
                                                   : (board.fail("must be \"summer\", \"winter\" or a whole board "
                                                                 "object, not \"" +
                                                                 board.string() + "\" (--map FILE reads a board file)"),
                                                      Board::summer()))
                                            : (board.expect_object(), Board::intern(board.json(), where + ": board"));
  const Tiles& tiles = Tiles::standard();
  State s;
  s.board_index = std::uint8_t(b.index);
  s.players = std::uint8_t(in.at("players").int_in(2, kMaxSeats));
  const int n = s.players;
  if (n > b.max_players())
    in.at("players").fail("is " + std::to_string(n) + ": the board has homes for " + std::to_string(b.max_players()) +
                          " colours");
  s.short_game = index_of(kLengthNames, in.at("length"), "a game length") == 1;
  s.rounds = std::uint8_t(in.at("rounds").int_in(1, 255));
  if (s.rounds != rounds_in_game(n, s.short_game))
    in.at("rounds").fail("must be " + std::to_string(rounds_in_game(n, s.short_game)) + " for " + std::to_string(n) +
                         " players in the " + (s.short_game ? "short" : "full") + " game, not " +
                         std::to_string(s.rounds));
  s.round = std::uint8_t(in.at("round").int_in(1, s.rounds));
  s.phase = Phase(index_of(kPhaseNames, in.at("phase"), "a phase"));
  const Phase phase = s.phase;
  s.start_player = std::uint8_t(in.at("start_player").int_in(0, n - 1));
  s.turn = std::uint8_t(in.at("turn").int_in(0, n - 1));
  const int turn = s.turn;
  if ((phase == Phase::Planning || phase == Phase::Over) && s.turn != s.start_player)
    in.at("turn").fail("must be the start player (" + std::to_string(s.start_player) + ") in the " +
                       std::string(kPhaseNames[std::size_t(phase)]) + " phase");
  if (phase == Phase::Over && s.round != s.rounds)
    in.at("round").fail("must be " + std::to_string(s.rounds) + " once the game is over: it ends after the last round");
  const bool activation = phase == Phase::Activation;
  const bool quiet = phase == Phase::Planning || phase == Phase::Over;  // no selection, nothing done this round

  // ---- the seats: villages, units, the Knerrir, the round's counts
  const std::vector<JsonIn> seats = in.at("seats").array_of_size(std::size_t(n));
  for (int p = 0; p < n; ++p) {
    const JsonIn& e = seats[std::size_t(p)];
    const auto q = std::size_t(p);
    Village& v = s.villages[q];
    e.allow_only({"colour",   "disks", "caps",      "storage",   "gold",     "glory", "glory_from",
                  "recruits", "axes",  "pile",      "runes",     "upgrades", "units", "aboard",
                  "knerrir",  "down",  "selection", "overtakes", "attacks",  "bought"});
    if (e.at("colour").string() != kColourNames[q])
      e.at("colour").fail("must be \"" + colour_of(p) + "\": seat " + std::to_string(p) + " plays the colour " +
                          std::to_string(p + 1) + " of red, blue, yellow, green, black");
    // Upgrades first: the caps follow from them.
    for (const JsonIn& t : e.at("upgrades").array(0, std::size_t(tiles.num_tiles))) {
      const int id = tile_of(t);
      if ((v.upgrades >> id) & 1) t.fail("names " + tiles.tiles[std::size_t(id)].id + " twice: one copy a seat");
      v.upgrades |= 1u << id;
    }
    for (int k = 0; k < kBuildings; ++k)
      if (s.slots_used(p, Building(k)) > kBuildingSlots)
        e.at("upgrades")
            .fail("fill " + std::to_string(s.slots_used(p, Building(k))) + " slots of " +
                  std::string(kBuildingNames[std::size_t(k)]) + ": a building has " + std::to_string(kBuildingSlots) +
                  " (a small tile takes 1, a large 2)");
    const auto caps = read_counts(e.at("caps"), kBuildingNames, 2 * kCapCeiling);
    const auto disks = read_counts(e.at("disks"), kBuildingNames, kDisksPerPlayer);
    for (int k = 0; k < kBuildings; ++k) {
      const std::string name(kBuildingNames[std::size_t(k)]);
      const int cap = s.cap_of(p, Building(k));
      if (caps[std::size_t(k)] != cap)
        e.at("caps").at(name).fail("must be " + std::to_string(cap) + ", what its tiles give, not " +
                                   std::to_string(caps[std::size_t(k)]));
      if (disks[std::size_t(k)] > cap)
        e.at("disks").at(name).fail("is " + std::to_string(disks[std::size_t(k)]) + ": above the building's cap of " +
                                    std::to_string(cap));
      v.cap[std::size_t(k)] = std::uint8_t(cap), v.disks[std::size_t(k)] = std::uint8_t(disks[std::size_t(k)]);
    }
    const auto storage = read_counts(e.at("storage"), kResourceNames, kStorage);
    for (int r = 0; r < kResources; ++r) v.storage[std::size_t(r)] = std::uint8_t(storage[std::size_t(r)]);
    v.gold = std::uint16_t(e.at("gold").int_in(0, 65535));
    v.glory = std::uint16_t(e.at("glory").int_in(0, 65535));
    // The glory by source adds up to the glory, and a tile's source gave some only to a seat with a
    // tile of its effect (tiles are never lost).
    const JsonIn from = e.at("glory_from");
    const auto names = glory_source_names();
    const auto glory = read_counts(from, names, 65535);
    int sum = 0;
    for (int g = 0; g < kGlorySources; ++g) {
      const EffectKind kind = kGlorySourceEffects[std::size_t(g)];
      v.glory_from[std::size_t(g)] = std::uint16_t(glory[std::size_t(g)]);
      sum += glory[std::size_t(g)];
      if (kind != EffectKind::None && glory[std::size_t(g)] > 0 && !s.has_effect(p, kind))
        from.at(names[std::size_t(g)])
            .fail("is " + std::to_string(glory[std::size_t(g)]) + ", but the seat has no tile whose effect is " +
                  std::string(names[std::size_t(g)]));
    }
    if (sum != v.glory)
      from.fail("adds up to " + std::to_string(sum) + ", not the seat's glory of " + std::to_string(v.glory));
    v.recruits = std::uint8_t(e.at("recruits").int_in(0, kDisksPerPlayer));
    v.axes = std::uint8_t(e.at("axes").int_in(0, kAxeTokens));
    v.pile = std::uint8_t(e.at("pile").int_in(0, kDisksPerPlayer));
    v.runes = read_rune_counts(e.at("runes"));

    const JsonIn units = e.at("units");
    units.allow_only({"berserkur", "godi", "kaupmadur"});
    for (int u = 0; u < kLandUnits; ++u) {
      const JsonIn f = units.at(kLandUnitNames[std::size_t(u)]);
      const int a = area_of(f, b);
      if (b.is_home(a) && b.home_colour[std::size_t(a)] != p)
        f.fail("is " + b.area_id[std::size_t(a)] + ", another colour's home area: no unit enters it");
      s.unit_area[q][std::size_t(u)] = std::uint8_t(a);
    }
    for (const JsonIn& u : e.at("aboard").array(0, kLandUnits)) {
      const int unit = index_of(kLandUnitNames, u, "a land unit");
      if (s.is_aboard(p, Unit(unit))) u.fail("names " + std::string(kLandUnitNames[std::size_t(unit)]) + " twice");
      s.aboard[q] = std::uint8_t(s.aboard[q] | 1 << unit);
    }
    const JsonIn k = e.at("knerrir");
    k.allow_only({"harbour", "route", "squares"});
    s.knerrir_harbour[q] = -1, s.knerrir_route[q] = -1;
    const JsonIn harbour = k.at("harbour"), route = k.at("route"), squares = k.at("squares");
    if (!harbour.is_null()) {
      const int a = area_of(harbour, b);
      if (!b.has_harbour(a)) harbour.fail("is " + b.area_id[std::size_t(a)] + ", which has no harbour");
      s.knerrir_harbour[q] = std::int8_t(a);
    }
    if (!route.is_null()) {
      if (!harbour.is_null()) k.fail("is both docked (harbour) and at sea (route): one of them is null");
      const std::string name = route.string();
      for (int r = 0; r < b.num_routes; ++r)
        if (route_name(b, r) == name) s.knerrir_route[q] = std::int8_t(r);
      if (s.knerrir_route[q] < 0)
        route.fail("\"" + name + "\" is not a sea route of the board (harbour~harbour, in the board's order)");
      const int length = b.routes[std::size_t(s.knerrir_route[q])].squares;
      s.knerrir_squares[q] = std::uint8_t(squares.int_in(0, 255));
      if (s.knerrir_squares[q] < 1 || s.knerrir_squares[q] >= length)
        squares.fail("must be in [1, " + std::to_string(length - 1) + "] at sea on a route of " +
                     std::to_string(length) + " squares (sailed from its first harbour), not " +
                     std::to_string(s.knerrir_squares[q]));
    } else if (squares.int_in(0, 255) != 0) {
      squares.fail("must be 0 unless the Knerrir is at sea on a route");
    }
    if (s.knerrir_home(p) && s.aboard[q] != 0)
      e.at("aboard").fail("must be empty while the Knerrir is at home on the player board");
    if (s.knerrir_harbour[q] >= 0 && s.aboard[q] == 0 && !(activation && p == turn))
      k.fail("is docked at " + b.area_id[std::size_t(s.knerrir_harbour[q])] +
             " with nobody aboard outside its own activation: an empty Knerrir goes home when its owner's activation "
             "ends");
    if (e.at("down").boolean()) {
      if (s.is_aboard(p, Unit::Berserkur) || s.unit_area[q][0] != b.home[q])
        e.at("down").fail(
            "is true, but a Berserkur sent home by an attack stands on his home area until Virki is "
            "refilled");
      s.berserkur_down = std::uint8_t(s.berserkur_down | 1 << p);
    }
    const JsonIn sel = e.at("selection");
    if (!sel.is_null()) {
      const auto counts = read_counts(sel, kUnitNames, kCardsPerUnit);
      std::array<int, kUnits> c{};
      for (int u = 0; u < kUnits; ++u) c[std::size_t(u)] = counts[std::size_t(u)];
      s.selection[q] = make_selection(c);
    }
    if (quiet != sel.is_null())
      sel.fail(quiet ? "must be null in the " + std::string(kPhaseNames[std::size_t(phase)]) +
                           " phase: no selection is kept"
                     : "must be the seat's selection: every seat selected at planning");
    if (!quiet && cards_of(s.selection[q]) != s.cards_this_round())
      sel.fail("has " + std::to_string(cards_of(s.selection[q])) + " cards: round " + std::to_string(s.round) +
               " uses " + std::to_string(s.cards_this_round()));
    s.overtakes[q] = std::uint8_t(e.at("overtakes").int_in(0, 2 * kCardsPerUnit));
    s.attacks[q] = std::uint8_t(e.at("attacks").int_in(0, 2 * kCardsPerUnit));
    s.bought[q] = std::uint8_t(e.at("bought").int_in(0, kUpgradesPerRound));
    // Each takes a card; an attack won is both an attack and an overtake (docs/rules-bardagi.md,
    // Rulings: "An area won by an attack is overtaken").
    if (std::max(s.overtakes[q], s.attacks[q]) > (quiet ? 0 : s.cards_this_round()))
      e.fail("has " + std::to_string(s.overtakes[q]) + " overtakes and " + std::to_string(s.attacks[q]) +
             " attacks this round: " +
             (quiet ? std::string("none before the round's cards are played")
                    : "each takes a card, and round " + std::to_string(s.round) + " has " +
                          std::to_string(s.cards_this_round())));
    if (s.bought[q] > 0 && phase != Phase::Upgrades && phase != Phase::Claim)
      e.at("bought").fail("must be 0 in the " + std::string(kPhaseNames[std::size_t(phase)]) +
                          " phase: upgrades are bought after the activations");
    if (s.bought[q] > std::popcount(v.upgrades)) e.at("bought").fail("counts more upgrades than the seat has");
  }
  // "A player cannot enter an area where another Godi is present".
  for (int p = 0; p < n; ++p)
    for (int o = 0; o < p; ++o)
      if (s.on_board(p, Unit::Godi) && s.on_board(o, Unit::Godi) &&
          s.unit_area[std::size_t(p)][1] == s.unit_area[std::size_t(o)][1])
        seats[std::size_t(p)].at("units").at("godi").fail("shares " + b.area_id[s.unit_area[std::size_t(p)][1]] +
                                                          " with " + colour_of(o) + "'s Godi: no Godi enters it");

  // ---- the areas
  const JsonIn areas = in.at("areas");
  areas.expect_object();
  for (auto it = areas.json().begin(); it != areas.json().end(); ++it) {
    const JsonIn e = areas.at(it.key());
    const int a = b.area(it.key());
    if (a < 0) areas.fail("has \"" + it.key() + "\", which is not an area of the board");
    const auto q = std::size_t(a);
    e.allow_only({"owner", "disks", "axes", "runes", "marker"});
    const bool can_own = ownable(b.kind[q]);
    const JsonIn owner = e.at("owner");
    const int o = owner.is_null() ? -1 : seat_of(owner, n);
    if (o >= 0 && !can_own)
      owner.fail("must be null: a " + std::string(area_kind_name(b.kind[q])) + " area is never owned");
    if (o >= 0) s.owned[std::size_t(o)] |= bit(a);
    s.disks[q] = std::uint8_t(e.at("disks").int_in(0, kDisksPerPlayer));
    if (o >= 0 && s.disks[q] == 0) e.at("disks").fail("is 0: an owned area holds a disk at least");
    if (o < 0 && s.disks[q] > 0)
      e.at("disks").fail("is " + std::to_string(s.disks[q]) + ": a barbarian area (no owner) holds no disks");
    s.axes[q] = std::uint8_t(e.at("axes").int_in(0, kAxeTokens));
    if (o < 0 && s.axes[q] > 0) e.at("axes").fail("must be 0: Axe tokens stand on owned areas only");
    for (const JsonIn& r : e.at("runes").array(0, kRuneKinds)) {
      const int rune = index_of(kRuneIds, r, "a rune");
      if ((s.runes[q] >> rune) & 1) r.fail("is there twice: one rune of a kind an area");
      if (!can_own)
        r.fail("is on a " + std::string(area_kind_name(b.kind[q])) + " area: runes go on areas that can be owned");
      s.runes[q] = std::uint8_t(s.runes[q] | 1 << rune);
    }
    const JsonIn marker = e.at("marker");
    if (!marker.is_null()) s.thief[q] = std::uint8_t(seat_of(marker, n) + 1);
    const bool theirs = (s.runes[q] >> int(Rune::TheirsAreYours)) & 1;
    if (theirs != (s.thief[q] > 0))
      marker.fail(theirs ? "must be the colour of the seat that cast theirs-are-yours there"
                         : "must be null: a marker disk comes only with theirs-are-yours");
  }

  // ---- the activation's sub-state
  const JsonIn act = in.at("activation");
  act.allow_only({"cards_left", "free_used", "crossed", "defender", "squares_left", "trade_next", "trade_pool",
                  "restock_next", "strengthening", "last_shift", "received", "casts_left", "as_berserkur",
                  "free_runes"});
  const auto cards = read_counts(act.at("cards_left"), kUnitNames, kCardsPerUnit);
  for (int u = 0; u < kUnits; ++u) {
    s.cards_left[std::size_t(u)] = std::uint8_t(cards[std::size_t(u)]);
    const int selected = count_of(s.selection[std::size_t(turn)], Unit(u));
    if (!activation && cards[std::size_t(u)] > 0)
      act.at("cards_left").fail("must be all 0 outside the activation phase");
    if (cards[std::size_t(u)] > selected)
      act.at("cards_left")
          .at(kUnitNames[std::size_t(u)])
          .fail("is " + std::to_string(cards[std::size_t(u)]) + ": seat " + std::to_string(turn) + " selected " +
                std::to_string(selected));
  }
  for (const JsonIn& f : act.at("free_used").array(0, kFreeActionNames.size())) {
    const int fa = index_of(kFreeActionNames, f, "a free action");
    if ((s.free_used >> fa) & 1) f.fail("names " + std::string(kFreeActionNames[std::size_t(fa)]) + " twice");
    s.free_used = std::uint8_t(s.free_used | 1 << fa);
  }
  // Optional (positions written before it existed have none): no unit has crossed.
  if (const auto crossed = act.find("crossed")) {
    for (const JsonIn& c : crossed->array(0, kLandUnits)) {
      const int u = index_of(kUnitNames, c, "a unit");
      const auto q = std::size_t(turn);
      if (u == int(Unit::Knerrir)) c.fail("is the Knerrir: the land units board and leave it");
      if ((s.crossed >> u) & 1) c.fail("names " + std::string(kUnitNames[std::size_t(u)]) + " twice");
      if (!activation) c.fail("names a unit outside the activation phase");
      // It boarded (and is aboard) or left (and stands where the Knerrir is docked, or went home empty).
      if (!s.is_aboard(turn, Unit(u)) && !s.knerrir_home(turn) &&
          s.unit_area[q][std::size_t(u)] != s.knerrir_harbour[q])
        c.fail("names a unit neither aboard nor at the Knerrir's harbour: it boarded or left it since the last card");
      s.crossed = std::uint8_t(s.crossed | 1 << u);
    }
  }
  const JsonIn defender = act.at("defender");
  if (!defender.is_null()) {
    s.defender = std::int8_t(seat_of(defender, n));
    if (s.defender == turn) defender.fail("is the attacking seat's own colour");
  }
  s.squares_left = std::uint8_t(act.at("squares_left").int_in(0, kWindSquares));
  if (s.squares_left > 0 && s.knerrir_home(turn))
    act.at("squares_left")
        .fail("is " + std::to_string(s.squares_left) + ", but seat " + std::to_string(turn) +
              "'s Knerrir is at home: only a Knerrir on the board sails");
  const JsonIn trade_next = act.at("trade_next");
  s.trade_next = trade_next.is_null() ? std::uint8_t(kResources)
                                      : std::uint8_t(index_of(kResourceNames, trade_next, "a resource"));
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
  if (s.strengthening && (s.received & ~s.owned[std::size_t(turn)]))
    act.at("received")
        .fail("names an area seat " + std::to_string(turn) + " does not own: a strengthening puts disks on own areas");
  s.casts_left = std::uint8_t(act.at("casts_left").int_in(0, kRunesPerCast - 1));
  if (s.casts_left > 0 && !s.used(State::FreeAction::Cast))
    act.at("casts_left").fail("is " + std::to_string(s.casts_left) + ", but free_used has no cast");
  // The tiles' actions (docs/rules-bardagi.md, Rulings: "The tiles' texts"), optional (positions written
  // before them have none: 0):
  // only in the activation, with the tile, at most its number; each card played as a Berserkur
  // card is a card of another unit that seat `turn` has played.
  const auto tile_count = [&](std::string_view field, EffectKind kind, std::uint8_t Effect::*limit) -> std::uint8_t {
    const auto f = act.find(field);
    if (!f) return 0;
    const int n = f->int_in(0, 2 * kCardsPerUnit);
    const Effect* e = s.effect(turn, kind);
    const int most = activation && e != nullptr ? e->*limit : 0;
    if (n > most)
      f->fail("is " + std::to_string(n) + ", but seat " + std::to_string(turn) + " may have " + std::to_string(most) +
              (activation ? " (with the " + std::string(effect_kind_name(kind)) + " tile's number, else none)"
                          : " outside the activation phase"));
    return std::uint8_t(n);
  };
  s.as_berserkur = tile_count("as_berserkur", EffectKind::AnyCardBerserkur, &Effect::max);
  s.free_runes = tile_count("free_runes", EffectKind::FreeRune, &Effect::count);
  {
    int others_played = 0;
    for (int u = 1; u < kUnits; ++u)
      others_played += count_of(s.selection[std::size_t(turn)], Unit(u)) - s.cards_left[std::size_t(u)];
    if (s.as_berserkur > others_played)
      act.at("as_berserkur")
          .fail("is " + std::to_string(s.as_berserkur) + ", but seat " + std::to_string(turn) + " has played " +
                std::to_string(others_played) + " cards of its other units");
  }
  // One decision at a time: an attack's step, a trade session (with the home action's refills after
  // it), the second rune of a cast, a strengthening's shift or a square of sailing; only in activation.
  {
    const std::array<std::pair<bool, std::string_view>, 5> under_way = {
        {{s.defender >= 0, "defender"},
         {s.trade_next < kResources || s.restock_next, s.trade_next < kResources ? "trade_next" : "restock_next"},
         {s.casts_left > 0, "casts_left"},
         {s.strengthening, "strengthening"},
         {s.squares_left > 0, "squares_left"}}};
    std::string first;
    for (const auto& [on, name] : under_way) {
      if (!on) continue;
      if (!activation)
        act.at(name).fail("shows a decision under way in the " + std::string(kPhaseNames[std::size_t(phase)]) +
                          " phase: only activations have one");
      if (!first.empty())
        act.at(name).fail("shows a decision under way beside " + first + "'s: one decision at a time");
      first = name;
    }
  }

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
  s.claim_step = State::ClaimStep(index_of(kHeldSteps, claim.at("step"), "a claim step"));
  // (After the last yield the cursor is one past its area, the area count at most.)
  s.claim_cursor = std::uint8_t(claim.at("cursor").int_in(0, b.num_areas));
  if (phase != Phase::Claim && (s.claim_step != State::ClaimStep::Yields || s.claim_cursor != 0))
    claim.fail("must be {\"step\": \"yields\", \"cursor\": 0} outside the claim phase");
  if ((s.claim_step == State::ClaimStep::Yields || s.claim_step == State::ClaimStep::PlaceAxes) &&
      s.claim_cursor >= b.num_areas)
    claim.at("cursor").fail("must be an area's index (0 to " + std::to_string(b.num_areas - 1) + ") in the " +
                            std::string(kClaimStepNames[std::size_t(s.claim_step)]) + " step");
  if (s.claim_step == State::ClaimStep::PlaceRecruits && s.claim_cursor >= kBuildings)
    claim.at("cursor").fail("must be a building (0 virki, 1 hof, 2 verslun) in the place-recruits step");

  // ---- the supplies
  s.axes_pile = std::uint8_t(in.at("axes_pile").int_in(0, kAxeTokens));
  const std::vector<JsonIn> pile = in.at("rune_pile").array(0, s.rune_pile.size());
  for (const JsonIn& e : pile) s.rune_pile[s.rune_size++] = std::uint8_t(index_of(kRuneIds, e, "a rune"));
  const JsonIn stacks = in.at("stacks");
  {
    std::array<std::string, kStacks> names;
    for (int k = 0; k < kStacks; ++k) names[std::size_t(k)] = stack_name(k);
    stacks.expect_object();
    for (auto it = stacks.json().begin(); it != stacks.json().end(); ++it)
      if (std::find(names.begin(), names.end(), it.key()) == names.end())
        stacks.fail("has an unknown field \"" + it.key() + "\"");
  }
  std::array<int, kMaxTiles> copies{};  // each tile's copies owned or in its stack
  for (int k = 0; k < kStacks; ++k) {
    const auto q = std::size_t(k);
    const JsonIn st = stacks.at(stack_name(k));
    st.allow_only({"face_up", "face_down"});
    s.visible[q].fill(State::kNoTile);
    const std::vector<JsonIn> up = st.at("face_up").array_of_size(std::size_t(visible_tiles(n, TileSize(k % 2))));
    for (std::size_t i = 0; i < up.size(); ++i) {
      s.visible[q][i] = read_stack_tile(up[i], k, true);
      if (s.visible[q][i] != State::kNoTile) ++copies[s.visible[q][i]];
    }
    for (const JsonIn& e : st.at("face_down").array(0, kMaxStack)) {
      s.stacks[q][s.stack_size[q]++] = read_stack_tile(e, k, false);
      ++copies[s.stacks[q][s.stack_size[q] - 1]];
    }
    // "If an upgrade is bought, a new one is not shown": a place stays empty until the round's end.
    if (s.stack_size[q] > 0 && phase != Phase::Upgrades && phase != Phase::Claim)
      for (std::size_t i = 0; i < up.size(); ++i)
        if (s.visible[q][i] == State::kNoTile)
          up[i].fail("is empty while tiles are face down: the places are refilled at the round's end");
  }

  // ---- every piece in one place
  for (int p = 0; p < n; ++p)
    for (std::uint32_t u = s.villages[std::size_t(p)].upgrades; u; u &= u - 1)
      ++copies[std::size_t(std::countr_zero(u))];
  for (int t = 0; t < tiles.num_tiles; ++t) {
    const UpgradeTile& tile = tiles.tiles[std::size_t(t)];
    if (copies[std::size_t(t)] != tile.copies)
      in.fail("has " + std::to_string(copies[std::size_t(t)]) + " of the tile " + tile.id +
              " owned and in its stack, not its " + std::to_string(tile.copies) + " copies");
  }
  int axes = s.axes_pile;
  for (int a = 0; a < b.num_areas; ++a) axes += s.axes[std::size_t(a)];
  for (int p = 0; p < n; ++p) axes += s.villages[std::size_t(p)].axes;
  if (axes != kAxeTokens)
    in.fail("has " + std::to_string(axes) + " Axe tokens in all (the pile, the villages, the areas), not " +
            std::to_string(kAxeTokens));
  std::array<int, kRuneKinds> runes{};
  for (int i = 0; i < s.rune_size; ++i) ++runes[s.rune_pile[std::size_t(i)]];
  for (int p = 0; p < n; ++p)
    for (int r = 0; r < kRuneKinds; ++r) runes[std::size_t(r)] += s.villages[std::size_t(p)].runes[std::size_t(r)];
  for (int a = 0; a < b.num_areas; ++a)
    for (int r = 0; r < kRuneKinds; ++r) runes[std::size_t(r)] += (s.runes[std::size_t(a)] >> r) & 1;
  for (int r = 0; r < kRuneKinds; ++r)
    if (runes[std::size_t(r)] > tiles.runes[std::size_t(r)].count)
      in.fail("has " + std::to_string(runes[std::size_t(r)]) + " " + std::string(kRuneIds[std::size_t(r)]) +
              " runes (the pile, the hands, the areas): there are " +
              std::to_string(tiles.runes[std::size_t(r)].count));
  for (int p = 0; p < n; ++p) {
    const auto q = std::size_t(p);
    const Village& v = s.villages[q];
    int disks = v.disks[0] + v.disks[1] + v.disks[2] + v.recruits + v.pile;
    for (int a = 0; a < b.num_areas; ++a) {
      if ((s.owned[q] >> a) & 1) disks += s.disks[std::size_t(a)];
      disks += s.thief[std::size_t(a)] == p + 1;
    }
    if (disks != kDisksPerPlayer)
      seats[q].fail("has " + std::to_string(disks) +
                    " disks (buildings, owned areas, recruits, pile, theirs-are-yours markers), not " +
                    std::to_string(kDisksPerPlayer));
  }
  // An attack under way has a next step the attacker's Virki pays for: otherwise it would be over.
  if (s.defender >= 0 &&
      (!s.on_board(turn, Unit::Berserkur) || !ownable(b.kind[s.unit_area[std::size_t(turn)][0]]) ||
       s.attack_step() == State::AttackStep::None || s.attack_cost() > s.villages[std::size_t(turn)].disks[0]))
    act.at("defender")
        .fail("is set, but seat " + std::to_string(turn) +
              "'s Berserkur has no attack step there that Virki pays for: the attack would be over");
  return s;
}

}  // namespace nuraghe::bardagi
