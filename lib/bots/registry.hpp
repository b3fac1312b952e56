#pragma once
// Bots are built from spec strings, "name" or "name:key=value,key=value". Every bot's parameters
// are typed and validated (core/params.hpp); an unknown bot or parameter is an InputError.

#include <memory>
#include <string>
#include <vector>

#include "bots/bot.hpp"
#include "bots/bot_seeds.hpp"
#include "bots/search_bot.hpp"
#include "core/hooks.hpp"
#include "core/params.hpp"

namespace nuraghe {

// The parameters every searching bot (uct, cheat-uct, pimc, ismcts, mo-ismcts) takes.
std::vector<ParamSpec> search_params();

struct BotInfo {
  std::string name;
  std::string help;
  std::vector<ParamSpec> params;
};

// Every bot nuraghe knows, with its parameters (for `nuraghe bots` and for validation).
const std::vector<BotInfo>& bot_catalog();

// The catalogue entry named by spec.name and the spec's parameters checked against it.
const BotInfo& find_bot(const std::string& name);
Params bot_params(const Spec& spec);
// Two specs that configure the same bot: the same name and every parameter equal, defaults included
// (an arena refuses one bot in two seats, the command line's and the Python module's alike).
bool same_bot(const std::string& x, const std::string& y);

// A bot's name in tables, results and verdicts: its label= if the spec has one, else the spec as
// written. label= names a bot and changes nothing it does: same_bot leaves it out.
std::string bot_name(const std::string& spec);
// `--bot NAME=SPEC` as SPEC with label=NAME: a spec's own name (before any ':') has no '=', so the
// two cannot be confused. A spec without NAME= is returned as given.
std::string labelled_spec(const std::string& arg);
// Refuses two bots of one name (`where`: the command), in one line naming it.
void check_bot_names(const std::vector<std::string>& specs, const std::string& where);

// Splits a --bots list: "uct:iters=100,c=0.5,random" is {"uct:iters=100,c=0.5", "random"}. A
// comma-separated piece with '=' and no ':' continues the previous spec's parameters.
std::vector<std::string> split_bot_list(const std::string& list);

// The index of the heuristic's `style=` among G's styles (0 when not given); InputError when G
// has no such style.
template <Game G>
int heuristic_style(const Params& params) {
  const std::string style = params.text("style");
  if (style == "default") return 0;
  std::string known;
  if constexpr (HasHeuristicStyles<G>) {
    for (std::size_t i = 0; i < G::kHeuristicStyles.size(); ++i) {
      if (style == G::kHeuristicStyles[i]) return int(i);
      known += (i ? ", " : "") + std::string(G::kHeuristicStyles[i]);
    }
  }
  input_error(
      "bot heuristic: " + std::string(G::kName) + " has no style \"" + style + "\"" +
      (known.empty() ? std::string(" (it has one heuristic, without styles)") : " (its styles: " + known + ")"));
}

// Builds a bot for game G. `default_seed` is the caller's seed for this seat of this game; a spec's
// seed= names a stream mixed into it (bot_seed, lib/bots/bot_seeds.hpp), so that copies of one spec are
// equal players, or under the old rules of a results file written before (SpecSeeds::Replace)
// replaces it.
template <Game G>
std::unique_ptr<Bot<G>> make_bot(const std::string& text, std::uint64_t default_seed,
                                 SpecSeeds rule = SpecSeeds::Streams) {
  const Spec spec = parse_spec(text, "bot");
  const Params params = bot_params(spec);
  const std::uint64_t seed = bot_seed(default_seed, params.given("seed"), std::uint64_t(params.integer("seed")), rule);
  if (spec.name == "random") return std::make_unique<RandomBot<G>>(seed);
  if (spec.name == "heuristic") {
    if constexpr (HasHeuristic<G>) return std::make_unique<HeuristicBot<G>>(seed, heuristic_style<G>(params));
    else input_error("bot heuristic: " + std::string(G::kName) + " has no heuristic policy");
  }
  if (spec.name == "uct" || spec.name == "cheat-uct" || spec.name == "pimc" || spec.name == "ismcts" ||
      spec.name == "mo-ismcts")
    return make_search_bot<G>(spec.name, params, seed);
  input_error("bot \"" + spec.name + "\" is not available for " + std::string(G::kName));
}

}  // namespace nuraghe
