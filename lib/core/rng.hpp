#pragma once
// Random numbers for games and search: explicit seeds, identical output on every standard library.
//
// Games never use <random> distributions (their output differs between libstdc++ and libc++);
// they draw through Rng::below and Rng::shuffle, which are defined here once.

#include <bit>
#include <cstdint>
#include <utility>

namespace nuraghe {

// SplitMix64 (Steele, Lea & Flood 2014): seeds the main generator and mixes hashes.
constexpr std::uint64_t splitmix64(std::uint64_t& state) {
  std::uint64_t z = (state += 0x9E3779B97F4A7C15ULL);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
  return z ^ (z >> 31);
}

// A stateless 64-bit mixer: combine(seed, index) gives independent streams for games and seats.
constexpr std::uint64_t mix64(std::uint64_t x) {
  std::uint64_t s = x;
  return splitmix64(s);
}
constexpr std::uint64_t hash_combine(std::uint64_t a, std::uint64_t b) {
  return mix64(a ^ (mix64(b) + 0x632BE59BD9B4E019ULL));
}

// xoshiro256** (Blackman & Vigna 2018): 32 bytes of state, fast, trivially copyable.
class Rng {
 public:
  constexpr explicit Rng(std::uint64_t seed = 0x5EED) { reseed(seed); }

  constexpr void reseed(std::uint64_t seed) {
    std::uint64_t sm = seed;
    for (auto& word : s_) word = splitmix64(sm);
  }

  constexpr std::uint64_t next() {
    const std::uint64_t result = std::rotl(s_[1] * 5, 7) * 9;
    const std::uint64_t t = s_[1] << 17;
    s_[2] ^= s_[0];
    s_[3] ^= s_[1];
    s_[1] ^= s_[2];
    s_[0] ^= s_[3];
    s_[2] ^= t;
    s_[3] = std::rotl(s_[3], 45);
    return result;
  }
  constexpr std::uint64_t operator()() { return next(); }

  // Uniform integer in [0, n), n >= 1, without modulo bias (Lemire 2019).
  constexpr std::uint32_t below(std::uint32_t n) {
    std::uint64_t product = (next() >> 32) * n;
    auto low = static_cast<std::uint32_t>(product);
    if (low < n) {
      const std::uint32_t threshold = static_cast<std::uint32_t>(-n) % n;
      while (low < threshold) {
        product = (next() >> 32) * n;
        low = static_cast<std::uint32_t>(product);
      }
    }
    return static_cast<std::uint32_t>(product >> 32);
  }

  // Uniform double in [0, 1) with 53 random bits.
  constexpr double uniform() { return static_cast<double>(next() >> 11) * 0x1.0p-53; }

  // Fisher-Yates on any random-access range of n elements.
  template <class It>
  constexpr void shuffle(It first, std::uint32_t n) {
    for (std::uint32_t i = n; i > 1; --i) {
      const std::uint32_t j = below(i);
      std::swap(first[i - 1], first[j]);
    }
  }

  constexpr bool operator==(const Rng&) const = default;

  // The raw words, for saving an RNG inside a position file.
  constexpr const std::uint64_t* words() const { return s_; }
  constexpr void set_words(const std::uint64_t w[4]) {
    for (int i = 0; i < 4; ++i) s_[i] = w[i];
  }

 private:
  std::uint64_t s_[4]{};
};

}  // namespace nuraghe
