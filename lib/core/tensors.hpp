#pragma once
// Helpers for the HasTensors part of a game (lib/core/hooks.hpp): the action space as a table of
// every move the game can ever have, and a writer for the observation vector. A game with a handful
// of moves numbers them by a formula and needs neither; a game whose moves have several fields
// lists them once, field by field over each field's real range, and the table numbers them.

#include <algorithm>
#include <array>
#include <atomic>
#include <cassert>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <mutex>
#include <utility>
#include <vector>

#include "core/move_list.hpp"

namespace nuraghe {

// Every move of a game's configuration (its board, its seat count), in the order the game lists
// them: a move's action is its place in that list. The order is the game's documentation of its
// action vector (kinds in blocks, fields in mixed radix inside a block); the lookup from a move is
// a binary search in a sorted copy.
class ActionTable {
 public:
  ActionTable() = default;
  explicit ActionTable(std::vector<Move> moves) : moves_(std::move(moves)) {
    by_code_.reserve(moves_.size());
    for (std::size_t a = 0; a < moves_.size(); ++a) by_code_.emplace_back(moves_[a], int(a));
    std::sort(by_code_.begin(), by_code_.end());
    assert(std::adjacent_find(by_code_.begin(), by_code_.end(),
                              [](const auto& x, const auto& y) { return x.first == y.first; }) == by_code_.end() &&
           "a move listed twice in an action table");
  }
  int size() const { return int(moves_.size()); }
  // The action of move m, or -1 for a move the list left out (the invariant suite fails on it).
  int index(Move m) const {
    const auto it = std::lower_bound(by_code_.begin(), by_code_.end(), std::pair{m, -1});
    return it != by_code_.end() && it->first == m ? it->second : -1;
  }
  Move move(int a) const { return moves_[std::size_t(a)]; }

 private:
  std::vector<Move> moves_;
  std::vector<std::pair<Move, int>> by_code_;
};

// One ActionTable per index of a game's registry of boards or maps (core/registry.hpp), built the
// first time a state on that board asks. Lookups take no lock, for the registry's reasons: a table
// is built under the lock, then published once by a release store into its own slot, and never
// moved or freed.
class ActionTables {
 public:
  template <class Build>
  const ActionTable& at(int index, Build&& build) {
    const ActionTable* table = slots_[std::size_t(index)].load(std::memory_order_acquire);
    if (table) return *table;
    std::lock_guard lock(mutex_);
    table = slots_[std::size_t(index)].load(std::memory_order_relaxed);
    if (!table) {
      owned_.push_back(std::make_unique<ActionTable>(build()));
      table = owned_.back().get();
      slots_[std::size_t(index)].store(table, std::memory_order_release);
    }
    return *table;
  }

 private:
  std::array<std::atomic<const ActionTable*>, 256> slots_{};
  std::mutex mutex_;
  std::vector<std::unique_ptr<ActionTable>> owned_;
};

// Writes an observation vector, one number at a time, in the game's documented layout. Without an
// output (nullptr) it only counts: a game's observation_size runs its observation on a null
// writer, so that the layout is written once and the size can never disagree with it.
class ObservationWriter {
 public:
  explicit ObservationWriter(float* out) : out_(out) {}

  void flag(bool b) { put(b ? 1.0f : 0.0f); }
  // `size` numbers, 1 at `value` and 0 elsewhere (all 0 for a value outside [0, size): "none").
  void one_hot(int value, int size) {
    for (int i = 0; i < size; ++i) put(i == value ? 1.0f : 0.0f);
  }
  // A count or amount divided by its largest value, so that it lies in [0, 1].
  void scaled(double value, double max) { put(float(value / max)); }
  // The low `n` bits of a set, one number each.
  void bits(std::uint64_t mask, int n) {
    for (int i = 0; i < n; ++i) put(float((mask >> i) & 1));
  }
  int size() const { return at_; }

 private:
  void put(float v) {
    if (out_) out_[at_] = v;
    ++at_;
  }
  float* out_;
  int at_ = 0;
};

}  // namespace nuraghe
