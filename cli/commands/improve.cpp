// `nuraghe improve` (cli/commands/improve.hpp): its arguments checked, then the generations for the
// game, each a folder of its data, model and arenas.
#include "cli/commands/improve.hpp"
#include "cli/mpi.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <tuple>
#include <utility>

#include "any_game/any_game.hpp"
#include "any_game/game_loops.hpp"
#include "arena/arena.hpp"
#include "arena/sprt.hpp"
#include "arena/summary.hpp"
#include "arena/tables.hpp"
#include "arena/tune.hpp"
#include "bots/games.hpp"
#include "bots/registry.hpp"
#include "bots/search_bot.hpp"
#include "cli/cli.hpp"
#include "cli/command.hpp"
#include "cli/commands/learn.hpp"
#include "cli/commands/selfplay.hpp"
#include "cli/mpi.hpp"
#include "cli/options.hpp"
#include "core/error.hpp"
#include "core/files.hpp"
#include "core/hooks.hpp"
#include "core/model_file.hpp"
#include "core/value_model.hpp"
#include "learn/fit.hpp"

namespace nuraghe::commands {

namespace fs = std::filesystem;

// The seeds of one generation's parts: the gate and the reference games never replay a deal of
// the data (distinct streams of the run's seed).
enum Stream : std::uint64_t {
  kData = 1,
  kFit = 2,
  kGate = 3,
  kReference = 4,
  kCalibration = 5,
  kPolicyFit = 6,
  kTune = 7
};
inline std::uint64_t seed_of(const ImproveCommand& c, int generation, Stream part) {
  return hash_combine(hash_combine(c.config.seed, std::uint64_t(generation)), part);
}

// The bot with a generation's models: eval= the value model, prior= the policy (if any), and
// cutoff=leaf where the spec cuts no rollout off.
std::string with_models(const std::string& bot, const std::string& model, const std::string& policy = "");

// The spec with iters= set to `iterations` (added if the spec did not give it).
std::string with_iterations(const std::string& bot, long long iterations);

// Each step of a generation, its wall seconds in this process (a step resumed from its files counts
// the time it took to read them), in order: for gen-g/timings.json and the log.
class StepClock {
 public:
  void lap(const char* step) {
    const auto now = std::chrono::steady_clock::now();
    steps_.emplace_back(step, std::chrono::duration<double>(now - last_).count());
    last_ = now;
  }
  Json json() const {
    Json steps = Json::array();
    double total = 0;
    for (const auto& [step, seconds] : steps_) {
      steps.push_back(Json{{"step", step}, {"seconds", std::round(seconds * 1000) / 1000}});
      total += seconds;
    }
    return Json{{"steps", steps},
                {"seconds", std::round(total * 1000) / 1000},
                {"meaning",
                 "wall seconds of each step of the generation in the run that finished it; a step resumed from its "
                 "files counts the time that run spent on it"}};
  }
  std::string text() const {
    double total = 0;
    std::string parts;
    char line[96];
    for (const auto& [step, seconds] : steps_) {
      total += seconds;
      std::snprintf(line, sizeof line, "%s%s %.1f s", parts.empty() ? "" : ", ", step, seconds);
      parts += line;
    }
    std::snprintf(line, sizeof line, "%.1f s: ", total);
    return line + parts;
  }

