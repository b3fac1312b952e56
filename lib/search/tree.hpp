#pragma once
// The node store: one arena of nodes and one of edges, 32-bit indices, sized once from a hard cap
// in bytes. Nothing is allocated while searching: when an arena is full the tree stops growing and
// the search goes on inside it (KataGo and lc0 keep nodes compact for the same reason).
//
// A node is an information set (or, in UCT, a state) at which one player chooses, or every
// player chooses at once. Its outgoing choices are a contiguous block of edges. Each edge leads to
// a chain of child nodes distinguished by the observation token of the transition (a move whose
// result reveals a card leads to one child per revealed card). At a simultaneous node the edges are
// the players' arms (one bandit per player) and the children hang from the node itself, keyed by
// the joint observation. Because in ISMCTS a later determinization can make a new move legal, an
// edge block can grow: it moves to the end of the edge arena with twice the capacity.
//
// Tree<true> is shared by threads (tree parallelism): statistics go through std::atomic_ref, and a
// per-node spin lock guards changes to the edge block and the child chains.

#include <unistd.h>

#include <atomic>
#include <bit>
#include <cstdint>
#include <cstring>
#include <memory>
#include <new>
#include <string>

#include "core/error.hpp"

namespace nuraghe::search {

inline constexpr std::uint32_t kNone = 0xFFFFFFFFu;

// Rewards are summed in fixed point: exact, order-independent (so root-parallel merges are
// deterministic) and a plain integer add for the atomics of tree parallelism.
inline constexpr double kRewardScale = double(1u << 24);

struct Edge {
  std::uint64_t key;           // the move, or the observer's token of it
  std::uint32_t child;         // first child node (chained through Node::sibling), or kNone
  std::uint32_t visits;        // times chosen
  std::uint32_t available;     // times it was legal when its node chose (ISMCTS availability)
  std::uint32_t virtual_loss;  // threads currently below this edge (tree parallelism)
  std::uint64_t reward;        // UCB: fixed-point sum of the chooser's returns;
                               // Exp3 / regret matching: a double (cumulative estimate / regret)
};
static_assert(sizeof(Edge) <= 32, "an edge must fit in 32 bytes, key and statistics included");

struct Node {
  std::uint64_t key;           // the token that leads here from the parent edge
  std::uint32_t sibling;       // next child of the same parent edge (or simultaneous node)
  std::uint32_t first_edge;
  std::uint16_t num_edges;
  std::uint16_t edge_capacity;
  std::uint32_t outcomes;      // simultaneous nodes: first child, keyed by the joint observation
  std::uint32_t visits;        // iterations through this node
  std::uint8_t lock;           // spin lock for Tree<true>
};

template <bool Shared>
class Tree {
 public:
  // Splits `bytes` between nodes and edges (most nodes have one edge leading in and a few out).
  explicit Tree(std::size_t bytes)
      : node_cap_(std::uint32_t(std::min<std::size_t>(bytes * 2 / 5 / sizeof(Node), kNone - 1))),
        edge_cap_(std::uint32_t(std::min<std::size_t>(bytes * 3 / 5 / sizeof(Edge), kNone - 1))),
        nodes_(reserve<Node>(node_cap_, bytes)),  // default-initialised: untouched pages cost nothing
        edges_(reserve<Edge>(edge_cap_, bytes)) {
    if (node_cap_ > 0) init_node(new_index(node_count_, node_cap_), 0);
  }
  Tree(Tree&&) noexcept = default;
  Tree& operator=(Tree&&) noexcept = default;

  // An arena of n default-initialised entries. The cap comes from the user (memory=), so a
  // machine that cannot give it is bad input, not a crash.
  template <class T>
  static T* reserve(std::uint32_t n, std::size_t bytes) {
    // A cap beyond the machine's memory is refused before asking: an allocator may abort rather
    // than throw (AddressSanitizer's does), and the pages would never be there anyway.
    const long pages = ::sysconf(_SC_PHYS_PAGES), page = ::sysconf(_SC_PAGESIZE);
    if (pages > 0 && page > 0 && bytes > std::size_t(pages) * std::size_t(page))
      input_error("search: cannot reserve " + std::to_string(bytes >> 20) + " MiB for a search tree: this machine has " +
                  std::to_string((std::size_t(pages) * std::size_t(page)) >> 20) + " MiB (lower memory=)");
    try {
      return new T[n];
    } catch (const std::bad_alloc&) {
      input_error("search: cannot reserve " + std::to_string(bytes >> 20) + " MiB for a search tree on this machine (lower memory=)");
    }
  }

  static constexpr std::uint32_t root() { return 0; }
  bool usable() const { return node_cap_ > 0 && edge_cap_ > 0; }
  Node& node(std::uint32_t i) { return nodes_[i]; }
  const Node& node(std::uint32_t i) const { return nodes_[i]; }
  Edge& edge(std::uint32_t i) { return edges_[i]; }
  const Edge& edge(std::uint32_t i) const { return edges_[i]; }
  std::uint32_t node_count() const { return load(node_count_); }
  // Bytes of the arenas (the cap is never exceeded: this is what was reserved from it).
  std::size_t bytes_reserved() const { return std::size_t(node_cap_) * sizeof(Node) + std::size_t(edge_cap_) * sizeof(Edge); }
  std::size_t bytes_used() const { return node_count() * sizeof(Node) + std::size_t(load(edge_count_)) * sizeof(Edge); }

  // A new node, or kNone when the node arena is full.
  std::uint32_t new_node(std::uint64_t key) {
    const std::uint32_t i = new_index(node_count_, node_cap_);
    if (i != kNone) init_node(i, key);
    return i;
  }

