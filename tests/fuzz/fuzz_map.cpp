// libFuzzer harness: a Sardegna map file (--map FILE, the format of lib/games/sardegna/board.json).
// Input: the file's text. The reader either rejects it with InputError or accepts a board whose
// `source` reads again as the same tables. An accepted board must also carry a game: a Sardegna
// game set up on it plays 60 random plies, its positions round-tripping.

#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <fstream>

#include "core/hooks.hpp"
#include "fuzz_common.hpp"
#include "games/sardegna/board.hpp"

namespace {

using nuraghe::sardegna::Board;

void check_same_tables(const Board& a, const Board& b) {
  using nuraghe::fuzz::check;
  check(a.name == b.name, "map: name differs after reading the source again");
  check(a.province_names == b.province_names && a.harbour_names == b.harbour_names,
        "map: names differ after reading the source again");
  check(a.value == b.value && a.colour == b.colour && a.neighbours == b.neighbours,
        "map: provinces differ after reading the source again");
  check(a.fort_provinces == b.fort_provinces && a.forts_of == b.forts_of,
        "map: fort spaces differ after reading the source again");
  check(a.harbour_provinces == b.harbour_provinces && a.harbours_of == b.harbours_of && a.coast_of == b.coast_of,
        "map: harbours differ after reading the source again");
  check(a.distance == b.distance && a.within == b.within, "map: distances differ after reading the source again");
  check(a.source == b.source, "map: source differs after reading the source again");
}

// A file to hand the board to Sardegna::initial as --map does, one per process (removed at exit).
char map_file[4096];

const char* map_path() {
  if (!map_file[0]) {
    const char* dir = std::getenv("TMPDIR");
    std::snprintf(map_file, sizeof map_file, "%s/nuraghe-fuzz-map-XXXXXX", dir && *dir ? dir : "/tmp");
    const int fd = mkstemp(map_file);
    if (fd < 0) nuraghe::fuzz::failed("map: cannot create a temporary file");
    close(fd);
    std::atexit([] { unlink(map_file); });
  }
  return map_file;
}

// A game on the board: set up, then random moves to the end, checking positions on the way.
// Boards are interned for good (states point at them), so each one played stays in memory: a long
// run plays the first kMaxBoardsPlayed accepted boards of the process and only reads the rest.
constexpr int kMaxBoardsPlayed = 2000;
constexpr int kPlies = 60;

void play_on(std::string_view text, std::uint64_t seed) {
  using namespace nuraghe;
  static int played = 0;
  if (played++ >= kMaxBoardsPlayed) return;
  {
    std::ofstream out(map_path(), std::ios::binary | std::ios::trunc);
    out.write(text.data(), std::streamsize(text.size()));
  }
  GameConfig config;
  config.players = 2 + int(seed % 3);
  config.seed = seed;
  config.map_file = map_path();
  if (seed >> 8 & 1) config.options["variant"] = "alt-sentinel";
  std::optional<Sardegna::State> s;
  try {
    s = Sardegna::initial(config);
  } catch (const InputError& e) {
    fuzz::failed(std::string("map: a board that Board::from_json accepts does not set up a game: ") + e.what());
  }
  // The first kPlies plies (a few scorings), the full checks at the start and where play stops,
  // the round trip every 20 plies: a game on every accepted board must stay cheap (a whole game
  // under the instrumentation takes about 150 ms), or the mutations of a valid board crawl.
  Rng rng(seed);
  for (int ply = 0;; ++ply) {
    const Player p = s->to_move();
    const bool last = p == kTerminal || ply == kPlies;
    const std::string context = "map game, ply " + std::to_string(ply);
    if (ply == 0 || last) fuzz::exercise<Sardegna>(*s, seed + std::uint64_t(ply), context);
    if (ply % 20 == 0 || last) fuzz::check_round_trip<Sardegna>(*s, context);
    if (last) return;
    s->apply(random_legal_move<Sardegna>(*s, p, rng));
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace nuraghe;
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  std::optional<Board> b;
  try {
    b = Board::from_json(parse_json(text, "fuzz"), "fuzz");
  } catch (const InputError&) {
    return 0;
  }
  std::optional<Board> again;
  try {
    again = Board::from_json(b->source, "fuzz");
  } catch (const InputError& e) {
    fuzz::failed(std::string("map: the accepted board's source does not read again: ") + e.what());
  }
  check_same_tables(*b, *again);
  play_on(text, fuzz::input_hash(data, size));
  return 0;
}
