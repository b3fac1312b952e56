#pragma once
// What the files of Bardagi's rules (rules.cpp and a file a phase) share and no other file needs.

#include <cstdint>

namespace nuraghe::bardagi::detail {

// Area a's bit in a mask of areas (State::owned, Board::neighbours).
constexpr std::uint64_t bit(int a) { return std::uint64_t(1) << a; }

}  // namespace nuraghe::bardagi::detail
