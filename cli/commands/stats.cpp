// `nuraghe stats` and `compare` (cli/commands/stats.hpp): each statistic pooled over deals, with a
// percentile bootstrap interval that resamples whole deals (the games of one deal share its cards,
// so they are not independent), and two files compared statistic by statistic: paired over the
// deals they share, else as two independent samples.
#include "cli/commands/stats.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <iostream>
#include <limits>
#include <map>
#include <string>
#include <vector>

#include "any_game/any_game.hpp"
#include "arena/logged_game.hpp"
#include "arena/ratings.hpp"
#include "arena/summary.hpp"
#include "bots/games.hpp"
#include "bots/registry.hpp"
#include "cli/command.hpp"
#include "cli/commands/results_table.hpp"
#include "cli/options.hpp"
#include "core/files.hpp"
#include "core/hooks.hpp"
#include "core/item_stats.hpp"
#include "core/rng.hpp"

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

namespace nuraghe {
namespace {

constexpr double kUnknown = std::numeric_limits<double>::quiet_NaN();

// The figures of the deals `rows` (indices into d.deals, repeats allowed) added into `sums` and
// `counts`, one entry a key; `weights[r]` times row r.
void pool(const DealSums& d, const std::vector<int>& rows, const std::vector<double>& weights,
          std::vector<double>& sums, std::vector<double>& counts) {
  const std::size_t keys = d.keys.size();
  sums.assign(keys, 0.0), counts.assign(keys, 0.0);
  for (std::size_t r = 0; r < rows.size(); ++r) {
    if (weights[r] == 0) continue;
    const double w = weights[r];
    const double* s = &d.sums[std::size_t(rows[r]) * keys];
    const double* c = &d.counts[std::size_t(rows[r]) * keys];
    for (std::size_t k = 0; k < keys; ++k) sums[k] += w * s[k], counts[k] += w * c[k];
  }
}

std::vector<double> ratios(const std::vector<double>& sums, const std::vector<double>& counts) {
  std::vector<double> v(sums.size());
  for (std::size_t k = 0; k < v.size(); ++k) v[k] = counts[k] > 0 ? sums[k] / counts[k] : kUnknown;
  return v;
}

// Each of `rows.size()` rows drawn with replacement: the number of times each is drawn.
std::vector<double> resample_weights(std::size_t n, Rng& rng) {
  std::vector<double> w(n, 0.0);
  for (std::size_t i = 0; i < n; ++i) w[rng.below(std::uint32_t(n))] += 1;
  return w;
}

// One statistic of a file, or the difference of two: the estimate and its 95% interval.
struct Figure {
  double value = kUnknown, low = kUnknown, high = kUnknown;
};

std::vector<Figure> with_intervals(const std::vector<double>& values, const std::vector<std::vector<double>>& draws) {
  std::vector<Figure> out(values.size());
  std::vector<double> column(draws.size());
  for (std::size_t k = 0; k < values.size(); ++k) {
    for (std::size_t r = 0; r < draws.size(); ++r) column[r] = draws[r][k];
    out[k].value = values[k];
    // Two deals at least, or every resample is the data itself (lib/arena/ratings.hpp's bootstrap says why).
    if (draws.empty()) continue;
    std::tie(out[k].low, out[k].high) = detail::percentile_bounds(column, 0.95);
  }
  return out;
}

std::vector<int> all_rows(const DealSums& d) {
  std::vector<int> rows(d.deals.size());
  for (std::size_t i = 0; i < rows.size(); ++i) rows[i] = int(i);
  return rows;
}

DealSums read_sums(const std::string& file, const StatsCommand& c) {
  const ResultsFile f = read_game_records(file, MapOverride{c.map_file, c.ignore_map_hash});
  if (f.truncated_at)
    std::fprintf(stderr, "stats: the last line of %s is cut short (an arena still running, or killed); left out\n",
                 file.c_str());
  DealSums sums;
  AllGames::dispatch(f.header.game, [&]<Game G>() {
    sums = commands::deal_sums<G>(f, file, c.by);
    return 0;
  });
  return sums;
}

std::string number(double x, int decimals = 3) {
  if (std::isnan(x)) return "-";
  char text[64];
  std::snprintf(text, sizeof text, "%.*f", decimals, x);
  return text;
}

Json json_number(double x) { return std::isnan(x) ? Json(nullptr) : Json(x); }

// Rows of text cells as a table: columns as wide as their widest cell, numbers to the right.
std::string aligned(const std::vector<std::vector<std::string>>& rows, std::size_t text_columns) {
  std::vector<std::size_t> widths;
  for (const auto& row : rows) {
    widths.resize(std::max(widths.size(), row.size()), 0);
    for (std::size_t i = 0; i < row.size(); ++i) widths[i] = std::max(widths[i], row[i].size());
  }
  std::string out;
  for (const auto& row : rows) {
    std::string line;
    for (std::size_t i = 0; i < row.size(); ++i) {
      const std::string pad(widths[i] - row[i].size(), ' ');
      line += (i ? "  " : "") + (i < text_columns ? row[i] + pad : pad + row[i]);
    }
    while (!line.empty() && line.back() == ' ') line.pop_back();
    out += line + "\n";
  }
  return out;
}

void write_out(const StatsCommand& c, const std::string& text, const std::string& command) {
  if (c.out.empty()) {
    std::cout << text << std::flush;
    return;
  }
  OutputFile out(c.out, command + " --out");
  out.write(text);
  out.close();
}

// The rows --item and --group ask for: every key whose item is one of `items` (or any, if none is
// given) and whose group is one of `groups` (or any). A name no key has is refused, naming a few of
// the file's.
std::vector<bool> selected(const std::vector<StatKey>& keys, const StatsCommand& c, const std::string& command,
                           const std::string& file) {
  const auto check = [&](const std::vector<std::string>& asked, auto field, const std::string& option,
                         const std::string& kinds) {
    std::vector<std::string> known;
    for (const StatKey& k : keys)
      if (std::find(known.begin(), known.end(), field(k)) == known.end()) known.push_back(field(k));
    for (const std::string& name : asked) {
      if (std::find(known.begin(), known.end(), name) != known.end()) continue;
      std::string listed;
      for (std::size_t i = 0; i < known.size() && i < 8; ++i) listed += (i ? ", \"" : "\"") + known[i] + "\"";
      if (known.size() > 8) listed += ", ... (" + std::to_string(known.size()) + " in all)";
      input_error(command + ": " + option + " \"" + name + "\": \"" + file + "\" has no such " + kinds + " by " + c.by +
                  "; its " + kinds + "s: " + listed);
    }
  };
  check(
      c.items, [](const StatKey& k) { return k.item; }, "--item", "item");
  check(
      c.groups, [](const StatKey& k) { return k.group; }, "--group", "group");
  const auto among = [](const std::vector<std::string>& asked, const std::string& name) {
    return asked.empty() || std::find(asked.begin(), asked.end(), name) != asked.end();
  };
  std::vector<bool> keep;
  for (const StatKey& k : keys) keep.push_back(among(c.items, k.item) && among(c.groups, k.group));
  return keep;
}

// A table's rows aligned, within kTableColumns columns where the names of bots allow it: a bot
// group "bot NAME" whose name would widen the table beyond is shown as "bot #K" (K its place among
// the table's bots, from 1, as the arena's table numbers them), longest names first, and a legend
// line "#K: NAME" under the table gives it in full.
std::string fitted(std::vector<std::vector<std::string>> table, std::size_t group_column) {
  std::vector<std::string> names, shown;
  for (std::size_t r = 1; r < table.size(); ++r) {
    const std::string& group = table[r][group_column];
    if (group.rfind("bot ", 0) == 0 && std::find(names.begin(), names.end(), group.substr(4)) == names.end())
      names.push_back(group.substr(4));
  }
  shown = names;
  const auto render = [&] {
    std::vector<std::vector<std::string>> rows = table;
    for (std::size_t r = 1; r < rows.size(); ++r) {
      std::string& group = rows[r][group_column];
      if (group.rfind("bot ", 0) != 0) continue;
      group = "bot " + shown[std::size_t(std::find(names.begin(), names.end(), group.substr(4)) - names.begin())];
    }
    return aligned(rows, 3);
  };
  std::string text = render();
  while (widest_line(text) > kTableColumns) {
    std::size_t longest = names.size();
    for (std::size_t i = 0; i < names.size(); ++i)
      if (shown[i].size() > bot_key(i).size() && (longest == names.size() || shown[i].size() > shown[longest].size()))
        longest = i;
    if (longest == names.size()) break;
    shown[longest] = bot_key(longest);
    text = render();
  }
  for (std::size_t i = 0; i < names.size(); ++i)
    if (shown[i] != names[i]) text += shown[i] + ": " + names[i] + "\n";
  return text;
}

void check_command(const StatsCommand& c, const std::string& command) {
  if (c.format != "table" && c.format != "csv" && c.format != "json")
    input_error(command + ": --format \"" + c.format + "\": use table, csv or json");
  check_output_path(c.out, command + " --out", c.force);
  for (const auto& file : c.files) check_not_input(c.out, command + " --out", file, "file read");
}

}  // namespace

int run_stats_command(const StatsCommand& c) {
  check_command(c, "stats");
  const std::string& file = c.files.at(0);
  const DealSums d = read_sums(file, c);
  const std::vector<bool> keep = selected(d.keys, c, "stats", file);
  const std::vector<int> rows = all_rows(d);
  std::vector<double> sums, counts;
  pool(d, rows, std::vector<double>(rows.size(), 1.0), sums, counts);
  const std::vector<double> values = ratios(sums, counts);
  const std::vector<double> n = counts;
  std::vector<std::vector<double>> draws;
  if (d.deals.size() >= 2) {
    Rng rng(hash_combine(d.seed, 0x7374617473ull));  // "stats"
    for (int r = 0; r < c.resamples; ++r) {
      pool(d, rows, resample_weights(rows.size(), rng), sums, counts);
      draws.push_back(ratios(sums, counts));
    }
  }
  const std::vector<Figure> figures = with_intervals(values, draws);
  std::string text;
  if (c.format == "table") {
    std::vector<std::vector<std::string>> table{{"item", "statistic", "group", "n", "value", "low", "high"}};
    for (std::size_t k = 0; k < d.keys.size(); ++k)
      if (keep[k])
        table.push_back({d.keys[k].item, d.keys[k].statistic, d.keys[k].group, number(n[k], 0),
                         number(figures[k].value), number(figures[k].low), number(figures[k].high)});
    text = "stats: " + d.game + ", " + std::to_string(d.players) + " players, " + std::to_string(d.games) +
           " games in " + std::to_string(d.deals.size()) + " deals, by " + c.by +
           "; low and high: 95% bootstrap interval over deals\n" + fitted(table, 2);
  } else {
    TableText table(c.format == "csv", {"item", "statistic", "group", "n", "value", "low", "high"});
    for (std::size_t k = 0; k < d.keys.size(); ++k)
      if (keep[k])
        table.row({d.keys[k].item, d.keys[k].statistic, d.keys[k].group, std::llround(n[k]),
                   json_number(figures[k].value), json_number(figures[k].low), json_number(figures[k].high)});
    text = table.text();
  }
  write_out(c, text, "stats");
  return 0;
}

int run_compare_command(const StatsCommand& c) {
  check_command(c, "compare");
  const DealSums a = read_sums(c.files.at(0), c), b = read_sums(c.files.at(1), c);
  if (a.game != b.game)
    input_error("compare: \"" + c.files[0] + "\" holds games of " + a.game + ", \"" + c.files[1] + "\" of " + b.game);
  // The statistics of both files, in A's order; those of one file alone are counted and named.
  std::map<StatKey, std::size_t> in_b;
  for (std::size_t k = 0; k < b.keys.size(); ++k) in_b[b.keys[k]] = k;
  std::vector<std::pair<std::size_t, std::size_t>> both;
  for (std::size_t k = 0; k < a.keys.size(); ++k)
    if (auto it = in_b.find(a.keys[k]); it != in_b.end()) both.emplace_back(k, it->second);
  if (both.empty()) input_error("compare: the two files have no statistic in common");
  const std::vector<bool> keep_a = selected(a.keys, c, "compare", c.files[0]);
  const std::size_t only_a = a.keys.size() - both.size(), only_b = b.keys.size() - both.size();
  // Paired over the deals both files hold (the same seeds deal the same cards), when there are two
  // at least; else two independent samples of deals.
  std::map<std::uint64_t, int> row_in_b;
  for (std::size_t i = 0; i < b.deals.size(); ++i) row_in_b[b.deals[i]] = int(i);
  std::vector<int> rows_a, rows_b;
  for (std::size_t i = 0; i < a.deals.size(); ++i)
    if (auto it = row_in_b.find(a.deals[i]); it != row_in_b.end())
      rows_a.push_back(int(i)), rows_b.push_back(it->second);
  const bool paired = rows_a.size() >= 2;
  if (!paired) rows_a = all_rows(a), rows_b = all_rows(b);
  const auto values_of = [&](const DealSums& d, const std::vector<int>& rows, const std::vector<double>& weights) {
    std::vector<double> sums, counts;
    pool(d, rows, weights, sums, counts);
    return ratios(sums, counts);
  };
  const std::vector<double> va = values_of(a, rows_a, std::vector<double>(rows_a.size(), 1.0));
  const std::vector<double> vb = values_of(b, rows_b, std::vector<double>(rows_b.size(), 1.0));
  std::vector<double> diff;
  for (const auto& [ka, kb] : both) diff.push_back(vb[kb] - va[ka]);
  std::vector<std::vector<double>> draws;
  if (rows_a.size() >= 2 && rows_b.size() >= 2) {
    Rng rng(hash_combine(a.seed, 0x636f6d70617265ull));  // "compare"
    for (int r = 0; r < c.resamples; ++r) {
      const std::vector<double> wa = resample_weights(rows_a.size(), rng);
      const std::vector<double> wb = paired ? wa : resample_weights(rows_b.size(), rng);
      const std::vector<double> ra = values_of(a, rows_a, wa), rb = values_of(b, rows_b, wb);
      std::vector<double> d;
      for (const auto& [ka, kb] : both) d.push_back(rb[kb] - ra[ka]);
      draws.push_back(std::move(d));
    }
  }
  const std::vector<Figure> figures = with_intervals(diff, draws);
  std::string text;
  const std::vector<std::string> columns{"item", "statistic", "group", "a", "b", "difference", "low", "high"};
  if (c.format == "table") {
    std::vector<std::vector<std::string>> table{columns};
    for (std::size_t i = 0; i < both.size(); ++i) {
      if (!keep_a[both[i].first]) continue;
      const StatKey& key = a.keys[both[i].first];
      table.push_back({key.item, key.statistic, key.group, number(va[both[i].first]), number(vb[both[i].second]),
                       number(figures[i].value), number(figures[i].low), number(figures[i].high)});
    }
    text = "compare: " + a.game + " by " + c.by + "; a: \"" + c.files[0] + "\", b: \"" + c.files[1] + "\"\n" +
           "compare: difference b - a, low and high its 95% bootstrap interval, " +
           (paired ? "paired over the " + std::to_string(rows_a.size()) + " deals both files hold"
                   : "unpaired (the files share fewer than 2 deals)") +
           "\n";
    if (only_a || only_b)
      text += "compare: left out " + std::to_string(only_a) + " statistics of a alone and " + std::to_string(only_b) +
              " of b alone\n";
    text += fitted(table, 2);
  } else {
    if (only_a || only_b)
      std::fprintf(stderr, "compare: left out %zu statistics of a alone and %zu of b alone\n", only_a, only_b);
    TableText table(c.format == "csv", columns);
    for (std::size_t i = 0; i < both.size(); ++i) {
      if (!keep_a[both[i].first]) continue;
      const StatKey& key = a.keys[both[i].first];
      table.row({key.item, key.statistic, key.group, json_number(va[both[i].first]), json_number(vb[both[i].second]),
                 json_number(figures[i].value), json_number(figures[i].low), json_number(figures[i].high)});
    }
    text = table.text();
  }
  write_out(c, text, "compare");
  return 0;
}

void add_stats_options(Options& o, StatsCommand& a) {
  o.option("--by", a.by, "what a row is about: game (every game), route, ticket or city (ttr), area or tile (bardagi)")
      .not_empty();
  o.option("--format", a.format, "table, csv (a header row) or json (JSON lines)").not_empty();
  o.option("--out", a.out, "write the table to this new file instead of standard output").file();
  o.flag("--force", a.force, "replace an existing --out file");
  o.integer("--resamples", a.resamples, 10, 100000, "bootstrap resamples for the intervals");
  o.option("--item", a.items,
           "only this item's rows, named as in the table (\"game\", a route, \"N: From - To\"); repeatable");
  o.option("--group", a.groups, "only this group's rows: all, \"seat S\" or \"bot NAME\"; repeatable");
  add_map_override(o, a.map_file, a.ignore_map_hash);
}

namespace {

class Stats final : public Command {
 public:
  void add_options(Options& o) override {
    o.option("file", args_.files, "results file (arena --out) or game log (play --log)").file().required().expected(1);
    add_stats_options(o, args_);
  }

  int run() override { return run_stats_command(args_); }

 private:
  StatsCommand args_;
};

}  // namespace

extern const CommandEntry stats_command{
    "stats", "a designer's figures on a results file or play log, by seat and by bot, with intervals over deals",
    make_command<Stats>};

}  // namespace nuraghe