  // Appends an edge to node n (caller holds n's lock in a shared tree); kNone when full.
  std::uint32_t add_edge(std::uint32_t n, std::uint64_t key, std::uint32_t capacity_hint = 4) {
    Node& nd = nodes_[n];
    if (nd.num_edges == nd.edge_capacity) {
      if (nd.edge_capacity == 0xFFFF) return kNone;
      const std::uint32_t cap = std::min<std::uint32_t>(0xFFFF, std::max<std::uint32_t>({capacity_hint, 2u * nd.edge_capacity, 2u}));
      const std::uint32_t block = new_block(cap);
      if (block == kNone) return kNone;
      for (std::uint32_t i = 0; i < nd.num_edges; ++i) copy_edge(edges_[block + i], edges_[nd.first_edge + i]);
      store(nd.first_edge, block);
      nd.edge_capacity = std::uint16_t(cap);
    }
    const std::uint32_t e = nd.first_edge + nd.num_edges;
    edges_[e] = Edge{key, kNone, 0, 0, 0, 0};
    store(nd.num_edges, std::uint16_t(nd.num_edges + 1));
    return e;
  }

  // The edge of node n with this key, or kNone.
  std::uint32_t find_edge(std::uint32_t n, std::uint64_t key) const {
    const Node& nd = nodes_[n];
    const std::uint32_t first = load(nd.first_edge), count = load(nd.num_edges);
    for (std::uint32_t e = first; e < first + count; ++e)
      if (edges_[e].key == key) return e;
    return kNone;
  }

  // The child with this key in a chain starting at `head`, or kNone.
  std::uint32_t find_in_chain(std::uint32_t head, std::uint64_t key) const {
    for (std::uint32_t c = head; c != kNone; c = nodes_[c].sibling)
      if (nodes_[c].key == key) return c;
    return kNone;
  }

  // Finds or creates the child keyed `key` in the chain `head` (caller holds the parent's lock).
  std::uint32_t child(std::uint32_t& head, std::uint64_t key, bool& created) {
    created = false;
    std::uint32_t c = find_in_chain(load(head), key);
    if (c != kNone) return c;
    c = new_node(key);
    if (c == kNone) return kNone;
    nodes_[c].sibling = load(head);
    store(head, c);
    created = true;
    return c;
  }

  void lock(std::uint32_t n) {
    if constexpr (Shared) {
      std::atomic_ref<std::uint8_t> flag(nodes_[n].lock);
      while (flag.exchange(1, std::memory_order_acquire))
        while (flag.load(std::memory_order_relaxed)) {
        }
    }
  }
  void unlock(std::uint32_t n) {
    if constexpr (Shared) std::atomic_ref<std::uint8_t>(nodes_[n].lock).store(0, std::memory_order_release);
  }

  // Statistics: plain in a private tree, atomic in a shared one.
  template <class T>
  static T load(const T& x) {
    if constexpr (Shared) return std::atomic_ref<T>(const_cast<T&>(x)).load(std::memory_order_relaxed);
    else return x;
  }
  template <class T>
  static void store(T& x, T v) {
    if constexpr (Shared) std::atomic_ref<T>(x).store(v, std::memory_order_relaxed);
    else x = v;
  }
  template <class T>
  static void add(T& x, T v) {
    if constexpr (Shared) std::atomic_ref<T>(x).fetch_add(v, std::memory_order_relaxed);
    else x += v;
  }
  static double load_real(const std::uint64_t& bits) { return std::bit_cast<double>(load(bits)); }
  static void add_real(std::uint64_t& bits, double v) {
    if constexpr (Shared) {
      std::atomic_ref<std::uint64_t> a(bits);
      std::uint64_t old = a.load(std::memory_order_relaxed);
      while (!a.compare_exchange_weak(old, std::bit_cast<std::uint64_t>(std::bit_cast<double>(old) + v), std::memory_order_relaxed)) {
      }
    } else {
      bits = std::bit_cast<std::uint64_t>(std::bit_cast<double>(bits) + v);
    }
  }

 private:
  void init_node(std::uint32_t i, std::uint64_t key) {
    nodes_[i] = Node{key, kNone, 0, 0, 0, kNone, 0, 0};
  }
  static void copy_edge(Edge& to, const Edge& from) {
    to = Edge{from.key, load(from.child), load(from.visits), load(from.available), load(from.virtual_loss), load(from.reward)};
  }
  std::uint32_t new_block(std::uint32_t size) {
    if constexpr (Shared) {
      std::atomic_ref<std::uint32_t> count(edge_count_);
      std::uint32_t old = count.load(std::memory_order_relaxed);
      do {
        if (std::uint64_t(old) + size > edge_cap_) return kNone;
      } while (!count.compare_exchange_weak(old, old + size, std::memory_order_relaxed));
      return old;
    } else {
      if (std::uint64_t(edge_count_) + size > edge_cap_) return kNone;
      const std::uint32_t b = edge_count_;
      edge_count_ += size;
      return b;
    }
  }
  std::uint32_t new_index(std::uint32_t& count, std::uint32_t cap) {
    if constexpr (Shared) {
      std::atomic_ref<std::uint32_t> c(count);
      std::uint32_t old = c.load(std::memory_order_relaxed);
      do {
        if (old >= cap) return kNone;
      } while (!c.compare_exchange_weak(old, old + 1, std::memory_order_relaxed));
      return old;
    } else {
      if (count >= cap) return kNone;
      return count++;
    }
  }

  std::uint32_t node_cap_, edge_cap_;
  std::unique_ptr<Node[]> nodes_;
  std::unique_ptr<Edge[]> edges_;
  std::uint32_t node_count_ = 0, edge_count_ = 0;
};

}  // namespace nuraghe::search
