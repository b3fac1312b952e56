#pragma once
// `nuraghe arena`, `replay`, `score --results`, `map` and `tune` for one game (cli/commands/tournament.hpp).
// Instantiated once per game by cli/game_commands.hpp; cli/commands/tournament.cpp holds what serves
// every game (SPRT, shards, merge).

#include <unistd.h>
#include <array>
#include <chrono>
#include <cstdio>
#include <iostream>
#include <map>

#include "arena/logged_game.hpp"
#include "arena/ratings.hpp"
#include "arena/sprt.hpp"
#include "arena/summary.hpp"
#include "arena/tune.hpp"
#include "bots/notation.hpp"
#include "cli/cli.hpp"
#include "cli/commands/tournament.hpp"
#include "cli/mpi.hpp"
#include "core/files.hpp"
#include "core/hooks.hpp"
#include "games/all_presentations.hpp"
#include "viewer/viewer.hpp"

namespace nuraghe::commands {

inline ProgressMode progress_mode() { return isatty(fileno(stderr)) ? ProgressMode::Bar : ProgressMode::Lines; }

// Under mpirun -n K: rank r plays shard r/K, appending to its own part file (so a killed run loses
// no finished game and resumes per rank); rank 0 gathers every rank's games and writes the one
// results file, which later runs also resume from.
template <Game G>
ArenaRun mpi_arena(const ArenaSettings& given, ArenaRunOptions options) {
  const ArenaSettings a = resumed_rules(given);  // the results file's own rules, when it resumes one
  const int rank = mpi::rank(), ranks = mpi::size();
  ArenaSettings mine = a;
  mine.shard = rank, mine.shards = ranks;
  if (!a.out.empty()) {
    mine.out = a.out + ".rank" + std::to_string(rank) + "of" + std::to_string(ranks);
    options.also_done.push_back(a.out);
  }
  if (rank != 0) options.progress = ProgressMode::Off;
  ArenaRun run = run_arena<G>(mine, options);
  std::vector<std::string> lines;
  for (const auto& g : run.games) lines.push_back(g.line.dump());
  const std::vector<std::string> all = mpi::gather_lines(lines);
  ArenaRun merged;
  merged.resumed = run.resumed, merged.rules = run.rules;
  if (rank == 0) {
    const int n = int(a.bots.size());
    Json first_line = arena_header<G>(a, n);
    first_line["version"] = options.version;
    const ResultsHeader header = header_from_line(first_line, "mpi");
    for (const auto& line : all) merged.games.push_back(result_from_line(parse_json(line, "mpi"), header, "mpi"));
    std::sort(merged.games.begin(), merged.games.end(),
              [](const GameResult& x, const GameResult& y) { return x.index < y.index; });
    if (!a.out.empty()) {
      const std::string tmp = a.out + ".tmp";
      std::filesystem::remove(tmp);
      {
        ResultsWriter w(tmp);
        w.write(first_line);
        for (const auto& g : merged.games) w.write(g.line);
      }
      std::filesystem::rename(tmp, a.out);  // the one results file, replaced whole
    }
  }
  mpi::barrier();  // every rank's part is in the results file before any part is removed
  if (!a.out.empty()) std::filesystem::remove(mine.out);
  return merged;
}

template <Game G>
int arena(const ArenaCommand& c) {
  ArenaSettings a = c.settings;
  check_summary_format(c.format);
  check_not_input(a.out, "--out", a.config.map_file, "--map file");
  std::optional<SprtSettings> sprt;
  if (!c.sprt.empty()) {
    sprt = parse_sprt(c.sprt);
    if (c.self_play || a.bots.size() != 2 || num_players_of<G>(G::initial(a.config)) != 2)
      input_error("--sprt compares two bots in a two-player game (pairs of games with seats swapped)");
    if (a.shards != 1) input_error("--sprt decides as the games come in: it cannot run in shards");
  }
  // One spec is one bot: given twice under one name it would be two rows of one player, and their
  // comparison meaningless. Copies under two labels are two equal players (an A/A table); --fill
  // seats labelled copies of one bot in the seats the listed bots leave; self-play seats one spec
  // everywhere and compares the seats instead.
  const int n = num_players_of<G>(G::initial(a.config));
  if (c.self_play) {
    if (!c.fill.empty()) input_error("arena: --self-play seats one bot everywhere, so there is no seat for --fill");
    if (a.bots.size() != 1) input_error("--self-play seats one bot everywhere: give exactly one --bot");
    a.bots.assign(std::size_t(n), a.bots[0]);
    // One bot in every seat has no neighbours to balance: the rotations put it in every seat, n games
    // a deal (a deterministic bot would replay one game in all n (n - 1) balanced seatings).
    a.rules.seatings = Seatings::Rotations;
  } else {
    if (!c.fill.empty()) a.bots = filled_seats(a.bots, c.fill, n);
    for (std::size_t i = 0; i < a.bots.size(); ++i)
      for (std::size_t k = i + 1; k < a.bots.size(); ++k)
        if (same_bot(a.bots[i], a.bots[k]) && bot_name(a.bots[i]) == bot_name(a.bots[k]))
          input_error("arena: \"" + a.bots[i] +
                      "\" is given twice: copies of one bot need two labels (--bot a=SPEC "
                      "--bot b=SPEC), --fill SPEC seats copies in the seats left, --self-play one bot in every seat");
    check_bot_names(a.bots, "arena");
  }
  ArenaRunOptions options;
  options.progress = progress_mode();
  options.version = version();
  if (sprt) {
    // SPRT checks between batches of 8 deals, whatever --jobs is, so the games played are the same.
    options.batch_deals = 8;
    options.should_stop = [&](const std::vector<GameResult>& games) { return sprt_track(*sprt, games).verdict != 0; };
  }
  ArenaRun run;
  if (mpi::size() > 1) {
    if (sprt) input_error("--sprt decides as the games come in: it cannot be split over MPI ranks");
    if (a.shards != 1) input_error("--shard and mpirun both split the games: use one of them");
    run = mpi_arena<G>(a, options);
    if (mpi::rank() != 0) return 0;  // rank 0 prints the table of every rank's games
  } else {
    run = run_arena<G>(a, options);
  }
  const Summary summary = summarize(a.bots, run.games, a.config.seed, c.resamples);
  if (c.format == "json") {
    Json j = parse_json(format_summary(summary, "json"), "summary");
    j["game"] = G::kName, j["seed"] = a.config.seed,
    j["shard"] = std::to_string(a.shard) + "/" + std::to_string(a.shards);
    if (sprt) {
      const SprtTrack t = sprt_track(*sprt, run.games);
      j["sprt"] = {{"verdict", t.verdict > 0   ? "H1"
                               : t.verdict < 0 ? "H0"
                                               : "none"},
                   {"first", bot_name(a.bots[0])},
                   {"second", bot_name(a.bots[1])},
                   {"pairs", t.llr.size()},
                   {"llr", t.llr}};
    }
    std::cout << j.dump(2) << "\n";
    return 0;
  }
  if (c.format == "table") {
    const int n = int(a.bots.size());
    const int set = seatings_per_deal(n, run.rules.seatings);
    std::cout << "arena: " << G::kName << ", " << run.games.size() << " games (" << (run.games.size() + set - 1) / set
              << " deals x " << set << " seatings";
    if (a.shards > 1) std::cout << ", shard " << a.shard << "/" << a.shards;
    std::cout << "), seed " << a.config.seed;
    if (run.resumed) std::cout << ", " << run.resumed << " resumed from " << a.out;
    std::cout << "\n";
  }
  std::cout << format_summary(summary, c.format);
  if (sprt && c.format == "table")
    std::cout << sprt_report(sprt_track(*sprt, run.games), bot_name(a.bots[0]), bot_name(a.bots[1]));
  return 0;
}

// ---- replay -------------------------------------------------------------------------------------

template <Game G>
int replay(const ResultsFile& f, const ReplayCommand& c) {
  const GameResult* game = nullptr;
  for (const auto& g : f.games)
    if (g.index == c.index) game = &g;
  if (!game) input_error("replay: game " + std::to_string(c.index) + " is not in \"" + c.file + "\"");
  const auto t = logged_game<G>(f, *game, c.file, "replay: game " + std::to_string(c.index), true);
  if (c.seat >= num_players_of<G>(t.start))
    input_error("replay: --seat " + std::to_string(c.seat) + ": there is no such seat");
  const std::string heading = "game " + std::to_string(c.index) + " of " + c.file + ": " + std::string(G::kName) +
                              ", seed " + std::to_string(game->seed);
  if (!c.html.empty()) {
    write_viewer_page<G>(t, heading, c.html, c.seat, c.seat >= 0 ? PageViews::SeatOnly : PageViews::Every);
    std::cout << "replay: wrote " << c.html << "\n";
    return 0;
  }
  std::cout << heading << "\n";
  for (std::size_t p = 0; p < t.seats.size(); ++p) std::cout << "  seat " << p << ": " << t.seats[p] << "\n";
  std::cout << "\n" << render_of<G>(t.start, c.seat);
  int ply = 0;
  t.for_each_step([&](const typename G::State& before, const MoveRecord& m, const typename G::State& after) {
    std::cout << "\n"
              << ++ply << ". " << mover_name(m.player) << ": " << move_text_seen_by<G>(before, m, c.seat) << "\n"
              << render_of<G>(after, c.seat);
  });
  if (t.final_state().to_move() != kTerminal)
    std::cout << "\nunfinished: the game was quit after " << t.moves.size() << " moves\n";
  else std::cout << "\nscores: " << format_values(scores_of<G>(t.final_state()), num_players_of<G>(t.start)) << "\n";
  return 0;
}

// ---- map ----------------------------------------------------------------------------------------

template <Game G>
int draw_map(const MapCommand& c) {
  if (c.svg.empty() && !c.check) input_error("map: give --svg FILE (a picture) or --check (the counts), or both");
  if (c.check) {
    if constexpr (!HasMapCheck<G>) {
      input_error("map --check: " + std::string(G::kName) +
                  (HasMap<G> ? " has no check of its board beyond the validator that reads it"
                             : " has no board data to check"));
    } else {
      const MapCheck m = G::Presentation::map_check(G::initial(c.config));
      for (const auto& line : m.counts) std::cout << line << "\n";
      for (const auto& warning : m.warnings) std::cout << "warning: " << warning << "\n";
      std::cout << "map --check: " << m.warnings.size() << (m.warnings.size() == 1 ? " warning" : " warnings") << "\n";
      if (c.strict && !m.warnings.empty())
        input_error("map --check --strict: ", m.warnings.size(), m.warnings.size() == 1 ? " warning" : " warnings");
    }
    if (c.svg.empty()) return 0;
  }
  if constexpr (!HasBoardPicture<G>) {
    input_error("map: " + std::string(G::kName) + " has no board to draw");
  } else {
    // An output that is one of the inputs is refused first: --force replaces only what is not read.
    check_not_input(c.svg, "--svg", c.usage, "--usage file");
    check_not_input(c.svg, "--svg", c.config.map_file, "--map file");
    check_output_path(c.svg, "--svg", c.force);
    auto board = G::initial(c.config);
    std::vector<double> usage;
    int games = 0;
    if (!c.usage.empty()) {
      // The map drawn is the one the games were played on: the recorded one, or --map in its place.
      const ResultsFile f = read_game_records(c.usage, MapOverride{c.config.map_file, c.ignore_map_hash});
      const std::string where = "map --usage \"" + c.usage + "\"";
      if (f.header.game != G::kName)
        input_error(where + " holds games of " + f.header.game + ", not of " + std::string(G::kName));
      if (f.games.empty()) input_error(where + " holds no finished game");
      // The games' own players and options are drawn, so asking for others would be ignored.
      if (c.config.players != 0 || !c.config.options.empty())
        input_error(where + ": the games' own players and options are drawn; leave out -p and -o");
      for (const auto& game : f.games) {
        const auto s = logged_final<G>(f, game, c.usage, where + " game " + std::to_string(game.index));
        const std::vector<double> used = G::Presentation::board_usage(s);
        if (usage.empty()) usage.assign(used.size(), 0.0);
        for (std::size_t i = 0; i < used.size(); ++i) usage[i] += used[i];
        if (games == 0) board = s;
        ++games;
      }
      for (double& u : usage) u /= games;
    }
    OutputFile out(c.svg, "--svg file");
    out.write(G::Presentation::board_svg(board, usage, games));
    out.close();
    std::cout << "map: wrote " << c.svg
              << (games > 0 ? ", usage over " + std::to_string(games) + " games of " + c.usage : std::string()) << "\n";
  }
  return 0;
}

// ---- score ------------------------------------------------------------------------------------

template <Game G>
int score_games(const ResultsFile& f, const std::string& file) {
  for (const auto& game : f.games) {
    const std::string where = "score --results \"" + file + "\" game " + std::to_string(game.index);
    const auto s = logged_final<G>(f, game, file, where);
    const JsonIn line(game.line, where);
    Json out{{"index", game.index},
             {"seed", game.seed},
             {"bots", line.at("bots").strings()},
             {"moves", line.at("moves").strings().size()}};
    if constexpr (HasScoreReport<G>) {
      out["score"] = G::Presentation::score_json(s);
    } else {
      const Values v = scores_of<G>(s);
      out["score"] = Json{{"scores", std::vector<double>(v.begin(), v.begin() + num_players_of<G>(s))}};
    }
    std::cout << out.dump() << "\n";
  }
  return 0;
}

// ---- tune --------------------------------------------------------------------------------------

template <Game G>
int tune(const TuneCommand& c) {
  const ArenaSettings& base = c.arena;
  if (base.bots.size() < 2) input_error("tune: give the spec to tune (--bot) and at least one opponent (--opponent)");
  check_not_input(c.best_out, "tune --best", base.config.map_file, "--map file");
  check_not_input(c.csv_out, "tune --csv", base.config.map_file, "--map file");
  check_output_path(c.best_out, "tune --best", c.force);
  check_output_path(c.csv_out, "tune --csv", c.force);
  const int n = num_players_of<G>(G::initial(base.config));
  const std::string tuned = base.bots[0];
  const std::vector<std::string> pool(base.bots.begin() + 1, base.bots.end());
  std::vector<TuneParam> params;
  const Spec tuned_spec = parse_spec(tuned, "bot");
  bot_params(tuned_spec);  // throws the one-line error if the spec itself is not valid
  const BotInfo& info = find_bot(tuned_spec.name);
  for (const auto& text : c.params) {
    const auto eq = text.find('=');
    const std::string name = eq == std::string::npos ? text : text.substr(0, eq);
    const ParamSpec* spec = nullptr;
    for (const auto& p : info.params)
      if (p.name == name) spec = &p;
    if (!spec) input_error("tune: bot " + info.name + " has no parameter \"" + name + "\" (see `nuraghe bots`)");
    if (spec->kind != ParamSpec::Kind::Integer && spec->kind != ParamSpec::Kind::Real)
      input_error("tune: parameter \"" + name + "\" is not numeric");
    params.push_back(parse_tune_param(text, spec->kind == ParamSpec::Kind::Integer));
    // Both ends must be values the bot accepts.
    make_bot<G>(spec_with(tuned, {params.back()}, {params.back().low}), 0);
    make_bot<G>(spec_with(tuned, {params.back()}, {params.back().high}), 0);
  }
  if (params.empty()) input_error("tune: give at least one --param NAME=LOW:HIGH");
  for (const auto& spec : pool) make_bot<G>(spec, 0);
  check_models<G>(base.bots, G::initial(base.config), &base.config);

  // The search starts from the spec's own values (given or default), so that what it returns
  // is measured against what the user had.
  const Params own = bot_params(tuned_spec);
  std::vector<double> start;
  for (const auto& p : params) start.push_back(p.integer ? double(own.integer(p.name)) : own.real(p.name));

  // The candidate against the pool, in every seat, on `games` games (rounded up to whole duplicate
  // sets) from one seed: bot 0's mean return per deal.
  const auto play = [&](const std::string& spec, int games, std::uint64_t seed) {
    ArenaSettings a = base;
    a.out.clear();
    a.shard = 0, a.shards = 1;
    a.config.seed = seed;
    a.bots.assign(1, spec);
    for (int s = 1; s < n; ++s) a.bots.push_back(pool[std::size_t(s - 1) % pool.size()]);
    const int set = seatings_per_deal(n, a.rules.seatings);
    a.games = (games + set - 1) / set * set;
    std::map<int, std::pair<double, int>> by_deal;
    for (const auto& g : run_arena<G>(a).games)
      for (int s = 0; s < n; ++s)
        if (g.seat_bot[s] == 0) by_deal[g.deal].first += g.returns[s], ++by_deal[g.deal].second;
    std::vector<double> per_deal;
    for (const auto& [deal, sum] : by_deal) per_deal.push_back(sum.first / sum.second);
    return per_deal;
  };
  const auto mean = [](const std::vector<double>& v) {
    double t = 0;
    for (double x : v) t += x;
    return v.empty() ? 0.0 : t / double(v.size());
  };
  std::vector<double> evaluations;  // every score the tuner saw
  const Objective objective = [&](const std::vector<double>& values, int games, std::uint64_t seed) {
    const double score = mean(play(spec_with(tuned, params, values), games, seed));
    evaluations.push_back(score);
    return score;
  };
  TuneSettings settings;
  settings.method = c.method;
  settings.budget_games = c.budget;
  settings.games_per_eval = c.games_per_eval;
  settings.seed = base.config.seed;
  settings.start = start;
  const auto started = std::chrono::steady_clock::now();
  const TuneResult result = nuraghe::tune(params, settings, objective, [&](const TuneStep& step) {
    if (step.measured) {
      // The ETA as arena gives it: the games left at the rate so far.
      const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
      const double rate = seconds > 0 ? step.games_used / seconds : 0;
      std::fprintf(stderr, "tune: iteration %d, %d/%d games, ETA %.0f s, score %.3f:", step.iteration, step.games_used,
                   c.budget, rate > 0 ? (c.budget - step.games_used) / rate : 0.0, step.score);
    } else {
      std::fprintf(stderr, "tune: final update (returned as best), in-run estimate %.3f:", step.score);
    }
    for (std::size_t i = 0; i < params.size(); ++i)
      std::fprintf(stderr, " %s=%.4g", params[i].name.c_str(), step.values[i]);
    std::fprintf(stderr, "\n");
  });
  const std::string untuned = spec_with(tuned, params, start);
  const bool nothing_learned =
      std::all_of(evaluations.begin(), evaluations.end(), [&](double y) { return y == evaluations[0]; });
  if (nothing_learned) {
    std::printf(
        "tune: nothing was learned: all %zu evaluations scored %.3f, so the games could not tell the values apart "
        "(more --games-per-eval, or a parameter that matters here); the spec is returned unchanged\n",
        evaluations.size(), evaluations.empty() ? 0.0 : evaluations[0]);
  }
  const std::string best = nothing_learned ? untuned : spec_with(tuned, params, result.best);
  std::cout << "best: " << best << "  (in-run estimate " << result.best_score << ")\n";
  // The truth: the tuned and the untuned spec against the same opponents on the same fresh deals
  // (a seed the tuning never used); the difference per deal, bootstrapped over deals.
  if (best == untuned) {
    std::cout << "final match: skipped, the tuned spec is the untuned one\n";
  } else {
    const int games = c.final_games > 0 ? c.final_games : std::max(10 * n, c.budget / 5);
    const std::uint64_t seed = hash_combine(base.config.seed, 0xF1A1'0004);
    const std::vector<double> with = play(best, games, seed), without = play(untuned, games, seed);
    std::vector<double> diff(with.size());
    for (std::size_t d = 0; d < with.size(); ++d) diff[d] = with[d] - without[d];
    const auto [low, high] = bootstrap_interval(
        int(diff.size()),
        [&](const std::vector<int>& pick) {
          double t = 0;
          for (int d : pick) t += diff[std::size_t(d)];
          return t / double(pick.size());
        },
        1000, hash_combine(seed, 0xB00));
    char interval[96] = "[no spread: more --final-games needed]";
    if (low != high && !std::isnan(low)) std::snprintf(interval, sizeof interval, "[%+.3f, %+.3f]", low, high);
    std::printf(
        "final match (%zu deals x %d seatings each, fresh seed): tuned %.3f, untuned %.3f mean return against the "
        "opponents;\n"
        "  tuned minus untuned %+.3f, 95%% bootstrap interval over deals %s\n",
        with.size(), n, mean(with), mean(without), mean(diff), interval);
    if (!(low > 0))
      std::printf("  the interval includes no gain over the untuned spec: the tuning has not shown an improvement\n");
  }
  if (!c.best_out.empty()) {
    OutputFile f(c.best_out, "tune --best");
    f.write(best + "\n");
    f.close();
  }
  if (!c.csv_out.empty()) {
    OutputFile f(c.csv_out, "tune --csv");
    f.write(trajectory_csv(params, result));
    f.close();
  }
  return 0;
}

}  // namespace nuraghe::commands
