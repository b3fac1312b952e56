// libFuzzer harness: a position file of any game.
// Input: one byte that picks the game (game_byte.hpp: 'A' + its index in AllGames), then the
// position's text. The reader either rejects it with InputError or accepts a position that
// round-trips through to_json / from_json exactly and that every later step can use: to_move,
// the legal moves and their notation, render, view, determinize.

#include "fuzz_common.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace nuraghe;
  if (size < 1) return 0;
  const std::string_view text(reinterpret_cast<const char*>(data) + 1, size - 1);
  const std::uint64_t seed = fuzz::input_hash(data, size);
  fuzz::with_game(fuzz::game_of_byte(data[0]), [&]<Game G>() {
    const auto s = fuzz::read_position<G>(text);
    if (!s) return;
    fuzz::check_round_trip<G>(*s, "position read");
    fuzz::exercise<G>(*s, seed, "position read");
  });
  return 0;
}
