#include <cctype>
#include <filesystem>
#include <map>
#include <mutex>

#include "bots/registry.hpp"
#include "bots/search_bot.hpp"
#include "core/hooks.hpp"
#include "core/model_file.hpp"
#include "games/all_games.hpp"

namespace nuraghe {
namespace {

// Every bot takes a label: its name in tables, results files and verdicts.
ParamSpec label_param() {
  return ParamSpec::text("label",
                         "the bot's name in tables, results files and verdicts (1 to 32 letters, digits, '-', '_' or "
                         "'.'; default: the spec as written); it changes nothing the bot does");
}
bool valid_label(const std::string& s) {
  if (s.empty() || s.size() > 32) return false;
  for (const char ch : s)
    if (!std::isalnum(static_cast<unsigned char>(ch)) && ch != '-' && ch != '_' && ch != '.') return false;
  return true;
}
// The spec without its label, for comparing what two bots do.
Spec without_label(Spec s) {
  s.values.erase("label");
  std::erase(s.order, "label");
  return s;
}

ParamSpec seed_param() {
  return ParamSpec::integer(
      "seed", 0, 0, 9007199254740991LL,
      "a random stream of its own, mixed into the seed each game gives the seat (default: that seed alone)");
}

}  // namespace

// Parameters every searching bot takes.
std::vector<ParamSpec> search_params() {
  return {
      ParamSpec::integer("iters", 1000, 0, 1000000000, "iterations per move (0: no limit; then ms must be set)"),
      ParamSpec::real("ms", 0, 0, 1e7, "milliseconds per move (0: no limit); with iters, the first reached"),
      ParamSpec::real("c", 0.7, 0, 100, "UCB exploration constant"),
      ParamSpec::choice("sim", "ucb", {"ucb", "exp3", "rm"},
                        "bandit at simultaneous nodes: decoupled UCB, Exp3, regret matching"),
      ParamSpec::real("gamma", 0.1, 0.001, 0.999, "Exp3 / regret-matching exploration"),
      ParamSpec::choice("final", "max", {"max", "sample"}, "play the policy's most likely move, or sample it"),
      ParamSpec::choice("rollout", "random", {"random", "heuristic"},
                        "rollout policy (heuristic: the game's, with epsilon)"),
      ParamSpec::real("epsilon", 0.1, 0, 1, "heuristic rollouts: probability of a uniformly random move"),
      ParamSpec::integer_or("cutoff", 0, 0, 100000, {"leaf"},
                            "rollout steps before the evaluation (0: play out; leaf: evaluate a new leaf at once, "
                            "without a rollout step; not with reward=score)"),
      ParamSpec::text("eval",
                      "a learned value model's file (docs/learning.md): the evaluation where cutoff= stops a "
                      "rollout, in place of the game's own; games with tensors only, not with reward=score"),
      ParamSpec::real("mix", 0, 0, 1,
                      "a leaf's value as mix x its evaluation (eval='s model, else the game's) + (1 - mix) x its "
                      "rollout's (0: the rollout's alone)"),
      ParamSpec::word_or_file("prior", "none", {kPriorWords.begin(), kPriorWords.end()},
                              "priors over a node's moves, for PUCT selection at every choice: none (UCB), uniform, "
                              "heuristic (the game's heuristic move gets prior_weight, the rest share the remainder) "
                              "or a policy model's file (docs/learning.md; games with tensors only)"),
      ParamSpec::real("cpuct", 1.0, 0, 100, "PUCT's exploration constant (with prior=)"),
      ParamSpec::real("prior_weight", 0.5, 0, 1, "prior=heuristic: the heuristic move's share of the prior"),
      ParamSpec::real("prior_temperature", 1.0, 0.01, 100,
                      "prior=MODEL: the policy's softmax temperature (the logits divided by it: below 1 sharper, "
                      "above 1 flatter)"),
      ParamSpec::real("bias", 0, 0, 1000,
                      "progressive bias: the heuristic's move at a tree node gets bias / (1 + its tries) on its "
                      "score (UCB's, or PUCT's beside prior=MODEL or uniform), and is tried first"),
      ParamSpec::choice("prune", "off", {"on", "off"},
                        "the tree tries only the moves the game says are worth searching (Ticket to Ride: one "
                        "payment a claim, no stations)"),
      ParamSpec::choice("reward", "win", {"win", "score"},
                        "win: the game's returns; score: points scaled between the lowest and highest (not with "
                        "cutoff=, whose evaluations are win shares)"),
      ParamSpec::integer("threads", 1, 1, 256, "search threads (OpenMP)"),
      ParamSpec::choice("parallel", "root", {"root", "tree"},
                        "root: a tree per thread, merged; tree: one shared tree, virtual loss"),
      ParamSpec::integer("memory", 64, 1, 65536, "hard cap on tree memory per search, MiB"),
      ParamSpec::integer("outcomes", 4096, 1, 16384,
                         "joint outcomes a simultaneous node tells apart; every further one leads to one shared child"),
      ParamSpec::choice("reuse", "off", {"on", "off"},
                        "keep the subtree reached by the bot's own observations between moves"),
      seed_param(),
      label_param(),
  };
}

namespace {

std::vector<ParamSpec> with(std::vector<ParamSpec> a, std::vector<ParamSpec> b) {
  a.insert(a.end(), b.begin(), b.end());
  return a;
}

// The games with a heuristic, and every game's named styles ("default" first: a game's own).
std::string games_with_heuristics() {
  std::string names;
  AllGames::for_each([&]<class G>() {
    if constexpr (HasHeuristic<G>) names += (names.empty() ? "" : ", ") + std::string(G::kName);
  });
  return names;
}
std::vector<std::string> heuristic_styles() {
  std::vector<std::string> styles = {"default"};
  AllGames::for_each([&]<class G>() {
    if constexpr (HasHeuristicStyles<G>)
      for (const auto& style : G::kHeuristicStyles)
        if (std::find(styles.begin(), styles.end(), style) == styles.end()) styles.emplace_back(style);
  });
  return styles;
}

}  // namespace

const std::vector<BotInfo>& bot_catalog() {
  static const std::vector<BotInfo> catalog = {
      {"random", "plays a uniformly random legal move", {seed_param(), label_param()}},
      {"heuristic",
       "plays the game's heuristic policy (" + games_with_heuristics() + ")",
       {ParamSpec::choice("style", "default", heuristic_styles(),
                          "a playstyle, for the games that have several (default: the game's own)"),
        seed_param(), label_param()}},
      {"uct", "UCT on the state it is given (perfect-information games only)", search_params()},
      {"cheat-uct", "UCT on the true state, hidden cards included: an upper-bound baseline, not a fair player",
       search_params()},
      {"pimc", "perfect-information Monte Carlo: UCT on each of `dets` determinizations, combined",
       with(search_params(),
            {ParamSpec::integer("dets", 20, 1, 100000, "determinizations (iters is per determinization)"),
             ParamSpec::choice("combine", "vote", {"vote", "average"},
                               "each determinization's best move votes, or values are averaged")})},
      {"ismcts", "single-observer information-set MCTS (Cowling, Powley & Whitehouse 2012)", search_params()},
      {"mo-ismcts", "multiple-observer information-set MCTS: one tree per player", search_params()},
  };
  return catalog;
}

search::SearchConfig search_config(const std::string& name, const Params& p) {
  using namespace search;
  SearchConfig c;
  c.algorithm = name == "uct"         ? Algorithm::Uct
                : name == "cheat-uct" ? Algorithm::CheatUct
                : name == "pimc"      ? Algorithm::Pimc
                : name == "mo-ismcts" ? Algorithm::MoIsmcts
                                      : Algorithm::Ismcts;
  c.iterations = p.integer("iters");
  c.milliseconds = p.real("ms");
  if (c.iterations == 0 && c.milliseconds == 0)
    input_error("bot " + name + ": iters=0 and ms=0 would search forever; set one of them");
  c.c = p.real("c");
  c.sim = p.text("sim") == "exp3" ? SimSelect::Exp3
          : p.text("sim") == "rm" ? SimSelect::RegretMatching
                                  : SimSelect::Ucb;
  c.gamma = p.real("gamma");
  c.final = p.text("final") == "sample" ? Final::Sample : Final::Max;
  c.rollout = p.text("rollout") == "heuristic" ? Rollout::Heuristic : Rollout::Random;
  c.epsilon = p.real("epsilon");
  c.cutoff = p.text("cutoff") == "leaf" ? kLeafCutoff : int(p.integer("cutoff"));
  c.prune = p.text("prune") == "on";
  c.bias = p.real("bias");
  c.mix = p.real("mix");
  const std::string prior = p.text("prior");
  c.prior = prior_names_a_file(prior) ? Prior::Model
            : prior == "uniform"      ? Prior::Uniform
            : prior == "heuristic"    ? Prior::Heuristic
                                      : Prior::None;
  c.cpuct = p.real("cpuct");
  c.prior_weight = p.real("prior_weight");
  c.prior_temperature = p.real("prior_temperature");
  // prior=heuristic is the progressive bias as PUCT's prior: the two would count the heuristic
  // twice. Beside a policy model (or equal priors) the bias keeps the heuristic's word in PUCT.
  if (c.prior == Prior::Heuristic && c.bias > 0)
    input_error("bot " + name + ": bias=" + p.text("bias") +
                " with prior=heuristic: give one (prior=heuristic is the bias as PUCT's prior)");
  if (c.prior != Prior::None && c.sim != SimSelect::Ucb)
    input_error("bot " + name + ": prior=" + p.text("prior") + " with sim=" + p.text("sim") +
                ": priors steer PUCT, which replaces UCB; Exp3 and regret matching take none (use sim=ucb)");
  if (c.prior == Prior::None && (p.given("cpuct") || p.given("prior_weight")))
    input_error("bot " + name + ": " + (p.given("cpuct") ? "cpuct=" : "prior_weight=") +
                " is PUCT's, which needs prior= (uniform, heuristic or a policy model)");
  if (c.prior != Prior::Heuristic && p.given("prior_weight"))
    input_error("bot " + name + ": prior_weight= is prior=heuristic's");
  if (c.prior != Prior::Model && p.given("prior_temperature"))
    input_error("bot " + name + ": prior_temperature= is a policy model's (prior=FILE)");
  c.reward = p.text("reward") == "score" ? Reward::Score : Reward::Win;
  // A game's static evaluation estimates each seat's share of the win; a playout cut off there
  // would back up a win share where the others back up scaled points, and the means would mix the
  // two. Refused until the games have an evaluation on the score scale.
  if (c.reward == Reward::Score && c.cutoff != 0)
    input_error("bot " + name + ": reward=score with cutoff=" + p.text("cutoff") +
                " would mix points with the evaluation's win shares; use reward=win, or cutoff=0");
  // A learned model estimates win shares too (its target is the returns or a search's value).
  if (c.reward == Reward::Score && p.given("eval"))
    input_error("bot " + name + ": reward=score with eval=" + p.text("eval") +
                " would mix points with the model's win shares; use reward=win");
  if (c.mix > 0 && c.cutoff == kLeafCutoff)
    input_error("bot " + name + ": mix=" + p.text("mix") +
                " with cutoff=leaf: the leaf is evaluated and never rolled out, so there is nothing to mix");
  if (c.mix > 0 && c.reward == Reward::Score)
    input_error("bot " + name + ": mix=" + p.text("mix") + " with reward=score would mix points with win shares");
  if (p.given("eval") && c.cutoff == 0 && c.mix == 0)
    input_error("bot " + name + ": eval=" + p.text("eval") +
                " is used where a rollout is cut off or mixed; give cutoff=leaf, cutoff=N rollout steps or mix=A");
  c.threads = int(p.integer("threads"));
  c.parallel = p.text("parallel") == "tree" ? Parallel::Tree : Parallel::Root;
  c.memory_bytes = std::size_t(p.integer("memory")) << 20;
  c.outcomes = int(p.integer("outcomes"));
  if (c.algorithm == Algorithm::Pimc) {
    c.determinizations = int(p.integer("dets"));
    c.pimc_vote = p.text("combine") == "vote";
    if (p.text("reuse") == "on")
      input_error("bot pimc: reuse=on has no meaning (every move draws new determinizations)");
    if (c.parallel == Parallel::Tree && c.threads > 1)
      input_error("bot pimc: threads search determinizations side by side; parallel=tree is not available");
  }
  if (p.given("rollout") == false && p.given("epsilon"))
    input_error("bot " + name + ": epsilon is for rollout=heuristic");
  return c;
}

std::shared_ptr<const ValueModel> model_for_bot(const std::string& bot, std::string_view game, const std::string& key,
                                                const std::string& path, bool policy) {
  const std::string where = "bot " + bot + ": " + key + "=" + path;
  std::error_code ec;
  if (policy && !std::filesystem::exists(path, ec))
    input_error(where + " is neither none, uniform nor heuristic, nor a policy model's file (there is no such file)");
  auto model = shared_model(path);
  if (model->game != game)
    input_error(where + ": the model is for the game " + model->game + ", not " + std::string(game));
  if (model->is_policy() != policy)
    input_error(where + (policy ? " is a value model; prior= takes a policy model (a value model goes to eval=)"
                                : " is a policy model; eval= takes a value model (a policy goes to prior=)"));
  return model;
}

std::shared_ptr<const ValueModel> shared_model(const std::string& path) {
  // Keyed by the file's canonical path, so that "m.json" and "./m.json" are one model; a path
  // that has none (a missing file) is read as given, for read_model's message.
  static std::mutex mutex;
  static std::map<std::string, std::shared_ptr<const ValueModel>> models;
  std::error_code ec;
  const std::filesystem::path canonical = std::filesystem::canonical(path, ec);
  const std::string key = ec ? path : canonical.string();
  std::lock_guard lock(mutex);
  auto& model = models[key];
  if (!model) {
    try {
      model = std::make_shared<const ValueModel>(read_model(path));
    } catch (...) {
      models.erase(key);
      throw;
    }
  }
  return model;
}

const BotInfo& find_bot(const std::string& name) {
  for (const auto& b : bot_catalog())
    if (b.name == name) return b;
  std::string known;
  for (const auto& b : bot_catalog()) known += (known.empty() ? "" : ", ") + b.name;
  input_error("unknown bot \"" + name + "\" (known: " + known + ")");
}

Params bot_params(const Spec& spec) {
  const BotInfo& info = find_bot(spec.name);
  Params p("bot " + spec.name, spec.values, info.params);
  if (p.given("label") && !valid_label(p.text("label")))
    input_error("bot " + spec.name + ": label=\"" + p.text("label") +
                "\" is not a name (1 to 32 letters, digits, '-', '_' or '.')");
  return p;
}

bool same_bot(const std::string& x, const std::string& y) {
  const Spec a = without_label(parse_spec(x, "bot")), b = without_label(parse_spec(y, "bot"));
  return a.name == b.name && bot_params(a).canonical() == bot_params(b).canonical();
}

std::string bot_name(const std::string& spec) {
  // Read without parse_spec, which refuses what is not a spec: a play log's seats may hold
  // "human" or a Python bot's key, each its own name.
  const auto colon = spec.find(':');
  if (colon == std::string::npos) return trim(spec);
  for (std::size_t start = colon + 1; start < spec.size();) {
    const std::size_t comma = std::min(spec.find(',', start), spec.size());
    const std::string item = trim(std::string_view(spec).substr(start, comma - start));
    if (item.starts_with("label=")) return trim(std::string_view(item).substr(6));
    start = comma + 1;
  }
  return trim(spec);
}

std::string labelled_spec(const std::string& arg) {
  const std::string head = arg.substr(0, arg.find(':'));
  const auto eq = head.find('=');
  if (eq == std::string::npos) return arg;
  const std::string name = trim(std::string_view(arg).substr(0, eq)), spec = trim(std::string_view(arg).substr(eq + 1));
  if (name.empty() || spec.empty()) input_error("--bot \"" + arg + "\": expected NAME=SPEC or SPEC");
  const Spec parsed = parse_spec(spec, "bot");
  if (parsed.values.count("label"))
    input_error("--bot \"" + arg + "\" names the bot twice: as " + name + "= and with label=");
  const std::string labelled = spec + (spec.find(':') == std::string::npos ? ":" : ",") + "label=" + name;
  bot_params(parse_spec(labelled, "bot"));  // the name is checked as a label is
  return labelled;
}

void check_bot_names(const std::vector<std::string>& specs, const std::string& where) {
  for (std::size_t i = 0; i < specs.size(); ++i)
    for (std::size_t k = i + 1; k < specs.size(); ++k)
      if (bot_name(specs[i]) == bot_name(specs[k]))
        input_error(where + ": two bots are named \"" + bot_name(specs[i]) + "\" (\"" + specs[i] + "\" and \"" +
                    specs[k] + "\"): give each its own label=");
}

std::vector<std::string> split_bot_list(const std::string& list) {
  std::vector<std::string> specs;
  std::size_t start = 0;
  while (start <= list.size()) {
    const auto comma = list.find(',', start);
    const std::string piece =
        trim(std::string_view(list).substr(start, comma == std::string::npos ? std::string::npos : comma - start));
    const bool continues = piece.find('=') != std::string::npos && piece.find(':') == std::string::npos;
    if (continues && !specs.empty()) specs.back() += "," + piece;
    else specs.push_back(piece);
    if (comma == std::string::npos) break;
    start = comma + 1;
  }
  for (const auto& s : specs)
    if (s.empty()) input_error("empty bot spec in list \"" + list + "\"");
  return specs;
}

}  // namespace nuraghe
