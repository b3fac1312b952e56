#pragma once
// The Sardegna board as data: 16 provinces, 26 fort spaces, 7 harbours. The printed board is not in
// the rulebook; lib/games/sardegna/board.json is a reconstruction from the geography of Sardinia
// (docs/rules-sardegna.md), and any other board can be loaded from a file (--map FILE) as long as
// the validator accepts it. Everything derived (masks, distances) is computed once at load time.

#include <array>
#include <cstdint>
#include <string>
#include <string_view>

#include "core/json.hpp"
#include "core/registry.hpp"

namespace nuraghe::sardegna {

inline constexpr int kProvinces = 16, kForts = 26, kHarbours = 7;

enum class Colour : std::uint8_t { Yellow, Green, Brown };
// As the board file names them.
inline constexpr std::array<std::string_view, 3> kColourNames = {"yellow", "green", "brown"};

// Where the browser viewer draws a province, a fort space or a harbour (sardegna::Presentation::draw): a point of
// the board file ("x", "y") on a map 600 wide and 880 high, north up. Points of one kind stand at
// least kMinSpacing apart, so that no two are drawn on top of each other.
inline constexpr double kMapWidth = 600, kMapHeight = 880, kMinSpacing = 20;
struct Point {
  double x = 0, y = 0;
};

struct Board {
  std::string name;
  std::array<std::string, kProvinces> province_names;
  std::array<std::string, kHarbours> harbour_names;
  std::array<std::uint8_t, kProvinces> value{};  // victory points
  std::array<Colour, kProvinces> colour{};
  std::array<std::uint16_t, kProvinces> neighbours{};  // province masks
  std::array<std::uint16_t, kForts> fort_provinces{};  // provinces on each fort space's border
  std::array<std::uint32_t, kProvinces> forts_of{};    // fort spaces on each province's border
  std::array<std::uint16_t, kHarbours> harbour_provinces{};
  std::array<std::uint8_t, kProvinces> harbours_of{};    // harbours adjacent to each province
  std::array<std::uint16_t, 1 << kHarbours> coast_of{};  // provinces adjacent to any harbour of a set
  std::array<std::array<std::uint8_t, kProvinces>, kProvinces> distance{};  // border crossings
  std::array<std::array<std::uint16_t, 5>, kProvinces> within{};            // provinces at distance 1..d (d <= 4)
  std::array<Point, kProvinces> province_point{};
  std::array<Point, kForts> fort_point{};
  std::array<Point, kHarbours> harbour_point{};
  Json source;             // the file as read, for positions
  std::uint64_t hash = 0;  // of `source` (hash_json), for results files: a board edited since is noticed
  int index = -1;          // in the board registry (core/registry.hpp), which a state names

  // Reads and validates a board; InputError naming `where` and the broken rule otherwise.
  static Board from_json(const Json& j, const std::string& where);

  // The built-in board (board.json, compiled in, index 0) and boards loaded from files, in the
  // board registry, where a state finds its board by index.
  static const Board& standard();
  static const Board& load_file(const std::string& path);
  static const Board& intern(const Json& j, const std::string& where);
  // The board a state names, looked up at every move: inline, one load from the registry's table.
  static const Board& at(int index);
};

namespace detail {
// Every board of the process, the built-in one first; core/registry.hpp says why states may look
// boards up by index without a lock while another thread adds one. constinit: ready before any
// static initializer could ask for a board.
inline constinit Registry<Board> boards;
}  // namespace detail

inline const Board& Board::at(int index) {
  return detail::boards.at(index, [](int) -> const Board& { return standard(); });  // index 0: the built-in board
}

}  // namespace nuraghe::sardegna
