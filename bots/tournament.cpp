#include "bots/tournament.hpp"

#include <cmath>
#include <cstdio>
#include <iostream>
#include <map>
#include <optional>

#include "bots/any_game.hpp"
#include "bots/games.hpp"
#include "bots/tournament_game.hpp"

namespace nuraghe {

void parse_shard(const std::string& text, int& shard, int& shards) {
  const auto slash = text.find('/');
  long long i = -1, n = -1;
  constexpr long long kMaxShards = 1 << 20;
  if (slash == std::string::npos || !Params::try_integer(text.substr(0, slash), i) ||
      !Params::try_integer(text.substr(slash + 1), n) || n < 1 || n > kMaxShards || i < 0 || i >= n)
    input_error("--shard \"" + text + "\" must be i/n in decimal with 0 <= i < n <= " + std::to_string(kMaxShards) +
                " (for example 0/4)");
  shard = int(i), shards = int(n);
}

// ---- SPRT over game pairs (two bots, two seats) --------------------------------------------

// Deal d is games 2d (bot 0 in seat 0) and 2d + 1 (bot 0 in seat 1), played from one seed. Pairs
// are taken in deal order until the first one missing, so the verdict does not depend on which
// games happened to finish first.
SprtTrack sprt_track(const SprtSettings& settings, const std::vector<GameResult>& games) {
  SprtTrack t{settings, {}, {}, 0, 0};
  std::map<int, const GameResult*> by_index;
  for (const auto& g : games) by_index[g.index] = &g;
  const double lower = sprt_lower_bound(settings), upper = sprt_upper_bound(settings);
  for (int d = 0;; ++d) {
    const auto a = by_index.find(2 * d), b = by_index.find(2 * d + 1);
    if (a == by_index.end() || b == by_index.end()) break;
    double points = 0;
    for (const GameResult* g : {a->second, b->second})
      for (int s = 0; s < 2; ++s)
        if (g->seat_bot[s] == 0) points += g->returns[s];
    t.counts[std::size_t(std::lround(points * 2))] += 1;
    t.llr.push_back(sprt_llr(t.counts, settings.elo0, settings.elo1));
    if (!t.decided_at && (t.llr.back() >= upper || t.llr.back() <= lower)) {
      t.decided_at = int(t.llr.size());
      t.verdict = t.llr.back() >= upper ? 1 : -1;
      break;
    }
  }
  return t;
}

std::string sprt_report(const SprtTrack& t, const std::string& first, const std::string& second) {
  char line[512];
  std::string out;
  const auto& s = t.settings;
  std::snprintf(line, sizeof line,
                "SPRT elo0=%g elo1=%g alpha=%g beta=%g (logistic Elo, pentanomial pairs): bounds [%.3f, %.3f]\n",
                s.elo0, s.elo1, s.alpha, s.beta, sprt_lower_bound(s), sprt_upper_bound(s));
  out += line;
  if (t.verdict) {
    const std::string what = t.verdict > 0
                                 ? "H1 accepted: " + first + " is stronger than " + second + " by at least elo1"
                                 : "H0 accepted: " + first + " is not stronger than " + second + " by more than elo0";
    std::snprintf(line, sizeof line, " after %d pairs (LLR %.3f)\n", t.decided_at, t.llr.back());
    out += "verdict: " + what + line;
  } else {
    std::snprintf(line, sizeof line, "verdict: none after %zu pairs (LLR %.3f): the game budget ran out first\n",
                  t.llr.size(), t.llr.empty() ? 0.0 : t.llr.back());
    out += line;
  }
  out += "pairs scoring 0/0.5/1/1.5/2 for " + first;
  std::snprintf(line, sizeof line, ": %.0f %.0f %.0f %.0f %.0f\nLLR trajectory (every pair):", t.counts[0], t.counts[1],
                t.counts[2], t.counts[3], t.counts[4]);
  out += line;
  for (std::size_t i = 0; i < t.llr.size(); ++i) {
    std::snprintf(line, sizeof line, "%s%.2f", i % 16 ? " " : "\n  ", t.llr[i]);
    out += line;
  }
  return out + "\n";
}

namespace {

// ---- merge ------------------------------------------------------------------------

int merge(const std::vector<std::string>& files, const std::string& format, const std::string& out, int resamples) {
  commands::check_format(format);
  if (files.empty()) input_error("merge: give one or more results files");
  check_output_path(out, "merge --out");
  std::optional<ResultsHeader> header;
  std::map<int, GameResult> games;
  for (const auto& path : files) {
    ResultsFile f = read_results(path);
    AllGames::dispatch(f.header.game, []<Game G>() { return 0; });  // a game this program knows
    if (!header) header = f.header;
    else if (!same_tournament(f.header.json, header->json))
      input_error("merge: \"" + path + "\" belongs to another tournament than \"" + files[0] + "\" (" +
                  tournament_difference(f.header.json, header->json, "\"" + files[0] + "\"") + ")");
    for (auto& g : f.games) {
      const auto [it, fresh] = games.emplace(g.index, g);
      if (!fresh && (it->second.scores != g.scores || it->second.seat_bot != g.seat_bot || it->second.seed != g.seed))
        input_error("merge: game " + std::to_string(g.index) + " has different results in two files");
    }
  }
  std::vector<GameResult> all;
  for (auto& [index, g] : games) all.push_back(std::move(g));
  if (!out.empty()) {
    ResultsWriter w(out);
    w.write(header->json);
    for (const auto& g : all) w.write(g.line);
  }
  const Summary s = summarize(header->bots, all, header->config.seed, resamples);
  if (format == "table")
    std::cout << "merge: " << header->game << ", " << all.size() << " games from " << files.size() << " files, seed "
              << header->config.seed << "\n";
  std::cout << format_summary(s, format);
  return 0;
}

}  // namespace

int run_arena_command(const ArenaCommand& c) { return any_game(c.settings.game).commands().arena(c); }

int run_merge_command(const std::vector<std::string>& files, const std::string& format, const std::string& out,
                      int resamples) {
  return merge(files, format, out, resamples);
}

int run_replay_command(const ReplayCommand& c) {
  check_output_path(c.html, "--html", c.force);
  check_not_input(c.html, "--html", c.file, "file replayed");
  const ResultsFile f = read_game_records(c.file, c.map);
  return any_game(f.header.game).commands().replay(f, c);
}

int run_score_command(const std::string& file, const std::string& game, const MapOverride& map) {
  const ResultsFile f = read_game_records(file, map);
  if (!game.empty() && game != f.header.game)
    input_error("score: \"" + file + "\" holds games of " + f.header.game + ", not of " + game);
  return any_game(f.header.game).commands().score_games(f, file);
}

int run_map_command(const MapCommand& c) { return any_game(c.game).commands().draw_map(c); }

int run_tune_command(const TuneCommand& c) { return any_game(c.arena.game).commands().tune(c); }

}  // namespace nuraghe
