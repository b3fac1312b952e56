// The result table of a tournament (lib/arena/summary.hpp declares and documents these functions),
// compiled once: the duplicate sets, the table and its bootstrap intervals, its formats, and the
// A/A check.

#include "arena/summary.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>
#include <functional>
#include <limits>
#include <map>
#include <string>
#include <tuple>
#include <vector>

#include "bots/registry.hpp"

namespace nuraghe {

std::vector<DuplicateSet> duplicate_sets(const std::vector<GameResult>& games) {
  std::map<int, DuplicateSet> by_deal;
  for (const auto& g : games) by_deal[g.deal].push_back(RatedGame{g.seat_bot, g.scores});
  std::vector<DuplicateSet> sets;
  for (auto& [deal, set] : by_deal) sets.push_back(std::move(set));
  return sets;
}

Summary summarize(const std::vector<std::string>& bots, const std::vector<GameResult>& games, std::uint64_t seed,
                  int resamples) {
  const int b = int(bots.size());
  Summary sum;
  sum.games = int(games.size());
  sum.resamples = resamples;
  sum.rows.resize(bots.size());
  std::vector<double> seconds(b, 0.0), decisions(b, 0.0), score(b, 0.0), rank(b, 0.0);
  for (int i = 0; i < b; ++i) sum.rows[i].spec = bots[i], sum.rows[i].name = bot_name(bots[i]);
  // Per deal and bot: games and wins, for the win-rate bootstrap.
  std::map<int, int> set_of_deal;
  for (const auto& g : games) set_of_deal.emplace(g.deal, 0);
  int k = 0;
  for (auto& [deal, index] : set_of_deal) index = k++;
  sum.sets = k;
  std::vector<std::vector<double>> set_games(k, std::vector<double>(b, 0.0)), set_wins = set_games;
  for (const auto& g : games) {
    const int set = set_of_deal[g.deal];
    double best = -1e300;
    int leaders = 0;
    for (double r : g.returns) best = std::max(best, r);
    for (double r : g.returns) leaders += r == best;
    for (std::size_t s = 0; s < g.seat_bot.size(); ++s) {
      const int bot = g.seat_bot[s];
      BotRow& row = sum.rows[bot];
      ++row.games;
      const double win = g.returns[s] == best ? 1.0 / leaders : 0.0;
      row.wins += win;
      set_games[set][bot] += 1, set_wins[set][bot] += win;
      score[bot] += g.scores[s], rank[bot] += g.ranks[s];
      seconds[bot] += g.think_seconds[s], decisions[bot] += g.decisions[s];
    }
  }
  const auto sets = duplicate_sets(games);
  const EloIntervals elo = elo_with_intervals(sets, b, resamples, hash_combine(seed, 0xE10));
  for (int i = 0; i < b; ++i) {
    BotRow& row = sum.rows[i];
    if (row.games) row.mean_score = score[i] / row.games, row.mean_rank = rank[i] / row.games;
    row.ms_per_move = decisions[i] > 0 ? 1000 * seconds[i] / decisions[i] : 0;
    row.elo = elo.elo[i], row.elo_low = elo.low[i], row.elo_high = elo.high[i];
    const auto [low, high] = bootstrap_interval(
        k,
        [&](const std::vector<int>& pick) {
          double n = 0, w = 0;
          for (int s : pick) n += set_games[s][i], w += set_wins[s][i];
          return n > 0 ? w / n : 0.0;
        },
        resamples, hash_combine(seed, 0xB00 + std::uint64_t(i)));
    row.win_low = low, row.win_high = high;
  }

  // Per set, for every pair (or every seat in self-play), the sums the statistics need.
  sum.self_play = is_self_play(bots);
  if (sum.self_play) {
    const int n = games.empty() ? int(bots.size()) : int(games[0].seat_bot.size());
    std::vector<std::vector<double>> seat_games(k, std::vector<double>(n, 0.0)), seat_wins = seat_games;
    std::vector<double> seat_score(n, 0.0);
    for (const auto& g : games)
      for (int st = 0; st < n; ++st)
        seat_games[set_of_deal[g.deal]][st] += 1, seat_wins[set_of_deal[g.deal]][st] += share_of_win(g, st),
            seat_score[st] += g.scores[st];
    for (int st = 0; st < n; ++st) {
      SeatRow r;
      r.seat = st;
      for (int set = 0; set < k; ++set) r.games += int(seat_games[set][st]), r.wins += seat_wins[set][st];
      r.mean_score = r.games ? seat_score[st] / r.games : 0.0;
      std::tie(r.win_low, r.win_high) = bootstrap_interval(
          k,
          [&](const std::vector<int>& pick) {
            double n_games = 0, w = 0;
            for (int set : pick) n_games += seat_games[set][st], w += seat_wins[set][st];
            return n_games > 0 ? w / n_games : 0.0;
          },
          resamples, hash_combine(seed, 0x5EA7 + std::uint64_t(st)));
      sum.seats.push_back(r);
    }
    return sum;
  }
  for (int a = 0; a < b; ++a)
    for (int c = a + 1; c < b; ++c) {
      // Per set: games with both, a's wins minus c's, a's points minus c's, games a finished above c.
      std::vector<double> both(k, 0.0), wins(k, 0.0), points(k, 0.0), above(k, 0.0);
      for (const auto& g : games) {
        const auto sa = std::find(g.seat_bot.begin(), g.seat_bot.end(), a),
                   sc = std::find(g.seat_bot.begin(), g.seat_bot.end(), c);
        if (sa == g.seat_bot.end() || sc == g.seat_bot.end()) continue;
        const auto ia = std::size_t(sa - g.seat_bot.begin()), ic = std::size_t(sc - g.seat_bot.begin());
        const int set = set_of_deal[g.deal];
        both[set] += 1;
        wins[set] += share_of_win(g, ia) - share_of_win(g, ic);
        points[set] += g.scores[ia] - g.scores[ic];
        above[set] += g.scores[ia] > g.scores[ic] ? 1.0 : g.scores[ia] == g.scores[ic] ? 0.5 : 0.0;
      }
      PairRow r;
      r.a = a, r.b = c;
      const auto ratio = [&](const std::vector<double>& x, const std::vector<int>& pick) {
        double n_games = 0, t = 0;
        for (int set : pick) n_games += both[set], t += x[set];
        return n_games > 0 ? t / n_games : 0.0;
      };
      std::vector<int> all(k);
      for (int i = 0; i < k; ++i) all[i] = i;
      for (double g : both) r.games += int(g);
      const std::uint64_t pair_seed = hash_combine(seed, 0x7A1 + std::uint64_t(a) * 64 + std::uint64_t(c));
      r.win_diff = ratio(wins, all), r.score_diff = ratio(points, all), r.ahead = ratio(above, all);
      std::tie(r.win_diff_low, r.win_diff_high) = bootstrap_interval(
          k, [&](const std::vector<int>& p) { return ratio(wins, p); }, resamples, pair_seed);
      std::tie(r.score_diff_low, r.score_diff_high) = bootstrap_interval(
          k, [&](const std::vector<int>& p) { return ratio(points, p); }, resamples, pair_seed);
      std::tie(r.ahead_low, r.ahead_high) = bootstrap_interval(
          k, [&](const std::vector<int>& p) { return ratio(above, p); }, resamples, pair_seed);
      r.elo_diff = elo.elo[a] - elo.elo[c];
      r.elo_diff_low = elo.diff_low(a, c), r.elo_diff_high = elo.diff_high(a, c);
      sum.pairs.push_back(r);
    }
  return sum;
}

std::string interval_text(double low, double high, double scale, const char* format) {
  if (std::isnan(low) || std::isnan(high)) return "[  n/a: <2 sets  ]";
  if (low == high) return "[ no spread (*) ]";
  char a[32], b[32];
  std::snprintf(a, sizeof a, format, scale * low);
  std::snprintf(b, sizeof b, format, scale * high);
  return std::string("[") + a + "," + b + "]";
}

// ---- formats ---------------------------------------------------------------------------------

void check_summary_format(const std::string& format) {
  if (format != "table" && format != "csv" && format != "json")
    input_error("--format \"" + format + "\": use table, csv or json");
}

namespace {

// Characters, not bytes: a UTF-8 continuation byte starts no character.
std::size_t text_width(const std::string& text) {
  return std::size_t(std::count_if(text.begin(), text.end(), [](char c) { return (c & 0xC0) != 0x80; }));
}

std::string pad_right(const std::string& text, std::size_t width) {
  return text + std::string(width - std::min(width, text_width(text)), ' ');
}

std::string pad_left(const std::string& text, std::size_t width) {
  return std::string(width - std::min(width, text_width(text)), ' ') + text;
}

std::string printed(const char* format, double x) {
  char text[64];
  std::snprintf(text, sizeof text, format, x);
  return text;
}

// An estimate and its 95% interval: {value, low, high}.
using Estimate = std::array<double, 3>;

// A column of estimates with their intervals, aligned on the value, the bounds and the brackets
// ("+12.3% [ +1.0, +20.5]"), no wider than its widest entry; a mark in place of an interval that
// the bootstrap could not give (interval_text's cases; `no_spread` is set on a zero-width one).
std::vector<std::string> estimate_column(const std::vector<Estimate>& v, double scale, const char* format,
                                         const std::string& unit, bool& no_spread) {
  std::vector<std::string> value, low, high, mark;
  std::size_t wv = 0, wl = 0, wh = 0, wi = 0;
  for (const auto& [x, lo, hi] : v) {
    value.push_back(printed(format, scale * x) + unit);
    low.push_back(std::isnan(lo) || std::isnan(hi) || lo == hi ? "" : printed(format, scale * lo));
    high.push_back(low.back().empty() ? "" : printed(format, scale * hi));
    mark.push_back(std::isnan(lo) || std::isnan(hi) ? "[n/a: <2 sets]" : lo == hi ? "[no spread (*)]" : "");
    no_spread = no_spread || (lo == hi && !std::isnan(lo));
    wv = std::max(wv, text_width(value.back()));
    wl = std::max(wl, text_width(low.back())), wh = std::max(wh, text_width(high.back()));
    wi = std::max(wi, text_width(mark.back()));
  }
  if (wl + wh > 0) wi = std::max(wi, wl + wh + 4);
  std::vector<std::string> cells;
  for (std::size_t i = 0; i < v.size(); ++i)
    cells.push_back(
        pad_left(value[i], wv) + " " +
        pad_right(mark[i].empty() ? "[" + pad_left(low[i], wl) + ", " + pad_left(high[i], wh) + "]" : mark[i], wi));
  return cells;
}

// The text table's blocks with the bots shown by `shown` (names or keys): the bots' rows (or the
// seats' in self-play) and the head-to-head block.
struct TableParts {
  std::string bots, pairs;
};

TableParts table_parts(const Summary& s, const std::vector<std::string>& shown, bool& no_spread) {
  TableParts parts;
  if (s.self_play) {
    // One spec in every seat: the seats are what there is to compare.
    parts.bots = "self-play: " + shown[0] + " in every seat; win rate by seat [95%]:\n";
    std::vector<Estimate> wins;
    for (const auto& r : s.seats) wins.push_back({r.games ? double(r.wins) / r.games : 0.0, r.win_low, r.win_high});
    const std::vector<std::string> win = estimate_column(wins, 100, "%5.1f", "%", no_spread);
    for (std::size_t i = 0; i < s.seats.size(); ++i) {
      const SeatRow& r = s.seats[i];
      char line[256];
      std::snprintf(line, sizeof line, "  seat %d %6d games %s mean score %.2f\n", r.seat, r.games, win[i].c_str(),
                    r.mean_score);
      parts.bots += line;
    }
  } else {
    std::vector<Estimate> wins, elos;
    for (const auto& r : s.rows)
      wins.push_back({r.games ? r.wins / r.games : 0.0, r.win_low, r.win_high}),
          elos.push_back({r.elo, r.elo_low, r.elo_high});
    const std::vector<std::string> win = estimate_column(wins, 100, "%.1f", "%", no_spread),
                                   elo = estimate_column(elos, 1, "%+.0f", "", no_spread);
    std::vector<std::vector<std::string>> rows{
        {"bot", "games", "wins", "win rate [95%]", "mean score", "mean rank", "ms/move", "Elo [95%]"}};
    for (std::size_t i = 0; i < s.rows.size(); ++i) {
      const BotRow& r = s.rows[i];
      rows.push_back({shown[i], std::to_string(r.games), printed("%.1f", r.wins), win[i], printed("%.2f", r.mean_score),
                      printed("%.2f", r.mean_rank), printed("%.2f", r.ms_per_move), elo[i]});
    }
    parts.bots = aligned_rows(rows, 1);
  }
  if (!s.pairs.empty()) {
    std::vector<Estimate> elo, win, score, above;
    for (const auto& r : s.pairs) {
      elo.push_back({r.elo_diff, r.elo_diff_low, r.elo_diff_high});
      win.push_back({r.win_diff, r.win_diff_low, r.win_diff_high});
      score.push_back({r.score_diff, r.score_diff_low, r.score_diff_high});
      above.push_back({r.ahead, r.ahead_low, r.ahead_high});
    }
    const auto elo_cells = estimate_column(elo, 1, "%+.0f", "", no_spread),
               win_cells = estimate_column(win, 100, "%+.1f", "%", no_spread),
               score_cells = estimate_column(score, 1, "%+.2f", "", no_spread),
               above_cells = estimate_column(above, 100, "%.1f", "%", no_spread);
    std::vector<std::vector<std::string>> rows{
        {"pair", "Elo difference", "win rate difference", "mean score difference", "first finished above"}};
    for (std::size_t i = 0; i < s.pairs.size(); ++i)
      rows.push_back({shown[std::size_t(s.pairs[i].a)] + " - " + shown[std::size_t(s.pairs[i].b)], elo_cells[i],
                      win_cells[i], score_cells[i], above_cells[i]});
    parts.pairs = "\nhead to head (first bot minus second, over the games both played) [95%]:\n";
    const std::string text = aligned_rows(rows, 1);
    for (std::size_t at = 0; at < text.size();) {
      const std::size_t end = text.find('\n', at);
      parts.pairs += "  " + text.substr(at, end - at + 1);
      at = end + 1;
    }
  }
  return parts;
}

}  // namespace

std::string aligned_rows(const std::vector<std::vector<std::string>>& rows, std::size_t text_columns) {
  std::vector<std::size_t> widths;
  for (const auto& row : rows) {
    widths.resize(std::max(widths.size(), row.size()), 0);
    for (std::size_t i = 0; i < row.size(); ++i) widths[i] = std::max(widths[i], text_width(row[i]));
  }
  std::string out;
  for (const auto& row : rows) {
    std::string line;
    for (std::size_t i = 0; i < row.size(); ++i)
      line += (i ? "  " : "") + (i < text_columns ? pad_right(row[i], widths[i]) : pad_left(row[i], widths[i]));
    while (!line.empty() && line.back() == ' ') line.pop_back();
    out += line + "\n";
  }
  return out;
}

std::size_t widest_line(const std::string& text) {
  std::size_t widest = 0;
  for (std::size_t at = 0; at < text.size();) {
    const std::size_t end = std::min(text.find('\n', at), text.size());
    widest = std::max(widest, text_width(text.substr(at, end - at)));
    at = end + 1;
  }
  return widest;
}

std::vector<std::string> keyed_names(const std::vector<std::string>& names,
                                     const std::function<std::size_t(const std::vector<std::string>&)>& widest) {
  std::vector<std::string> shown = names;
  while (widest(shown) > kTableColumns) {
    std::size_t longest = names.size();
    for (std::size_t i = 0; i < names.size(); ++i)
      if (shown[i] != bot_key(i) && text_width(shown[i]) > text_width(bot_key(i)) &&
          (longest == names.size() || text_width(shown[i]) > text_width(shown[longest])))
        longest = i;
    if (longest == names.size()) break;  // every name a key already
    shown[longest] = bot_key(longest);
  }
  return shown;
}

std::vector<std::string> table_names(const Summary& s) {
  std::vector<std::string> names;
  for (const auto& r : s.rows) names.push_back(r.name);
  return keyed_names(names, [&](const std::vector<std::string>& shown) {
    bool no_spread = false;
    const TableParts parts = table_parts(s, shown, no_spread);
    return widest_line(parts.bots + parts.pairs);
  });
}

std::string format_summary(const Summary& s, const std::string& format) {
  std::string out;
  char line[768];
  if (format == "json") {
    Json rows = Json::array();
    for (const auto& r : s.rows)
      rows.push_back({{"bot", r.name},
                      {"spec", r.spec},
                      {"games", r.games},
                      {"wins", r.wins},
                      {"win_rate", r.games ? r.wins / r.games : 0.0},
                      {"win_rate_low", r.win_low},
                      {"win_rate_high", r.win_high},
                      {"mean_score", r.mean_score},
                      {"mean_rank", r.mean_rank},
                      {"ms_per_move", r.ms_per_move},
                      {"elo", r.elo},
                      {"elo_low", r.elo_low},
                      {"elo_high", r.elo_high}});
    Json pairs = Json::array(), seats = Json::array();
    const auto number = [](double v) { return std::isnan(v) ? Json() : Json(v); };
    for (const auto& r : s.pairs)
      pairs.push_back({{"first", s.rows[std::size_t(r.a)].name},
                       {"second", s.rows[std::size_t(r.b)].name},
                       {"games", r.games},
                       {"win_rate_diff", r.win_diff},
                       {"win_rate_diff_low", number(r.win_diff_low)},
                       {"win_rate_diff_high", number(r.win_diff_high)},
                       {"score_diff", r.score_diff},
                       {"score_diff_low", number(r.score_diff_low)},
                       {"score_diff_high", number(r.score_diff_high)},
                       {"first_above", r.ahead},
                       {"first_above_low", number(r.ahead_low)},
                       {"first_above_high", number(r.ahead_high)},
                       {"elo_diff", r.elo_diff},
                       {"elo_diff_low", number(r.elo_diff_low)},
                       {"elo_diff_high", number(r.elo_diff_high)}});
    for (const auto& r : s.seats)
      seats.push_back({{"seat", r.seat},
                       {"games", r.games},
                       {"win_rate", r.games ? r.wins / r.games : 0.0},
                       {"win_rate_low", number(r.win_low)},
                       {"win_rate_high", number(r.win_high)},
                       {"mean_score", r.mean_score}});
    Json j{{"games", s.games},
           {"duplicate_sets", s.sets},
           {"bootstrap_resamples", s.resamples},
           {"bots", rows},
           {"head_to_head", pairs}};
    if (s.self_play) j["self_play_seats"] = seats;
    return json_text(j, 2) + "\n";
  }
  if (format == "csv") {
    out = "bot,games,wins,win_rate,win_rate_low,win_rate_high,mean_score,mean_rank,ms_per_move,elo,elo_low,elo_high\n";
    for (const auto& r : s.rows) {
      std::snprintf(line, sizeof line, ",%d,%.1f,%.4f,%.4f,%.4f,%.3f,%.3f,%.3f,%.1f,%.1f,%.1f\n", r.games, r.wins,
                    r.games ? r.wins / r.games : 0.0, r.win_low, r.win_high, r.mean_score, r.mean_rank, r.ms_per_move,
                    r.elo, r.elo_low, r.elo_high);
      out += "\"" + r.name + "\"" + line;
    }
    return out;
  }
  std::vector<std::string> names;
  for (const auto& r : s.rows) names.push_back(r.name);
  const std::vector<std::string> shown = table_names(s);
  bool no_spread = false;
  const TableParts parts = table_parts(s, shown, no_spread);
  out += parts.bots;
  for (std::size_t i = 0; i < names.size(); ++i)
    if (shown[i] != names[i] && (i == 0 || !s.self_play)) out += shown[i] + ": " + names[i] + "\n";
  if (!s.self_play)
    out +=
        "Elo: Bradley-Terry, centred on the mean of the bots (0); two bots' Elo differ by their Elo difference "
        "below\n";
  out += parts.pairs;
  std::snprintf(line, sizeof line, "%d games in %d duplicate sets; intervals: bootstrap over sets (%d resamples)\n",
                s.games, s.sets, s.resamples);
  out += line;
  if (no_spread)
    out +=
        "(*) every resample gave the same value: not a certainty, only too few or too uniform sets to measure the "
        "spread\n";
  if (s.sets < kMinSetsForIntervals) {
    std::snprintf(line, sizeof line,
                  "warning: %d duplicate sets are too few for these intervals to be read as 95%%; play at least %d\n",
                  s.sets, kMinSetsForIntervals);
    out += line;
  }
  return out;
}

// ---- the A/A check --------------------------------------------------------------------------

EqualPlayersCheck equal_players_check(const std::vector<std::string>& bots, const std::vector<GameResult>& games) {
  const std::size_t b = bots.size();
  EqualPlayersCheck c;
  c.win_share.assign(b, 0.0), c.mean_score.assign(b, 0.0);
  // Per deal and bot: summed win shares, scores and seats taken.
  std::map<int, std::vector<std::array<double, 3>>> deals;
  std::vector<double> seats_taken(b, 0.0);
  for (const auto& g : games) {
    auto& d = deals.try_emplace(g.deal, b, std::array<double, 3>{0, 0, 0}).first->second;
    for (std::size_t s = 0; s < g.seat_bot.size(); ++s) {
      const auto bot = std::size_t(g.seat_bot[s]);
      const double win = share_of_win(g, s);
      d[bot][0] += win, d[bot][1] += g.scores[s], d[bot][2] += 1;
      c.win_share[bot] += win, c.mean_score[bot] += g.scores[s], seats_taken[bot] += 1;
    }
  }
  for (std::size_t i = 0; i < b; ++i)
    if (seats_taken[i] > 0) c.win_share[i] /= seats_taken[i], c.mean_score[i] /= seats_taken[i];
  c.deals = int(deals.size());
  if (c.deals < 2 || b < 2) return c;
  double smallest_p = 1;
  for (int measure = 0; measure < 2; ++measure)
    for (std::size_t i = 0; i < b; ++i) {
      double sum = 0, sum2 = 0;
      for (const auto& [deal, d] : deals) {
        double table = 0;
        for (const auto& x : d) table += x[2] > 0 ? x[measure] / x[2] : 0.0;
        const double contrast = (d[i][2] > 0 ? d[i][measure] / d[i][2] : 0.0) - table / double(b);
        sum += contrast, sum2 += contrast * contrast;
      }
      const double n = double(c.deals), mean = sum / n, var = std::max(0.0, (sum2 - n * mean * mean) / (n - 1));
      const double z = var > 0 ? mean / std::sqrt(var / n) : (mean == 0 ? 0.0 : 1e9);
      ++c.tests;
      if (std::abs(z) > c.max_z)
        c.max_z = std::abs(z), c.worst = bot_name(bots[i]) + (measure ? " mean score" : " win share");
      smallest_p = std::min(smallest_p, std::erfc(std::abs(z) / std::sqrt(2.0)));
    }
  c.p = std::min(1.0, smallest_p * c.tests);
  return c;
}

}  // namespace nuraghe
