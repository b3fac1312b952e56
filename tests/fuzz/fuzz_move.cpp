// libFuzzer harness: moves in notation applied to a position.
// Input: one byte that picks the game (as in fuzz_position), the position's text, a NUL byte, then
// moves as `nuraghe apply --moves` takes them: steps separated by ';', a simultaneous step one move
// per seat separated by ','. Each step either is rejected with InputError, leaving the state as it
// was, or is applied, and the state after it round-trips through to_json / from_json and can be
// used as a read position can.

#include <sstream>

#include "fuzz_common.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace nuraghe;
  if (size < 1) return 0;
  const std::string_view rest(reinterpret_cast<const char*>(data) + 1, size - 1);
  const std::size_t nul = rest.find('\0');
  const std::string_view position = rest.substr(0, nul);
  const std::string moves(nul == std::string_view::npos ? std::string_view() : rest.substr(nul + 1));
  const std::uint64_t seed = fuzz::input_hash(data, size);
  fuzz::with_game(fuzz::game_of_byte(data[0]), [&]<Game G>() {
    const auto read = fuzz::read_position<G>(position);
    if (!read) return;
    auto s = *read;  // a copy, as `nuraghe apply` works on one
    std::stringstream ss(moves);
    int step = 0;
    for (std::string text; std::getline(ss, text, ';');) {
      if (trim(text).empty()) continue;
      const auto before = s;
      ++step;
      try {
        apply_text<G>(s, text);
      } catch (const InputError&) {
        fuzz::check(same_state<G>(s, before),
                    std::string(G::kName) + ": the rejected move \"" + text + "\" changed the state");
        return;
      }
      const std::string context = "after move " + std::to_string(step) + " \"" + text + "\"";
      fuzz::check_round_trip<G>(s, context);
      fuzz::exercise<G>(s, seed + std::uint64_t(step), context);
    }
  });
  return 0;
}
