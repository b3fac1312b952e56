#pragma once
// `nuraghe stats` and `compare` for one game (cli/commands/stats.hpp): the games of a file replayed, and
// each statistic's sums per deal. Instantiated once per game by cli/game_commands.hpp.

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>
#include <string>
#include <vector>

#include "arena/logged_game.hpp"
#include "bots/registry.hpp"
#include "cli/commands/stats.hpp"
#include "core/hooks.hpp"
#include "core/item_stats.hpp"

namespace nuraghe::commands {

// The kinds of item a game has figures on: `game` (every game), then the game's own.
template <Game G>
std::vector<std::string> stat_kinds() {
  std::vector<std::string> kinds{"game"};
  if constexpr (HasItemStats<G>)
    for (std::string_view k : G::kStatKinds) kinds.emplace_back(k);
  return kinds;
}

// One game's figures for --by game: per seat its return and score, and the game's decisions.
template <Game G>
ItemStats whole_game_stats(const typename G::State& end, int decisions) {
  const int n = num_players_of<G>(end);
  ItemStats out(1, {{"return", true}, {"score", true}, {"decisions", true}}, n);
  const Values returns = end.returns(), scores = scores_of<G>(end);
  for (int p = 0; p < n; ++p) {
    out.at(0, p, 0) = returns[std::size_t(p)];
    out.at(0, p, 1) = scores[std::size_t(p)];
    out.at(0, p, 2) = decisions;
  }
  out.items = {"game"};
  return out;
}

// A game's items at its end (item_stats, final), and in `first` when each seat first had each
// one ([item * seats + seat]): the share of the game's decisions made before the one that gave it
// (0 for the first decision's or the start's; NaN if never).
template <Game G>
ItemStats items_with_times(const Transcript<G>& t, const std::string& by, std::vector<double>& first) {
  const int n = num_players_of<G>(t.start), decisions = int(t.moves.size());
  const auto mark = [&](const ItemStats& held, double when) {
    if (first.empty()) first.assign(std::size_t(held.num_items() * n), std::numeric_limits<double>::quiet_NaN());
    for (int i = 0; i < held.num_items(); ++i)
      for (int s = 0; s < n; ++s)
        if (held.at(i, s, 0) != 0 && std::isnan(first[std::size_t(i * n + s)])) first[std::size_t(i * n + s)] = when;
  };
  mark(G::item_stats(t.start, by, false), 0);
  int ply = 0;
  typename G::State end = t.start;
  t.for_each_step([&](const auto&, const MoveRecord&, const typename G::State& after) {
    mark(G::item_stats(after, by, false), double(ply++) / decisions);
    end = after;
  });
  return G::item_stats(end, by, true);
}

template <Game G>
DealSums deal_sums(const ResultsFile& f, const std::string& file, const std::string& by) {
  const std::vector<std::string> kinds = stat_kinds<G>();
  if (std::find(kinds.begin(), kinds.end(), by) == kinds.end()) {
    std::string known;
    for (const auto& k : kinds) known += (known.empty() ? "" : ", ") + k;
    input_error("--by \"" + by + "\": " + std::string(G::kName) + " has figures by " + known);
  }
  const int n = f.header.players;
  DealSums d;
  d.game = G::kName, d.players = n, d.seed = f.header.config.seed;
  // The groups of seats: all of them, each seat, each bot (by its name, in the header's order).
  std::vector<std::string> groups{"all"}, bot_names;
  for (int s = 0; s < n; ++s) groups.push_back("seat " + std::to_string(s));
  for (const auto& spec : f.header.bots)
    if (std::find(bot_names.begin(), bot_names.end(), bot_name(spec)) == bot_names.end())
      bot_names.push_back(bot_name(spec));
  for (const auto& name : bot_names) groups.push_back("bot " + name);
  std::map<std::uint64_t, std::size_t> deal_of;  // a deal's seed -> its row
  for (const GameResult& game : f.games) {
    const Transcript<G> t = logged_game<G>(f, game, file, "\"" + file + "\" game " + std::to_string(game.index));
    std::vector<double> first;  // when each seat first had each item (not for --by game)
    const ItemStats end = [&] {
      if constexpr (HasItemStats<G>)
        if (by != "game") return items_with_times<G>(t, by, first);
      return whole_game_stats<G>(t.final_state(), int(t.moves.size()));
    }();
    const int items = end.num_items(), columns = int(end.columns.size());
    const int stats = columns + (first.empty() ? 0 : 1);  // the columns, then when_<column 0>
    if (d.keys.empty())
      for (int i = 0; i < items; ++i)
        for (int c = 0; c < stats; ++c)
          for (const auto& g : groups)
            d.keys.push_back({end.items[std::size_t(i)],
                              c < columns ? end.columns[std::size_t(c)].name : "when_" + end.columns[0].name, g});
    // Which seats each group holds in this game (a bot's seats rotate from game to game).
    std::vector<std::vector<int>> members(groups.size());
    for (int s = 0; s < n; ++s) {
      members[0].push_back(s);
      members[std::size_t(1 + s)].push_back(s);
      const std::string name = bot_name(f.header.bots[std::size_t(game.seat_bot[std::size_t(s)])]);
      const auto b = std::find(bot_names.begin(), bot_names.end(), name) - bot_names.begin();
      members[std::size_t(1 + n + b)].push_back(s);
    }
    auto [row, added] = deal_of.emplace(game.seed, d.deals.size());
    if (added) {
      d.deals.push_back(game.seed);
      d.sums.resize(d.sums.size() + d.keys.size(), 0.0);
      d.counts.resize(d.counts.size() + d.keys.size(), 0.0);
    }
    double* sums = &d.sums[row->second * d.keys.size()];
    double* counts = &d.counts[row->second * d.keys.size()];
    std::size_t k = 0;
    for (int i = 0; i < items; ++i)
      for (int c = 0; c < stats; ++c) {
        const bool when = c == columns, rate = when || end.columns[std::size_t(c)].rate;
        for (std::size_t g = 0; g < groups.size(); ++g, ++k) {
          // A total of the whole game (g = 0) is one value a game; every other figure one a seat-game.
          const bool per_game = !rate && g == 0;
          double total = 0;
          for (int s : members[g]) {
            const double v = when ? first[std::size_t(i * n + s)] : end.at(i, s, c);
            if (std::isnan(v)) continue;
            if (per_game) total += v;
            else sums[k] += v, counts[k] += 1;
          }
          if (per_game) sums[k] += total, counts[k] += 1;
        }
      }
    ++d.games;
  }
  if (d.games == 0) input_error("\"" + file + "\" holds no finished game");
  return d;
}

}  // namespace nuraghe::commands
