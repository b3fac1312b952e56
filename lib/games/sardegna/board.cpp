#include "games/sardegna/board.hpp"

#include <bit>
#include <cmath>
#include <fstream>
#include <sstream>

#include "core/files.hpp"
#include "core/registry.hpp"
#include "games/sardegna/board_json.hpp"  // kBoardJson, generated from board.json (nuraghe_add_game DATA)

namespace nuraghe::sardegna {
namespace {

[[noreturn]] void bad(const std::string& where, const std::string& what) { input_error(where + ": " + what); }

// A list of distinct province ids 1..16, as a set.
std::uint16_t province_mask(const JsonIn& list) {
  return std::uint16_t(list.bit_set(
      kProvinces, [](const JsonIn& id) { return id.int_in(1, kProvinces) - 1; },
      [](int p) { return cat("names province ", p + 1, " a second time"); }));
}

// A list of exactly `count` objects with ids 1..count in order.
std::vector<JsonIn> numbered(const JsonIn& list, int count) {
  std::vector<JsonIn> entries = list.array_of_size(std::size_t(count));
  for (int i = 0; i < count; ++i)
    if (entries[i].at("id").int_in(1, count) != i + 1)
      entries[i].at("id").fail("must be " + std::to_string(i + 1) + " (ids are 1.." + std::to_string(count) +
                               " in order)");
  return entries;
}

// An entry's point on the map (kMapWidth x kMapHeight).
Point point_of(const JsonIn& entry) { return {entry.at("x").real(0, kMapWidth), entry.at("y").real(0, kMapHeight)}; }

// Points of one kind ("province", "fort space", "harbour") must not be drawn on top of each other.
template <std::size_t N>
void check_spacing(const std::array<Point, N>& points, const std::string& where, const std::string& kind) {
  for (std::size_t i = 0; i < N; ++i)
    for (std::size_t j = i + 1; j < N; ++j)
      if (std::hypot(points[i].x - points[j].x, points[i].y - points[j].y) < kMinSpacing)
        bad(where, kind + " " + std::to_string(i + 1) + " and " + std::to_string(j + 1) + " are less than " +
                       std::to_string(int(kMinSpacing)) + " apart on the map (x, y)");
}

}  // namespace

Board Board::from_json(const Json& j, const std::string& where) {
  const JsonIn in(j, where);
  in.allow_only({"name", "notes", "provinces", "forts", "harbours"});
  Board b;
  b.name = in.at("name").text();
  if (auto notes = in.find("notes")) notes->string();
  b.source = j;
  b.hash = hash_json(j);
  const std::vector<JsonIn> provinces = numbered(in.at("provinces"), kProvinces);
  int colours[3] = {0, 0, 0};
  std::uint16_t coastal = 0;
  for (int p = 0; p < kProvinces; ++p) {
    const JsonIn& q = provinces[p];
    q.allow_only({"id", "name", "value", "colour", "coastal", "neighbours", "x", "y"});
    b.province_names[p] = q.at("name").text();
    b.province_point[p] = point_of(q);
    b.value[p] = std::uint8_t(q.at("value").int_in(1, 20));
    b.colour[p] = q.at("colour").one_of<Colour>(kColourNames, "a province colour");
    ++colours[int(b.colour[p])];
    if (q.at("coastal").boolean()) coastal = std::uint16_t(coastal | (1u << p));
    b.neighbours[p] = province_mask(q.at("neighbours"));
    if (b.neighbours[p] & (1u << p))
      q.at("neighbours").fail(cat("names province ", p + 1, " itself (a province is not its own neighbour)"));
  }
  // The 16 agriculture tokens: 2 wheat on yellow, 4 olive + 4 wine on green, 3 thyme + 3 cheese on brown.
  if (colours[0] != 2 || colours[1] != 8 || colours[2] != 6)
    bad(where, "the board needs 2 yellow, 8 green and 6 brown provinces (one agriculture token each)");
  for (int p = 0; p < kProvinces; ++p)
    for (int q = 0; q < kProvinces; ++q)
      if ((b.neighbours[p] >> q & 1) && !(b.neighbours[q] >> p & 1))
        provinces[p]
            .at("neighbours")
            .fail(cat("names province ", q + 1, ", but provinces[", q, "].neighbours does not name province ", p + 1));

  // Distances by breadth-first search; the map must be connected.
  for (int p = 0; p < kProvinces; ++p) {
    b.distance[p].fill(0xFF);
    b.distance[p][p] = 0;
    std::uint16_t frontier = std::uint16_t(1u << p), seen = frontier;
    for (int d = 1; frontier; ++d) {
      std::uint16_t next = 0;
      for (unsigned f = frontier; f; f &= f - 1) next |= b.neighbours[std::countr_zero(f)];
      next &= std::uint16_t(~seen);
      for (unsigned n = next; n; n &= n - 1) b.distance[p][std::countr_zero(n)] = std::uint8_t(d);
      seen |= next;
      frontier = next;
    }
    if (seen != 0xFFFF)
      bad(where, cat("the provinces are not all connected: province ", std::countr_one(seen) + 1,
                     " cannot be reached from province ", p + 1));
    for (int d = 1; d <= 4; ++d)
      for (int q = 0; q < kProvinces; ++q)
        if (q != p && b.distance[p][q] <= d) b.within[p][d] |= std::uint16_t(1u << q);
  }

  const std::vector<JsonIn> forts = numbered(in.at("forts"), kForts);
  for (int f = 0; f < kForts; ++f) {
    forts[f].allow_only({"id", "provinces", "x", "y"});
    b.fort_point[f] = point_of(forts[f]);
    const JsonIn list = forts[f].at("provinces");
    const std::uint16_t m = province_mask(list);
    const int n = std::popcount(unsigned(m));
    if (n < 2 || n > 4) list.fail(cat("must name 2 to 4 provinces, not ", n));
    // The provinces around a fort space touch each other: connected through their borders.
    std::uint16_t reached = std::uint16_t(m & -m);
    for (int k = 0; k < 4; ++k)
      for (unsigned r = reached; r; r &= r - 1) reached |= std::uint16_t(b.neighbours[std::countr_zero(r)] & m);
    if (reached != m) list.fail("names provinces that do not touch each other");
    b.fort_provinces[f] = m;
    for (unsigned r = m; r; r &= r - 1) b.forts_of[std::countr_zero(r)] |= 1u << f;
  }
  for (int p = 0; p < kProvinces; ++p)
    if (!b.forts_of[p])
      bad(where, cat("province ", p + 1, " has no fort space on its border (no forts[].provinces names it)"));

  const std::vector<JsonIn> harbours = numbered(in.at("harbours"), kHarbours);
  for (int h = 0; h < kHarbours; ++h) {
    harbours[h].allow_only({"id", "name", "provinces", "x", "y"});
    b.harbour_names[h] = harbours[h].at("name").text();
    b.harbour_point[h] = point_of(harbours[h]);
    const JsonIn list = harbours[h].at("provinces");
    const std::uint16_t m = province_mask(list);
    const int n = std::popcount(unsigned(m));
    if (n < 1 || n > 3) list.fail(cat("must name 1 to 3 provinces, not ", n));
    for (unsigned r = m; r; r &= r - 1)
      if (const int p = std::countr_zero(r); !(coastal >> p & 1))
        list.fail(cat("names province ", p + 1, ", which is not coastal (provinces[", p, "].coastal is false)"));
    b.harbour_provinces[h] = m;
    for (unsigned r = m; r; r &= r - 1) b.harbours_of[std::countr_zero(r)] |= std::uint8_t(1u << h);
  }
  check_spacing(b.province_point, where, "provinces");
  check_spacing(b.fort_point, where, "fort spaces");
  check_spacing(b.harbour_point, where, "harbours");
  for (unsigned set = 1; set < b.coast_of.size(); ++set)
    b.coast_of[set] = std::uint16_t(b.coast_of[set & (set - 1)] | b.harbour_provinces[std::countr_zero(set)]);
  return b;
}

namespace {
// Reads and validates a board (outside the registry's lock), then adds it or finds it there.
const Board& add_to_registry(const Json& j, const std::string& where) {
  return detail::boards.add(Board::from_json(j, where), where, "boards");
}
}  // namespace

const Board& Board::standard() {
  static const Board& board = add_to_registry(parse_json(kBoardJson, "built-in board.json"), "built-in board.json");
  return board;
}

const Board& Board::intern(const Json& j, const std::string& where) {
  standard();  // the built-in board keeps index 0, whatever is read first
  return add_to_registry(j, where);
}

const Board& Board::load_file(const std::string& path) {
  const std::string name = "map file \"" + path + "\"";
  return intern(parse_json(read_input_file(path, "map file"), name), name);
}

}  // namespace nuraghe::sardegna
