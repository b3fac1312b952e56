#pragma once
// The game an input of fuzz_position or fuzz_move is for: its first byte (tests/fuzz/README.md).
//
// The corpus writes the letter 'A' + i for game i of lib/games/games.txt (AllGames order), and a
// letter keeps its game when games are appended to the list. Any other byte, which only the
// fuzzer's own mutations write, picks game byte % kGames, so that every input tests some game.

#include "bots/games.hpp"

namespace nuraghe::fuzz {

inline constexpr int kGames = AllGames::kSize;
static_assert(kGames <= 26, "the corpus names a game by a capital letter: more than 26 games need another scheme");

inline int game_of_byte(unsigned char byte) {
  if (byte >= 'A' && byte < 'A' + kGames) return byte - 'A';
  return byte % kGames;
}

// The letter the corpus writes for game `index`.
inline char game_letter(int index) { return char('A' + index); }

}  // namespace nuraghe::fuzz
