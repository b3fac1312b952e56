#pragma once
// What the Sardegna test files of this folder share: a game set up on an empty board, pieces and cards
// placed by hand, and the legal moves by their texts.

#include <doctest/doctest.h>

#include <algorithm>
#include <cstdint>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "games/sardegna/sardegna.hpp"

namespace nuraghe::sardegna::test {

using S = Sardegna::State;
using SG = Sardegna;

// Positions are set up by hand from an empty board; ids below are 1-based as on the board.
inline S empty_game(int players, bool variant = false, std::uint64_t seed = 1) {
  GameConfig c;
  c.players = players;
  c.seed = seed;
  if (variant) c.options["variant"] = "alt-sentinel";
  return SG::initial(c);
}
// Pieces placed by hand: recount() brings the state's derived counts up to date, as from_json does.
inline void villagers(S& s, int p, int province, int n) {
  s.villagers[p] += std::uint64_t(n) << (4 * (province - 1));
  s.recount();
}
inline void village(S& s, int p, int province) {
  s.villages[p] += std::uint64_t(1) << (4 * (province - 1));
  ++s.harvested[p][SG::kWheat];  // villages need harvested tokens; the kind does not matter here
  s.recount();
}
inline void fort(S& s, int p, int space) {
  s.forts[p] |= 1u << (space - 1);
  s.recount();
}
inline void ship(S& s, int p, int harbour) {
  s.ships[p] = std::uint8_t(s.ships[p] | (1u << (harbour - 1)));
  s.recount();
}
inline void priest(S& s, int p, int province) {
  s.priest[p] = std::int8_t(province - 1);
  s.recount();
}

inline std::vector<std::string> legal_texts(const S& s) {
  SG::MoveList moves;
  s.legal_moves(moves);
  std::vector<std::string> out;
  for (Move m : moves) out.push_back(SG::move_to_string(s, s.turn, m));
  return out;
}
inline bool legal(const S& s, const std::string& text) {
  const auto all = legal_texts(s);
  return std::find(all.begin(), all.end(), text) != all.end();
}
inline void play(S& s, const std::string& text) {
  REQUIRE_MESSAGE(legal(s, text), "not legal: " << text);
  s.apply(SG::parse_move(s, s.turn, text));
}
// Puts fort card `space` (1-based) at row position i by swapping it in from wherever it is.
inline void row_card(S& s, int i, int space) {
  const std::uint8_t want = std::uint8_t(space - 1);
  for (auto& c : s.row)
    if (c == want) std::swap(c, s.row[i]);
  for (int k = 0; k < s.deck_size; ++k)
    if (s.deck[k] == want) std::swap(s.deck[k], s.row[i]);
}
// Sets the agriculture token of `province` (1-based) by hand.
inline void token(S& s, int province, SG::Token t) {
  const int shift = 4 * (province - 1);
  s.tokens = (s.tokens & ~(std::uint64_t(15) << shift)) | (std::uint64_t(t) << shift);
}
// The legal moves whose text starts with `prefix`.
inline std::set<std::string> legal_starting(const S& s, const std::string& prefix) {
  std::set<std::string> out;
  for (const auto& t : legal_texts(s))
    if (t.rfind(prefix, 0) == 0) out.insert(t);
  return out;
}
inline std::set<std::string> legal_set(const S& s) {
  const auto all = legal_texts(s);
  return {all.begin(), all.end()};
}
// Every seat in turn plays farmer, architect and commander for no action: afterwards the seat that
// started is to move again with three other cards in front (the variant's Sentinel condition).
inline void three_in_front(S& s) {
  for (const char* c : {"farmer", "architect", "commander"})
    for (int i = 0; i < s.players; ++i) play(s, c);
}
// Every fort card is in exactly one place: the row (not yet scored), the deck or a private supply.
inline bool all_cards_once(const S& s) {
  std::multiset<int> cards;
  for (int i = s.row_next; i < SG::kRowLength; ++i) cards.insert(s.row[i]);
  for (int i = 0; i < s.deck_size; ++i) cards.insert(s.deck[i]);
  for (int p = 0; p < SG::kMaxPlayers; ++p)
    for (int i = 0; i < 2; ++i)
      if (s.private_card[p][i] != SG::kNoCard) cards.insert(s.private_card[p][i]);
  std::multiset<int> want;
  for (int c = 0; c < SG::kForts; ++c) want.insert(c);
  return cards == want;
}

}  // namespace nuraghe::sardegna::test
