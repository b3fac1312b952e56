#pragma once
// `nuraghe improve` for one game (cli/commands/improve.hpp): the generations, each a folder of its data,
// model and arenas. Instantiated once per game by cli/game_commands.hpp.

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>

#include "arena/arena.hpp"
#include "arena/sprt.hpp"
#include "arena/summary.hpp"
#include "bots/registry.hpp"
#include "bots/search_bot.hpp"
#include "cli/commands/improve.hpp"
#include "cli/commands/learn.hpp"
#include "cli/commands/selfplay.hpp"
#include "cli/commands/tournament.hpp"
#include "core/files.hpp"
#include "core/hooks.hpp"
#include "core/model_file.hpp"
#include "core/value_model.hpp"
#include "learn/fit.hpp"

namespace nuraghe::commands {

namespace fs = std::filesystem;

// The seeds of one generation's parts: the gate and the reference games never replay a deal of
// the data (distinct streams of the run's seed).
enum Stream : std::uint64_t { kData = 1, kFit = 2, kGate = 3, kReference = 4 };
inline std::uint64_t seed_of(const ImproveCommand& c, int generation, Stream part) {
  return hash_combine(hash_combine(c.config.seed, std::uint64_t(generation)), part);
}

// The bot with a model: eval= the model, and cutoff=leaf where the spec cuts no rollout off.
std::string with_model(const std::string& bot, const std::string& model);

// The run's folder, as every file of the run names it: its canonical path, recorded in improve.json
// ("folder", not part of the run's identity), so that every spelling of --out (run, ./run, run/,
// an absolute path, a link) is one run, whose specs name its models (eval=FOLDER/gen-g/model.json)
// in the same words. A run begun before the folder was recorded goes on under --out as given.
fs::path start_folder(const ImproveCommand& c);

// Plays (or resumes) a two-bot arena of `games` games into `file`, stopping early by `sprt` if given.
template <Game G>
std::vector<GameResult> play(const ImproveCommand& c, std::vector<std::string> bots, int games, std::uint64_t seed,
                             const std::string& file, const std::optional<SprtSettings>& sprt) {
  ArenaSettings a;
  a.game = c.game, a.config = c.config, a.config.seed = seed;
  a.bots = std::move(bots), a.games = games, a.jobs = c.jobs, a.out = file;
  ArenaRunOptions options;
  options.version = c.version;
  if (sprt) {
    options.batch_deals = 8;  // as arena --sprt: the games played do not depend on --jobs
    options.should_stop = [&](const std::vector<GameResult>& g) { return sprt_track(*sprt, g).verdict != 0; };
  }
  return run_arena<G>(a, options).games;
}

struct Generation {
  int number = 0;
  std::string best;  // the bot kept after this generation
  std::string model_hash;
  long long rows = 0;
  int gate_pairs = 0;
  double gate_llr = 0;
  int verdict = 0;                            // of the gate: +1 accepted, -1 rejected, 0 undecided (rejected)
  double elo = 0, elo_low = 0, elo_high = 0;  // against the reference
};

// The generation's line of generations.csv.
std::string csv_line(const Generation& g);

// The Elo of `bot` against the reference: the table's Bradley-Terry ratings, the bot's minus the
// reference's (two bots: twice the bot's own, as they are centred), with the bootstrap interval.
template <Game G>
void rate(const ImproveCommand& c, Generation& g, const fs::path& folder) {
  const std::vector<std::string> bots = {g.best, c.reference};
  const auto games = play<G>(c, bots, c.reference_games, seed_of(c, g.number, kReference),
                             (folder / "reference.jsonl").string(), std::nullopt);
  const Summary s = summarize(bots, games, seed_of(c, g.number, kReference));
  g.elo = 2 * s.rows[0].elo, g.elo_low = 2 * s.rows[0].elo_low, g.elo_high = 2 * s.rows[0].elo_high;
}

template <Game G>
int improve(const ImproveCommand& c) {
  if (num_players_of<G>(G::initial(c.config)) != 2)
    input_error("improve: the gate is a two-player match (the pentanomial SPRT): give --players 2");
  if (!HasTensors<G>) input_error("improve: " + c.game + " has no observation tensors to learn from");
  if (c.with_evaluate && !HasEvaluation<G>)
    input_error("improve: --with-evaluate: " + c.game + " has no hand-written evaluation");
  {
    const Params p = bot_params(parse_spec(c.bot, "bot"));
    if (p.given("eval")) input_error("improve: --bot \"" + c.bot + "\" sets eval= itself; improve sets it");
    bool takes_model = false;
    for (const auto& param : find_bot(parse_spec(c.bot, "bot").name).params) takes_model |= param.name == "eval";
    if (!takes_model) input_error("improve: --bot \"" + c.bot + "\" is not a searching bot (it takes no eval=)");
    make_bot<G>(c.bot, 0);  // bad specs before any game
    make_bot<G>(c.reference, 0);
    // The bot as the gate gives it a model, by the search's own rules (reward=score, cutoff=0), now
    // rather than after a generation's self-play and fit.
    try {
      const Spec candidate = parse_spec(with_model(c.bot, "MODEL.json"), "bot");
      search_config(candidate.name, bot_params(candidate));
    } catch (const InputError& e) {
      input_error("improve: --bot \"" + c.bot +
                  "\" given a model (eval=, and cutoff=leaf where it cuts nothing off): " + e.what());
    }
  }
  if (same_bot(c.bot, c.reference)) input_error("improve: --bot and --reference are the same bot");
  // Every bot plays both seats equally (the arena's rule), checked before the folder is made.
  if (c.games % 2 != 0) input_error("improve: --games must be even (" + std::to_string(c.games) + ")");
  if (c.reference_games % 2 != 0)
    input_error("improve: --reference-games must be even (" + std::to_string(c.reference_games) + ")");
  {  // The first fit: `learn` holds out a share of the deals and fits on the rest, which 5-fold
     // cross-validation (linear, logistic) or a validation split (mlp) must be able to divide.
    const int deals = c.games / 2;
    const int held = std::clamp(int(std::lround(LearnCommand{}.held_out * deals)), 1, std::max(1, deals - 1));
    const int needed = c.model == "mlp" ? 2 : learn::FitOptions{}.folds;
    if (deals - held < needed)
      input_error("improve: --games " + std::to_string(c.games) + " gives the first fit " +
                  std::to_string(std::max(0, deals - held)) + " deals to learn from; a " + c.model + " model needs " +
                  std::to_string(needed) + " (give more --games)");
  }
  const fs::path out = start_folder(c);
  std::string csv =
      "generation,rows,model_hash,gate_pairs,gate_llr,gate_verdict,accepted,elo_vs_reference,elo_low,"
      "elo_high,bot\n";
  Generation g;
  g.best = c.bot;
  std::printf("improve: generation 0, %s against %s\n", g.best.c_str(), c.reference.c_str());
  fs::create_directories(out / "gen-0");
  rate<G>(c, g, out / "gen-0");
  csv += csv_line(g);
  std::vector<std::string> data;
  for (int number = 1; number <= c.generations; ++number) {
    const fs::path folder = out / ("gen-" + std::to_string(number));
    fs::create_directories(folder);
    g.number = number;
    std::printf("\nimprove: generation %d: self-play of %s\n", number, g.best.c_str());
    std::fflush(stdout);
    SelfplaySettings s;
    s.game = c.game, s.config = c.config, s.config.seed = seed_of(c, number, kData);
    s.bots = {g.best}, s.games = c.games, s.every = c.every, s.jobs = c.jobs, s.version = c.version;
    s.out = (folder / "data").string();
    s.progress = stdout;  // with improve's own: a refusal of a later step is the one line on stderr
    run_selfplay_command(s);
    data.push_back(s.out);

    const fs::path model = folder / "model.json", part = folder / "model.json.part";
    if (!fs::exists(model)) {  // written whole, then renamed: a killed fit is fitted again
      fs::remove(part);
      LearnCommand l;
      l.data = data, l.model = c.model, l.hidden = c.hidden, l.seed = seed_of(c, number, kFit);
      l.with_evaluate = c.with_evaluate;
      l.out = part.string();
      run_learn_command(l);
      fs::rename(part, model);
    }
    const ValueModel m = read_model(model.string());
    g.model_hash = model_hash_text(m);
    g.rows = 0;
    for (const std::string& d : data) {
      const Json manifest = parse_json(read_input_file(d + "/manifest.json", "self-play manifest"), d);
      for (const JsonIn& chunk : JsonIn(manifest, d).at("chunks").array())
        g.rows += chunk.at("rows").integer(0, 1LL << 40);
    }

    const std::string candidate = with_model(c.bot, model.string());
    std::printf("\nimprove: generation %d: gate, %s against %s\n", number, candidate.c_str(), g.best.c_str());
    const SprtSettings sprt{0, c.elo1, 0.05, 0.05};
    const auto games = play<G>(c, {candidate, g.best}, 2 * c.max_deals, seed_of(c, number, kGate),
                               (folder / "gate.jsonl").string(), sprt);
    const SprtTrack t = sprt_track(sprt, games);
    std::printf("%s", sprt_report(t, bot_name(candidate), bot_name(g.best)).c_str());
    g.gate_pairs = int(t.llr.size()), g.gate_llr = t.llr.empty() ? 0 : t.llr.back(), g.verdict = t.verdict;
    if (t.verdict > 0) g.best = candidate;
    std::printf("improve: generation %d: %s; the best bot is %s\n", number,
                t.verdict > 0 ? "the new model is kept" : "the new model is rejected", g.best.c_str());
    rate<G>(c, g, folder);
    std::printf("improve: generation %d: Elo %+.0f [%+.0f, %+.0f] against %s\n", number, g.elo, g.elo_low, g.elo_high,
                c.reference.c_str());
    csv += csv_line(g);
    OutputFile f((out / "generations.csv").string(), "generations table");  // rewritten whole after each one
    f.write(csv);
    f.close();
  }
  std::printf("\n%s", csv.c_str());
  return 0;
}

}  // namespace nuraghe::commands
