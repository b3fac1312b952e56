// `nuraghe improve` (cli/commands/improve.hpp): its arguments checked, then the game's own command
// (cli/commands/improve_game.hpp).
#include "cli/commands/improve.hpp"

#include <algorithm>
#include <cstdio>
#include <filesystem>

#include "any_game/any_game.hpp"
#include "bots/registry.hpp"
#include "cli/cli.hpp"
#include "cli/command.hpp"
#include "cli/commands.hpp"
#include "cli/commands/improve_game.hpp"
#include "cli/options.hpp"
#include "core/error.hpp"
#include "core/files.hpp"

namespace nuraghe {

// ---- what every game's improve shares (cli/commands/improve_game.hpp), compiled once ------------

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
      input_error("improve: --out \"" + c.out + "\" was started in " + folder.dump() +
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
  f.write(identity.dump(2) + "\n");
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
  return game_commands(c.game).improve(c);
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
