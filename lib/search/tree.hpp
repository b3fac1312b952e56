#pragma once
// The node store: one arena of nodes and one of edges (kept as two arrays, EdgeStats and EdgeLink),
// 32-bit indices typed by what they index (NodeId, EdgeId), sized once from a hard cap in bytes.
// Nothing is allocated while searching: when an arena is full the tree stops growing and the
// search goes on inside it (KataGo and lc0 keep nodes compact for the same reason).
//
// A node is an information set (or, in UCT, a state) at which one player chooses (a decision), or
// every player chooses at once (a simultaneous node).
//
// - A decision's choices are its edges, in the order they were added. They sit in blocks: the
//   node's own block, then, when that is full, the block of a continuation node, and so on. A block
//   never moves once handed out (as KataGo's child arrays overflow into further arrays), so an edge
//   index held by a path, by another thread or by another seat stays valid for the life of the
//   tree. Each edge leads to a chain of child nodes told apart by the observation token of the
//   transition (a move that reveals a card leads to one child per revealed card).
// - A simultaneous node owns one arms node per seat, whose edges are that seat's arms (one bandit
//   per seat, decoupled), and an outcome table: an open-addressing hash table from the joint
//   outcome's key to the child it leads to. Past a limit of outcomes, every further outcome leads to
//   one shared overflow child, so that the tree keeps deepening where joint outcomes are too many
//   to tell apart (5 seats of 149 arms have 149^5).
//
// Tree<true> is shared by threads (tree parallelism): statistics go through std::atomic_ref and are
// read without locks. A per-node spin lock is held only to add edges, children or outcomes; what it
// publishes (an edge count, a block link, a chain head, an outcome, a grown outcome table) is stored
// with release and loaded with acquire, so a reader that sees it sees what it points to. A node's
// kind changes once, from fresh to decision or to simultaneous (two determinizations may disagree):
// what a reader found without the lock in a node it read as fresh holds only if the node is not
// simultaneous after, and whoever adds checks the kind again under the lock.

#include <sys/mman.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <bit>
#include <cassert>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <new>
#include <string>
#include <thread>
#include <type_traits>

#include "core/error.hpp"

namespace nuraghe::search {

// An arena index that indexes nothing (kNoNode, kNoEdge below; the arenas' caps stay under it).
inline constexpr std::uint32_t kNone = 0xFFFFFFFFu;

// A node's or an edge's place in its tree's arena, typed by what it places, so that a node's index
// cannot be passed where an edge's is wanted, nor a count where either is. An edge's arena also
// holds the outcome tables of simultaneous nodes, whose slots are edge ids too; a block of edges is
// its first edge's id and a count. Plain data (an arena's entries are never constructed), read
// and written through std::atomic_ref in a shared tree as the counts are.
template <class Tag>
struct Id {
  std::uint32_t index;

