#pragma once
// A game's figures on its items for designers (`nuraghe stats --by KIND`, `nuraghe compare`): an
// optional part of a game, listed with the others in core/hooks.hpp's table and kept in this header
// of its own, which only the games that have it and the commands that read it include.

#include <concepts>
#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include "core/game.hpp"
#include "core/hooks.hpp"

namespace nuraghe {

// item_stats(s, kind, final): a designer's figures on the items of one kind (`nuraghe stats --by
// KIND`, `nuraghe compare`; G::kStatKinds names the kinds: Ticket to Ride's "route", "ticket",
// "city"). Per item and seat, column 0 says whether the seat has the item in s, 0 or 1 (a route
// claimed, a ticket kept, an area owned): the command asks it of every state of a recorded game,
// to know when in the game each seat first had it. With `final`, s is the game's end and every
// column is filled and the items named (without it, only column 0 need be, and `items` may stay
// empty). A column is a total (routes of a seat at a city: summed over a group's seats, then
// averaged over games) or a rate (a held ticket completed: averaged over the seat-games where it
// is a number; NaN where it does not apply).
struct StatColumn {
  std::string name;
  bool rate = false;
};
struct ItemStats {
  std::vector<std::string> items;   // the items' names (final only)
  std::vector<StatColumn> columns;  // columns[0]: has the item, 0 or 1
  int seats = 0;
  std::vector<double> values;  // [(item * seats + seat) * columns + column]

  ItemStats(int num_items, std::vector<StatColumn> cols, int num_seats)
      : columns(std::move(cols)),
        seats(num_seats),
        values(std::size_t(num_items) * std::size_t(num_seats) * columns.size(), 0.0) {}
  int num_items() const { return int(values.size() / (std::size_t(seats) * columns.size())); }
  std::size_t index(int item, int seat, int column) const {
    return (std::size_t(item) * std::size_t(seats) + std::size_t(seat)) * columns.size() + std::size_t(column);
  }
  double& at(int item, int seat, int column) { return values[index(item, seat, column)]; }
  double at(int item, int seat, int column) const { return values[index(item, seat, column)]; }
};
// The kinds and the figures come together (core/hooks.hpp says how a part is checked).
template <class G>
consteval bool item_stats_checked() {
  static_assert(
      requires {
        { G::kStatKinds[0] } -> std::convertible_to<std::string_view>;
      },
      "kStatKinds must be the kinds' names, `static constexpr std::array<std::string_view, N> kStatKinds`, with "
      "item_stats (lib/core/item_stats.hpp)");
  static_assert(
      requires(const typename G::State& s, std::string_view kind, bool final) {
        { G::item_stats(s, kind, final) } -> std::same_as<ItemStats>;
      },
      "item_stats must be `static ItemStats item_stats(const State&, std::string_view kind, bool final)`, with "
      "kStatKinds (lib/core/item_stats.hpp)");
  return true;
}
template <class G>
concept DeclaresItemStats = declares::kStatKinds<G> || declares::item_stats<G>;
template <class G>
concept HasItemStats = DeclaresItemStats<G> && item_stats_checked<G>();

}  // namespace nuraghe
