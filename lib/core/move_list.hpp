#pragma once
// A fixed-capacity list of moves: lives on the stack, never allocates (after Stockfish's MoveList).

#include <array>
#include <cassert>
#include <cstddef>
#include <cstdint>

namespace nuraghe {

// Every game encodes a move as 32 bits; what the bits mean is the game's business.
using Move = std::uint32_t;

// The storage is left uninitialised on purpose (a list is built in every playout step); only the
// first size() entries are ever read. GCC cannot see that through push(), hence the pragma (GCC's
// alone: clang has no such warning and reports the unknown name).
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#endif
template <std::size_t Capacity>
class MoveList {
 public:
  static constexpr std::size_t kCapacity = Capacity;

  constexpr void push(Move m) {
    assert(size_ < Capacity && "MoveList capacity exceeded: raise the game's kMaxMoves");
    moves_[size_++] = m;
  }
  constexpr void clear() { size_ = 0; }
  constexpr std::size_t size() const { return size_; }
  constexpr bool empty() const { return size_ == 0; }
  constexpr Move operator[](std::size_t i) const { return moves_[i]; }
  constexpr const Move* begin() const { return moves_.data(); }
  constexpr const Move* end() const { return moves_.data() + size_; }
  constexpr bool contains(Move m) const {
    for (Move x : *this)
      if (x == m) return true;
    return false;
  }
  // Drops the moves keep(m) rejects, in place; the rest keep their order.
  template <class Keep>
  constexpr void keep_if(Keep&& keep) {
    std::size_t n = 0;
    for (std::size_t i = 0; i < size_; ++i)
      if (keep(moves_[i])) moves_[n++] = moves_[i];
    size_ = n;
  }

 private:
  std::array<Move, Capacity> moves_;
  std::size_t size_ = 0;
};
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic pop
#endif

}  // namespace nuraghe