  friend constexpr bool operator==(Id, Id) = default;
  friend constexpr auto operator<=>(Id, Id) = default;
  // The id `offset` places further in the same arena: an edge of a block, a simultaneous node's
  // seat's arms node.
  constexpr Id operator+(std::uint32_t offset) const { return Id{index + offset}; }
  constexpr Id& operator++() {
    ++index;
    return *this;
  }
};
using NodeId = Id<struct NodeTag>;
using EdgeId = Id<struct EdgeTag>;
inline constexpr NodeId kNoNode{kNone};
inline constexpr EdgeId kNoEdge{kNone};
static_assert(sizeof(NodeId) == 4 && std::is_trivially_copyable_v<NodeId> && std::is_aggregate_v<NodeId>,
              "an id is its 32-bit index: plain data in the arenas, lock-free under std::atomic_ref");

// Rewards are summed in fixed point: exact, order-independent (so root-parallel merges are
// deterministic) and a plain integer add for the atomics of tree parallelism.
inline constexpr double kRewardScale = double(1u << 24);

// An edge is two records at the same index of two arrays, split by when they are read. A choice
// reads every edge's statistics, so they are packed four to a cache line; the rest is read for the
// edge taken, or for edges looked up by key. (UCT's choice at a visited node reads nothing else, so
// it reads half the lines a 32-byte edge would take. On the machine of bench/RESULTS.md that
// changed no time, where the TLB's misses were the cost; the lines count where the caches are the
// limit.)
struct EdgeStats {
  std::uint64_t reward;        // UCB: fixed-point sum of the chooser's returns;
                               // Exp3 / regret matching: a double (cumulative estimate / regret)
  std::uint32_t visits;        // times chosen
  std::uint16_t virtual_loss;  // threads currently below this edge (tree parallelism: at most 256)
  std::uint16_t prior;         // the chooser's prior probability of the edge in units of 1/kPriorScale,
                               // at least 1 once set (0: not set; a search without priors never sets it)
};
inline constexpr double kPriorScale = 65535.0;
struct EdgeLink {
  std::uint64_t key;        // the move, or the observer's token of it; in an outcome table, the outcome
  NodeId child;             // first child node (chained through Node::sibling), or kNoNode
  std::uint32_t available;  // times it was legal when its node chose (ISMCTS availability, counted
                            // per edge only in information sets, where the edges are looked up anyway)
};
static_assert(sizeof(EdgeStats) == 16 && sizeof(EdgeLink) == 16,
              "an edge's statistics are a quarter of a cache line, and the edge is 32 bytes in all");
inline constexpr std::size_t kEdgeBytes = sizeof(EdgeStats) + sizeof(EdgeLink);

enum class NodeKind : std::uint8_t {
  Fresh,         // not chosen at yet
  Decision,      // one player chooses among the node's edges
  Simultaneous,  // every seat chooses among the edges of its arms node
  Arms,          // one seat's arms at a simultaneous node
  Continuation,  // holds further edges of a decision or arms node
};

struct Node {
  std::uint64_t key;            // the token that leads here from the parent
  NodeId sibling;               // next child of the same parent edge
  EdgeId first_edge;            // decision, arms: this node's block of edges; simultaneous: the outcome table
  std::uint16_t num_edges;      // edges in use in that block; simultaneous: outcomes in the table
  std::uint16_t edge_capacity;  // the block's size; simultaneous: the table's slots (a power of two)
  NodeId more;                  // decision, arms: the continuation node with further edges, or kNoNode;
                                // simultaneous: the first of its seats' arms nodes, then its overflow child
  std::uint32_t visits;         // iterations through this node
  std::uint8_t lock;            // spin lock for Tree<true>
  NodeKind kind;
  std::uint8_t seats;   // simultaneous: how many seats choose
  std::uint8_t merged;  // 1: an overflow child or below one, where one node stands for many states
};
static_assert(sizeof(Node) <= 32, "a node must fit in 32 bytes");

// Whether this build runs under AddressSanitizer or ThreadSanitizer: GCC's macros, or clang's
// __has_feature (clang before 2025 defines no such macro).
#if defined(__SANITIZE_ADDRESS__)
#define NURAGHE_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define NURAGHE_ASAN 1
#endif
#endif
#if defined(__SANITIZE_THREAD__)
#define NURAGHE_TSAN 1
#elif defined(__has_feature)
#if __has_feature(thread_sanitizer)
#define NURAGHE_TSAN 1
#endif
#endif

// An arena's memory is mapped from the kernel, not taken from the heap: a tree's pages go back to
// the kernel when the tree is dropped (a freed heap block of a few MiB stays resident, and a bot's
// trees of the last search would be held while it grows the next). A tree bigger than the caches is
// walked at random, and with 4 KiB pages nearly every step missed the TLB too: huge pages made
// Connect Four's 100k-iteration search about 1.4x faster (bench/RESULTS.md). So the kernel is
// asked to back an arena with huge pages (madvise: Debian enables transparent huge pages only on
// request), all but its first kSmallPrefix bytes: the kernel zeroes a huge page whole when it is
// first touched, and a new tree touches each of its three arenas, so that a short search on a new
// tree (a new bot, a PIMC determinization, a tree reuse=on copies) spent as long zeroing 6 MiB as
// on 5,000 iterations of Kuhn poker. A tree's first 8,192 nodes now fault in small pages as they
// are reached, and a tree that outgrows them gets huge pages from there on (bench/RESULTS.md,
// "The fixed cost of a search"). The arena is placed so that its huge part starts on a huge-page
// boundary, and its mapping ends at the small page after its end, so that its tail, short of a
// whole huge page, can only ever have small pages (even where the kernel gives huge pages
// unasked): what is resident never exceeds the arena, and the cap stays a hard cap.
// Under AddressSanitizer arenas come from its allocator, which checks their bounds.
inline constexpr std::size_t kHugePage = std::size_t(2) << 20;
inline constexpr std::size_t kSmallPrefix = std::size_t(256) << 10;

// What an arena of `bytes` maps: whole small pages.
inline std::size_t arena_mapping(std::size_t bytes) {
  const std::size_t page = std::size_t(::sysconf(_SC_PAGESIZE));
  return (bytes + page - 1) / page * page;
}

// An arena of `bytes` (uninitialised), or nullptr when the kernel refuses it (or bytes is 0).
inline void* map_arena(std::size_t bytes) {
  if (bytes == 0) return nullptr;
#if defined(NURAGHE_ASAN)
  return std::malloc(bytes);
#else
  const std::size_t size = arena_mapping(bytes);
  const bool huge = bytes >= kSmallPrefix + kHugePage;  // room for one huge page past the prefix
  const std::size_t slack = huge ? kHugePage : 0;
  void* raw = ::mmap(nullptr, size + slack, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (raw == MAP_FAILED) return nullptr;
  if (!huge) return raw;
  // The arena starts kSmallPrefix before a huge-page boundary inside the mapping; the slack before
  // and after it is given back.
  const std::uintptr_t start = std::uintptr_t(raw);
  const std::uintptr_t boundary = (start + kSmallPrefix + kHugePage - 1) / kHugePage * kHugePage;
  const std::uintptr_t arena = boundary - kSmallPrefix;
  if (arena > start) ::munmap(raw, arena - start);
  if (arena - start < slack) ::munmap(reinterpret_cast<void*>(arena + size), slack - (arena - start));
  ::madvise(reinterpret_cast<void*>(boundary), (bytes - kSmallPrefix) / kHugePage * kHugePage, MADV_HUGEPAGE);
  return reinterpret_cast<void*>(arena);
#endif
}

// Gives back what map_arena(bytes) mapped.
struct UnmapArena {
  std::size_t bytes = 0;
  void operator()(void* p) const noexcept {
#if defined(NURAGHE_ASAN)
    std::free(p);
#else
    if (p != nullptr) ::munmap(p, arena_mapping(bytes));
#endif
  }
};

template <bool Shared>
class Tree {
 public:
  // The most edges one node may have (a game's kMaxMoves is far below).
  static constexpr std::uint32_t kMaxEdges = 1u << 20;

  // Splits `bytes` between nodes and edges (most nodes have one edge leading in and a few out).
  explicit Tree(std::size_t bytes)
      : node_cap_(node_cap_for(bytes)),
        edge_cap_(edge_cap_for(bytes)),
        // untouched pages cost nothing
        nodes_(reserve<Node>(node_cap_, bytes), UnmapArena{node_cap_ * sizeof(Node)}),
        stats_(reserve<EdgeStats>(edge_cap_, bytes), UnmapArena{edge_cap_ * sizeof(EdgeStats)}),
        links_(reserve<EdgeLink>(edge_cap_, bytes), UnmapArena{edge_cap_ * sizeof(EdgeLink)}) {
    clear();
  }
  Tree(Tree&&) noexcept = default;
  Tree& operator=(Tree&&) noexcept = default;

  // Back to a fresh root, keeping the arenas: what Tree(bytes) would be, without asking the
  // allocator again (nothing reads an entry before it is written).
  void clear() {
    node_count_ = edge_count_ = refused_ = 0;
    if (node_cap_ > 0) init_node(NodeId{new_index(node_count_, node_cap_, 1)}, 0, NodeKind::Fresh);
  }
  // Whether Tree(bytes) would have these arenas.
  bool sized_for(std::size_t bytes) const {
    return node_cap_ == node_cap_for(bytes) && edge_cap_ == edge_cap_for(bytes);
  }

  static std::uint32_t node_cap_for(std::size_t bytes) {
    return std::uint32_t(std::min<std::size_t>(bytes * 2 / 5 / sizeof(Node), kNone - 1));
  }
  static std::uint32_t edge_cap_for(std::size_t bytes) {
    return std::uint32_t(std::min<std::size_t>(bytes * 3 / 5 / kEdgeBytes, kNone - 1));
  }

  // An arena of n entries, uninitialised (nothing reads an entry before it is written). The cap
  // comes from the user (memory=), so a machine that cannot give it is bad input, not a crash.
  template <class T>
  static T* reserve(std::uint32_t n, std::size_t bytes) {
    // A cap beyond the machine's memory is refused before asking: an allocator may abort rather
    // than throw (AddressSanitizer's does), and the pages would never be there anyway.
    const long pages = ::sysconf(_SC_PHYS_PAGES), page = ::sysconf(_SC_PAGESIZE);
    if (pages > 0 && page > 0 && bytes > std::size_t(pages) * std::size_t(page))
      input_error("search: cannot reserve " + std::to_string(bytes >> 20) +
                  " MiB for a search tree: this machine has " +
                  std::to_string((std::size_t(pages) * std::size_t(page)) >> 20) + " MiB (lower memory=)");
    T* arena = static_cast<T*>(map_arena(std::size_t(n) * sizeof(T)));
    if (n > 0 && !arena)
      input_error("search: cannot reserve " + std::to_string(bytes >> 20) +
                  " MiB for a search tree on this machine (lower memory=)");
    return arena;
  }

  static constexpr NodeId root() { return NodeId{0}; }
  bool usable() const { return node_cap_ > 0 && edge_cap_ > 0; }
  Node& node(NodeId n) { return nodes_[n.index]; }
  const Node& node(NodeId n) const { return nodes_[n.index]; }
  EdgeStats& stats(EdgeId e) { return stats_[e.index]; }
  const EdgeStats& stats(EdgeId e) const { return stats_[e.index]; }
  EdgeLink& link(EdgeId e) { return links_[e.index]; }
  const EdgeLink& link(EdgeId e) const { return links_[e.index]; }
  std::uint32_t node_count() const { return load(node_count_); }
  NodeKind kind(NodeId n) const { return acquire(node(n).kind); }
  // Whether a node of this kind keeps edges: a decision (or a fresh node, which its first edge makes
  // one) or a seat's arms. A simultaneous node's block is its outcome table.
  static constexpr bool holds_edges(NodeKind k) {
    return k == NodeKind::Fresh || k == NodeKind::Decision || k == NodeKind::Arms;
  }
  // Edges add_edge refused in a shared tree: a node that keeps no edges was given one. The search
  // checks the kind first (under the node's lock), so this stays 0; the tests check that it does.
  std::uint32_t refused_edges() const { return load(refused_); }
  // Bytes of the arenas (the cap is never exceeded: this is what was reserved from it).
  std::size_t bytes_reserved() const {
    return std::size_t(node_cap_) * sizeof(Node) + std::size_t(edge_cap_) * kEdgeBytes;
  }
  std::size_t bytes_used() const { return node_count() * sizeof(Node) + std::size_t(load(edge_count_)) * kEdgeBytes; }

  // A new fresh node, or kNoNode when the node arena is full.
  NodeId new_node(std::uint64_t key) {
    const NodeId n{new_index(node_count_, node_cap_, 1)};
    if (n != kNoNode) init_node(n, key, NodeKind::Fresh);
    return n;
  }

  // ---- Edges of a decision or arms node ----------------------------------------------------

  // Calls f(block_first, block_count) for each block of node n's edges, in the order they were
  // added. Safe without the lock: a reader sees every edge whose count it sees, and what it sees is
  // a prefix of the edges: a block it found not full ends its walk, for a writer may have filled
  // that block and opened the next one since (find_edges looks only past what it saw for edges
  // added meanwhile). A block's capacity is written before its first edge is published.
  template <class F>
  void for_each_block(NodeId n, F&& f) const {
    for (NodeId b = n; b != kNoNode; b = acquire(node(b).more)) {
      const std::uint32_t count = acquire(node(b).num_edges);
      if (count == 0) return;
      f(load(node(b).first_edge), count);
      if (count < load(node(b).edge_capacity)) return;
    }
  }
  template <class F>
  void for_each_edge(NodeId n, F&& f) const {
    for_each_block(n, [&](EdgeId first, std::uint32_t count) {
      for (EdgeId e = first; e < first + count; ++e) f(e);
    });
  }
  std::uint32_t num_edges(NodeId n) const {
    std::uint32_t total = 0;
    for_each_block(n, [&](EdgeId, std::uint32_t count) { total += count; });
    return total;
  }

  // Node n's own block: its first edge and how many edges are in use (more may follow in
  // continuation nodes).
  EdgeId first_edge(NodeId n) const { return load(node(n).first_edge); }
  std::uint32_t own_edges(NodeId n) const { return acquire(node(n).num_edges); }

  // The first edge of node n's own block if that block is all its edges and their keys are
  // exactly keys[0..count), in order; else kNoEdge.
  template <class Key>
  EdgeId block_of_exactly(NodeId n, const Key* keys, int count) const {
    const Node& nd = node(n);
    if (acquire(nd.num_edges) != count || acquire(nd.more) != kNoNode) return kNoEdge;
    const EdgeId first = load(nd.first_edge);
    for (int i = 0; i < count; ++i)
      if (link(first + std::uint32_t(i)).key != std::uint64_t(keys[i])) return kNoEdge;
    return first;
  }

  // The edge of node n with this key, or kNoEdge.
  EdgeId find_edge(NodeId n, std::uint64_t key) const {
    EdgeId found = kNoEdge;
    for_each_block(n, [&](EdgeId first, std::uint32_t count) {
      for (EdgeId e = first; e < first + count && found == kNoEdge; ++e)
        if (link(e).key == key) found = e;
    });
    return found;
  }

  // Appends an edge to node n (the caller holds n's lock in a shared tree, and has checked under it
  // that n keeps edges); kNoEdge when the arena is full. `expected` is how many edges the node is
  // likely to need: a new block is that big.
  EdgeId add_edge(NodeId n, std::uint64_t key, std::uint32_t expected = 4) {
    assert(holds_edges(node(n).kind) && "add_edge on a node that keeps no edges (a simultaneous node)");
    if constexpr (Shared)  // where another thread can change the kind: without asserts, refused and counted
      if (!holds_edges(node(n).kind)) [[unlikely]]
        return refuse_edge();
    NodeId b = n;
    std::uint32_t total = 0;
    for (;;) {
      total += node(b).num_edges;
      if (node(b).num_edges < node(b).edge_capacity) break;
      const NodeId next = node(b).more;
      if (next == kNoNode) {
        b = grow(n, b, total, expected);
        if (b == kNoNode) return kNoEdge;
        break;
      }
      b = next;
    }
    Node& block = node(b);
    const EdgeId e = block.first_edge + block.num_edges;
    new_edge(e, key);
    release(block.num_edges, std::uint16_t(block.num_edges + 1));
    return e;
  }

  // Gives node n, which has no edge yet, the edges keyed keys[0..count) in that order, in one
  // block: what `count` calls of add_edge(n, keys[i], count) would make, in one step (the caller
  // holds n's lock in a shared tree, and has checked under it that n keeps edges). The block's
  // first edge; kNoEdge, with nothing added, when n has edges already or the arena is full.
  EdgeId add_edges(NodeId n, const std::uint64_t* keys, std::uint32_t count) {
    assert(holds_edges(node(n).kind) && "add_edges on a node that keeps no edges (a simultaneous node)");
    if (node(n).edge_capacity != 0 || count == 0 || count > 0xFFFF) return kNoEdge;
    if (grow(n, n, 0, count) == kNoNode) return kNoEdge;
    const EdgeId first = node(n).first_edge;
    for (std::uint32_t i = 0; i < count; ++i) new_edge(first + i, keys[i]);
    release(node(n).num_edges, std::uint16_t(count));
    return first;
  }

  // ---- Children along an edge ----------------------------------------------------------------

  // The child with this key in the chain starting at `head`, or kNoNode. Safe without the lock.
  NodeId find_in_chain(const NodeId& head, std::uint64_t key) const {
    for (NodeId c = acquire(head); c != kNoNode; c = node(c).sibling)
      if (node(c).key == key) return c;
    return kNoNode;
  }

  // Finds or creates the child keyed `key` in the chain `head` (the caller holds the parent's
  // lock); kNoNode when the node arena is full. A new child is `merged` if its parent is.
  NodeId child(NodeId& head, std::uint64_t key, std::uint8_t merged, bool& created) {
    created = false;
    NodeId c = find_in_chain(head, key);
    if (c != kNoNode) return c;
    c = new_node(key);
    if (c == kNoNode) return kNoNode;
    node(c).merged = merged;
    node(c).sibling = head;
    release(head, c);
    created = true;
    return c;
  }

  // ---- Simultaneous nodes ----------------------------------------------------------------------

  // Makes a fresh node n simultaneous for `seats` seats (the caller holds n's lock). False when it
  // is already a decision (an information set that is a decision in one determinization and
  // simultaneous in another cannot be searched as both) or the arenas are full.
  bool make_simultaneous(NodeId n, int seats) {
    Node& nd = node(n);
    if (nd.kind != NodeKind::Fresh) return nd.kind == NodeKind::Simultaneous && nd.seats == seats;
    const NodeId first{new_index(node_count_, node_cap_, std::uint32_t(seats) + 1)};
    const EdgeId table = first == kNoNode ? kNoEdge : new_table(kFirstTableSlots);
    if (table == kNoEdge) return false;
    for (int q = 0; q < seats; ++q) init_node(first + std::uint32_t(q), std::uint64_t(q), NodeKind::Arms);
    init_node(first + std::uint32_t(seats), kOverflowUnused, NodeKind::Fresh);
    node(first + std::uint32_t(seats)).merged = 1;
    // Atomic stores: a thread that read the node as fresh may be looking at it (find_edges).
    store(nd.first_edge, table), store(nd.edge_capacity, kFirstTableSlots), store(nd.num_edges, std::uint16_t(0));
    store(nd.more, first);
    store(nd.seats, std::uint8_t(seats));
    release(nd.kind, NodeKind::Simultaneous);
    return true;
  }

  // The node holding seat q's arms at simultaneous node n, and n's overflow child.
  NodeId arms_node(NodeId n, int q) const { return node(n).more + std::uint32_t(q); }
  NodeId overflow_child(NodeId n) const { return node(n).more + node(n).seats; }

  // The child of simultaneous node n for this outcome: from the table, or once the table holds
  // `limit` outcomes, the overflow child; created if new (the caller holds n's lock). kNoNode when
  // the arenas are full.
  NodeId outcome_child(NodeId n, std::uint64_t key, std::uint32_t limit, bool& created) {
    created = false;
    Node& nd = node(n);
    EdgeId slot = probe(nd.first_edge, nd.edge_capacity, key);
    if (link(slot).child != kNoNode) return link(slot).child;
    if (nd.num_edges >= limit) {
      Node& overflow = node(overflow_child(n));
      created = overflow.key == kOverflowUnused;
      if (created) release(overflow.key, kOverflowUsed);
      return overflow_child(n);
    }
    if (2u * (nd.num_edges + 1u) > nd.edge_capacity) {  // keep the table at most half full
      if (!grow_table(nd)) return kNoNode;
      slot = probe(nd.first_edge, nd.edge_capacity, key);
    }
    const NodeId c = new_node(key);
    if (c == kNoNode) return kNoNode;
    node(c).merged = nd.merged;
    link(slot).key = key;
    release(link(slot).child, c);  // after the key: a reader that sees the child sees its key
    release(nd.num_edges, std::uint16_t(nd.num_edges + 1));
    created = true;
    return c;
  }

  // The child of simultaneous node n for this outcome if there is one already, found without the
  // lock; kNoNode otherwise (then outcome_child, under the lock). The table may be growing: its size
  // is read before its place, which a growth publishes first, so the place is of a table at least
  // that big, and the probe stops after that many slots. An outcome missed is looked up again
  // under the lock, never added twice.
  NodeId find_outcome_child(NodeId n, std::uint64_t key, std::uint32_t limit) const {
    const Node& nd = node(n);
    const std::uint32_t slots = acquire(nd.edge_capacity);
    const EdgeId first = acquire(nd.first_edge);
    for (std::uint32_t i = slot_of(key, slots), probes = 0; probes < slots; i = (i + 1) & (slots - 1), ++probes) {
      const NodeId c = acquire(link(first + i).child);
      if (c == kNoNode) break;
      if (link(first + i).key == key) return c;
    }
    // Past the limit every further outcome leads to the overflow child, once it is in use.
    if (acquire(nd.num_edges) >= limit && acquire(node(overflow_child(n)).key) == kOverflowUsed)
      return overflow_child(n);
    return kNoNode;
  }

  // The child of simultaneous node n that this outcome leads to, or kNoNode (no lock: call it only
  // when no thread is searching, as tree reuse does). An outcome missing from a table that has
  // overflowed leads to the overflow child, as it would in the next search.
  NodeId find_outcome(NodeId n, std::uint64_t key) const {
    const NodeId c = link(probe(node(n).first_edge, node(n).edge_capacity, key)).child;
    if (c != kNoNode) return c;
    return overflow_used(n) ? overflow_child(n) : kNoNode;
  }

  // Calls f(key, child) for every outcome in simultaneous node n's table.
  template <class F>
  void for_each_outcome(NodeId n, F&& f) const {
    const Node& nd = node(n);
    for (EdgeId s = nd.first_edge; s < nd.first_edge + nd.edge_capacity; ++s)
      if (link(s).child != kNoNode) f(link(s).key, link(s).child);
  }
  bool overflow_used(NodeId n) const { return node(overflow_child(n)).key == kOverflowUsed; }
  void mark_overflow_used(NodeId n) { node(overflow_child(n)).key = kOverflowUsed; }

  // Inserts an outcome child made elsewhere (tree reuse copies tables this way).
  bool insert_outcome(NodeId n, std::uint64_t key, NodeId child) {
    Node& nd = node(n);
    if (2u * (nd.num_edges + 1u) > nd.edge_capacity && !grow_table(nd)) return false;
    const EdgeId slot = probe(nd.first_edge, nd.edge_capacity, key);
    link(slot).key = key;
    link(slot).child = child;
    ++nd.num_edges;
    return true;
  }

  // ---- Locks and statistics ---------------------------------------------------------------------

  void lock(NodeId n) {
    if constexpr (Shared) {
      std::atomic_ref<std::uint8_t> flag(node(n).lock);
      while (flag.exchange(1, std::memory_order_acquire))
        for (int spins = 0; flag.load(std::memory_order_relaxed); ++spins) wait_a_little(spins);
    }
  }
  void unlock(NodeId n) {
    if constexpr (Shared) std::atomic_ref<std::uint8_t>(node(n).lock).store(0, std::memory_order_release);
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
      while (!a.compare_exchange_weak(old, std::bit_cast<std::uint64_t>(std::bit_cast<double>(old) + v),
                                      std::memory_order_relaxed)) {
      }
    } else {
      bits = std::bit_cast<std::uint64_t>(std::bit_cast<double>(bits) + v);
    }
  }

 private:
  static constexpr std::uint16_t kFirstTableSlots = 8;
  static constexpr std::uint32_t kMaxTableSlots = 1u << 15;
  static constexpr std::uint64_t kOverflowUnused = ~std::uint64_t(0) - 1, kOverflowUsed = ~std::uint64_t(0);

  // Publication: release stores and acquire loads in a shared tree.
  template <class T>
  static T acquire(const T& x) {
    if constexpr (Shared) return std::atomic_ref<T>(const_cast<T&>(x)).load(std::memory_order_acquire);
    else return x;
  }
  template <class T>
  static void release(T& x, T v) {
    if constexpr (Shared) std::atomic_ref<T>(x).store(v, std::memory_order_release);
    else x = v;
  }

  // One turn of waiting for a lock: the processor's spin-wait hint (the other hyperthread of the core
  // runs meanwhile, and the loop ends without a memory-order misspeculation); after a few dozen, the
  // thread gives way, for the holder may be waiting for a core (more threads than cores).
  static void wait_a_little(int spins) {
    if (spins >= 64) {
      std::this_thread::yield();
      return;
    }
#if defined(__x86_64__) || defined(__i386__)
    __builtin_ia32_pause();
#elif defined(__aarch64__)
    __asm__ __volatile__("yield");
#else
    std::this_thread::yield();
#endif
  }

  [[gnu::cold, gnu::noinline]] EdgeId refuse_edge() {
    add(refused_, 1u);
    return kNoEdge;
  }

  void new_edge(EdgeId e, std::uint64_t key) {
    stats(e) = EdgeStats{.reward = 0, .visits = 0, .virtual_loss = 0, .prior = 0};
    link(e) = EdgeLink{.key = key, .child = kNoNode, .available = 0};
  }

  void init_node(NodeId n, std::uint64_t key, NodeKind kind) {
    node(n) = Node{.key = key,
                   .sibling = kNoNode,
                   .first_edge = EdgeId{0},
                   .num_edges = 0,
                   .edge_capacity = 0,
                   .more = kNoNode,
                   .visits = 0,
                   .lock = 0,
                   .kind = kind,
                   .seats = 0,
                   .merged = 0};
  }

  // A further block for node n, whose last block so far is `last` and whose edges number `total`:
  // the block of a new continuation node, as big as the node is expected to need or as all its
  // edges so far (so a node that keeps growing doubles). No edge moves.
  NodeId grow(NodeId n, NodeId last, std::uint32_t total, std::uint32_t expected) {
    if (total >= kMaxEdges) return kNoNode;
    const std::uint32_t size =
        std::min<std::uint32_t>(0xFFFF, std::max<std::uint32_t>({expected > total ? expected - total : 0u, total, 4u}));
    if (node(n).edge_capacity == 0) {  // the node's own first block
      const EdgeId block = new_block(size);
      if (block == kNoEdge) return kNoNode;
      node(n).first_edge = block;
      node(n).edge_capacity = std::uint16_t(size);
      if (node(n).kind == NodeKind::Fresh) release(node(n).kind, NodeKind::Decision);
      return n;
    }
    const NodeId c = new_node(0);
    const EdgeId block = c == kNoNode ? kNoEdge : new_block(size);
    if (block == kNoEdge) return kNoNode;
    node(c).kind = NodeKind::Continuation;
    node(c).first_edge = block;
    node(c).edge_capacity = std::uint16_t(size);
    release(node(last).more, c);
    return c;
  }

  // The slot for `key` in the outcome table of `slots` slots (a power of two) from edge `first`: the
  // one holding it, or the empty one where it would go.
  static std::uint32_t slot_of(std::uint64_t key, std::uint32_t slots) {
    return std::uint32_t((key * 0x9E3779B97F4A7C15ull) >> 40) & (slots - 1u);
  }
  EdgeId probe(EdgeId first, std::uint32_t slots, std::uint64_t key) const {
    for (std::uint32_t i = slot_of(key, slots);; i = (i + 1) & (slots - 1u)) {
      const EdgeLink& slot = link(first + i);
      if (slot.child == kNoNode || slot.key == key) return first + i;
    }
  }
  EdgeId new_table(std::uint32_t slots) {
    const EdgeId t = new_block(slots);
    if (t != kNoEdge)
      for (EdgeId s = t; s < t + slots; ++s) link(s) = EdgeLink{.key = 0, .child = kNoNode, .available = 0};
    return t;
  }
  // Doubles an outcome table (its old slots stay behind in the arena, unused, and stay right for a
  // reader still in them). The new table is filled before it is published: its place, then its size
  // (find_outcome_child reads them the other way round).
  bool grow_table(Node& nd) {
    if (nd.edge_capacity >= kMaxTableSlots) return false;
    const EdgeId old_first = nd.first_edge;
    const std::uint32_t old_slots = nd.edge_capacity, slots = 2 * old_slots;
    const EdgeId t = new_table(slots);
    if (t == kNoEdge) return false;
    for (EdgeId s = old_first; s < old_first + old_slots; ++s)
      if (link(s).child != kNoNode) link(probe(t, slots, link(s).key)) = link(s);
    release(nd.first_edge, t);
    release(nd.edge_capacity, std::uint16_t(slots));
    return true;
  }

  EdgeId new_block(std::uint32_t size) { return EdgeId{new_index(edge_count_, edge_cap_, size)}; }

  // `size` consecutive entries of an arena, or kNone when they do not fit.
  static std::uint32_t new_index(std::uint32_t& count, std::uint32_t cap, std::uint32_t size) {
    if constexpr (Shared) {
      std::atomic_ref<std::uint32_t> c(count);
      std::uint32_t old = c.load(std::memory_order_relaxed);
      do {
        if (std::uint64_t(old) + size > cap) return kNone;
      } while (!c.compare_exchange_weak(old, old + size, std::memory_order_relaxed));
      return old;
    } else {
      if (std::uint64_t(count) + size > cap) return kNone;
      const std::uint32_t i = count;
      count += size;
      return i;
    }
  }

  // What every access reads, then the allocation counters on a cache line of their own: in a
  // shared tree every expansion writes them, and on the line of the arenas' pointers each write
  // would make the other threads' next read of those pointers miss.
  std::uint32_t node_cap_, edge_cap_;
  std::unique_ptr<Node[], UnmapArena> nodes_;
  std::unique_ptr<EdgeStats[], UnmapArena> stats_;  // an outcome table's slots use only their links
  std::unique_ptr<EdgeLink[], UnmapArena> links_;
  alignas(64) std::uint32_t node_count_ = 0;
  std::uint32_t edge_count_ = 0;
  std::uint32_t refused_ = 0;
  alignas(64) char end_[1] = {};  // nothing after the tree shares the counters' line
};

}  // namespace nuraghe::search
