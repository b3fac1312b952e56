#pragma once
// Bit tricks for the games' hot loops, branch-free so random playouts do not pay for mispredicted
// loops over set bits. BMI2 (pdep/pext) is used when the compiler targets it (NURAGHE_NATIVE on a
// machine that has it); the portable versions give the same results.

#include <bit>
#include <cstdint>

#if defined(__BMI2__)
#include <immintrin.h>
#endif

namespace nuraghe {

// The position of the r-th (from 0) set bit of x; requires r < popcount(x).
inline int nth_set_bit(std::uint32_t x, unsigned r) {
#if defined(__BMI2__)
  return std::countr_zero(_pdep_u32(1u << r, x));
#else
  int pos = 0;  // binary search by popcounts of the low halves: five steps, no data-dependent loop
  for (int width = 16; width > 0; width >>= 1) {
    const unsigned low = unsigned(std::popcount(x & ((1u << width) - 1)));
    const bool skip = r >= low;
    r -= skip ? low : 0;
    x >>= skip ? width : 0;
    pos += skip ? width : 0;
  }
  return pos;
#endif
}
// The same over 64 bits.
inline int nth_set_bit(std::uint64_t x, unsigned r) {
  const unsigned low = unsigned(std::popcount(std::uint32_t(x)));
  return r < low ? nth_set_bit(std::uint32_t(x), r) : 32 + nth_set_bit(std::uint32_t(x >> 32), r - low);
}

// Sixteen 4-bit counters packed in a uint64_t (counter q in bits 4q..4q+3).
namespace nibbles {

inline constexpr std::uint64_t kLow = 0x1111111111111111ULL;

// Bit 4q of x moved to bit q.
inline std::uint16_t gather(std::uint64_t x) {
#if defined(__BMI2__)
  return std::uint16_t(_pext_u64(x, kLow));
#else
  x &= kLow;
  x = (x | x >> 3) & 0x0303030303030303ULL;
  x = (x | x >> 6) & 0x000F000F000F000FULL;
  x = (x | x >> 12) & 0x000000FF000000FFULL;
  return std::uint16_t(x | x >> 24);
#endif
}

// The counters that are not zero, as a 16-bit mask.
inline std::uint16_t nonzero(std::uint64_t packed) {
  const std::uint64_t x = packed | packed >> 1;
  return gather(x | x >> 2);
}

// The counters that are 7 or more: x >= 7 iff bit 3 is set in x or in (x & 7) + 1, and (x & 7) + 1
// never carries out of its nibble.
inline std::uint16_t at_least_seven(std::uint64_t packed) {
  const std::uint64_t plus_one = (packed & 0x7777777777777777ULL) + kLow;
  return gather((plus_one | packed) >> 3);
}

// The sum of all counters.
inline int sum(std::uint64_t packed) {
  return std::popcount(packed & kLow) + 2 * std::popcount(packed & (kLow << 1)) +
         4 * std::popcount(packed & (kLow << 2)) + 8 * std::popcount(packed & (kLow << 3));
}

}  // namespace nibbles
}  // namespace nuraghe
