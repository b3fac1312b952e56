#pragma once
// A registry of data that game states name by a small index: Sardegna's and Bardagi's boards,
// Ticket to Ride's maps. A state is a few hundred trivially copyable bytes, so it cannot hold its
// map; it holds the map's index here, and the map lives as long as the process. Each game keeps one
// registry of its data type and puts its built-in data first, so that the built-in indices never
// change.
//
// Threads: the arena plays games in parallel, and any thread may add data (a map file, a
// position naming another board) while the others look their own up by index many times a move.
// Adding takes a lock; looking up takes none, and is still no data race:
// - an entry is built and given its index before it is published, and published once, by a
//   release store of its address into its own slot of a fixed table; a lookup is an acquire load
//   of that slot, so a thread that sees the address sees the whole entry as it was built;
// - an entry is never moved, changed or freed once published: each is a heap object of its own,
//   and the list that owns them is grown and read only under the lock (a lookup never touches it);
// - the table itself never grows or moves: it has a slot for every index a state can hold, so
//   appending writes one slot that no lookup of another index reads;
// - a state gets its index from add(), after the store, in the same thread or in one that handed
//   the state over (which orders the two), so a lookup always finds its entry published.

#include <array>
#include <atomic>
#include <concepts>
#include <cstddef>
#include <memory>
#include <mutex>
#include <string>
#include <string_view>
#include <vector>

#include "core/error.hpp"
#include "core/json.hpp"

namespace nuraghe {

// T is an entry: `source`, the JSON it was read from (two entries from equal JSON are one entry),
// and `index`, its place here, which add() sets.
template <class T>
concept RegistryEntry = requires(T t) {
  { t.source } -> std::convertible_to<const Json&>;
  t.index = 0;
};

// The most entries of one registry in a process: a state names its entry by a std::uint16_t, and
// the fuzz harness of board files plays games on the first 2,000 boards it accepts.
inline constexpr std::size_t kMaxRegistryEntries = 2048;

template <RegistryEntry T, std::size_t kCapacity = kMaxRegistryEntries>
class Registry {
 public:
  constexpr Registry() = default;
  Registry(const Registry&) = delete;
  Registry& operator=(const Registry&) = delete;

  // The entry read from the same JSON as `entry`, or `entry` added with the next index. Building
  // an entry (reading and validating a file) is the caller's, outside the lock. `where` names
  // the input and `what` the data in the error when the table is full ("boards").
  const T& add(T entry, const std::string& where, std::string_view what) {
    std::lock_guard lock(mutex_);
    for (const auto& known : entries_)
      if (known->source == entry.source) return *known;
    if (entries_.size() >= kCapacity)
      input_error(where + ": more than " + std::to_string(kCapacity) + " " + std::string(what) + " in one process");
    entry.index = int(entries_.size());
    entries_.push_back(std::make_unique<const T>(std::move(entry)));
    const T* added = entries_.back().get();
    by_index_[std::size_t(added->index)].store(added, std::memory_order_release);
    return *added;
  }

  // The entry with this index, or null when none was added with it (the built-in data before
  // anything asked for it: the caller adds it then).
  const T* find(int index) const {
    if (index < 0 || std::size_t(index) >= kCapacity) return nullptr;
    return by_index_[std::size_t(index)].load(std::memory_order_acquire);
  }

  // The entry a state names, looked up at every move: one load from the table, inline. Before
  // anything asked for the built-in data, `built_in(index)` makes and adds it (the game's own
  // function, out of line) and returns it.
  template <std::invocable<int> BuiltIn>
  const T& at(int index, BuiltIn built_in) const {
    if (const T* entry = find(index)) [[likely]]
      return *entry;
    return built_in(index);
  }

 private:
  std::mutex mutex_;
  std::vector<std::unique_ptr<const T>> entries_;  // in index order; read and grown under mutex_ only
  std::array<std::atomic<const T*>, kCapacity> by_index_{};
};

}  // namespace nuraghe
