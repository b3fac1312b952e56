// What each seat knows of a Bardagi state: the others' selections until their
// activation begins, their private runes, the rune pile and the upgrade stacks below the face-up
// tiles are hidden; everything else is on the table.
#include <algorithm>

#include "core/rng.hpp"
#include "games/bardagi/position.hpp"
#include "games/bardagi/state.hpp"

namespace nuraghe::bardagi {
namespace {

// FNV-1a over a run of bytes, then mixed into h: one field at a time, so padding never counts.
template <class T>
void mix(std::uint64_t& h, const T& field) {
  static_assert(std::has_unique_object_representations_v<T>, "hash whole fields only");
  const auto* bytes = reinterpret_cast<const unsigned char*>(&field);
  std::uint64_t f = 0xcbf29ce484222325ull;
  for (std::size_t i = 0; i < sizeof(T); ++i) f = (f ^ bytes[i]) * 0x100000001b3ull;
  h = hash_combine(h, f);
}

}  // namespace

Json State::view(Player observer) const { return position(*this, observer); }
std::uint64_t State::view_hash(Player observer) const { return hash_json(view(observer)); }

std::uint64_t State::info_hash(Player observer) const {
  std::uint64_t h = 0x9e3779b97f4a7c15ull;
  mix(h, board_index), mix(h, players), mix(h, short_game), mix(h, rounds);
  mix(h, round), mix(h, phase), mix(h, start_player), mix(h, turn);
  mix(h, owned), mix(h, disks), mix(h, axes), mix(h, runes), mix(h, thief);
  mix(h, unit_area), mix(h, knerrir_harbour), mix(h, knerrir_route), mix(h, knerrir_squares), mix(h, aboard);
  for (int p = 0; p < players; ++p) {
    const Village& v = villages[std::size_t(p)];
    mix(h, v.disks), mix(h, v.cap), mix(h, v.storage), mix(h, v.gold), mix(h, v.glory), mix(h, v.glory_from);
    mix(h, v.recruits), mix(h, v.axes), mix(h, v.pile), mix(h, v.upgrades);
    if (p == observer) {
      mix(h, v.runes);
    } else {  // the others' runes: how many, not which
      int held = 0;
      for (const auto r : v.runes) held += r;
      mix(h, held);
    }
    const bool known = p == observer || selection_revealed(p);
    mix(h, known ? selection[std::size_t(p)] : Selection(0xFFFF));
  }
  mix(h, cards_left), mix(h, overtakes), mix(h, berserkur_down), mix(h, attacks), mix(h, bought);
  mix(h, defender), mix(h, squares_left), mix(h, trade_next), mix(h, trade_pool), mix(h, restock_next);
  mix(h, free_used), mix(h, crossed), mix(h, strengthening), mix(h, last_shift), mix(h, received), mix(h, casts_left);
  mix(h, as_berserkur), mix(h, free_runes);
  mix(h, claim_step), mix(h, claim_cursor);
  mix(h, axes_pile), mix(h, rune_size), mix(h, stack_size), mix(h, visible);  // the piles: their sizes
  return h;
}

State State::determinize(Player observer, Rng& rng) const {
  State d = *this;
  const auto other = [&](int p) { return p != observer && p < players; };
  // Selections not yet laid down: any the seat could have made.
  std::array<Selection, kMaxLegalMoves> all;
  const int n = selections(cards_this_round(), all);
  for (int p = 0; p < players; ++p)
    if (other(p) && phase != Phase::Planning && !selection_revealed(p))
      d.selection[std::size_t(p)] = all[rng.below(std::uint32_t(n))];
  // The runes nobody has seen but their holders: the pile and the others' hands, in a canonical
  // order first (a function of the view and the RNG only), then shuffled and dealt back.
  std::array<std::uint8_t, 64> pool{};
  int size = 0;
  for (int i = 0; i < rune_size; ++i) pool[std::size_t(size++)] = rune_pile[std::size_t(i)];
  std::array<int, kMaxSeats> held{};
  for (int p = 0; p < players; ++p)
    if (other(p))
      for (int k = 0; k < kRuneKinds; ++k)
        for (int c = 0; c < villages[std::size_t(p)].runes[std::size_t(k)]; ++c)
          pool[std::size_t(size++)] = std::uint8_t(k), ++held[std::size_t(p)];
  std::sort(pool.begin(), pool.begin() + size);
  rng.shuffle(pool.begin(), std::uint32_t(size));
  int next = 0;
  for (int p = 0; p < players; ++p)
    if (other(p)) {
      d.villages[std::size_t(p)].runes = {};
      for (int c = 0; c < held[std::size_t(p)]; ++c) ++d.villages[std::size_t(p)].runes[pool[std::size_t(next++)]];
    }
  for (int i = 0; i < rune_size; ++i) d.rune_pile[std::size_t(i)] = pool[std::size_t(next++)];
  // The stacks below the face-up tiles.
  for (int k = 0; k < kStacks; ++k) {
    auto& stack = d.stacks[std::size_t(k)];
    std::sort(stack.begin(), stack.begin() + stack_size[std::size_t(k)]);
    rng.shuffle(stack.begin(), stack_size[std::size_t(k)]);
  }
  return d;
}

}  // namespace nuraghe::bardagi
