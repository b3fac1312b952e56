#pragma once
// A node's edges found by key. An edge is keyed by a move, or by the observer's token of a move
// (an opponent's hidden choice is one edge for every move behind it): a visit to a decision first
// groups the legal moves by key (Keys, group_keys), then finds the node's edge for each key, adding
// the missing ones (EdgeIndex::find_edges). Both work on scratch kept by the searching thread, so
// that a visit allocates nothing.

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <vector>

#include "core/move_list.hpp"
#include "search/tree.hpp"

namespace nuraghe::search {

// The keys of one visit to a decision: one per distinct key among the legal moves, in the order
// of their first legal move. Moves sharing a key (an opponent's hidden choice, as the observer
// sees it) are one group: `group` lists the legal moves of group u from `begin[u]`, `size[u]` long.
template <std::size_t kMaxMoves>
struct Keys {
  int count = 0;
  std::array<std::uint64_t, kMaxMoves> key;
  std::array<EdgeId, kMaxMoves> edge;
  std::array<std::uint16_t, kMaxMoves> first, begin, size, group;
};

// Groups the legal moves by key in O(k log k): sorted by (key, legal index), each run of one key
// is a group, led by its first legal move. (A group lists its moves in legal order either way.)
template <std::size_t kMaxMoves>
void group_keys(const MoveList<kMaxMoves>& legal, const std::array<std::uint64_t, kMaxMoves>& token,
                Keys<kMaxMoves>& keys) {
  const int k = int(legal.size());
  // A few moves: comparing pairs costs less than sorting. (Games of at most 16 moves never sort,
  // which the compiler sees: it reads the sort's loops as overrunning their arrays otherwise.)
  if (kMaxMoves <= 16 || k <= 16) {
    keys.count = 0;
    int filled = 0;
    for (int i = 0; i < k; ++i) {
      bool leads = true;
      for (int j = 0; j < i && leads; ++j) leads = token[j] != token[i];
      if (!leads) continue;
      const int u = keys.count++;
      keys.key[u] = token[i], keys.first[u] = std::uint16_t(i), keys.begin[u] = std::uint16_t(filled);
      for (int j = i; j < k; ++j)
        if (token[j] == token[i]) keys.group[filled++] = std::uint16_t(j);
      keys.size[u] = std::uint16_t(filled - keys.begin[u]);
    }
    return;
  }
  std::array<std::uint16_t, kMaxMoves>& order = keys.group;
  for (int i = 0; i < k; ++i) order[i] = std::uint16_t(i);
  std::sort(order.begin(), order.begin() + k,
            [&](std::uint16_t a, std::uint16_t b) { return token[a] < token[b] || (token[a] == token[b] && a < b); });
  std::array<std::int32_t, kMaxMoves> run_of;  // legal index of a group's leader -> start of its run
  for (int i = 0; i < k; ++i) run_of[i] = -1;
  for (int r = 0; r < k;) {
    int end = r + 1;
    while (end < k && token[order[end]] == token[order[r]]) ++end;
    run_of[order[r]] = r;
    r = end;
  }
  keys.count = 0;
  for (int i = 0; i < k; ++i) {
    if (run_of[i] < 0) continue;
    const int u = keys.count++, r = run_of[i];
    int end = r + 1;
    while (end < k && token[order[end]] == token[i]) ++end;
    keys.key[u] = token[i], keys.first[u] = std::uint16_t(i), keys.begin[u] = std::uint16_t(r),
    keys.size[u] = std::uint16_t(end - r);
  }
}

// The finder of a thread's searches over trees of one kind: a hash index of one node's edges by key,
// scratch rebuilt when needed.
template <bool Shared>
class EdgeIndex {
 public:
  using TreeT = Tree<Shared>;