 private:
  std::chrono::steady_clock::time_point last_ = std::chrono::steady_clock::now();
  std::vector<std::pair<const char*, double>> steps_;
};

// The run's folder, as every file of the run names it: its canonical path, recorded in improve.json
// ("folder", not part of the run's identity), so that every spelling of --out (run, ./run, run/,
// an absolute path, a link) is one run, whose specs name its models (eval=FOLDER/gen-g/model.json)
// in the same words. A run begun before the folder was recorded goes on under --out as given.
fs::path start_folder(const ImproveCommand& c);

// The arena's games of one deal at `players` seats: the balanced seatings.
inline int games_per_deal(int players) { return seatings_per_deal(players, TableRules{}.seatings); }

// Plays (or resumes) an arena of `games` games into `file`, bot 0 against the others, stopping
// early by `sprt` if given.
template <Game G>
std::vector<GameResult> play(const ImproveCommand& c, std::vector<std::string> bots, int games, std::uint64_t seed,
                             const std::string& file, const std::optional<SprtSettings>& sprt, int jobs) {
  ArenaSettings a;
  a.game = c.game, a.config = c.config, a.config.seed = seed;
  const int per_deal = games_per_deal(int(bots.size()));
  a.bots = std::move(bots), a.games = games, a.jobs = jobs, a.out = file;
  ArenaRunOptions options;
  options.version = c.version;
  if (sprt) {
    options.batch_deals = 8;  // as arena --sprt: the games played do not depend on --jobs
    options.should_stop = [&](const std::vector<GameResult>& g) { return sprt_track(*sprt, g, per_deal).verdict != 0; };
  }
  return run_arena<G>(a, options).games;
}

// Bot 0 against copies of one other bot at every seat: the bots of an arena at `players` seats.
inline std::vector<std::string> against(const std::string& bot, const std::string& others, int players) {
  std::vector<std::string> bots(std::size_t(players), others);
  bots[0] = bot;
  return bots;
}

struct Generation {
  int number = 0;
  std::string best;  // the bot kept after this generation
  std::string model_hash, policy_hash;
  long long rows = 0;
  double ms_candidate = 0, ms_best = 0;  // --equal-time: the calibration's time a move at equal iterations
  int gate_deals = 0;
  double gate_llr = 0;
  int verdict = 0;                            // of the gate: +1 accepted, -1 rejected, 0 undecided (rejected)
  double elo = 0, elo_low = 0, elo_high = 0;  // against the reference
};

// The generation's line of generations.csv.
std::string csv_line(const Generation& g);

// The Elo of `bot` against the reference: the table's Bradley-Terry ratings, the bot's minus the
// mean of the reference's copies, with the bootstrap interval. The ratings are centred on their
// mean, so that difference is the bot's own rating times n / (n - 1) in every resample.
template <Game G>
void rate(const ImproveCommand& c, Generation& g, const fs::path& folder, int players) {
  const std::vector<std::string> bots = against(g.best, c.reference, players);
  const auto games = play<G>(c, bots, c.reference_games, seed_of(c, g.number, kReference),
                             (folder / "reference.jsonl").string(), std::nullopt, c.jobs);
  const Summary s = summarize(bots, games, seed_of(c, g.number, kReference));
  const double scale = double(players) / (players - 1);
  g.elo = scale * s.rows[0].elo, g.elo_low = scale * s.rows[0].elo_low, g.elo_high = scale * s.rows[0].elo_high;
}

// The time a move of each bot of a calibration arena: bot 0's, and the others' together.
std::pair<double, double> ms_per_move(const std::vector<GameResult>& games);

// --equal-time: the candidate with iters= set so that it thinks as long a move as the best bot.
// Both play a small arena at the candidate's iterations on one job (so that neither waits for the
// other's threads), and the iterations are scaled by the ratio of their times a move. The figure is
// kept in calibration.json, so that a resumed run gates the bot it calibrated.
template <Game G>
std::string equal_time(const ImproveCommand& c, Generation& g, const std::string& candidate, const fs::path& folder,
                       int players) {
  const fs::path file = folder / "calibration.json", part = folder / "calibration.json.part";
  const long long base = bot_params(parse_spec(candidate, "bot")).integer("iters");
  long long iterations = 0;
  if (fs::exists(file)) {
    const Json j = parse_json(read_input_file(file.string(), "calibration"), file.string());
    const JsonIn in(j, file.string());
    g.ms_candidate = in.at("ms_candidate").real(0, 1e9), g.ms_best = in.at("ms_best").real(0, 1e9);
    iterations = in.at("iters").integer(1, 1000000000);
  } else {
    const int per_deal = games_per_deal(players);
    const int games = (10 * players + per_deal - 1) / per_deal * per_deal;  // about ten games a seat
    std::printf("\nimprove: generation %d: calibration, %d games at %lld iterations on one job\n", g.number, games,
                base);
    const auto results = play<G>(c, against(candidate, g.best, players), games, seed_of(c, g.number, kCalibration),
                                 (folder / "calibration.jsonl").string(), std::nullopt, 1);
    std::tie(g.ms_candidate, g.ms_best) = ms_per_move(results);
    iterations =
        std::clamp<long long>(std::llround(double(base) * g.ms_best / std::max(g.ms_candidate, 1e-9)), 1, 1000000000);
    OutputFile f(part.string(), "calibration");
    f.write(json_text(Json{{"games", games},
                           {"candidate", candidate},
                           {"best", g.best},
                           {"ms_candidate", g.ms_candidate},
                           {"ms_best", g.ms_best},
                           {"iters", iterations}},
                      2) +
            "\n");
    f.close();
    fs::rename(part, file);
  }
  std::printf("improve: generation %d: %.3f ms a move at %lld iterations against %.3f ms: iters=%lld\n", g.number,
              g.ms_candidate, base, g.ms_best, iterations);
  return with_iterations(candidate, iterations);
}

// The --tune parameters, each checked against the bot: a numeric parameter whose both ends the
// search accepts in `candidate` (a spec with its models, whose files are not read here).
std::vector<TuneParam> tune_params(const ImproveCommand& c, const std::string& candidate);

// --tune: the candidate's parameters tuned by SPSA against the best bot (its mean return a deal in
// every seating, the candidate beside copies of the best), at the candidate's iterations, within
// --tune-budget games. The tuned spec is kept in tuned.json, so that a resumed run gates the bot it
// tuned (a tuning killed midway starts again: the tuner keeps no state between calls).
template <Game G>
std::string tuned(const ImproveCommand& c, const Generation& g, const std::string& candidate, const fs::path& folder,
                  int players) {
  const fs::path file = folder / "tuned.json", part = folder / "tuned.json.part";
  if (fs::exists(file)) {
    const Json j = parse_json(read_input_file(file.string(), "tuning"), file.string());
    return JsonIn(j, file.string()).at("spec").string();
  }
  const std::vector<TuneParam> params = tune_params(c, candidate);
  const Params own = bot_params(parse_spec(candidate, "bot"));
  TuneSettings settings;
  settings.method = "spsa";
  settings.budget_games = c.tune_budget;
  settings.games_per_eval = c.tune_games_per_eval > 0 ? c.tune_games_per_eval : 4 * games_per_deal(players);
  settings.seed = seed_of(c, g.number, kTune);
  for (const TuneParam& p : params)
    settings.start.push_back(p.integer ? double(own.integer(p.name)) : own.real(p.name));
  std::printf("\nimprove: generation %d: tuning %zu parameters in %d games against %s\n", g.number, params.size(),
              c.tune_budget, g.best.c_str());
  std::fflush(stdout);
  const int per_deal = games_per_deal(players);
  const Objective objective = [&](const std::vector<double>& values, int games, std::uint64_t seed) {
    const int whole = (games + per_deal - 1) / per_deal * per_deal;
    const auto results = play<G>(c, against(spec_with(candidate, params, values), g.best, players), whole, seed, "",
                                 std::nullopt, c.jobs);
    double points = 0;
    for (const GameResult& r : results)
      for (std::size_t s = 0; s < r.seat_bot.size(); ++s)
        if (r.seat_bot[s] == 0) points += r.returns[s];
    return results.empty() ? 0.0 : points / double(results.size());
  };
  const TuneResult result = nuraghe::tune(params, settings, objective, [&](const TuneStep& step) {
    if (step.measured)
      std::printf("improve: tuning, %d/%d games, score %.3f:", step.games_used, c.tune_budget, step.score);
    else std::printf("improve: tuning, the final update (returned as best), in-run estimate %.3f:", step.score);
    for (std::size_t i = 0; i < params.size(); ++i)
      std::printf(" %s=%s", params[i].name.c_str(), tune_value_text(params[i], step.values[i]).c_str());
    std::printf("\n");
  });
  const std::string spec = spec_with(candidate, params, result.best);
  OutputFile f(part.string(), "tuning");
  f.write(json_text(Json{{"spec", spec},
                         {"untuned", candidate},
                         {"budget_games", c.tune_budget},
                         {"in_run_score", result.best_score}},
                    2) +
          "\n");
  f.close();
  fs::rename(part, file);
  std::printf("improve: generation %d: tuned %s\n", g.number, spec.c_str());
  return spec;
}

// Fits `learn` into `file` unless it is there: written whole, then renamed, so a killed fit is
// fitted again.
void fit_once(LearnCommand l, const fs::path& file);
// The rows the generation's models are fitted on, as its fit.json records them; without one (a
// generation to fit now, or fitted by an older nuraghe), counted in the manifests of `data` and
// written with their folders. A generation is fitted once its fit.json and models are there.
long long fitted_rows(const fs::path& file, const std::vector<std::string>& data);

template <Game G>
int improve(const ImproveCommand& c) {
  const int players = num_players_of<G>(G::initial(c.config));
  const int per_deal = games_per_deal(players);
  if (!HasTensors<G>) input_error("improve: " + c.game + " has no observation tensors to learn from");
  if (c.with_evaluate && !HasEvaluation<G>)
    input_error("improve: --with-evaluate: " + c.game + " has no hand-written evaluation");
  if (c.inputs != "observation" && !HasFeatures<G>)
    input_error("improve: --inputs " + c.inputs + ": " + c.game + " names no features");
  const bool policy = c.policy != "none";
  {
    const Params p = bot_params(parse_spec(c.bot, "bot"));
    for (const char* set : {"eval", "prior"})
      if (p.given(set)) input_error("improve: --bot \"" + c.bot + "\" sets " + set + "= itself; improve sets it");
    bool takes_model = false;
    for (const auto& param : find_bot(parse_spec(c.bot, "bot").name).params) takes_model |= param.name == "eval";
    if (!takes_model) input_error("improve: --bot \"" + c.bot + "\" is not a searching bot (it takes no eval=)");
    if (c.equal_time && (p.given("ms") || p.integer("iters") < 1))
      input_error("improve: --equal-time sets the new bot's iters=: --bot \"" + c.bot +
                  "\" must search by iterations (iters= of at least 1, no ms=)");
    make_bot<G>(c.bot, 0);  // bad specs before any game
    make_bot<G>(c.reference, 0);
    // The bot as the gate gives it its models, by the search's own rules (reward=score, cutoff=0),
    // now rather than after a generation's self-play and fit.
    try {
      const Spec candidate = parse_spec(with_models(c.bot, "MODEL.json", policy ? "POLICY.json" : ""), "bot");
      search_config(candidate.name, bot_params(candidate));
    } catch (const InputError& e) {
      input_error("improve: --bot \"" + c.bot + "\" given its models (eval=" + (policy ? ", prior=" : "") +
                  ", and cutoff=leaf where it cuts nothing off): " + e.what());
    }
    tune_params(c, with_models(c.bot, "MODEL.json", policy ? "POLICY.json" : ""));
  }
  if (same_bot(c.bot, c.reference)) input_error("improve: --bot and --reference are the same bot");
  // Every bot plays every seat equally (the arena's rule), checked before the folder is made.
  if (c.games % players != 0)
    input_error("improve: --games " + std::to_string(c.games) + " is not a multiple of the " + std::to_string(players) +
                " seats (self-play plays each deal in every seat)");
  if (c.reference_games % per_deal != 0)
    input_error("improve: --reference-games " + std::to_string(c.reference_games) + " is not a multiple of " +
                std::to_string(per_deal) + ", the seatings of one deal at " + std::to_string(players) + " seats");
  {  // The first fit: `learn` holds out a share of the deals and fits on the rest, which 5-fold
     // cross-validation (linear, logistic) or a validation split (mlp) must be able to divide.
    const int deals = c.games / players;
    const int held = std::clamp(int(std::lround(LearnCommand{}.held_out * deals)), 1, std::max(1, deals - 1));
    const int needed = c.model == "mlp" ? 2 : learn::FitOptions{}.folds;
    if (deals - held < needed)
      input_error("improve: --games " + std::to_string(c.games) + " gives the first fit " +
                  std::to_string(std::max(0, deals - held)) + " deals to learn from; a " + c.model + " model needs " +
                  std::to_string(needed) + " (give more --games)");
  }
  const fs::path out = start_folder(c);
  std::string csv =
      "generation,rows,model_hash,policy_hash,ms_candidate,ms_best,gate_deals,gate_llr,gate_verdict,accepted,"
      "elo_vs_reference,elo_low,elo_high,bot\n";
  Generation g;
  g.best = c.bot;
  std::printf("improve: generation 0, %s against %s\n", g.best.c_str(), c.reference.c_str());
  fs::create_directories(out / "gen-0");
  rate<G>(c, g, out / "gen-0", players);
  csv += csv_line(g);
  // A generation's self-play is played (or resumed) only while a fit still to come reads it: its
  // own, or a later one whose window holds it. A copy of a run without its data folders resumes so.
  const auto fitted = [&](int number) {
    const fs::path folder = out / ("gen-" + std::to_string(number));
    return fs::exists(folder / "fit.json") && fs::exists(folder / "model.json") &&
           (!policy || fs::exists(folder / "policy.json"));
  };
  const auto read_later = [&](int number) {
    const int last = c.window == 0 ? c.generations : std::min(c.generations, number + c.window - 1);
    for (int later = number; later <= last; ++later)
      if (!fitted(later)) return true;
    return false;
  };
  std::vector<std::string> data;  // the self-play folders of every generation so far
  for (int number = 1; number <= c.generations; ++number) {
    const fs::path folder = out / ("gen-" + std::to_string(number));
    fs::create_directories(folder);
    StepClock clock;  // each step's wall seconds, in gen-g/timings.json
    g.number = number;
    g.policy_hash.clear(), g.ms_candidate = g.ms_best = 0;
    data.push_back((folder / "data").string());
    if (read_later(number)) {
      std::printf("\nimprove: generation %d: self-play of %s%s\n", number, g.best.c_str(),
                  c.label_rate > 0 ? ", labelled by its expert search" : "");
      std::fflush(stdout);
      SelfplaySettings s;
      s.game = c.game, s.config = c.config, s.config.seed = seed_of(c, number, kData);
      s.bots = {g.best}, s.games = c.games, s.every = c.every, s.jobs = c.jobs, s.version = c.version;
      s.label_rate = c.label_rate, s.expert_budget = c.expert_budget;
      s.out = data.back();
      s.progress = stdout;  // with improve's own: a refusal of a later step is the one line on stderr
      run_selfplay_command(s);
      clock.lap("selfplay");
    }

    // The fit reads the window's folders, the last --window of them (all for 0).
    const std::vector<std::string> window(
        data.end() - (c.window == 0 ? long(data.size()) : std::min(long(data.size()), long(c.window))), data.end());
    g.rows = fitted_rows(folder / "fit.json", window);  // first: the data is there while a fit is to come
    LearnCommand l;
    l.data = window, l.model = c.model, l.hidden = c.hidden, l.seed = seed_of(c, number, kFit);
    l.with_evaluate = c.with_evaluate, l.inputs = c.inputs, l.target = c.target, l.target_mix = c.target_mix;
    fit_once(l, folder / "model.json");
    g.model_hash = model_hash_text(read_model((folder / "model.json").string()));
    if (policy) {
      LearnCommand p;
      p.data = window, p.model = c.policy, p.target = "policy", p.inputs = c.inputs, p.hidden = c.hidden;
      p.seed = seed_of(c, number, kPolicyFit);
      fit_once(p, folder / "policy.json");
      g.policy_hash = model_hash_text(read_model((folder / "policy.json").string()));
    }
    clock.lap("fit");

    std::string candidate = with_models(c.bot, (folder / "model.json").string(),
                                        policy ? (folder / "policy.json").string() : std::string());
    if (!c.tune.empty()) {
      candidate = tuned<G>(c, g, candidate, folder, players);
      clock.lap("tune");
    }
    if (c.equal_time) {
      candidate = equal_time<G>(c, g, candidate, folder, players);
      clock.lap("calibration");
    }
    std::printf("\nimprove: generation %d: gate, %s against %s\n", number, candidate.c_str(), g.best.c_str());
    const SprtSettings sprt{0, c.elo1, 0.05, 0.05};
    const auto games = play<G>(c, against(candidate, g.best, players), per_deal * c.max_deals,
                               seed_of(c, number, kGate), (folder / "gate.jsonl").string(), sprt, c.jobs);
    const SprtTrack t = sprt_track(sprt, games, per_deal);
    std::printf("%s", sprt_report(t, bot_name(candidate), bot_name(g.best)).c_str());
    g.gate_deals = int(t.llr.size()), g.gate_llr = t.llr.empty() ? 0 : t.llr.back(), g.verdict = t.verdict;
    if (t.verdict > 0) g.best = candidate;
    clock.lap("gate");
    std::printf("improve: generation %d: %s; the best bot is %s\n", number,
                t.verdict > 0 ? "the new models are kept" : "the new models are rejected", g.best.c_str());
    rate<G>(c, g, folder, players);
    clock.lap("reference");
    std::printf("improve: generation %d: Elo %+.0f [%+.0f, %+.0f] against %s\n", number, g.elo, g.elo_low, g.elo_high,
                c.reference.c_str());
    std::printf("improve: generation %d took %s\n", number, clock.text().c_str());
    if (!fs::exists(folder / "timings.json")) {  // the run that finished the generation wrote it: kept
      OutputFile f((folder / "timings.json").string(), "generation's timings");
      f.write(json_text(clock.json(), 2) + "\n");
      f.close();
    }
    csv += csv_line(g);
    OutputFile f((out / "generations.csv").string(), "generations table");  // rewritten whole after each one
    f.write(csv);
    f.close();
  }
  std::printf("\n%s", csv.c_str());
  return 0;
}

}  // namespace nuraghe::commands

