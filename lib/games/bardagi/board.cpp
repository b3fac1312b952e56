#include "games/bardagi/board.hpp"

#include <algorithm>
#include <bit>
#include <cassert>
#include <vector>

#include "core/files.hpp"
#include "core/registry.hpp"
#include "games/bardagi/boards_summer_json.hpp"  // kBoardsSummerJson, generated from boards/summer.json
#include "games/bardagi/boards_winter_json.hpp"  // kBoardsWinterJson, generated from boards/winter.json
#include "games/bardagi/tiles_json.hpp"          // kTilesJson, generated from tiles.json

namespace nuraghe::bardagi {
namespace {

std::uint64_t bit(int a) { return std::uint64_t(1) << a; }

// Area, board and tile ids are typed in moves and shown in renders (core/json.hpp's id_of).
constexpr std::string_view kIdExample = "gold-beach";

Point point_of(const JsonIn& field) {
  field.allow_only({"x", "y"});
  return {std::int16_t(field.at("x").int_in(0, kFrameWidth)), std::int16_t(field.at("y").int_in(0, kFrameHeight))};
}

}  // namespace

int Board::area(std::string_view id) const {
  for (int a = 0; a < num_areas; ++a)
    if (area_id[std::size_t(a)] == id) return a;
  return -1;
}

Board Board::from_json(const Json& j, const std::string& where) {
  const JsonIn in(j, where);
  in.allow_only({"name", "title", "notes", "areas", "borders", "sea_routes"});
  Board b;
  b.name = id_of(in.at("name"), kIdExample);
  b.title = in.at("title").text();
  if (auto notes = in.find("notes")) notes->string();
  b.source = j;
  b.hash = hash_json(j);
  b.home.fill(-1);
  b.home_colour.fill(-1);

  // ---- Areas
  const std::vector<JsonIn> areas = in.at("areas").array(kRequiredHomes + 1, kMaxAreas);
  b.num_areas = int(areas.size());
  for (int a = 0; a < b.num_areas; ++a) {
    const JsonIn& e = areas[std::size_t(a)];
    e.allow_only({"id", "name", "kind", "x", "y", "harbour", "colour"});
    const std::string id = id_of(e.at("id"), kIdExample);
    if (b.area(id) >= 0) e.at("id").fail("\"" + id + "\" names a second area");
    b.area_id[std::size_t(a)] = id;
    b.area_name[std::size_t(a)] = e.at("name").text();
    const AreaKind kind = e.at("kind").one_of<AreaKind>(kAreaKindNames, "an area kind");
    b.kind[std::size_t(a)] = kind;
    b.of_kind[std::size_t(kind)] |= bit(a);
    b.point[std::size_t(a)] = {std::int16_t(e.at("x").int_in(0, kFrameWidth)),
                               std::int16_t(e.at("y").int_in(0, kFrameHeight))};
    if (kind == AreaKind::Home) {
      const JsonIn colour = e.at("colour");
      const int c = colour.one_of(kColourNames, "a colour");
      if (b.home[std::size_t(c)] >= 0)
        colour.fail("\"" + std::string(kColourNames[std::size_t(c)]) + "\" has a home area already (" +
                    b.area_id[std::size_t(b.home[std::size_t(c)])] + "): one home per colour");
      b.home[std::size_t(c)] = std::int8_t(a);
      b.home_colour[std::size_t(a)] = std::int8_t(c);
      b.homes |= bit(a);
    } else if (auto colour = e.find("colour")) {
      colour->fail("is for home areas only, not for a " + std::string(area_kind_name(kind)));
    }
    if (auto h = e.find("harbour")) {
      // The Knerrir starts from an owned harbour area and overtakes barbarian ones, and homes and sacred
      // locations are never owned, so a harbour there would be no one's (docs/rules-bardagi.md, Rulings:
      // "Homes and sacred locations have no harbour").
      if (kind == AreaKind::Home)
        h->fail("is not allowed on a home area: the Knerrir needs an owned harbour area, and a home is never owned");
      if (kind == AreaKind::Sacred)
        h->fail(
            "is not allowed on a sacred location: the Knerrir needs an owned harbour area, and a sacred location is "
            "never owned");
      b.harbour_point[std::size_t(a)] = point_of(*h);
      b.harbours |= bit(a);
    }
  }
  // n players use the first n colours: red, blue and yellow always, then green, then black.
  for (int c = 0; c < kColours; ++c) {
    if (b.home[std::size_t(c)] >= 0) {
      ++b.num_homes;
      continue;
    }
    if (c < kRequiredHomes)
      in.at("areas").fail("has no home area for " + std::string(kColourNames[std::size_t(c)]) +
                          " (every board has homes for red, blue and yellow)");
    for (int later = c + 1; later < kColours; ++later)
      if (b.home[std::size_t(later)] >= 0)
        in.at("areas").fail("has a home area for " + std::string(kColourNames[std::size_t(later)]) + " but none for " +
                            std::string(kColourNames[std::size_t(c)]) +
                            " (n players use the first n colours: red, blue, yellow, green, black)");
  }
  const auto area_of = [&](const JsonIn& field) {
    return field.name_in([&](const std::string& id) { return b.area(id); }, "an area of the board");
  };

  // ---- Land borders
  const std::vector<JsonIn> borders = in.at("borders").array(0, kMaxAreas * (kMaxAreas - 1) / 2);
  std::vector<int> border_of(kMaxAreas * kMaxAreas, -1);  // the entry that joined two areas first
  for (int k = 0; k < int(borders.size()); ++k) {
    const JsonIn& e = borders[std::size_t(k)];
    const std::vector<JsonIn> pair = e.array_of_size(2);
    const int x = area_of(pair[0]), y = area_of(pair[1]);
    if (x == y) e.fail("joins " + b.area_id[std::size_t(x)] + " to itself");
    int& first = border_of[std::size_t(std::min(x, y) * kMaxAreas + std::max(x, y))];
    if (first >= 0)
      e.fail("joins " + b.area_id[std::size_t(x)] + " and " + b.area_id[std::size_t(y)] + " a second time (borders[" +
             std::to_string(first) + "])");
    first = k;
    b.neighbours[std::size_t(x)] |= bit(y);
    b.neighbours[std::size_t(y)] |= bit(x);
  }

  // ---- Sea routes
  const std::vector<JsonIn> routes = in.at("sea_routes").array(0, kMaxSeaRoutes);
  b.num_routes = int(routes.size());
  for (int r = 0; r < b.num_routes; ++r) {
    const JsonIn& e = routes[std::size_t(r)];
    e.allow_only({"from", "to", "squares", "via"});
    const auto harbour_of = [&](const JsonIn& field) {
      const int a = area_of(field);
      if (!b.has_harbour(a))
        field.fail("\"" + b.area_id[std::size_t(a)] + "\" has no harbour (a sea route joins two harbour areas)");
      return a;
    };
    SeaRoute& route = b.routes[std::size_t(r)];
    route.a = std::uint8_t(harbour_of(e.at("from")));
    route.b = std::uint8_t(harbour_of(e.at("to")));
    if (route.a == route.b) e.fail("joins " + b.area_id[route.a] + " to itself");
    for (int q = 0; q < r; ++q) {
      const SeaRoute& other = b.routes[std::size_t(q)];
      if ((other.a == route.a && other.b == route.b) || (other.a == route.b && other.b == route.a))
        e.fail("joins " + b.area_id[route.a] + " and " + b.area_id[route.b] + " a second time (sea_routes[" +
               std::to_string(q) + "])");
    }
    route.squares = std::uint8_t(e.at("squares").int_in(1, kMaxSquares));
    if (auto via = e.find("via")) {
      const std::vector<JsonIn> points = via->array(0, kMaxVia);
      route.num_via = std::uint8_t(points.size());
      for (std::size_t p = 0; p < points.size(); ++p) route.via[p] = point_of(points[p]);
    }
    b.routes_at[route.a] |= bit(r);
    b.routes_at[route.b] |= bit(r);
  }

  // ---- Land distances: breadth-first from each area, never through a home.
  for (int s = 0; s < b.num_areas; ++s) {
    auto& d = b.distance[std::size_t(s)];
    d.fill(kNoPath);
    d[std::size_t(s)] = 0;
    std::array<int, kMaxAreas> queue{};
    int head = 0, tail = 0;
    queue[std::size_t(tail++)] = s;
    while (head < tail) {
      const int u = queue[std::size_t(head++)];
      if (u != s && b.is_home(u)) continue;  // a path may end at a home, never pass through one
      for (std::uint64_t next = b.neighbours[std::size_t(u)]; next; next &= next - 1) {
        const int v = std::countr_zero(next);
        if (d[std::size_t(v)] != kNoPath) continue;
        d[std::size_t(v)] = std::uint8_t(d[std::size_t(u)] + 1);
        queue[std::size_t(tail++)] = v;
      }
    }
  }

  // ---- Every area a colour can ever own or visit is within its units' reach: from its home over
  // land (never into another home) and over sea routes between harbours.
  for (int c = 0; c < kColours; ++c) {
    const int h = b.home[std::size_t(c)];
    if (h < 0) continue;
    std::uint64_t reached = bit(h), frontier = bit(h);
    while (frontier) {
      std::uint64_t next = 0;
      for (std::uint64_t f = frontier; f; f &= f - 1) {
        const int u = std::countr_zero(f);
        next |= b.neighbours[std::size_t(u)];
        for (std::uint64_t rs = b.routes_at[std::size_t(u)]; rs; rs &= rs - 1)
          next |= bit(b.routes[std::size_t(std::countr_zero(rs))].other_end(u));
      }
      next &= ~reached & ~b.homes;
      reached |= next;
      frontier = next;
    }
    const std::uint64_t all = b.num_areas == 64 ? ~std::uint64_t(0) : bit(b.num_areas) - 1;
    const std::uint64_t missing = all & ~reached & ~b.homes;
    if (missing)
      input_error(where + ": area " + b.area_id[std::size_t(std::countr_zero(missing))] + " cannot be reached from " +
                  b.area_id[std::size_t(h)] + " (" + std::string(kColourNames[std::size_t(c)]) + ") by land and sea");
  }
  return b;
}

MapCheck check_board(const Board& b) {
  MapCheck out;
  const auto line = [&](const std::string& label, const std::string& figures) {
    out.counts.push_back(label + ": " + figures);
  };
  line("board", b.name + " (" + b.title + ")");
  std::string kinds;
  for (int k = 0; k < kAreaKinds; ++k)
    if (const int n = std::popcount(b.of_kind[std::size_t(k)]); n > 0)
      kinds += cat(kinds.empty() ? "" : ", ", area_kind_name(AreaKind(k)), " ", n);
  line("areas", cat(b.num_areas, ": ", kinds));
  int borders = 0;
  for (int a = 0; a < b.num_areas; ++a) borders += std::popcount(b.neighbours[std::size_t(a)]);
  line("land borders", cat(borders / 2));
  line("harbours", cat(std::popcount(b.harbours)));
  int squares = 0, shortest = kMaxSquares, longest = 0;
  for (int r = 0; r < b.num_routes; ++r) {
    const int n = b.routes[std::size_t(r)].squares;
    squares += n, shortest = std::min(shortest, n), longest = std::max(longest, n);
  }
  line("sea routes", b.num_routes == 0
                         ? std::string("0")
                         : cat(b.num_routes, ": ", shortest, " to ", longest, " squares, ", squares, " in all"));
  line("homes", cat(b.num_homes, " (seats up to ", b.max_players(), " players)"));
  // The homes' land steps to each other, as a table under a header of the colours.
  out.counts.push_back("land steps between homes (- no land path):");
  std::string header = cat("  ", std::string(6, ' '));
  for (int c = 0; c < b.num_homes; ++c)
    header += cat(" ", std::string(7 - colour_name(Colour(c)).size(), ' '), colour_name(Colour(c)));
  out.counts.push_back(header);
  for (int c = 0; c < b.num_homes; ++c) {
    std::string row = cat("  ", colour_name(Colour(c)), std::string(6 - colour_name(Colour(c)).size(), ' '));
    for (int d = 0; d < b.num_homes; ++d) {
      const int steps = b.distance[std::size_t(b.home[std::size_t(c)])][std::size_t(b.home[std::size_t(d)])];
      const std::string cell = steps == kNoPath ? std::string("-") : cat(steps);
      row += cat(" ", std::string(7 - cell.size(), ' '), cell);
    }
    out.counts.push_back(row);
  }
  return out;
}

namespace {
// Reads and validates a board (outside the registry's lock), then adds it or finds it there.
const Board& add_to_registry(const Json& j, const std::string& where) {
  return detail::boards.add(Board::from_json(j, where), where, "boards");
}

const Board& built_in(std::string_view text, const std::string& where) {
  return add_to_registry(parse_json(text, where), where);
}
}  // namespace

const Board& Board::summer() {
  static const Board& board = built_in(kBoardsSummerJson, "built-in board summer.json");
  return board;
}

const Board& Board::winter() {
  summer();  // Summer keeps index 0 and Winter 1, whichever is asked for first
  static const Board& board = built_in(kBoardsWinterJson, "built-in board winter.json");
  return board;
}

const Board& Board::intern(const Json& j, const std::string& where) {
  winter();  // the built-in sides keep indices 0 and 1, whatever is read first
  return add_to_registry(j, where);
}

const Board& Board::load_file(const std::string& path) {
  const std::string name = "board file \"" + path + "\"";
  return intern(parse_json(read_input_file(path, "board file"), name), name);
}

const Board& Board::built_in_side(int index) {
  assert((index == 0 || index == 1) && "a state names a board that was never interned");
  return index == 0 ? summer() : winter();
}

// ---------------------------------------------------------------------------------------------
// Upgrade tiles and runes

namespace {

// The numbers an effect may carry, with their ranges.
struct ParamSpec {
  std::string_view name;
  std::uint8_t Effect::*field;
  int lo, hi;
};
constexpr std::array<ParamSpec, 9> kParams = {{
    {"amount", &Effect::amount, 1, 10},
    {"per_card", &Effect::per_card, 1, kMaxSquares},
    {"extra", &Effect::extra, 1, 6},
    {"max", &Effect::max, 1, 8},
    {"at_least", &Effect::at_least, 0, 10},
    {"count", &Effect::count, 1, 4},
    {"defence", &Effect::defence, 1, 12},
    {"virki_base", &Effect::virki_base, 1, 12},
    {"virki_max", &Effect::virki_max, 1, 16},
}};

// Each effect kind's name in the data and the fields it takes, all required: `area` (an area kind
// a player owns) where `counts_area`, then the numbers.
struct EffectSpec {
  std::string_view name;
  bool counts_area;
  std::array<std::string_view, 3> params;
};
constexpr std::array<EffectSpec, kEffectKinds> kEffects = {{
    {"none", false, {}},
    {"claim-gold", false, {"amount"}},
    {"claim-glory", false, {"amount"}},
    {"glory-per-area", true, {"amount"}},
    {"gold-per-area", true, {"amount"}},
    {"recruit-per-area", true, {"amount"}},
    {"glory-if-owns", true, {"amount"}},
    {"knerrir-squares", false, {"per_card"}},
    {"berserkur-steps", false, {"per_card"}},
    {"virki-cap", false, {"extra", "virki_max"}},
    {"gold-per-attack", false, {"amount"}},
    {"glory-per-overtake", false, {"amount", "at_least"}},
    {"axe-defence", false, {"defence"}},
    {"free-rune", false, {"count"}},
    {"rune-per-town", false, {"amount", "max"}},
    {"any-card-berserkur", false, {"max"}},
    {"free-home-action", false, {"count"}},
    {"sell-hide", false, {"amount", "max"}},
    {"berserkur-strength", false, {"defence", "virki_base", "virki_max"}},
}};

std::array<std::string_view, kEffectKinds> effect_names() {
  std::array<std::string_view, kEffectKinds> names{};
  for (std::size_t k = 0; k < kEffects.size(); ++k) names[k] = kEffects[k].name;
  return names;
}

Effect effect_of(const JsonIn& field) {
  field.expect_object();
  Effect effect;
  effect.kind = field.at("kind").one_of<EffectKind>(effect_names(), "an effect kind");
  const EffectSpec& spec = kEffects[std::size_t(effect.kind)];
  // The kind's fields and no others (allow_only takes a fixed list; this one depends on the kind).
  std::string takes = "kind";
  if (spec.counts_area) takes += ", area";
  for (const std::string_view p : spec.params)
    if (!p.empty()) takes += ", " + std::string(p);
  for (auto it = field.json().begin(); it != field.json().end(); ++it) {
    const std::string& key = it.key();
    bool known = key == "kind" || (key == "area" && spec.counts_area);
    for (const std::string_view p : spec.params) known = known || (!p.empty() && key == p);
    if (!known)
      field.fail("has an unknown field \"" + key + "\" (a " + std::string(spec.name) + " effect has " + takes + ")");
  }
  if (spec.counts_area) {
    const JsonIn area = field.at("area");
    effect.area = area.one_of<AreaKind>(kAreaKindNames, "an area kind");
    if (!ownable(effect.area)) area.fail("\"" + area.string() + "\" is not an area kind a player can own");
  }
  for (const std::string_view p : spec.params) {
    if (p.empty()) continue;
    for (const ParamSpec& param : kParams)
      if (param.name == p) effect.*param.field = std::uint8_t(field.at(p).int_in(param.lo, param.hi));
  }
  if (effect.kind == EffectKind::BerserkurStrength && effect.virki_base > effect.virki_max)
    field.fail("has virki_base " + std::to_string(effect.virki_base) + " above virki_max " +
               std::to_string(effect.virki_max));
  return effect;
}

Cost cost_of(const JsonIn& field) {
  field.allow_only({"gold", "meat", "wool", "hide", "timber", "stone", "iron"});
  Cost cost;
  if (auto gold = field.find("gold")) cost.gold = std::uint8_t(gold->int_in(0, 20));
  // A storage box holds 5: a cost of more could never be paid.
  for (int r = 0; r < kResources; ++r)
    if (auto n = field.find(kResourceNames[std::size_t(r)]))
      cost.resources[std::size_t(r)] = std::uint8_t(n->int_in(0, kStorage));
  return cost;
}

}  // namespace

std::string_view effect_kind_name(EffectKind k) { return kEffects[std::size_t(k)].name; }

int Tiles::tile(std::string_view id) const {
  for (int t = 0; t < num_tiles; ++t)
    if (tiles[std::size_t(t)].id == id) return t;
  return -1;
}

int Tiles::copies(TileSize size) const {
  int n = 0;
  for (int t = 0; t < num_tiles; ++t)
    if (tiles[std::size_t(t)].size == size) n += tiles[std::size_t(t)].copies;
  return n;
}

int Tiles::rune_tokens() const {
  int n = 0;
  for (const RuneKind& r : runes) n += r.count;
  return n;
}

Tiles Tiles::from_json(const Json& j, const std::string& where) {
  const JsonIn in(j, where);
  in.allow_only({"name", "notes", "upgrades", "runes"});
  Tiles t;
  t.name = id_of(in.at("name"), kIdExample);
  if (auto notes = in.find("notes")) notes->string();
  t.source = j;
  t.hash = hash_json(j);

  const JsonIn upgrades = in.at("upgrades");
  const std::vector<JsonIn> list = upgrades.array(1, kMaxTiles);
  std::array<std::array<int, 2>, kBuildings> stack{};  // copies per building and size
  int total = 0;
  for (const JsonIn& e : list) {
    e.allow_only({"id", "size", "building", "copies", "cost", "cap_raise", "glory", "effect", "text"});
    UpgradeTile& u = t.tiles[std::size_t(t.num_tiles)];
    u.id = id_of(e.at("id"), kIdExample);
    if (t.tile(u.id) >= 0) e.at("id").fail("\"" + u.id + "\" names a second tile");
    u.size = e.at("size").one_of<TileSize>(kTileSizeNames, "a tile size");
    u.building = e.at("building").one_of<Building>(kBuildingNames, "a building");
    u.copies = std::uint8_t(e.at("copies").int_in(1, 4));
    u.cost = cost_of(e.at("cost"));
    u.cap_raise = std::uint8_t(e.at("cap_raise").int_in(0, 4));
    u.glory = std::uint8_t(e.at("glory").int_in(0, 20));
    u.effect = effect_of(e.at("effect"));
    u.text = e.at("text").text();
    // Identical tiles are one entry with copies, so that "You can only build 1 small upgrade of each type" is a
    // check of one id (docs/rules-bardagi.md, Rulings: "Identical tiles are one entry with copies").
    for (int q = 0; q < t.num_tiles; ++q) {
      const UpgradeTile& other = t.tiles[std::size_t(q)];
      if (other.size == u.size && other.building == u.building && other.effect == u.effect)
        e.fail("has the size, building and effect of " + other.id + ": give that tile more copies instead");
    }
    stack[std::size_t(u.building)][std::size_t(u.size)] += u.copies;
    total += u.copies;
    ++t.num_tiles;
  }
  if (total > kMaxTileCopies)
    upgrades.fail("hold " + std::to_string(total) + " tiles with their copies, more than " +
                  std::to_string(kMaxTileCopies));
  // Setup turns up tiles of each building's small and of its large stack.
  for (int bld = 0; bld < kBuildings; ++bld)
    for (int size = 0; size < 2; ++size)
      if (stack[std::size_t(bld)][std::size_t(size)] == 0)
        upgrades.fail("have no " + std::string(kTileSizeNames[std::size_t(size)]) + " " +
                      std::string(kBuildingNames[std::size_t(bld)]) +
                      " tile (every building has a small and a large stack)");

  const JsonIn runes = in.at("runes");
  std::uint32_t seen = 0;
  for (const JsonIn& e : runes.array_of_size(kRuneKinds)) {
    e.allow_only({"id", "name", "count", "text"});
    const int r = e.at("id").one_of(kRuneIds, "a rune kind");
    if (seen & (1u << r)) e.at("id").fail("\"" + std::string(kRuneIds[std::size_t(r)]) + "\" names a second rune kind");
    seen |= 1u << r;
    RuneKind& kind = t.runes[std::size_t(r)];
    kind.rune = Rune(r);
    kind.id = std::string(kRuneIds[std::size_t(r)]);
    kind.name = e.at("name").text();
    kind.count = std::uint8_t(e.at("count").int_in(1, 16));
    kind.text = e.at("text").text();
  }
  if (t.rune_tokens() > kMaxRuneTokens)
    runes.fail("hold " + std::to_string(t.rune_tokens()) + " tokens, more than " + std::to_string(kMaxRuneTokens));
  return t;
}

const Tiles& Tiles::read_standard() {
  static const Tiles tiles = from_json(parse_json(kTilesJson, "built-in tiles.json"), "built-in tiles.json");
  return tiles;
}

}  // namespace nuraghe::bardagi