  // Finds node n's edge for each key (kNoEdge where the arena is full). The edges of a node are
  // added in the order of its first visit's keys, so key u is usually edge u: that is checked
  // first, and keys that are not there are looked up in a hash index of all the node's edges. A
  // node of a few edges is compared edge by edge.
  // Missing keys become new edges, under the node's lock; no edge found here ever moves.
  // `kind` is n's kind as the caller read it. A decision or arms node stays one, so its edges are
  // read without the lock; a fresh node has none to read, and in a shared tree another thread's
  // determinization may make it simultaneous meanwhile: its kind is checked under the lock, before
  // anything is read or added. False when n keeps no edges by then.
  static constexpr std::uint32_t kScannedEdges = 8;
  template <std::size_t kMaxMoves>
  [[gnu::always_inline]] bool find_edges(TreeT& tree, NodeId n, NodeKind kind, Keys<kMaxMoves>& keys) {
    const int count = keys.count;
    std::uint32_t seen = 0;
    if (kind == NodeKind::Fresh) {
      for (int u = 0; u < count; ++u) keys.edge[u] = kNoEdge;
    } else if (const EdgeId block = tree.block_of_exactly(n, keys.key.data(), count); block != kNoEdge) {
      for (int u = 0; u < count; ++u) keys.edge[u] = block + std::uint32_t(u);  // the usual case, in one pass
      return true;
    } else if (tree.num_edges(n) <= kScannedEdges) {
      // A few edges (Kuhn's and Goofspiel's nodes, whose keys change with the determinization):
      // comparing each edge with each key costs less than anything cleverer.
      for (int u = 0; u < count; ++u) keys.edge[u] = kNoEdge;
      tree.for_each_edge(n, [&](EdgeId e) {
        ++seen;
        const std::uint64_t key = tree.link(e).key;
        for (int u = 0; u < count; ++u)
          if (keys.key[u] == key) {
            keys.edge[u] = e;
            break;
          }
      });
    } else {
      int misplaced = 0;
      tree.for_each_block(n, [&](EdgeId first, std::uint32_t size) {
        for (EdgeId e = first; e < first + size; ++e, ++seen)
          if (seen < std::uint32_t(count)) {
            const bool here = tree.link(e).key == keys.key[seen];
            keys.edge[seen] = here ? e : kNoEdge;
            misplaced += !here;
          }
      });
      for (int u = int(seen); u < count; ++u) keys.edge[u] = kNoEdge;
      if (misplaced > 0 || seen > std::uint32_t(count)) {  // some keys may sit elsewhere in the node
        index_edges(tree, n, seen);
        for (int u = 0; u < count; ++u)
          if (keys.edge[u] == kNoEdge) keys.edge[u] = indexed(keys.key[u]);
      }
    }
    int missing = 0;
    for (int u = 0; u < count; ++u) missing += keys.edge[u] == kNoEdge;
    if (missing == 0) return true;
    tree.lock(n);
    if (!TreeT::holds_edges(tree.kind(n))) {  // under the lock, where it cannot change
      tree.unlock(n);
      return false;
    }
    // A node's first visit adds all its edges at once, in the keys' order.
    if (missing == count)
      if (const EdgeId first = tree.add_edges(n, keys.key.data(), std::uint32_t(count)); first != kNoEdge) {
        for (int u = 0; u < count; ++u) keys.edge[u] = first + std::uint32_t(u);
        tree.unlock(n);
        return true;
      }
    // Another thread may have added some of them meanwhile: they are among the edges past `seen`.
    std::uint32_t position = 0;
    tree.for_each_edge(n, [&](EdgeId e) {
      if (position++ < seen) return;
      for (int u = 0; u < count; ++u)
        if (keys.edge[u] == kNoEdge && tree.link(e).key == keys.key[u]) keys.edge[u] = e;
    });
    for (int u = 0; u < count; ++u)
      if (keys.edge[u] == kNoEdge) keys.edge[u] = tree.add_edge(n, keys.key[u], std::uint32_t(count));
    tree.unlock(n);
    return true;
  }

 private:
  // A hash index of node n's first `edges` edges by key (scratch, rebuilt when needed). In a shared
  // tree the node may have more by now; those are looked at under the lock.
  void index_edges(const TreeT& tree, NodeId n, std::uint32_t edges) {
    std::uint32_t slots = 16;
    while (slots < 2 * edges) slots *= 2;
    index_.assign(slots, kNoEdge);
    std::uint32_t position = 0;
    tree.for_each_edge(n, [&](EdgeId e) {
      if (position++ >= edges) return;
      std::uint32_t i = slot_of(tree.link(e).key, slots);
      while (index_[i] != kNoEdge) i = (i + 1) & (slots - 1);
      index_[i] = e;
    });
    index_tree_ = &tree;
  }
  EdgeId indexed(std::uint64_t key) const {
    const std::uint32_t slots = std::uint32_t(index_.size());
    for (std::uint32_t i = slot_of(key, slots);; i = (i + 1) & (slots - 1))
      if (index_[i] == kNoEdge || index_tree_->link(index_[i]).key == key) return index_[i];
  }
  static std::uint32_t slot_of(std::uint64_t key, std::uint32_t slots) {
    return std::uint32_t((key * 0x9E3779B97F4A7C15ull) >> 40) & (slots - 1);
  }

  std::vector<EdgeId> index_;
  const TreeT* index_tree_ = nullptr;
};

}  // namespace nuraghe::search
