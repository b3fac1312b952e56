// `nuraghe improve` (cli/commands/improve.hpp): its arguments checked, then the generations for the
// game, each a folder of its data, model and arenas.
#include "cli/commands/improve.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>

#include "any_game/any_game.hpp"
#include "any_game/game_loops.hpp"
#include "arena/arena.hpp"
#include "arena/sprt.hpp"
#include "arena/summary.hpp"
#include "bots/games.hpp"
#include "bots/registry.hpp"
#include "bots/search_bot.hpp"
#include "cli/cli.hpp"
#include "cli/command.hpp"
#include "cli/commands/learn.hpp"
#include "cli/commands/selfplay.hpp"
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

namespace nuraghe {

// ---- what every game's improve shares, compiled once --------------------------------------------

namespace commands {

std::string with_model(const std::string& bot, const std::string& model) {
  const Params p = bot_params(parse_spec(bot, "bot"));
  return bot + (bot.find(':') == std::string::npos ? ":" : ",") + "eval=" + model +
         (p.given("cutoff") ? "" : ",cutoff=leaf");
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
  if (c.with_evaluate) identity["with_evaluate"] = true;  // only when given: older runs still resume
  return identity;
}

// Refuses a run folder whose path a bot spec cannot carry (eval=PATH, where a comma would end it).
void check_spec_path(const ImproveCommand& c, const fs::path& folder) {
  const std::string model = (folder / "gen-1" / "model.json").string();
  bool carried = false;
  try {
    const Spec spec = parse_spec(with_model(c.bot, model), "bot");
    carried = spec.values.count("eval") && spec.values.at("eval") == model;
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
  char text[512];
  std::snprintf(text, sizeof text, "%d,%lld,%s,%d,%.4f,%s,%s,%.1f,%.1f,%.1f,\"%s\"\n", g.number, g.rows,
                g.model_hash.c_str(), g.gate_pairs, g.gate_llr,
                g.number == 0   ? ""
                : g.verdict > 0 ? "H1"
                : g.verdict < 0 ? "H0"
                                : "none",
                g.number == 0   ? ""
                : g.verdict > 0 ? "yes"
                                : "no",
                g.elo, g.elo_low, g.elo_high, g.best.c_str());
  return text;
}

}  // namespace commands

int run_improve_command(const ImproveCommand& c) {
  // Every setting before any game: learn would refuse these only after a generation's self-play.
  if (c.generations < 1) input_error("improve: --generations must be at least 1");
  if (c.model != "linear" && c.model != "logistic" && c.model != "mlp")
    input_error("improve: --model must be linear, logistic or mlp, not \"" + c.model + "\"");
  if (c.hidden.empty() || c.hidden.size() > 2 || *std::min_element(c.hidden.begin(), c.hidden.end()) < 1)
    input_error("improve: --hidden must be one or two layer sizes of at least 1");
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
    o.option("--model", args_.model, "linear, logistic or mlp").not_empty();
    o.option("--hidden", hidden_, "the MLP's hidden layers, e.g. 64 or 64,32").not_empty();
    o.flag("--with-evaluate", args_.with_evaluate,
           "the models also read the game's hand-written evaluation (learn --with-evaluate)");
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
    args_.version = version();
    return run_improve_command(args_);
  }

 private:
  Common common_;
  ImproveCommand args_;
  std::string hidden_ = "64";
};

}  // namespace

extern const CommandEntry improve_command{
    "improve", "generations of self-play, fit and an SPRT gate: a bot's learned evaluation, kept while it wins",
    make_command<Improve>};

}  // namespace nuraghe