namespace nuraghe {

// ---- what every game's improve shares, compiled once --------------------------------------------

namespace commands {

std::string with_models(const std::string& bot, const std::string& model, const std::string& policy) {
  const Params p = bot_params(parse_spec(bot, "bot"));
  return bot + (bot.find(':') == std::string::npos ? ":" : ",") + "eval=" + model +
         (policy.empty() ? "" : ",prior=" + policy) + (p.given("cutoff") ? "" : ",cutoff=leaf");
}

std::string with_iterations(const std::string& bot, long long iterations) {
  Spec spec = parse_spec(bot, "bot");
  if (!spec.values.count("iters")) spec.order.push_back("iters");
  spec.values["iters"] = std::to_string(iterations);
  return spec.to_string();
}

std::vector<TuneParam> tune_params(const ImproveCommand& c, const std::string& candidate) {
  const Spec spec = parse_spec(candidate, "bot");
  const BotInfo& info = find_bot(spec.name);
  std::vector<TuneParam> params;
  for (const std::string& text : c.tune) {
    const std::string name = text.substr(0, text.find('='));
    const ParamSpec* found = nullptr;
    for (const ParamSpec& p : info.params)
      if (p.name == name) found = &p;
    if (!found) input_error("improve: --tune " + text + ": bot " + info.name + " has no parameter \"" + name + "\"");
    if (found->kind != ParamSpec::Kind::Integer && found->kind != ParamSpec::Kind::Real)
      input_error("improve: --tune " + text + ": parameter \"" + name + "\" is not numeric");
    for (const TuneParam& p : params)
      if (p.name == name) input_error("improve: --tune names \"" + name + "\" twice");
    params.push_back(parse_tune_param(text, found->kind == ParamSpec::Kind::Integer));
    for (double end : {params.back().low, params.back().high}) try {
        const Spec at = parse_spec(spec_with(candidate, {params.back()}, {end}), "bot");
        search_config(at.name, bot_params(at));
      } catch (const InputError& e) {
        input_error("improve: --tune " + text + ": the new bot at " + name + "=" + tune_value_text(params.back(), end) +
                    ": " + e.what());
      }
  }
  return params;
}

std::pair<double, double> ms_per_move(const std::vector<GameResult>& games) {
  double seconds[2] = {0, 0}, decisions[2] = {0, 0};
  for (const GameResult& g : games)
    for (std::size_t s = 0; s < g.seat_bot.size(); ++s) {
      const int who = g.seat_bot[s] == 0 ? 0 : 1;
      seconds[who] += g.think_seconds[s], decisions[who] += g.decisions[s];
    }
  return {decisions[0] > 0 ? 1000 * seconds[0] / decisions[0] : 0,
          decisions[1] > 0 ? 1000 * seconds[1] / decisions[1] : 0};
}

long long fitted_rows(const fs::path& file, const std::vector<std::string>& data) {
  if (fs::exists(file)) {
    const Json j = parse_json(read_input_file(file.string(), "generation's fit"), file.string());
    const JsonIn in(j, file.string());
    in.allow_only({"rows", "data"});
    return in.at("rows").integer(0, 1LL << 40);
  }
  long long rows = 0;
  Json folders = Json::array();
  for (const std::string& d : data) {
    const Json manifest = parse_json(read_input_file(d + "/manifest.json", "self-play manifest"), d);
    for (const JsonIn& chunk : JsonIn(manifest, d).at("chunks").array()) rows += chunk.at("rows").integer(0, 1LL << 40);
    folders.push_back(fs::path(d).parent_path().filename().string() + "/" + fs::path(d).filename().string());
  }
  OutputFile f(file.string(), "generation's fit");
  f.write(json_text(Json{{"rows", rows}, {"data", folders}}, 2) + "\n");
  f.close();
  return rows;
}

void fit_once(LearnCommand l, const fs::path& file) {
  if (fs::exists(file)) return;
  const fs::path part = file.string() + ".part";
  fs::remove(part);
  l.out = part.string();
  l.progress = false;  // improve's log is stdout, its stderr the one line of a refusal
  run_learn_command(l);
  fs::rename(part, file);
}

namespace {

// What identifies a run: a folder is resumed only by the same run (more generations may be asked).
Json run_identity(const ImproveCommand& c) {
  Json options = Json::object();
  for (const auto& [k, v] : c.config.options) options[k] = v;
  Json identity{{"nuraghe", "improve"},
                {"game", c.game},
                {"players", c.config.players},
                {"options", options},
                {"map", c.config.map_file},
                {"seed", c.config.seed},
                {"bot", c.bot},
                {"games", c.games},
                {"every", c.every},
                {"model", c.model},
                {"hidden", c.hidden},
                {"elo1", c.elo1},
                {"max_deals", c.max_deals},
                {"reference", c.reference},
                {"reference_games", c.reference_games}};
  // Only when given: older runs still resume.
  if (c.window != 0) identity["window"] = c.window;
  if (c.with_evaluate) identity["with_evaluate"] = true;
  if (c.inputs != "observation") identity["inputs"] = c.inputs;
  if (c.target != "returns") identity["target"] = c.target;
  if (c.target_mix != 1) identity["target_mix"] = c.target_mix;
  if (c.label_rate > 0) identity["label_rate"] = c.label_rate, identity["expert_budget"] = c.expert_budget;
  if (c.policy != "none") identity["policy"] = c.policy;
  if (c.equal_time) identity["equal_time"] = true;
  if (!c.tune.empty()) {
    identity["tune"] = c.tune;
    identity["tune_budget"] = c.tune_budget;
    identity["tune_games_per_eval"] = c.tune_games_per_eval;
  }
  return identity;
}

// Refuses a run folder whose path a bot spec cannot carry (eval=PATH, where a comma would end it).
void check_spec_path(const ImproveCommand& c, const fs::path& folder) {
  const std::string model = (folder / "gen-1" / "model.json").string();
  const std::string policy = (folder / "gen-1" / "policy.json").string();
  bool carried = false;
  try {
    const Spec spec = parse_spec(with_models(c.bot, model, c.policy != "none" ? policy : ""), "bot");
    carried = spec.values.count("eval") && spec.values.at("eval") == model &&
              (c.policy == "none" || (spec.values.count("prior") && spec.values.at("prior") == policy));
  } catch (const InputError&) {
  }
  if (!carried)
    input_error("improve: --out \"" + c.out + "\": a bot spec cannot name a model in \"" + folder.string() +
                "\" (eval=" + model + "): use a folder whose path has no comma");
}

}  // namespace

fs::path start_folder(const ImproveCommand& c) {
  const fs::path out(c.out), path = out / "improve.json";
  Json identity = run_identity(c);
  if (fs::exists(out) && !fs::is_directory(out))
    input_error("improve: --out \"" + c.out + "\" is a file, not a folder");
  std::error_code ec;
  if (fs::exists(path)) {
    Json recorded = parse_json(read_input_file(path.string(), "improve run"), path.string());
    const Json folder = recorded.is_object() && recorded.contains("folder") ? recorded["folder"] : Json();
    if (recorded.is_object()) recorded.erase("folder");
    if (recorded != identity)
      input_error("improve: --out \"" + c.out + "\" holds another run (" +
                  first_difference(recorded, identity, "the folder", "this run") + "): use another --out");
    if (folder.is_null()) return out;
    const fs::path here = fs::canonical(out, ec);
    if (!folder.is_string() || ec || here.string() != folder.get<std::string>())
      input_error("improve: --out \"" + c.out + "\" was started in " + json_text(folder) +
                  " and its files name its models there: move it back, or start a new run");
    check_spec_path(c, here);
    return here;
  }
  check_spec_path(c, fs::weakly_canonical(fs::absolute(out), ec));
  if (fs::exists(out) && !fs::is_empty(out))
    input_error("improve: --out \"" + c.out + "\" is a folder of other files: use a new or empty folder");
  fs::create_directories(out, ec);
  if (ec) input_error("improve: cannot create the folder --out \"" + c.out + "\": " + ec.message());
  const fs::path here = fs::canonical(out, ec);
  if (ec) input_error("improve: cannot read the folder --out \"" + c.out + "\": " + ec.message());
  identity["folder"] = here.string();
  OutputFile f(path.string(), "improve run");
  f.write(json_text(identity, 2) + "\n");
  f.close();
  return here;
}

std::string csv_line(const Generation& g) {
  const char* verdict = g.number == 0 ? "" : g.verdict > 0 ? "H1" : g.verdict < 0 ? "H0" : "none";
  const char* accepted = g.number == 0 ? "" : g.verdict > 0 ? "yes" : "no";
  char ms[64] = "";
  if (g.ms_candidate > 0) std::snprintf(ms, sizeof ms, "%.4f,%.4f", g.ms_candidate, g.ms_best);
  char text[1024];
  std::snprintf(text, sizeof text, "%d,%lld,%s,%s,%s,%d,%.4f,%s,%s,%.1f,%.1f,%.1f,\"%s\"\n", g.number, g.rows,
                g.model_hash.c_str(), g.policy_hash.c_str(), g.ms_candidate > 0 ? ms : ",", g.gate_deals, g.gate_llr,
                verdict, accepted, g.elo, g.elo_low, g.elo_high, g.best.c_str());
  return text;
}

}  // namespace commands

int run_improve_command(const ImproveCommand& c) {
  // Its steps run in turn, each on --jobs threads; mpirun would run the whole loop once a rank.
  if (mpi::size() > 1)
    input_error(
        "improve: runs in one process; under mpirun give each rank its own part: selfplay and arena split "
        "over the ranks");
  // Every setting before any game: learn would refuse these only after a generation's self-play.
  if (c.generations < 1) input_error("improve: --generations must be at least 1");
  if (c.model != "linear" && c.model != "logistic" && c.model != "mlp")
    input_error("improve: --model must be linear, logistic or mlp, not \"" + c.model + "\"");
  if (c.hidden.empty() || c.hidden.size() > 2 || *std::min_element(c.hidden.begin(), c.hidden.end()) < 1)
    input_error("improve: --hidden must be one or two layer sizes of at least 1");
  if (c.inputs != "observation" && c.inputs != "features" && c.inputs != "both")
    input_error("improve: --inputs must be observation, features or both, not \"" + c.inputs + "\"");
  if (c.target != "returns" && c.target != "expert-value")
    input_error("improve: --target must be returns or expert-value, not \"" + c.target + "\"");
  if (c.target_mix_given && c.target != "expert-value")
    input_error("improve: --target-mix mixes the expert's value with the outcome: give --target expert-value");
  if (c.policy != "none" && c.policy != "logistic" && c.policy != "mlp")
    input_error("improve: --policy must be none, logistic or mlp, not \"" + c.policy + "\"");
  if (c.label_rate == 0 && (c.policy != "none" || c.target == "expert-value"))
    input_error(std::string("improve: ") + (c.policy != "none" ? "--policy " + c.policy : "--target expert-value") +
                " learns from the expert's labels: give --label-rate");
  if (c.tune.empty() && (c.tune_budget != ImproveCommand{}.tune_budget || c.tune_games_per_eval != 0))
    input_error("improve: --tune-budget and --tune-games-per-eval set the tuning of --tune: give --tune");
  if (c.label_rate == 0 && c.expert_budget != ImproveCommand{}.expert_budget)
    input_error("improve: --expert-budget sets the expert of --label-rate: give --label-rate");
  return AllGames::dispatch(c.game, [&]<Game G>() { return commands::improve<G>(c); });
}

namespace {

class Improve final : public Command {
 public:
  void add_options(Options& o) override {
    add_game_options(o, common_, true);
    o.option("-b,--bot", args_.bot,
             "the searching bot improved (improve adds eval=, and cutoff=leaf "
             "where it has no cutoff)")
        .not_empty()
        .required();
    o.integer("--generations", args_.generations, 1, 10000, "generations to play").required();
    o.integer("-n,--games", args_.games, 2, 1 << 30, "self-play games a generation (even)").required();
    o.integer("--every", args_.every, 1, 1 << 20, "self-play rows every k-th decision");
    o.integer("--window", args_.window, 0, 10000,
              "fit on the self-play of the last this many generations (0: all); a resumed run plays a finished "
              "generation's self-play again only for a fit that reads it");
    o.option("--model", args_.model, "linear, logistic or mlp").not_empty();
    o.option("--hidden", hidden_, "the MLP's hidden layers, e.g. 64 or 64,32").not_empty();
    o.flag("--with-evaluate", args_.with_evaluate,
           "the models also read the game's hand-written evaluation (learn --with-evaluate)");
    o.option("--inputs", args_.inputs, "what the models read: observation, features or both (learn --inputs)")
        .not_empty();
    o.option("--target", args_.target, "the value model's target: returns, or expert-value (with --label-rate)")
        .not_empty();
    target_mix_ = o.real("--target-mix", args_.target_mix, 0, 1,
                         "with --target expert-value: the expert's share of the value target, the outcome's the rest "
                         "(learn --target-mix)");
    o.real("--label-rate", args_.label_rate, 0, 1,
           "the share of self-play row decisions labelled by an expert search (selfplay --label-rate)");
    o.real("--expert-budget", args_.expert_budget, 1e-3, 1e6,
           "the expert: the best bot with its iters= (and ms=) times this (selfplay --expert-budget)");
    o.option("--policy", args_.policy,
             "none, logistic or mlp (of --hidden layers): a policy fitted on the labels, played as prior=")
        .not_empty();
    o.flag("--equal-time", args_.equal_time,
           "set the new bot's iters= for the best bot's time a move, timed in the same run, before its gate");
    o.option("--tune", args_.tune,
             "NAME=LOW:HIGH (repeatable): a parameter of the new bot tuned against the best bot before its gate, "
             "e.g. cpuct=0.25:4 or prior_temperature=0.25:4")
        .not_empty();
    o.integer("--tune-budget", args_.tune_budget, 2, 1 << 30, "the tuning's games a generation (SPSA)");
    o.integer("--tune-games-per-eval", args_.tune_games_per_eval, 1, 1 << 30, "games an evaluation of the tuning")
        .default_text("four deals");
    o.real("--elo1", args_.elo1, 0.5, 1000, "the gate's SPRT H1 (elo0 = 0, alpha = beta = 0.05)");
    o.integer("--max-deals", args_.max_deals, 1, 1 << 20,
              "the gate's most deals (pairs of games); undecided, it rejects");
    o.option("--reference", args_.reference, "the fixed bot each generation's best is rated against").not_empty();
    o.integer("--reference-games", args_.reference_games, 2, 1 << 30,
              "games against the reference a generation (even)");
    o.integer("-j,--jobs", args_.jobs, 1, 256, "games played in parallel");
    o.option("--out", args_.out, "the run's folder; an existing one of this run is resumed").file().required();
  }

  int run() override {
    args_.game = common_.game;
    args_.config = common_.config();
    args_.hidden = hidden_sizes(hidden_);
    args_.target_mix_given = target_mix_.given();
    args_.version = version();
    return run_improve_command(args_);
  }

 private:
  Common common_;
  ImproveCommand args_;
  std::string hidden_ = "64";
  Option target_mix_;
};

}  // namespace

extern const CommandEntry improve_command{
    "improve", "generations of (labelled) self-play, fit and an SPRT gate: a bot's learned models, kept while it wins",
    make_command<Improve>};

}  // namespace nuraghe
