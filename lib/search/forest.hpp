#pragma once
// The trees of one search and their memory: one tree for UCT, PIMC and SO-ISMCTS, one a seat for
// MO-ISMCTS, sharing the search's memory cap equally; made afresh, or cleared in place for the
// next search when the sizes match.

#include <cstddef>
#include <utility>
#include <vector>

#include "search/config.hpp"
#include "search/tree.hpp"

namespace nuraghe::search {

// The trees of one search: one for UCT, PIMC and SO-ISMCTS, one per player for MO-ISMCTS.
template <bool Shared>
struct Forest {
  std::vector<Tree<Shared>> trees;
  std::vector<Player> observers;

  std::size_t bytes_reserved() const {
    std::size_t b = 0;
    for (const auto& t : trees) b += t.bytes_reserved();
    return b;
  }
  std::size_t bytes_used() const {
    std::size_t b = 0;
    for (const auto& t : trees) b += t.bytes_used();
    return b;
  }
  std::size_t nodes() const {
    std::size_t n = 0;
    for (const auto& t : trees) n += t.node_count();
    return n;
  }
};

// Whose trees a search grows: every seat's (MO-ISMCTS), or the searcher's alone. The trees share
// the search's memory equally.
inline std::vector<Player> forest_observers(Algorithm a, int players, Player seat) {
  std::vector<Player> observers;
  if (a == Algorithm::MoIsmcts)
    for (int p = 0; p < players; ++p) observers.push_back(p);
  else observers.push_back(seat);
  return observers;
}

template <bool Shared>
Forest<Shared> make_forest(Algorithm a, int players, Player seat, std::size_t bytes) {
  Forest<Shared> f;
  f.observers = forest_observers(a, players, seat);
  for (std::size_t t = 0; t < f.observers.size(); ++t) f.trees.emplace_back(bytes / f.observers.size());
  return f;
}

// Makes f what make_forest(a, players, seat, bytes) would give, in place, if its trees have the
// sizes that would have: a search that keeps no tree then reuses its last search's memory instead
// of asking for as much again (and under AddressSanitizer, poisoning it again). False otherwise.
template <bool Shared>
bool clear_forest(Forest<Shared>& f, Algorithm a, int players, Player seat, std::size_t bytes) {
  std::vector<Player> observers = forest_observers(a, players, seat);
  if (f.trees.size() != observers.size()) return false;
  for (const Tree<Shared>& t : f.trees)
    if (!t.sized_for(bytes / observers.size())) return false;
  for (Tree<Shared>& t : f.trees) t.clear();
  f.observers = std::move(observers);
  return true;
}

}  // namespace nuraghe::search
