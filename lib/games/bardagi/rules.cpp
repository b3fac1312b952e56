// Bardagi's rules, in the order of a game: setup, then the round's phases (state.hpp). Built in
// steps (issue 13): so far setup and the planning node.
#include <cassert>

#include "core/rng.hpp"
#include "games/bardagi/state.hpp"

namespace nuraghe::bardagi {

State State::setup(const Board& board, int players, const Options& options, std::uint64_t seed) {
  assert(players >= 2 && players <= board.max_players());
  State s;
  s.board_index = std::uint8_t(board.index);
  s.players = std::uint8_t(players);
  s.short_game = options.short_game;
  s.rounds = std::uint8_t(rounds_in_game(players, options.short_game));
  Rng rng(seed);

  // "Pile the Rune tokens beside the board, face down and randomised": 8 of each kind.
  const Tiles& tiles = s.tiles();
  for (int k = 0; k < kRuneKinds; ++k)
    for (int i = 0; i < tiles.runes[std::size_t(k)].count; ++i) s.rune_pile[s.rune_size++] = std::uint8_t(k);
  rng.shuffle(s.rune_pile.begin(), s.rune_size);

  // The upgrade stacks, one per building and size, every copy of their tiles, shuffled; the top
  // ones face up.
  for (int t = 0; t < tiles.num_tiles; ++t) {
    const UpgradeTile& tile = tiles.tiles[std::size_t(t)];
    const auto k = std::size_t(stack_of(tile.building, tile.size));
    for (int c = 0; c < tile.copies; ++c) s.stacks[k][s.stack_size[k]++] = std::uint8_t(t);
  }
  for (int k = 0; k < kStacks; ++k) {
    rng.shuffle(s.stacks[std::size_t(k)].begin(), s.stack_size[std::size_t(k)]);
    s.visible[std::size_t(k)].fill(kNoTile);
    s.turn_up_tiles(k);
  }

  // Each seat: its colour's home (seat p plays colour p), 6 disks on each building and the rest
  // beside the board, its units at home and the Knerrir on the player board, 1 gold, 1 random rune.
  for (int p = 0; p < players; ++p) {
    const auto q = std::size_t(p);
    Village& v = s.villages[q];
    v.disks.fill(kStartingDisks);
    v.cap.fill(kBaseCap);
    v.pile = std::uint8_t(kDisksPerPlayer - kBuildings * kStartingDisks);
    v.gold = kStartingGold;
    for (int i = 0; i < kStartingRunes && s.rune_size > 0; ++i) ++v.runes[s.rune_pile[--s.rune_size]];
    s.unit_area[q].fill(std::uint8_t(board.home[q]));
    s.knerrir_route[q] = -1;
  }
  for (std::size_t i = s.rune_size; i < s.rune_pile.size(); ++i) s.rune_pile[i] = 0;  // one state, one layout
  return s;
}

// The face-up places of stack k that are empty get the stack's top tiles (rulings item 12: "refilled
// after the claim"), while the stack lasts.
void State::turn_up_tiles(int k) {
  const auto kk = std::size_t(k);
  const TileSize size = TileSize(k & 1);  // stack_of: small and large alternate
  for (int i = 0; i < visible_tiles(players, size); ++i) {
    if (visible[kk][std::size_t(i)] != kNoTile || stack_size[kk] == 0) continue;
    visible[kk][std::size_t(i)] = stacks[kk][--stack_size[kk]];
    stacks[kk][stack_size[kk]] = 0;
  }
}

int State::selections(int n, std::array<Selection, kMaxLegalMoves>& out) {
  int count = 0;
  std::array<int, kUnits> c{};
  for (c[0] = 0; c[0] <= kCardsPerUnit; ++c[0])
    for (c[1] = 0; c[1] <= kCardsPerUnit; ++c[1])
      for (c[2] = 0; c[2] <= kCardsPerUnit; ++c[2]) {
        c[3] = n - c[0] - c[1] - c[2];
        if (c[3] >= 0 && c[3] <= kCardsPerUnit) out[std::size_t(count++)] = make_selection(c);
      }
  return count;
}

void State::legal_moves(MoveList& out) const { legal_moves(to_move(), out); }

void State::legal_moves(Player seat, MoveList& out) const {
  out.clear();
  if (phase == Phase::Over || seat < 0 || seat >= players) return;
  if (phase == Phase::Planning) {
    std::array<Selection, kMaxLegalMoves> all;
    const int n = selections(cards_this_round(), all);
    for (int i = 0; i < n; ++i) out.push(make_move(MoveKind::Select, all[std::size_t(i)]));
    return;
  }
  // The activation, upgrade and claim decisions are the next steps of issue 13.
}

void State::apply_joint(const JointMove& joint) {
  assert(phase == Phase::Planning);
  for (int p = 0; p < players; ++p) {
    const Move m = joint[std::size_t(p)];
    assert(kind_of(m) == MoveKind::Select && cards_of(Selection(field_of(m))) == cards_this_round());
    selection[std::size_t(p)] = Selection(field_of(m));
  }
  // "Starting with the starting player, he lays down his ... cards": the activations begin.
  phase = Phase::Activation;
  turn = start_player;
}

}  // namespace nuraghe::bardagi
